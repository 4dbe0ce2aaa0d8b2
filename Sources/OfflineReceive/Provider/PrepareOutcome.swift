/// What a preparation produced.
public enum PrepareOutcome: Sendable, Equatable {
  /// The node released an invoice that passed the offline validator.
  case ready(AcceptedInvoice)
  /// The deadline passed while the node was still working; resume later with the same intent.
  case pending(IntentID, lastStatus: NodeRequestStatus?)
}
