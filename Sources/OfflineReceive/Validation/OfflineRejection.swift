public import Bolt11

/// Why an offline invoice may not be displayed: one stable code and a message.
///
/// A rejection is an expected answer, returned as the failure of the validator's `Result`,
/// never thrown.
public struct OfflineRejection: Error, Sendable, Equatable, CustomStringConvertible {
  /// The offline policy's reasons. Raw values are the dotted strings of the contract.
  public enum Code: String, CaseIterable, Sendable {
    /// The invoice asks no amount.
    case amountMissing = "offline.amount_missing"
    /// The invoice asks another amount than the request.
    case amountMismatch = "offline.amount_mismatch"
    /// The invoice pays another node than ours.
    case payeeMismatch = "offline.payee_mismatch"
    /// The invoice is for another chain.
    case networkMismatch = "offline.network_mismatch"
    /// The invoice's description is not the requested text.
    case descriptionMismatch = "offline.description_mismatch"
    /// The invoice has expired.
    case expired = "offline.expired"
    /// Too little lifetime is left to be worth showing.
    case lifetimeTooShort = "offline.lifetime_too_short"
    /// The invoice was signed further in the future than the clock skew allows.
    case futureTimestamp = "offline.future_timestamp"
    /// The invoice asks the payer to lock the payment longer than the policy's bound.
    case cltvTooLarge = "offline.cltv_too_large"

    /// The offline code of a breach of `rule`, or nil for a rule the receive policy does not
    /// set: the validator's one table from rule to code.
    public init?(_ rule: ExpectationRule) {
      switch rule {
      case .amountMissing: self = .amountMissing
      case .amountMismatch: self = .amountMismatch
      case .payeeMismatch: self = .payeeMismatch
      case .networkMismatch: self = .networkMismatch
      case .descriptionMismatch: self = .descriptionMismatch
      case .futureTimestamp: self = .futureTimestamp
      case .expired: self = .expired
      case .lifetimeTooShort: self = .lifetimeTooShort
      case .cltvTooLarge: self = .cltvTooLarge
      case .amountTooLarge, .selfPayment, .descriptionHashMismatch, .paymentHashMismatch,
        .tooOld:
        return nil
      }
    }
  }

  /// The offline rule that failed, or nil when the invoice did not decode.
  public var offlineCode: Code?
  /// The decoder's error, when the invoice did not decode.
  public var invoiceError: InvoiceError?
  /// What failed, for people; never branched on.
  public var message: String
  /// The payer-check violation behind ``offlineCode``, when the invoice decoded.
  public var violation: InvoiceViolation?
  /// The invoice, when it decoded: a refused invoice can still be paid, and its payment hash
  /// matches the payment to its request.
  public var invoice: Invoice?

  /// A rejection by one offline rule.
  public init(_ code: Code, _ message: String) {
    self.offlineCode = code
    self.message = message
  }

  /// A rejection because the invoice did not decode, or (with `invoice`) decoded but breaks a
  /// reader rule the offline check adds, such as route hint keys on the curve.
  public init(undecodable error: InvoiceError, invoice: Invoice? = nil) {
    self.invoiceError = error
    self.message = error.message
    self.invoice = invoice
  }

  /// A rejection of a decoded invoice for the first rule of the receive policy it breaks;
  /// `violation` must be of a rule the policy sets (``Code/init(_:)``).
  public init(_ violation: InvoiceViolation, invoice: Invoice) {
    self.offlineCode = Code(violation.rule)
    self.violation = violation
    self.message = violation.message
    self.invoice = invoice
  }

  /// The dotted code of the contract: `offline.*`, or the decoder's own code.
  public var dottedCode: String {
    offlineCode?.rawValue ?? invoiceError?.code.rawValue ?? violation?.code.rawValue ?? ""
  }

  /// The dotted code and the message.
  public var description: String { "\(dottedCode): \(message)" }
}
