/// Why a preparation did not produce an invoice: a closed set (spec §4 W7).
public struct OfflineReceiveError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Code: String, CaseIterable, Sendable {
    /// Offline receive is off or refused for this request; the identity is finished.
    case unavailable = "offline.unavailable"
    /// Zero, or an amount whose msat conversion overflows (P17).
    case insufficientLiquidity = "offline.insufficient_liquidity"
    /// The node's invoice failed the offline validator.
    case invalidInvoice = "offline.invalid_invoice"
    /// Another live intent holds the settlement channel (W4, supersede policy `.refuse`).
    case requestInProgress = "offline.request_in_progress"
    /// A transient node fault; the identity is kept and the call can be retried.
    case retryable = "offline.retryable"
    /// The intent was paid already.
    case settled = "offline.settled"
    /// The journal refused the write; nothing was sent to the node.
    case journal = "offline.journal"
    /// The intent belongs to another wallet scope (§3 E).
    case scopeMismatch = "offline.scope_mismatch"
  }

  public var code: Code
  public var message: String
  public var nodeError: NodeError?
  public var rejection: OfflineRejection?

  public init(
    _ code: Code, _ message: String, nodeError: NodeError? = nil,
    rejection: OfflineRejection? = nil
  ) {
    self.code = code
    self.message = message
    self.nodeError = nodeError
    self.rejection = rejection
  }

  public var description: String { "\(code.rawValue): \(message)" }
}
