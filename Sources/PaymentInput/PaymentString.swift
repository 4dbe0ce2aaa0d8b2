public import Bolt11
public import Bolt12
public import Secp256k1

/// What a string that a person pasted or scanned is: an invoice, a `bitcoin:` URI, a BOLT #12
/// string, an LNURL, a Lightning Address, a node URI, an on-chain address, a node id, a
/// silent-payment address or a BIP-353 payment name.
///
/// Recognition and decoding are offline and pure: nothing is fetched or resolved, no clock is
/// read (the clock is ``/Bolt11/DecodeOptions/now``), and every step is linear in the input.
///
/// ```swift
/// switch try PaymentString(parsing: scanned) {
/// case .bolt11(let invoice): pay(invoice)
/// case .bip321(let uri): offer(uri.lightning.first, fallback: uri.address)
/// case .lightningAddress(let address): resolve(address.url)  // the caller's own request
/// default: break
/// }
/// ```
public enum PaymentString: Sendable {
  /// A BOLT #11 invoice, decoded and checked, with or without a `lightning:` prefix.
  case bolt11(Invoice)
  /// A BIP-321 `bitcoin:` URI, its `lightning=` invoices decoded.
  case bip321(BitcoinURI)
  /// A BOLT #12 offer, invoice request or invoice, recognised by its string form and read and
  /// checked in full (``Bolt12String/offer``, ``Bolt12String/invoiceRequest``,
  /// ``Bolt12String/invoice``).
  case bolt12(Bolt12String)
  /// An LNURL: bech32 (`lnurl1...`) or one of the LUD-17 schemes (`lnurlp://`, ...).
  case lnurl(LNURL)
  /// A Lightning Address, `user@domain`.
  case lightningAddress(LightningAddress)
  /// A node URI, `<node id>@host[:port]`.
  case nodeURI(NodeURI)
  /// A bare on-chain address.
  case bitcoinAddress(BitcoinAddress)
  /// A bare node id: 33 bytes in hex, a point on secp256k1.
  case nodeID(PublicKey)
  /// A silent-payment address, `sp1...` or `tsp1...`.
  case silentPaymentAddress(SilentPaymentAddress)
  /// A BIP-353 payment name, `₿user@domain`.
  case bip353Name(BIP353Name)

  /// The kinds of payment string, their raw values the names the `bolt11 inspect` JSON prints.
  public enum Kind: String, CaseIterable, Sendable {
    /// A BOLT #11 invoice.
    case bolt11
    /// A `bitcoin:` URI.
    case bip321
    /// A BOLT #12 offer (`lno1...`).
    case bolt12Offer = "bolt12_offer"
    /// A BOLT #12 invoice request (`lnr1...`).
    case bolt12InvoiceRequest = "bolt12_invoice_request"
    /// A BOLT #12 invoice (`lni1...`).
    case bolt12Invoice = "bolt12_invoice"
    /// An LNURL.
    case lnurl
    /// A Lightning Address.
    case lightningAddress = "lightning_address"
    /// A node URI.
    case nodeURI = "node_uri"
    /// An on-chain address.
    case bitcoinAddress = "bitcoin_address"
    /// A bare node id.
    case nodeID = "node_id"
    /// A silent-payment address.
    case silentPaymentAddress = "silent_payment_address"
    /// A BIP-353 payment name.
    case bip353Name = "bip353_name"
  }

  /// The kind of this string.
  public var kind: Kind {
    switch self {
    case .bolt11: .bolt11
    case .bip321: .bip321
    case .bolt12(let string): string.kind.paymentStringKind
    case .lnurl: .lnurl
    case .lightningAddress: .lightningAddress
    case .nodeURI: .nodeURI
    case .bitcoinAddress: .bitcoinAddress
    case .nodeID: .nodeID
    case .silentPaymentAddress: .silentPaymentAddress
    case .bip353Name: .bip353Name
    }
  }

