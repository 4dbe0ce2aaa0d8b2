/// Why a BOLT #12 string was refused: a stable dotted code, a message, and where.
///
/// Branch on ``code``: codes are stable, and the same as the command-line tool prints. The
/// ``message`` is prose for people and may change. When several rules are broken, the code is the
/// one of the first failing rule in the reader's order (the string and the framing of the whole
/// stream; then each record alone, in stream order; then the stream as a whole), so an invalid
/// string always gives the same code.
///
/// Where: a fault of the string form has ``position`` (a character offset in the text as given);
/// a fault of one record has ``tlvOffset`` (the byte offset of the record's first byte in the
/// decoded data) and ``type``; a fault of the stream as a whole has ``field``.
public struct Bolt12Error: Error, Equatable, Sendable, CustomStringConvertible {
  /// The stable reasons, in the order in which the reader checks them; each raw value is the
  /// dotted string the tool and its JSON print.
  public enum Code: String, CaseIterable, Sendable {
    /// More than 16,384 characters, checked before anything else.
    case tooLong = "bolt12.too_long"
    /// Not the string form: mixed case, a character outside the Bech32 alphabet, a misplaced
    /// `+`, another prefix, no data, or padding that no writer produces.
    case malformed = "bolt12.malformed"
    /// A record's type, length or value runs past the end of the data.
    case truncated = "bolt12.truncated"
    /// A `bigsize` type or length not in its shortest form.
    case nonMinimal = "bolt12.non_minimal"
    /// Record types not strictly increasing (a repeat included).
    case tlvOrder = "bolt12.tlv_order"
    /// A record type outside the ranges this kind of string may use.
    case tlvOutOfRange = "bolt12.tlv_out_of_range"
    /// An even record type this reader does not know.
    case unknownEven = "bolt12.unknown_even"
    /// A known field whose value does not parse or breaks a rule on its own value.
    case invalidField = "bolt12.invalid_field"
    /// A text field that is not UTF-8.
    case invalidUTF8 = "bolt12.invalid_utf8"
    /// A required field is absent (for an offer: both `offer_issuer_id` and `offer_paths`).
    case missingField = "bolt12.missing_field"
    /// A field this kind of string must not carry here.
    case unexpectedField = "bolt12.unexpected_field"
    /// An amount of zero.
    case zeroAmount = "bolt12.zero_amount"
    /// `offer_currency` without `offer_amount`.
    case currencyWithoutAmount = "bolt12.currency_without_amount"
    /// `offer_chains` present with no chain.
    case emptyChains = "bolt12.empty_chains"
    /// A paths field present with no path.
    case emptyPaths = "bolt12.empty_paths"
    /// Two fields that must agree do not.
    case fieldMismatch = "bolt12.field_mismatch"
    /// An even feature bit this reader does not know.
    case unknownRequiredFeature = "bolt12.unknown_required_feature"
    /// Not one payinfo per blinded path.
    case payinfoMismatch = "bolt12.payinfo_mismatch"
    /// No signature where one is required.
    case missingSignature = "bolt12.missing_signature"
    /// A signature that does not verify.
    case signatureInvalid = "bolt12.signature_invalid"
    /// The caller's clock is at or after the expiry.
    case expired = "bolt12.expired"
    /// None of the string's chains is the caller's network.
    case networkMismatch = "bolt12.network_mismatch"
  }

  /// Which rule failed: stable, and the value to branch on.
  public var code: Code
  /// What failed, for people. Prose that may change between releases; never branch on it.
  public var message: String
  /// Character offset in the text as given, for a fault of the string form.
  public var position: Int?
  /// Byte offset, in the decoded data, of the first byte of the record at fault.
  public var tlvOffset: Int?
  /// The TLV type of the record at fault, when it was read.
  public var type: UInt64?
  /// The BOLT #12 name of the field at fault (`offer_amount`), for a rule on the whole stream
  /// or on one known field.
  public var field: String?

  /// Makes an error from its parts.
  ///
  /// - Parameters:
  ///   - code: the rule that failed.
  ///   - message: what failed, for people.
  ///   - position: the character offset, for a fault of the string form.
  ///   - tlvOffset: the byte offset of the record at fault.
  ///   - type: the TLV type of the record at fault.
  ///   - field: the field's BOLT #12 name.
  public init(
    _ code: Code, _ message: String, position: Int? = nil, tlvOffset: Int? = nil,
    type: UInt64? = nil, field: String? = nil
  ) {
    self.code = code
    self.message = message
    self.position = position
    self.tlvOffset = tlvOffset
    self.type = type
    self.field = field
  }

  /// The code, the message and where: `bolt12.truncated: ... (at byte 4 of the data, type 10)`.
  public var description: String {
    var text = "\(code.rawValue): \(message)"
    if let position { text += " (at character \(position))" }
    if let tlvOffset {
      text += " (at byte \(tlvOffset) of the data"
      if let type { text += ", type \(type)" }
      text += ")"
    }
    return text
  }
}
