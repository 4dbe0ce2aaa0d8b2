import OfflineReceive

/// Stands in for the app's persisted preferences: shared by every store instance of a test, as
/// storage outlives a process.
package actor InMemoryOrdinaryCache {
  package private(set) var stored: DisplayedInvoice?
  package private(set) var writes = 0

  package init(_ stored: DisplayedInvoice? = nil) { self.stored = stored }

  package func load() -> DisplayedInvoice? { stored }
  package func store(_ invoice: DisplayedInvoice?) {
    writes += 1
    stored = invoice
  }
}

extension OfflineDisplayStore {
  /// A store whose ordinary invoice is loaded from, and persisted to, `ordinaryCache`.
  package init(gate: PaymentGate, ordinaryCache cache: InMemoryOrdinaryCache) async {
    self.init(
      gate: gate, ordinary: await cache.load(), persistOrdinary: { await cache.store($0) })
  }
}