  /// The offer this string holds: a valid `lno` string (alone or after `lightning:`), or the
  /// first valid `lno=` entry of a `bitcoin:` URI; nil otherwise.
  public var offer: Offer? {
    switch self {
    case .bolt12(let string): try? string.offer?.get()
    case .bip321(let uri): uri.offers.lazy.compactMap { try? $0.result.get().offer?.get() }.first
    default: nil
    }
  }

  /// The BOLT #12 invoice request this string holds: a valid `lnr` string, alone or after
  /// `lightning:`; nil otherwise (BIP-321 has no key for invoice requests).
  public var invoiceRequest: InvoiceRequest? {
    guard case .bolt12(let string) = self else { return nil }
    return try? string.invoiceRequest?.get()
  }

  /// The BOLT #12 invoice this string holds: a valid `lni` string, alone or after `lightning:`;
  /// nil otherwise (BIP-321's `lightning=` holds BOLT #11 invoices, its `lno=` offers).
  public var bolt12Invoice: Bolt12Invoice? {
    guard case .bolt12(let string) = self else { return nil }
    return try? string.invoice?.get()
  }

  /// Recognises and decodes a pasted or scanned string.
  ///
  /// Surrounding white space and a UTF-8 byte-order mark are skipped; a `lightning:` prefix (any
  /// case) is accepted before an invoice, an LNURL, a Lightning Address or a BOLT #12 string. A
  /// string that starts with `ln` (either case) and is neither a BOLT #12 string nor an LNURL is
  /// decoded as an invoice, and a failure keeps the decoder's own code.
  ///
  /// A `bitcoin:` URI is returned even when one of its `lightning=` or `lno=` entries is bad: the
  /// entry holds its error, and ``BitcoinURI/entryError`` is the first of them. Likewise a BOLT
  /// #12 string whose form is sound is returned even when it breaks a reader rule: its
  /// ``Bolt12String/error`` is the rule.
  ///
  /// - Parameters:
  ///   - text: the string as given.
  ///   - options: how to decode invoices. `now` is the clock: a bare invoice is refused with
  ///     `invoice.expired` once it has expired, and a URI's invoice gets the warning
  ///     `bip321.invoice_expired` instead; without it expiry is not checked. A BOLT #12 string
  ///     is read with the same clock and network (`bolt12.expired`, `bolt12.network_mismatch`).
  /// - Throws: `PaymentStringError` with the kind the string was recognised as and one of:
  ///   `input.empty`, `input.unrecognized`, `bip321.*`, `bolt12.malformed`, `lnurl.malformed`,
  ///   `lightning_address.malformed`, `node_uri.malformed`, `address.invalid`, or, for an
  ///   invoice, ``PaymentStringError/Code/invoiceInvalid`` with the decoder's error. Positions
  ///   are character offsets in `text` (Unicode scalars from its start, before trimming).
  /// - Complexity: O(n) in the length of `text`.
  public init(parsing text: String, options: DecodeOptions = DecodeOptions())
    throws(PaymentStringError)
  {
    let bytes = Array(text.utf8)
    do {
      self = try PaymentString.parse(bytes[...], options: options)
      if case .bip321(let uri) = self { self = .bip321(uri.inCharacters(of: bytes)) }
    } catch {
      throw error.inCharacters(of: bytes)
    }
  }

  /// Which kind `text` claims to be, by its form alone: no decoding, no checksum.
  ///
  /// - Returns: the kind `init(parsing:options:)` would decode it as, or nil for an empty or
  ///   unrecognised string.
  /// - Complexity: O(1) for most strings: a look at the start (a Lightning Address takes a
  ///   search for its `@`), after the white space around it.
  public static func kind(of text: String) -> Kind? {
    var text = text
    return text.withUTF8 { kind(ofUTF8: $0) }
  }

