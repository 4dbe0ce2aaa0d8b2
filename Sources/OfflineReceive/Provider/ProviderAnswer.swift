/// What an offline-receive provider hands back for one preparation.
public enum ProviderAnswer: Sendable, Equatable {
  /// The raw BOLT11, not yet validated: the session passes it through `OfflineInvoiceValidator`.
  case invoice(String)
  /// The provider is still waiting on the node; resume later with the same intent id.
  case pending(IntentID, lastStatus: NodeRequestStatus?)
}
