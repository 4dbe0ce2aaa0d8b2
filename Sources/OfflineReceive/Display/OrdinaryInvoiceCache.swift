/// Where the wallet persists its ordinary (not offline) invoice across launches. Offline strings
/// never go here.
public protocol OrdinaryInvoiceCache: Sendable {
  /// The persisted ordinary invoice, if any.
  func load() async -> DisplayedInvoice?
  /// Stores `invoice`, or removes the cached one when nil.
  func store(_ invoice: DisplayedInvoice?) async
}
