import Bech32Codec
public import Bolt11
import Chains

/// A BIP-321 `bitcoin:` URI: an on-chain address (which may be empty when a payment instruction
/// is given), an amount, a label and a message, and payment instructions such as `lightning=`
/// (BOLT #11 invoices, decoded) and `lno=` (BOLT #12 offers, recognised).
///
/// The scheme and the keys are read in any case. Values are percent-decoded as UTF-8; a `+` is a
/// literal `+`, not a space. A `req-` key this package does not understand refuses the whole URI.
/// An entry of `lightning` or `lno` that is not what its key says does not refuse the URI: it
/// holds its error (``entryError`` is the first), so that a wallet can still offer the address.
public struct BitcoinURI: Sendable {
  /// One value of a payment-instruction key, as written and as decoded.
  public struct Entry<Value: Sendable>: Sendable {
    /// The value as written in the URI, before percent-decoding.
    public let text: String
    /// The character offset (Unicode scalars) of the value in the whole string.
    public let position: Int
    /// The decoded value, or why it is not one (positions in the whole string).
    public let result: Result<Value, PaymentStringError>
  }

  /// A key and value this package does not interpret itself (`pop`, `sp`, `pay`, and any key not
  /// prefixed with `req-`), percent-decoded, the key as written.
  public struct Parameter: Sendable, Hashable {
    /// The key as written (percent-decoded), `req-` kept.
    public let key: String
    /// The value, percent-decoded; empty when the key has no `=`.
    public let value: String
  }

  /// A cross-check between the URI and one of its invoices that failed: the URI stays valid, and
  /// a wallet may fall back to the address.
  public struct Warning: Sendable, Hashable {
    /// The stable reasons; each raw value is the dotted string the `bolt11` tool prints.
    public enum Code: String, CaseIterable, Sendable {
      /// The URI's amount and the invoice's differ by 1,000 millisatoshis or more.
      case amountMismatch = "bip321.amount_mismatch"
      /// The address and the invoice are for different chains.
      case networkMismatch = "bip321.network_mismatch"
      /// The clock has reached the invoice's expiry; the address remains.
      case invoiceExpired = "bip321.invoice_expired"
    }

    /// Which cross-check failed.
    public let code: Code
    /// What differs, for people.
    public let message: String
    /// The index in ``BitcoinURI/lightning`` of the invoice concerned.
    public let entry: Int
  }

  /// The on-chain address; nil when the URI gives none.
  public let address: BitcoinAddress?
  /// The amount, converted exactly from decimal bitcoin; nil when not given.
  public let amount: Millisatoshis?
  /// The `label` value.
  public let label: String?
  /// The `message` value.
  public let message: String?
  /// Each `lightning=` value in order, decoded as an invoice (without the clock: expiry is the
  /// warning `bip321.invoice_expired`) or its error.
  public private(set) var lightning: [Entry<Invoice>]
  /// Each `lno=` value in order, read as a BOLT #12 offer (its ``Bolt12String/offer`` the offer
  /// checked with the caller's clock and network, or the rule it breaks), or its error.
  public private(set) var offers: [Entry<Bolt12String>]
  /// Every other key in order: `pop`, `sp`, `pay`, unknown keys.
  public let otherParameters: [Parameter]
  /// The cross-checks that failed, in the order of the invoices.
  public let warnings: [Warning]

  /// The first error of a `lightning` or `lno` entry, in that order (an offer that breaks a
  /// reader rule included); nil when every entry is valid.
  public var entryError: PaymentStringError? {
    for entry in lightning { if case .failure(let error) = entry.result { return error } }
    for entry in offers {
      switch entry.result {
      case .failure(let error): return error
      case .success(let string):
        if let error = string.offerError {
          return PaymentStringError(bolt12Error: error, kind: .bolt12Offer)
        }
      }
    }
    return nil
  }

  /// Reads a `bitcoin:` URI.
  ///
  /// - Parameters:
  ///   - text: the URI, with white space around it allowed.
  ///   - options: how to decode `lightning=` invoices; `now` is used only for the warning
  ///     `bip321.invoice_expired`, never to refuse an invoice.
  /// - Throws: `PaymentStringError` with `bip321.malformed`, `bip321.invalid_address`,
  ///   `bip321.unknown_required`, `bip321.duplicate`, `bip321.invalid_amount`, `bip321.empty`, or
  ///   `input.unrecognized` or another kind's `input.*` code for a string that is no URI.
  /// - Complexity: O(n).
  public init(parsing text: String, options: DecodeOptions = DecodeOptions())
    throws(PaymentStringError)
  {
    let bytes = Array(text.utf8)
    self = try Recognition.read(bytes, as: [.bip321], "a bitcoin: URI") {
      body, _ throws(PaymentStringError) in try BitcoinURI(parsingUTF8: body, options: options)
    }.inCharacters(of: bytes)
  }

  /// The keys this package understands, also with `req-`.
  static let understoodKeys: Set<String> = [
    "amount", "label", "message", "pop", "lightning", "lno", "sp", "pay",
  ]
  /// Keys whose values are payment instructions: the ones BIP-321 defines, and the segwit
  /// prefixes (of the chain table) its examples use as keys.
  static let instructionKeys = Set(["lightning", "lno", "sp", "pay"] + Chain.all.map(\.segwitHRP))

