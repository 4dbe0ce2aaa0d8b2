import Bech32Codec
public import Bolt11
public import Bolt12

/// Why a pasted or scanned string is not a valid instance of what it looks like.
///
/// ``kind`` says what the string was recognised as (nil when it was empty or recognised as
/// nothing), so that a caller can say "this is a BOLT #12 offer" rather than report a Bech32 error
/// about a string that was never meant to be an invoice. Branch on ``dottedCode`` (or ``code``):
/// codes are stable and the same in the command-line tool's output; ``message`` is prose for people
/// and may change.
public struct PaymentStringError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The stable reasons; each raw value is the dotted string the `bolt11` tool prints.
  public enum Code: String, CaseIterable, Sendable {
    /// Nothing but white space (or a byte-order mark) was given.
    case inputEmpty = "input.empty"
    /// The string is none of the kinds this package recognises.
    case inputUnrecognized = "input.unrecognized"
    /// A line of a batch is longer than a reader holds (no payment string is that long); the
    /// reader goes on with the next line.
    case inputLineTooLong = "input.line_too_long"
    /// An entry that should be a BOLT #11 invoice is a BOLT #12 offer.
    case inputBolt12Offer = "input.bolt12_offer"
    /// An entry that should be an invoice or an offer is a BOLT #12 invoice request.
    case inputBolt12InvoiceRequest = "input.bolt12_invoice_request"
    /// An entry that should be a BOLT #11 invoice or an offer is a BOLT #12 invoice.
    case inputBolt12Invoice = "input.bolt12_invoice"
    /// An entry that should be an invoice or an offer is an LNURL.
    case inputLNURL = "input.lnurl"
    /// An entry that should be an invoice or an offer is a Lightning Address.
    case inputLightningAddress = "input.lightning_address"
    /// An entry that should be an invoice or an offer is a node URI.
    case inputNodeURI = "input.node_uri"
    /// An entry that should be an invoice or an offer is an on-chain address.
    case inputBitcoinAddress = "input.bitcoin_address"
    /// An entry that should be an invoice or an offer is a bare node id.
    case inputNodeID = "input.node_id"
    /// An entry that should be an invoice or an offer is a silent-payment address.
    case inputSilentPaymentAddress = "input.silent_payment_address"
    /// An entry that should be an invoice or an offer is a BIP-353 payment name.
    case inputBIP353Name = "input.bip353_name"
    /// An invoice was needed, and the string is a `bitcoin:` URI without a `lightning=` entry.
    case inputBIP321WithoutInvoice = "input.bip321_without_invoice"
    /// An invoice was needed, and the `bitcoin:` URI has several `lightning=` entries.
    case inputAmbiguous = "input.ambiguous"
    /// An invoice was needed, and an entry or the string is a BOLT #11 invoice where an offer
    /// was expected.
    case inputBolt11 = "input.bolt11"
    /// A `req-` key this package does not understand: the whole URI must be refused.
    case bip321UnknownRequired = "bip321.unknown_required"
    /// A second `amount`, `label`, `message` or `pop` (with or without `req-`).
    case bip321Duplicate = "bip321.duplicate"
    /// An amount that is not decimal bitcoin with at most 11 decimals, up to 21 million.
    case bip321InvalidAmount = "bip321.invalid_amount"
    /// The address part is not a Base58Check or segwit address.
    case bip321InvalidAddress = "bip321.invalid_address"
    /// Neither an address nor a payment instruction.
    case bip321Empty = "bip321.empty"
    /// A bad scheme, percent-encoding that is not `%` and two hexadecimal digits, a value that
    /// is not UTF-8 once decoded, or an empty key.
    case bip321Malformed = "bip321.malformed"
    /// Not a BOLT #12 string: mixed case, a character outside the Bech32 alphabet, a misplaced
    /// `+`, empty data or data that does not regroup into bytes.
    case bolt12Malformed = "bolt12.malformed"
    /// An LNURL whose checksum fails, whose data is not a UTF-8 URL, or whose URL is clearnet
    /// `http://` or has no host.
    case lnurlMalformed = "lnurl.malformed"
    /// A `user@domain` whose user or domain has characters LUD-16 does not allow.
    case lightningAddressMalformed = "lightning_address.malformed"
    /// A node URI whose key is not a point on secp256k1, or whose host or port is bad.
    case nodeURIMalformed = "node_uri.malformed"
    /// An on-chain address whose checksum, version or program length is wrong.
    case addressInvalid = "address.invalid"
    /// A BOLT #11 invoice that did not decode; ``PaymentStringError/invoiceError`` holds the
    /// decoder's error and ``PaymentStringError/dottedCode`` its code. Never printed itself.
    case invoiceInvalid = "invoice.invalid"
    /// A BOLT #12 string that breaks a rule other than its form (too long, or an offer that
    /// breaks a reader rule); ``PaymentStringError/bolt12Error`` holds the reader's error and
    /// ``PaymentStringError/dottedCode`` its code. Never printed itself.
    case bolt12Invalid = "bolt12.invalid"
  }

  /// What the string was recognised as; nil when it was empty or recognised as nothing.
  public var kind: PaymentString.Kind?
  /// Which rule failed.
  public var code: Code
  /// What failed, for people. Prose that may change between releases; never branch on it.
  public var message: String
  /// The character offset in the whole string as given where the fault was found, when one
  /// applies: Unicode scalars counted from its start, before any trimming. ``index(in:)`` turns
  /// it into a `String.Index`.
  public var position: Int?
  /// The decoder's error, with its position moved into the whole string, when the string (or a
  /// `lightning=` entry) is an invoice that did not decode.
  public var invoiceError: InvoiceError?
  /// The BOLT #12 reader's error (its position, for a fault of the string form, moved into the
  /// whole string), when the string (or an `lno=` entry) is a BOLT #12 string that breaks a
  /// rule.
  public var bolt12Error: Bolt12Error?

  /// Makes an error from its parts.
  ///
  /// - Parameters:
  ///   - kind: what the string was recognised as, if anything.
  ///   - code: the rule that failed.
  ///   - message: what failed, for people.
  ///   - position: the character offset in the whole string, when one applies.
  public init(kind: PaymentString.Kind?, _ code: Code, _ message: String, position: Int? = nil) {
    self.kind = kind
    self.code = code
    self.message = message
    self.position = position
    self.invoiceError = nil
    self.bolt12Error = nil
  }

  /// The error of an invoice that did not decode, its position already in the whole string.
  ///
  /// - Parameter invoiceError: the decoder's error.
  public init(invoiceError: InvoiceError) {
    self.kind = .bolt11
    self.code = .invoiceInvalid
    self.message = invoiceError.message
    self.position = invoiceError.position
    self.invoiceError = invoiceError
    self.bolt12Error = nil
  }

  /// The error of a BOLT #12 string that breaks a rule: `bolt12.malformed` for its form, else
  /// ``Code/bolt12Invalid`` with the reader's code in ``dottedCode``.
  ///
  /// - Parameters:
  ///   - bolt12Error: the reader's error.
  ///   - kind: what the string was recognised as, if known.
  ///   - offset: where the string starts in the whole string: added to the error's position.
  public init(bolt12Error: Bolt12Error, kind: PaymentString.Kind?, offset: Int = 0) {
    var moved = bolt12Error
    moved.position = bolt12Error.position.map { $0 + offset }
    self.kind = kind
    self.code = moved.code == .malformed ? .bolt12Malformed : .bolt12Invalid
    self.message = moved.message
    self.position = moved.position
    self.invoiceError = nil
    self.bolt12Error = moved
  }

  /// The contract's code: the decoder's (`bech32.checksum`, ...) for an invoice that did not
  /// decode, else ``code``'s raw value.
  public var dottedCode: String {
    invoiceError?.code.rawValue ?? bolt12Error?.code.rawValue ?? code.rawValue
  }

  /// The code, the message and the position: `bolt12.malformed: ... (at character 4)`.
  public var description: String {
    var text = "\(dottedCode): \(message)"
    if let position { text += " (at character \(position))" }
    return text
  }

  /// Where ``position`` points in `text`, the string that was read.
  ///
  /// - Returns: the index of the faulty character, or nil when there is no position or `text`
  ///   is shorter.
  public func index(in text: String) -> String.Index? {
    position.flatMap { InputText.index(atScalarOffset: $0, in: text) }
  }

  /// The same error with its byte offsets in `bytes` (the whole string) as character offsets:
  /// the readers count bytes, the public entry points report characters.
  func inCharacters<Bytes: RandomAccessCollection<UInt8>>(of bytes: Bytes) -> PaymentStringError
  where Bytes.Index == Int {
    moved { InputText.scalarOffset(ofByte: $0, in: bytes) }
  }

  /// The same error with its positions moved by `move` (from a decoded value into the string
  /// it was percent-decoded from).
  func moved(_ move: (Int) -> Int) -> PaymentStringError {
    var error = self
    error.position = position.map(move)
    error.invoiceError?.position = invoiceError?.position.map(move)
    error.bolt12Error?.position = bolt12Error?.position.map(move)
    return error
  }

  /// The same error, said of a string recognised as `kind` when no kind was set.
  func recognised(as kind: PaymentString.Kind) -> PaymentStringError {
    var error = self
    if error.kind == nil { error.kind = kind }
    return error
  }
}
