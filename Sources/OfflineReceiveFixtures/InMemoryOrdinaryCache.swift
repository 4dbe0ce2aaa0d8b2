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