  /// Reads the body of a string recognised as a URI (indices the offsets in the whole string).
  init(parsingUTF8 text: ArraySlice<UInt8>, options: DecodeOptions) throws(PaymentStringError) {
    let schemeEnd = text.startIndex + 8  // "bitcoin:"
    let queryStart = text[schemeEnd...].firstIndex(of: UInt8(ascii: "?"))
    let addressPart = text[schemeEnd..<(queryStart ?? text.endIndex)]
    if addressPart.isEmpty {
      address = nil
    } else {
      do { address = try BitcoinAddress(parsingUTF8: addressPart) } catch {
        throw BitcoinURI.error(
          .bip321InvalidAddress, "the address: " + error.message,
          at: error.position ?? addressPart.startIndex)
      }
    }
    var query = Query()
    if let queryStart {
      var start = queryStart + 1
      while start <= text.endIndex {
        let end = text[start...].firstIndex(of: UInt8(ascii: "&")) ?? text.endIndex
        if end > start { try query.read(text[start..<end], options: options) }
        start = end + 1
      }
    }
    guard address != nil || query.hasInstruction else {
      throw BitcoinURI.error(
        .bip321Empty, "neither an address nor a payment instruction", at: text.endIndex)
    }
    amount = query.amount
    label = query.label
    message = query.message
    lightning = query.lightning
    offers = query.offers
    otherParameters = query.other
    warnings = BitcoinURI.crossCheck(
      address: address, amount: query.amount, invoices: query.lightning, now: options.now)
  }

  static func error(_ code: PaymentStringError.Code, _ message: String, at position: Int?)
    -> PaymentStringError
  {
    PaymentStringError(kind: .bip321, code, message, position: position)
  }

  /// The warnings of the URI's invoices, in their order.
  static func crossCheck(
    address: BitcoinAddress?, amount: Millisatoshis?, invoices: [Entry<Invoice>], now: UInt64?
  ) -> [Warning] {
    var warnings: [Warning] = []
    for (index, entry) in invoices.enumerated() {
      guard case .success(let invoice) = entry.result else { continue }
      let fields = invoice.fields
      if let amount, let invoiceAmount = fields.amount {
        let difference =
          amount > invoiceAmount
          ? amount.rawValue - invoiceAmount.rawValue : invoiceAmount.rawValue - amount.rawValue
        if difference >= 1_000 {
          warnings.append(
            Warning(
              code: .amountMismatch,
              message:
                "the URI asks for \(amount.rawValue) msat, the invoice for "
                + "\(invoiceAmount.rawValue) msat",
              entry: index))
        }
      }
      if let address, !address.matches(fields.currency) {
        warnings.append(
          Warning(
            code: .networkMismatch,
            message:
              "the address is for \(address.network.rawValue), the invoice for "
              + fields.currency.networkName,
            entry: index))
      }
      if let now, fields.isExpired(at: now) {
        warnings.append(
          Warning(
            code: .invoiceExpired,
            message: "the invoice expired at \(fields.expiresAt); the address remains",
            entry: index))
      }
    }
    return warnings
  }
}

extension BitcoinURI.Entry {
  /// The value percent-decoded (the bytes ``result`` was read from), each byte with the
  /// character offset (Unicode scalars) in the whole string where it was written: for an
  /// escaped byte, where its `%` stands.
  ///
  /// - Returns: the decoded `bytes`, and `positions`: one for each byte, then one for the
  ///   value's end.
  /// - Complexity: O(n) in the length of the value.
  public var decodedValue: (bytes: [UInt8], positions: [Int]) {
    let raw = Array(text.utf8)
    // The entry was read from this decoding, so it succeeds; were it not, the raw bytes stand.
    let decoded = try? PercentDecoded(raw[...])
    let offsets = (decoded?.offsets ?? Array(raw.indices)) + [raw.count]
    // The offsets increase: one walk counts the characters before each.
    var positions: [Int] = []
    positions.reserveCapacity(offsets.count)
    var characters = 0
    var byte = 0
    for offset in offsets {
      while byte < offset {
        if raw[byte] & 0xc0 != 0x80 { characters += 1 }
        byte += 1
      }
      positions.append(position + characters)
    }
    return (decoded?.bytes ?? raw, positions)
  }

  /// The entry with its byte offsets in `bytes` (the whole string) as character offsets.
  func inCharacters<Bytes: RandomAccessCollection<UInt8>>(of bytes: Bytes) -> Self
  where Bytes.Index == Int {
    Self(
      text: text, position: InputText.scalarOffset(ofByte: position, in: bytes),
      result: result.mapError { $0.inCharacters(of: bytes) })
  }
}

extension BitcoinURI {
  /// The URI with the byte offsets of its entries in `bytes` (the whole string) as character
  /// offsets: the reader counts bytes, the public entry points report characters.
  func inCharacters<Bytes: RandomAccessCollection<UInt8>>(of bytes: Bytes) -> BitcoinURI
  where Bytes.Index == Int {
    var uri = self
    uri.lightning = lightning.map { $0.inCharacters(of: bytes) }
    uri.offers = offers.map { $0.inCharacters(of: bytes) }
    return uri
  }
}
