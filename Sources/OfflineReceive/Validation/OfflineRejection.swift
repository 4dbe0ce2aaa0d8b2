public import Bolt11

/// Why an offline invoice may not be displayed: one stable code and a message.
///
/// A rejection is an expected answer, returned inside an `OfflineVerdict`, never thrown.
public struct OfflineRejection: Sendable, Equatable, CustomStringConvertible {
  /// The offline policy's reasons. Raw values are the dotted strings of the contract.
  public enum Code: String, CaseIterable, Sendable {
    case amountMissing = "offline.amount_missing"
    case amountMismatch = "offline.amount_mismatch"
    case payeeMismatch = "offline.payee_mismatch"
    case networkMismatch = "offline.network_mismatch"
    case descriptionMismatch = "offline.description_mismatch"
    case expired = "offline.expired"
    case lifetimeTooShort = "offline.lifetime_too_short"
    case futureTimestamp = "offline.future_timestamp"
  }

  /// What failed: the decoder (with its own error), or one offline policy rule.
  public enum Reason: Sendable, Equatable {
    case undecodable(InvoiceError)
    case policy(Code)
  }

  public var reason: Reason
  public var message: String

  public init(_ code: Code, _ message: String) {
    self.reason = .policy(code)
    self.message = message
  }

  public init(undecodable error: InvoiceError) {
    self.reason = .undecodable(error)
    self.message = error.message
  }

  /// The offline code, or nil when the invoice did not decode.
  public var offlineCode: Code? {
    if case .policy(let code) = reason { code } else { nil }
  }

  /// The dotted code of the contract: `offline.*`, or the decoder's own code.
  public var dottedCode: String {
    switch reason {
    case .undecodable(let error): error.code.rawValue
    case .policy(let code): code.rawValue
    }
  }

  public var description: String { "\(dottedCode): \(message)" }
}
