/// The wallet's persisted ordinary invoice (spec §1.8: "the **ordinary** BOLT11/BIP21, which is
/// *persisted* across launches"). Offline strings never go here (D4).
public protocol OrdinaryInvoiceCache: Sendable {
  func load() async -> DisplayedInvoice?
  /// Stores `invoice`, or removes the cached one when nil.
  func store(_ invoice: DisplayedInvoice?) async
}
