/// One way an invoice differs from what its payer (or receiver) expects: a stable code, the
/// expected and the found value, and a message for people.
///
/// ``InvoiceExpectations/check(_:now:)`` returns every violation of an invoice at once, in the
/// order of ``Code``'s cases.
public struct InvoiceViolation: Sendable, Hashable, CustomStringConvertible {
  /// What was violated. Raw values are the dotted codes of the command line and the JSON; the
  /// cases are in the order a check reports them, that of ``ExpectationRule``.
  public enum Code: String, CaseIterable, Sendable {
    /// An amount was expected and the invoice asks for any amount.
    case amountMissing = "check.amount_missing"
    /// The invoice asks for another amount than the expected one, by any number of msat.
    case amountMismatch = "check.amount_mismatch"
    /// The invoice asks for more than the maximum.
    case amountTooLarge = "check.amount_too_large"
    /// The invoice pays none of the expected nodes.
    case payeeMismatch = "check.payee_mismatch"
    /// The invoice pays one of our own nodes.
    case selfPayment = "check.self_payment"
    /// The invoice is for another chain.
    case networkMismatch = "check.network_mismatch"
    /// The invoice's description is not the expected text (nor, where a hash is allowed, its
    /// hash).
    case descriptionMismatch = "check.description_mismatch"
    /// The invoice has no `h` field equal to the expected hash.
    case descriptionHashMismatch = "check.description_hash_mismatch"
    /// The invoice's payment hash is not the expected one.
    case paymentHashMismatch = "check.payment_hash_mismatch"
    /// The invoice was created later than the clock allows.
    case futureTimestamp = "check.future_timestamp"
    /// The invoice has expired.
    case expired = "check.expired"
    /// Too little of the invoice's lifetime is left.
    case lifetimeTooShort = "check.lifetime_too_short"
    /// The invoice was created longer ago than the maximum age.
    case tooOld = "check.too_old"
    /// The invoice's `min_final_cltv_expiry_delta` is above the maximum.
    case cltvTooLarge = "check.cltv_too_large"

    /// The code of a breach of `rule`: the check's one table from rule to code.
    public init(_ rule: ExpectationRule) {
      switch rule {
      case .amountMissing: self = .amountMissing
      case .amountMismatch: self = .amountMismatch
      case .amountTooLarge: self = .amountTooLarge
      case .payeeMismatch: self = .payeeMismatch
      case .selfPayment: self = .selfPayment
      case .networkMismatch: self = .networkMismatch
      case .descriptionMismatch: self = .descriptionMismatch
      case .descriptionHashMismatch: self = .descriptionHashMismatch
      case .paymentHashMismatch: self = .paymentHashMismatch
      case .futureTimestamp: self = .futureTimestamp
      case .expired: self = .expired
      case .lifetimeTooShort: self = .lifetimeTooShort
      case .tooOld: self = .tooOld
      case .cltvTooLarge: self = .cltvTooLarge
      }
    }
  }

  /// An expected or a found value, as the JSON verdict writes it.
  public enum Value: Sendable, Hashable, CustomStringConvertible {
    /// Nothing: the invoice lacks the field (an amountless invoice's amount, a `d` invoice's
    /// description hash).
    case absent
    /// A count: millisatoshis, Unix seconds, seconds or blocks, as the code says.
    case integer(UInt64)
    /// A text: a description, a hash or a key in hex, a chain's name.
    case text(String)
    /// Several texts: the node ids a payee may be, or must not be.
    case list([String])

    /// The value as the human verdict shows it, a text escaped by `SafeText.escape`.
    public var description: String {
      switch self {
      case .absent: "none"
      case .integer(let value): String(value)
      case .text(let text): SafeText.escape(text)
      case .list(let texts): texts.map(SafeText.escape).joined(separator: ", ")
      }
    }
  }

  /// The rule that was broken.
  public var rule: ExpectationRule
  /// What was violated, as the check's code.
  public var code: Code { Code(rule) }
  /// What the expectation asked for: the exact value, or the bound for a maximum or minimum
  /// (`amount_too_large`, `lifetime_too_short`, `too_old`, `cltv_too_large`), the latest
  /// acceptable creation time (`future_timestamp`), the clock (`expired`), the node ids the
  /// payee must not be (`self_payment`).
  public var expected: Value
  /// What the invoice has.
  public var found: Value
  /// What differs, for people; never branched on. It may quote the invoice's description: show
  /// it through `SafeText`.
  public var message: String

  /// A breach of `rule`.
  public init(_ rule: ExpectationRule, expected: Value, found: Value, message: String) {
    self.rule = rule
    self.expected = expected
    self.found = found
    self.message = message
  }

  /// The dotted code and the message, escaped by `SafeText.escape`.
  public var description: String { "\(code.rawValue): \(SafeText.escape(message))" }
}
