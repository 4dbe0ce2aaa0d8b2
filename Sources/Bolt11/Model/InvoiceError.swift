public import Bech32Codec

/// Why an invoice was refused: a stable dotted code, a message, and where in the input.
///
/// Branch on ``code``: codes are stable and the same in the command-line tool's output. The
/// ``message`` is prose for people and may change. When several rules are broken, the code is
/// the one of the first check in the decoder's order, so an invalid invoice always gives the same
/// code.
public struct InvoiceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The stable reasons; each raw value is the dotted string the `bolt11` tool and its JSON
  /// print, such as `bech32.checksum`.
  public enum Code: RawRepresentable, CaseIterable, Sendable {
    /// The string has no `1` separating the human-readable part from the data.
    case bech32NoSeparator
    /// Upper- and lower-case letters are mixed.
    case bech32MixedCase
    /// A character outside the Bech32 alphabet (or, in the prefix, outside printable ASCII).
    case bech32InvalidCharacter
    /// The checksum does not match, or is a Bech32m checksum.
    case bech32Checksum
    /// The human-readable part is empty, or too few characters follow the separator.
    case bech32Malformed
    /// The prefix is not `ln` followed by `bc`, `tb`, `tbs` or `bcrt`.
    case hrpUnknownPrefix
    /// The amount is not digits with an optional multiplier `m`, `u`, `n` or `p`.
    case hrpInvalidAmount
    /// A `p` (pico-bitcoin) amount that is not a whole number of millisatoshis.
    case amountSubMillisatoshi
    /// The amount is above 21 million bitcoin, or beyond 64 bits.
    case amountOverflow
    /// No room for a timestamp and a signature.
    case invoiceTooShort
    /// More than 7089 characters (``RawInvoice/maximumLength``).
    case invoiceTooLong
    /// Characters before the signature that do not make a whole field.
    case invoiceTrailingData
    /// The padding bits of a byte-valued field are not zero.
    case invoiceNonZeroPadding
    /// A `p`, `h`, `s` or `n` field of the wrong length, a field that overruns the
    /// signature, or a whole word of padding.
    case fieldInvalidLength
    /// An `x`, `c` or `9` field that starts with a zero word.
    case fieldNonMinimal
    /// A `d` field that is not valid UTF-8.
    case fieldInvalidUTF8
    /// An `f` field whose version and length are not an address.
    case fieldInvalidFallback
    /// An `r` field that is not one or more whole 51-byte hops.
    case fieldInvalidRoute
    /// An `n` key that is not a point on secp256k1, or a route hop key that does not
    /// start with 02 or 03 (or, when route keys are checked, is not on the curve).
    case fieldInvalidPubkey
    /// A second `p`, `s`, `d`, `h`, `n`, `x`, `c`, `9` or `m` field.
    case fieldDuplicate
    /// No `p` (payment hash) field.
    case fieldMissingPaymentHash
    /// No `s` (payment secret) field.
    case fieldMissingPaymentSecret
    /// Neither a `d` (description) nor an `h` (description hash) field.
    case fieldMissingDescription
    /// Both a `d` and an `h` field.
    case fieldBothDescriptions
    /// An `x` or `c` value beyond 64 bits, or a timestamp plus expiry that overflows.
    case fieldValueTooLarge
    /// An even (required) feature bit this reader does not know.
    case featuresUnknownRequired
    /// A feature set without one it depends on, such as `basic_mpp` without
    /// `payment_secret`.
    case featuresMissingDependency
    /// Not a valid signature: not by the `n` key, or r or s out of range.
    case signatureInvalid
    /// A high-S signature on an invoice with an `n` field.
    case signatureHighS
    /// A recovery id above 3.
    case signatureInvalidRecoveryID
    /// No public key recovers from the signature.
    case signatureUnrecoverable
    /// The `h` field is not the SHA-256 of the expected description.
    case descriptionHashMismatch
    /// The `d` field is not the expected description.
    case descriptionMismatch
    /// The invoice is for another chain than the expected one.
    case networkMismatch
    /// The clock has reached the invoice's expiry: `now >= expiresAt`.
    case invoiceExpired

    /// The dotted string; the `bech32.*` ones are Bech32's own (`Bech32Error.Code`).
    public var rawValue: String {
      switch self {
      case .bech32NoSeparator: Bech32Error.Code.noSeparator.rawValue
      case .bech32MixedCase: Bech32Error.Code.mixedCase.rawValue
      case .bech32InvalidCharacter: Bech32Error.Code.invalidCharacter.rawValue
      case .bech32Checksum: Bech32Error.Code.checksum.rawValue
      case .bech32Malformed: Bech32Error.Code.malformed.rawValue
      case .hrpUnknownPrefix: "hrp.unknown_prefix"
      case .hrpInvalidAmount: "hrp.invalid_amount"
      case .amountSubMillisatoshi: "amount.sub_millisatoshi"
      case .amountOverflow: "amount.overflow"
      case .invoiceTooShort: "invoice.too_short"
      case .invoiceTooLong: "invoice.too_long"
      case .invoiceTrailingData: "invoice.trailing_data"
      case .invoiceNonZeroPadding: "invoice.non_zero_padding"
      case .fieldInvalidLength: "field.invalid_length"
      case .fieldNonMinimal: "field.non_minimal"
      case .fieldInvalidUTF8: "field.invalid_utf8"
      case .fieldInvalidFallback: "field.invalid_fallback"
      case .fieldInvalidRoute: "field.invalid_route"
      case .fieldInvalidPubkey: "field.invalid_pubkey"
      case .fieldDuplicate: "field.duplicate"
      case .fieldMissingPaymentHash: "field.missing_payment_hash"
      case .fieldMissingPaymentSecret: "field.missing_payment_secret"
      case .fieldMissingDescription: "field.missing_description"
      case .fieldBothDescriptions: "field.both_descriptions"
      case .fieldValueTooLarge: "field.value_too_large"
      case .featuresUnknownRequired: "features.unknown_required"
      case .featuresMissingDependency: "features.missing_dependency"
      case .signatureInvalid: "signature.invalid"
      case .signatureHighS: "signature.high_s"
      case .signatureInvalidRecoveryID: "signature.invalid_recovery_id"
      case .signatureUnrecoverable: "signature.unrecoverable"
      case .descriptionHashMismatch: "description_hash.mismatch"
      case .descriptionMismatch: "description.mismatch"
      case .networkMismatch: "network.mismatch"
      case .invoiceExpired: "invoice.expired"
      }
    }

    /// The code whose dotted string is `rawValue`.
    public init?(rawValue: String) {
      guard let code = Code.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
      self = code
    }
  }

  /// Which rule failed: stable, and the value to branch on.
  public var code: Code
  /// What failed, for people. Prose that may change between releases; never branch on it.
  public var message: String
  /// Character offset in the caller's input where the fault was found, when one applies:
  /// Unicode scalars counted from the start of the string as given, before any trimming.
  /// ``index(in:)`` turns it into a `String.Index`.
  public var position: Int?
  /// The tagged field's letter (`"p"`, `"9"`, ...) when the fault is in one field.
  public var field: Character?
  /// The lower layer's error this one was mapped from, if any.
  public var cause: Bech32Error?

  /// Makes an error from its parts.
  ///
  /// - Parameters:
  ///   - code: the rule that failed.
  ///   - message: what failed, for people.
  ///   - position: the character offset in the caller's input, when one applies.
  ///   - field: the tagged field's letter, when the fault is in one field.
  ///   - cause: the Bech32 error this one was mapped from, if any.
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

  /// Where ``position`` points in `text`, the string that was decoded.
  ///
  /// - Returns: the index of the faulty character (`text.endIndex` for a fault at its end), or
  ///   nil when there is no position or `text` is shorter.
  public func index(in text: String) -> String.Index? {
    position.flatMap { InputText.index(atScalarOffset: $0, in: text) }
  }

  /// The code, the message and the position: `hrp.invalid_amount: ... (at character 8)`.
  public var description: String {
    var text = "\(code.rawValue): \(SafeText.escape(message))"
    if let position { text += " (at character \(position))" }
    return text
  }
}

