import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import TestSupport
import Testing

/// Two providers over one journal directory, as an app and its notification extension run:
/// a save computed from a record another process has moved on since never overwrites it.
@Suite struct CrossProcessJournalTests {
  @Test(
    "defect 1: a payment the extension records while the app restores is reported, not overwritten")
  func paymentDuringRestoreIsReported() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fixture = LifecycleFixture()
    let before = PollingProvider(
      node: fixture.node, journal: try FileRequestJournal(directory: directory.path),
      scope: ProviderFixture.scope, clock: fixture.phoneClock)
    let shown = try #require(
      try await before.prepare(intentID: IntentID("a"), amount: .sats(3000), description: "Coffee")
        .invoice)
    // The app restarts; the extension runs beside it over the same directory.
    let hooked = HookedNode(fixture.node)
    let app = PollingProvider(
      node: hooked, journal: try FileRequestJournal(directory: directory.path),
      scope: ProviderFixture.scope, clock: fixture.phoneClock)
    let extensionJournal = try FileRequestJournal(directory: directory.path)
    let appExtension = PollingProvider(
      node: fixture.node, journal: extensionJournal, scope: ProviderFixture.scope,
      clock: fixture.phoneClock)
    // Just before the node's Ready answer reaches the app, the payer pays and the extension
    // records it.
    await hooked.onNextPrepare {
      _ = try? await appExtension.paymentReceived(shown.paymentHash)
    }
    let report = try await app.restore()
    #expect(report.settled == [IntentID("a")])
    #expect(report.ready.isEmpty)
    let stored = try await extensionJournal.record(IntentID("a"))
    #expect(stored?.state == .terminal(.settled(fulfilled: true)))
  }

  @Test("defect 1: no journal replaces a settled record")
  func settledRecordIsNeverReplaced() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let paid = JournalRecord.coffee(
      "a", state: .terminal(.settled(fulfilled: true)), paymentHash: TestInvoices.hash(0x11),
      expiresAt: TestInvoices.now + 3600)
    var ready = paid
    ready.state = .ready
    let file = try FileRequestJournal(directory: directory.path)
    let memory = InMemoryRequestJournal()
    for journal in [file, memory] as [any RequestJournal] {
      try await journal.save(paid)
      let error = try await #require(throws: JournalError.self) { try await journal.save(ready) }
      #expect(error.code == .stale)
      #expect(try await journal.record(IntentID("a")) == paid)
    }
  }

  @Test("defect 1: a save naming an older version of the record is refused")
  func staleVersionIsRefused() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = JournalRecord.coffee("a", state: .submitted)
    var moved = first
    moved.state = .cancelling(.cancelled)
    var computed = first
    computed.state = .intent
    let file = try FileRequestJournal(directory: directory.path)
    let memory = InMemoryRequestJournal()
    for journal in [file, memory] as [any RequestJournal] {
      try await journal.save(first, replacing: nil)
      try await journal.save(moved, replacing: first)
      let error = try await #require(throws: JournalError.self) {
        try await journal.save(computed, replacing: first)
      }
      #expect(error.code == .stale)
      #expect(try await journal.record(IntentID("a")) == moved)
      let added = try await #require(throws: JournalError.self) {
        try await journal.save(computed, replacing: nil)
      }
      #expect(added.code == .stale)
    }
  }

  @Test("defect 6: a save the reader would refuse (ready without its hash) is not acknowledged")
  func unreadableRecordIsRefused() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let ready = JournalRecord.coffee("a", state: .ready)
    let file = try FileRequestJournal(directory: directory.path)
    for journal in [file, InMemoryRequestJournal()] as [any RequestJournal] {
      let error = try await #require(throws: JournalError.self) { try await journal.save(ready) }
      #expect(error.code == .invalidRecord)
      #expect(try await journal.records().isEmpty)
    }
    // What the file holds reads back whole in a fresh journal.
    #expect(try await FileRequestJournal(directory: directory.path).records().isEmpty)
  }
}
