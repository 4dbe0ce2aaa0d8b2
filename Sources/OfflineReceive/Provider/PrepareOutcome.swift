/// What preparing an offline invoice produced for one intent: ready, or still pending.
///
/// `Invoice` is what a ready outcome carries: a provider hands the flow the raw BOLT11
/// (`PrepareOutcome<String>`), which the flow validates once; the polling provider and the flow
/// hand the wallet the validated invoice (`PrepareOutcome<AcceptedInvoice>`).
public enum PrepareOutcome<Invoice: Sendable & Equatable>: Sendable, Equatable {
  /// The node released an invoice for the intent.
  case ready(Invoice, intentID: IntentID)
  /// The deadline passed while the node was still working; resume later with the same intent.
  case pending(IntentID, lastStatus: NodeRequestStatus?)

  /// The intent this outcome belongs to: the key to resume, cancel or check it.
  public var intentID: IntentID {
    switch self {
    case .ready(_, let intentID), .pending(let intentID, _): intentID
    }
  }

  /// The invoice, when ready.
  public var invoice: Invoice? {
    if case .ready(let invoice, _) = self { invoice } else { nil }
  }
}
