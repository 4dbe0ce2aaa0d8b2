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
    /// The journal could not be read or written (its own error is in `journalError`); a write it
    /// refused was not followed by a node call.
    case journal = "offline.journal"
    /// The intent belongs to another wallet scope.
    case scopeMismatch = "offline.scope_mismatch"
    /// The intent ended before this call (cancelled, refused, expired or failed): it is never
    /// moved to a new node request, so that a late payment of the invoice it showed is still
    /// recorded. Prepare again under a new intent id.
    case intentEnded = "offline.intent_ended"
    /// The node cannot take a request now: its start-up recovery has not run yet, or it holds
    /// as many live requests as it allows. The intent is kept; try again later.
    case nodeUnavailable = "offline.node_unavailable"
    /// The node is not running. The intent is kept; try again once it runs.
    case nodeStopped = "offline.node_stopped"
    /// The node could not store the request. The intent is kept; try again.
    case nodeStorage = "offline.node_storage"
    /// The node's answer was lost: the request may or may not exist. The intent is kept, and
    /// trying again resumes the same node request.
    case responseLost = "offline.response_lost"
    /// Offline receive was not configured when the node was built.
    case nodeDisabled = "offline.node_disabled"
    /// No settlement channel can take this request: too little inbound capacity, or the channel
    /// holds another request or an epoch that has not finished.
    case ineligible = "offline.ineligible"
    /// The node knows the intent's request id with another amount or description.
    case requestConflict = "offline.request_conflict"
    /// The journal holds as many live intents as it may; finish or cancel one first.
    case journalFull = "offline.journal_full"
    /// The intent was cancelled (by the wallet, or superseded by a new intent) while this call
    /// waited for it; it is not prepared again.
    case cancelled = "offline.cancelled"
    /// The intent ended and its invoice is off the screen, but the node could not be reached to
    /// cancel its request: the cancel is kept and retried by the next prepare, cancel or
    /// `restore()`. Nothing needs to be done again.
    case cancelPending = "offline.cancel_pending"
    /// The payment gate found the invoice paid (in the history, or announced): not displayed.
    case alreadyPaid = "offline.already_paid"
    /// The payment history is unavailable or not yet synced: nothing was displayed; the intent
    /// is kept, try again.
    case historyUnavailable = "offline.history_unavailable"
    /// A newer preparation (or a reset, or a changed request) overtook this one before display;
    /// the intent is kept.
    case stalePreparation = "offline.stale_preparation"
    /// The invoice's display time was over before it could be shown.
    case displayExpired = "offline.display_expired"
    /// The provider reports the intent settled, expired or failed: not displayed.
    case providerTerminal = "offline.provider_terminal"
    /// The provider's status of the intent could not be read; the intent is kept, try again.
    case providerStatusUnknown = "offline.provider_status_unknown"
    /// Payment events kept arriving during every history read; the intent is kept, try again.
    case historyBusy = "offline.history_busy"
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
  /// new attempt needs a fresh eligibility check. Node faults that pass (not recovered,
  /// stopped, storage, a lost answer), journal refusals, a request in progress and the payment
  /// gate's passing refusals (history unavailable or busy, a stale preparation, a provider
  /// status not read) keep the intent: trying again resumes it.
  public var endsIntent: Bool {
    switch code {
    case .unavailable, .insufficientLiquidity, .invalidInvoice, .settled, .scopeMismatch,
      .intentEnded, .nodeDisabled, .ineligible, .requestConflict, .cancelled, .cancelPending,
      .alreadyPaid, .displayExpired, .providerTerminal:
      true
    case .retryable, .journal, .journalFull, .requestInProgress, .nodeUnavailable, .nodeStopped,
      .nodeStorage, .responseLost, .historyUnavailable, .stalePreparation,
      .providerStatusUnknown, .historyBusy:
      false
    }
  }

  /// The error a node's refusal or fault becomes, with the node's error attached: each cause
  /// its own code.
  public init(node error: NodeError, intentID: IntentID? = nil) {
    let code: Code =
      switch error.code {
      case .unavailable: .nodeUnavailable
      case .notRunning: .nodeStopped
      case .persistenceFailed: .nodeStorage
      case .responseLost: .responseLost
      case .disabled: .nodeDisabled
      case .ineligible: .ineligible
      case .requestConflict: .requestConflict
      case .invalidAmount: .insufficientLiquidity
      // Before the node's recovery an id it holds may be reported unknown: not an answer.
      case .requestNotFound: .retryable
      }
    self.init(code, "node: \(error)", intentID: intentID, nodeError: error)
  }

  /// The error a journal's refusal becomes, with the journal's error attached:
  /// `offline.journal_full` for `journal.full`, `offline.journal` for every other.
  public init(journal error: JournalError, intentID: IntentID? = nil) {
    self.init(
      error.code == .full ? .journalFull : .journal, "\(error)", intentID: intentID,
      journalError: error)
  }
}
