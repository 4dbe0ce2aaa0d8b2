import OfflineReceive

/// Stands in for the app's persisted preferences: shared by every store instance of a test, as
/// storage outlives a process.
actor InMemoryOrdinaryCache {
  private(set) var stored: DisplayedInvoice?
  private(set) var writes = 0

  init(_ stored: DisplayedInvoice? = nil) { self.stored = stored }

  func load() -> DisplayedInvoice? { stored }
  func store(_ invoice: DisplayedInvoice?) {
    writes += 1
    stored = invoice
  }
}

extension OfflineDisplayStore {
  /// A store whose ordinary invoice is loaded from, and persisted to, `ordinaryCache`.
  init(gate: PaymentGate, ordinaryCache cache: InMemoryOrdinaryCache) async {
    self.init(
      gate: gate, ordinary: await cache.load(), persistOrdinary: { await cache.store($0) })
  }
}
