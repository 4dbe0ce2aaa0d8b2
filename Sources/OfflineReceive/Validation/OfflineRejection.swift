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
  }

  /// The offline rule that failed, or nil when the invoice did not decode.
  public var offlineCode: Code?
  /// The decoder's error, when the invoice did not decode.
  public var invoiceError: InvoiceError?
  /// What failed, for people; never branched on.
  public var message: String

  /// A rejection by one offline rule.
  public init(_ code: Code, _ message: String) {
    self.offlineCode = code
    self.message = message
  }

  /// A rejection because the invoice did not decode.
  public init(undecodable error: InvoiceError) {
    self.invoiceError = error
    self.message = error.message
  }

  /// The dotted code of the contract: `offline.*`, or the decoder's own code.
  public var dottedCode: String { offlineCode?.rawValue ?? invoiceError?.code.rawValue ?? "" }

  /// The dotted code and the message.
  public var description: String { "\(dottedCode): \(message)" }
}