/// A rule breach that the reader accepted, reported beside a valid invoice.
///
/// Writer-rule breaches (the amount's form) and `cltvUnusable` are reported in both modes. The
/// rest carry the code with which strict mode refuses the invoice, and appear only in compat
/// mode, which reads the invoice anyway so that it can be shown; a payer must not pay it.
public enum InvoiceWarning: RawRepresentable, CaseIterable, Sendable, Hashable {
  /// BOLT 11: "MUST encode `amount` as a positive decimal integer with no leading 0s."
  case amountLeadingZeros
  /// The amount is zero: the writer rule asks for a positive amount.
  case amountZero
  /// BOLT 11: "SHOULD use the shortest representation possible".
  case amountNonShortest
  /// `c` is above 2^32 - 1: no HTLC's CLTV expiry can carry it, so the invoice cannot be paid.
  case cltvUnusable
  /// Compat mode: the currency prefix is not `bc`, `tb`, `tbs` or `bcrt`.
  case hrpUnknownPrefix
  /// Compat mode: `d` is not valid UTF-8; the text has U+FFFD for each invalid sequence.
  case fieldInvalidUTF8
  /// Compat mode: `9` sets an even feature bit this reader does not know.
  case featuresUnknownRequired
  /// Compat mode: there is no `s` field (as in invoices written before payment secrets).
  case fieldMissingPaymentSecret

  /// The dotted string; a compat-mode warning carries the code with which strict mode refuses
  /// the invoice (`InvoiceError.Code`).
  public var rawValue: String {
    switch self {
    case .amountLeadingZeros: "amount.leading_zeros"
    case .amountZero: "amount.zero"
    case .amountNonShortest: "amount.non_shortest"
    case .cltvUnusable: "cltv.unusable"
    case .hrpUnknownPrefix: InvoiceError.Code.hrpUnknownPrefix.rawValue
    case .fieldInvalidUTF8: InvoiceError.Code.fieldInvalidUTF8.rawValue
    case .featuresUnknownRequired: InvoiceError.Code.featuresUnknownRequired.rawValue
    case .fieldMissingPaymentSecret: InvoiceError.Code.fieldMissingPaymentSecret.rawValue
    }
  }

  /// The warning whose dotted string is `rawValue`.
  public init?(rawValue: String) {
    guard let warning = InvoiceWarning.allCases.first(where: { $0.rawValue == rawValue }) else {
      return nil
    }
    self = warning
  }
}
