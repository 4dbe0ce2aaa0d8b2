public import Bech32Codec

/// Why an invoice was refused: a stable dotted code, a message, and where in the input.
///
/// Codes are the contract (`../README.md`, "Error codes"); messages are prose and may change.
public struct InvoiceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The stable reasons. Raw values are the dotted strings of the contract.
  public enum Code: String, CaseIterable, Sendable {
    case bech32NoSeparator = "bech32.no_separator"
    case bech32MixedCase = "bech32.mixed_case"
    case bech32InvalidCharacter = "bech32.invalid_character"
    case bech32Checksum = "bech32.checksum"
    case bech32Malformed = "bech32.malformed"
    case hrpUnknownPrefix = "hrp.unknown_prefix"
    case hrpInvalidAmount = "hrp.invalid_amount"
    case amountSubMillisatoshi = "amount.sub_millisatoshi"
    case amountOverflow = "amount.overflow"
    case invoiceTooShort = "invoice.too_short"
    case invoiceTooLong = "invoice.too_long"
    case invoiceTrailingData = "invoice.trailing_data"
    case invoiceNonZeroPadding = "invoice.non_zero_padding"
    case fieldInvalidLength = "field.invalid_length"
    case fieldNonMinimal = "field.non_minimal"
    case fieldInvalidUTF8 = "field.invalid_utf8"
    case fieldInvalidFallback = "field.invalid_fallback"
    case fieldInvalidRoute = "field.invalid_route"
    case fieldInvalidPubkey = "field.invalid_pubkey"
    case fieldDuplicate = "field.duplicate"
    case fieldMissingPaymentHash = "field.missing_payment_hash"
    case fieldMissingPaymentSecret = "field.missing_payment_secret"
    case fieldMissingDescription = "field.missing_description"
    case fieldBothDescriptions = "field.both_descriptions"
    case fieldValueTooLarge = "field.value_too_large"
    case featuresUnknownRequired = "features.unknown_required"
    case featuresMissingDependency = "features.missing_dependency"
    case signatureInvalid = "signature.invalid"
    case signatureHighS = "signature.high_s"
    case signatureInvalidRecoveryID = "signature.invalid_recovery_id"
    case signatureUnrecoverable = "signature.unrecoverable"
    case descriptionHashMismatch = "description_hash.mismatch"
    case networkMismatch = "network.mismatch"
    case invoiceExpired = "invoice.expired"
  }

  public var code: Code
  public var message: String
  /// Character offset in the caller's input where the fault was found, when one applies.
  public var position: Int?
  /// The tagged field's letter (`"p"`, `"9"`, ...) when the fault is in one field.
  public var field: Character?
  /// The lower layer's error this one was mapped from, if any.
  public var cause: Bech32Error?

  public init(
    _ code: Code, _ message: String, position: Int? = nil, field: Character? = nil,
    cause: Bech32Error? = nil
  ) {
    self.code = code
    self.message = message
    self.position = position
    self.field = field
    self.cause = cause
  }

  /// Maps a Bech32 failure, keeping its dotted code and moving its position by `offset`.
  init(_ error: Bech32Error, offset: Int) {
    let code: Code =
      switch error.code {
      case .noSeparator: .bech32NoSeparator
      case .mixedCase: .bech32MixedCase
      case .invalidCharacter: .bech32InvalidCharacter
      case .checksum: .bech32Checksum
      case .malformed: .bech32Malformed
      }
    self.init(code, error.message, position: error.position.map { $0 + offset }, cause: error)
  }

  public var description: String {
    var text = "\(code.rawValue): \(message)"
    if let position { text += " (at character \(position))" }
    return text
  }
}

/// A writer-rule breach that readers accept, reported beside a valid invoice.
public enum InvoiceWarning: String, CaseIterable, Sendable, Hashable {
  /// BOLT 11: "MUST encode `amount` as a positive decimal integer with no leading 0s."
  case amountLeadingZeros = "amount.leading_zeros"
  /// The amount is zero: the writer rule asks for a positive amount.
  case amountZero = "amount.zero"
  /// BOLT 11: "SHOULD use the shortest representation possible".
  case amountNonShortest = "amount.non_shortest"
}
