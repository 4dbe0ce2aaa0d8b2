/// What the session's preparation produced, with the intent it belongs to.
public struct PreparationResult: Sendable, Equatable {
  /// The intent the invoice was prepared for: the key of the payment gate's provider-status
  /// check and of `PollingProvider.cancel`.
  public var intentID: IntentID
  /// Ready with a validated invoice, or pending.
  public var outcome: PrepareOutcome

  /// The outcome of preparing `intentID`.
  public init(intentID: IntentID, outcome: PrepareOutcome) {
    self.intentID = intentID
    self.outcome = outcome
  }

  /// The accepted invoice, when ready.
  public var accepted: AcceptedInvoice? {
    if case .ready(let accepted) = outcome { accepted } else { nil }
  }
}
