/// Why a preparation did not produce an invoice: a closed set.
public struct OfflineReceiveError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The stable codes; raw values are the dotted strings.
  public enum Code: String, CaseIterable, Sendable {
    /// Offline receive is off or refused for this request; the identity is finished.
    case unavailable = "offline.unavailable"
    /// Zero, or an amount whose msat conversion overflows.
    case insufficientLiquidity = "offline.insufficient_liquidity"
    /// The node's invoice failed the offline validator.
    case invalidInvoice = "offline.invalid_invoice"
    /// Another live intent holds the settlement channel (with `cancelsOtherIntents` off).
    case requestInProgress = "offline.request_in_progress"
    /// A transient node fault; the identity is kept and the call can be retried.
    case retryable = "offline.retryable"
    /// The intent was paid already.
    case settled = "offline.settled"
    /// The journal refused the write; nothing was sent to the node.
    case journal = "offline.journal"
    /// The intent belongs to another wallet scope.
    case scopeMismatch = "offline.scope_mismatch"
    /// The intent ended before this call (cancelled, refused, expired or failed): it is never
    /// moved to a new node request, so that a late payment of the invoice it showed is still
    /// recorded. Prepare again under a new intent id.
    case intentEnded = "offline.intent_ended"
  }

  /// What went wrong: the stable code callers branch on.
  public var code: Code
  /// What went wrong, for people; never branched on.
  public var message: String
  /// The intent this error concerns, when there is one: the key to resume or cancel it.
  public var intentID: IntentID?
  /// The node's error behind this one, if any.
  public var nodeError: NodeError?
  /// The validator's rejection, for `offline.invalid_invoice`.
  public var rejection: OfflineRejection?
  /// The journal's refusal behind `offline.journal`, with its own stable code
  /// (`journal.full`, `journal.io`, ...).
  public var journalError: JournalError?

  /// An error with `code` and `message`, and what the caller needs to act on it.
  public init(
    _ code: Code, _ message: String, intentID: IntentID? = nil, nodeError: NodeError? = nil,
    rejection: OfflineRejection? = nil, journalError: JournalError? = nil
  ) {
    self.journalError = journalError
    self.code = code
    self.message = message
    self.intentID = intentID
    self.nodeError = nodeError
    self.rejection = rejection
  }

  /// The dotted code, the message, the rejection code and the intent.
  public var description: String {
    let intent = intentID.map { " (intent \($0))" } ?? ""
    let rejected =
      rejection.map { " [\($0.dottedCode)]" } ?? journalError.map { " [\($0.code.rawValue)]" }
      ?? ""
    return "\(code.rawValue): \(message)\(rejected)\(intent)"
  }

  /// Whether the intent this error concerns is finished, so that resuming it is pointless and a
  /// new attempt needs a fresh eligibility check. Retryable faults, journal
  /// refusals and a request in progress keep the intent.
  public var endsIntent: Bool {
    switch code {
    case .unavailable, .insufficientLiquidity, .invalidInvoice, .settled, .scopeMismatch,
      .intentEnded:
      true
    case .retryable, .journal, .requestInProgress: false
    }
  }
}