  /// Which kind the UTF-8 bytes `text` claim to be, by their form alone: `kind(of:)` for a
  /// caller that holds bytes (a line of a batch file).
  ///
  /// - Returns: the kind, or nil for empty or unrecognised input.
  public static func kind(ofUTF8 text: UnsafeBufferPointer<UInt8>) -> Kind? {
    Recognition(text).kind
  }

  /// The invoice this string pays, for a caller that needs one: the invoice itself, or the one
  /// `lightning=` invoice of a `bitcoin:` URI.
  ///
  /// - Returns: the decoded invoice.
  /// - Throws: `PaymentStringError`: `input.bip321_without_invoice` (a URI without
  ///   `lightning=`), `input.ambiguous` (several), the entry's own error, or for another kind
  ///   its `input.*` code (`input.bolt12_offer`, `input.lnurl`, ...).
  public func requiredInvoice() throws(PaymentStringError) -> Invoice {
    switch self {
    case .bolt11(let invoice): return invoice
    case .bip321(let uri):
      guard let entry = uri.lightning.first else {
        throw PaymentStringError(
          kind: .bip321, .inputBIP321WithoutInvoice,
          "this bitcoin: URI has no lightning= invoice; pay its address on-chain")
      }
      guard uri.lightning.count == 1 else {
        throw PaymentStringError(
          kind: .bip321, .inputAmbiguous,
          "this bitcoin: URI has \(uri.lightning.count) lightning= invoices; pick one")
      }
      return try entry.result.get()
    default:
      throw PaymentString.misplaced(kind, expected: "a BOLT #11 invoice")
    }
  }

  /// The `input.*` error for a string of `kind` where `expected` was needed, with a message that
  /// says what the string is and what to do with it.
  static func misplaced(_ kind: Kind, expected: String, position: Int? = nil)
    -> PaymentStringError
  {
    let (code, advice): (PaymentStringError.Code, String?) =
      switch kind {
      case .bolt11: (.inputBolt11, nil)
      case .bip321: (.inputUnrecognized, nil)
      case .bolt12Offer: (.inputBolt12Offer, "ask for an invoice with a BOLT #12 wallet")
      case .bolt12InvoiceRequest: (.inputBolt12InvoiceRequest, "the payee's node answers it")
      case .bolt12Invoice: (.inputBolt12Invoice, "pay it with a BOLT #12 wallet")
      case .lnurl: (.inputLNURL, "a wallet fetches its URL to get an invoice")
      case .lightningAddress: (.inputLightningAddress, "a wallet fetches an invoice from its URL")
      case .nodeURI: (.inputNodeURI, "it opens a channel; it does not pay")
      case .bitcoinAddress: (.inputBitcoinAddress, "pay it on-chain")
      case .nodeID: (.inputNodeID, "it names a node; it does not pay")
      case .silentPaymentAddress:
        (.inputSilentPaymentAddress, "pay it on-chain with a wallet that knows silent payments")
      case .bip353Name:
        (.inputBIP353Name, "a wallet resolves its DNS name to payment instructions")
      }
    return PaymentStringError(
      kind: kind, code,
      "this is \(kind.phrase), not \(expected)" + (advice.map { "; \($0)" } ?? ""),
      position: position)
  }
}

extension PaymentString.Kind {
  /// The kind for people, with its article: "a BOLT #11 invoice", "an LNURL".
  public var phrase: String {
    switch self {
    case .bolt11: "a BOLT #11 invoice"
    case .bip321: "a bitcoin: URI"
    case .bolt12Offer: "a BOLT #12 offer"
    case .bolt12InvoiceRequest: "a BOLT #12 invoice request"
    case .bolt12Invoice: "a BOLT #12 invoice"
    case .lnurl: "an LNURL"
    case .lightningAddress: "a Lightning Address"
    case .nodeURI: "a node URI"
    case .bitcoinAddress: "an on-chain address"
    case .nodeID: "a node id"
    case .silentPaymentAddress: "a silent-payment address"
    case .bip353Name: "a BIP-353 payment name"
    }
  }
}
