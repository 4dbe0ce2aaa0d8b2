import Bolt11
import Foundation
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import TestSupport
import Testing

/// Defect 7 end to end: a damaged journal never blocks receive and never loses a payment.
@Suite struct DamagedJournalTests {
  /// The wallet's provider over a file journal in `directory`, on the fixture's node and clock.
  static func provider(_ fixture: LifecycleFixture, _ directory: TemporaryDirectory) throws
    -> PollingProvider
  {
    PollingProvider(
      node: fixture.node, journal: try FileRequestJournal(directory: directory.path),
      scope: ProviderFixture.scope, clock: fixture.phoneClock)
  }

  /// Flips one byte inside line `index` of the journal file (line 0 is the header).
  static func damageLine(_ index: Int, in directory: TemporaryDirectory) throws {
    let url = URL(fileURLWithPath: directory.path + "/journal")
    var bytes = try Array(Data(contentsOf: url))
    let starts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    bytes[starts[index] + 40] ^= 0x01
    try Data(bytes).write(to: url)
  }

  /// A provider over a file journal that prepared "a" until Ready (the journal holds its
  /// intent, submitted and ready lines), then had its `submitted` line damaged; the `ready` line
  /// after it still proves the intent. Runs `body` with the fixture, the directory, the provider
  /// and the invoice shown, then removes the directory.
  static func damagedAfterReady(
    _ body: (LifecycleFixture, TemporaryDirectory, PollingProvider, AcceptedInvoice) async throws
      -> Void
  ) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fixture = LifecycleFixture()
    let provider = try Self.provider(fixture, directory)
    let shown = try #require(
      try await provider.prepare(
        intentID: IntentID("a"), amount: .sats(3000), description: "Coffee"
      ).invoice)
    try Self.damageLine(2, in: directory)
    try await body(fixture, directory, provider, shown)
  }

  @Test("after a restart: the damage is reported, the live request restored, its payment recorded")
  func restoreAfterDamage() async throws {
    try await Self.damagedAfterReady { fixture, directory, _, shown in
      await fixture.node.restart()
      await fixture.node.recover()
      let provider = try Self.provider(fixture, directory)
      let report = try await provider.restore()
      #expect(report.journalDamage.map(\.code) == [.corrupt])
      #expect(report.journalDamage.first?.salvagedCount == 1)
      #expect(report.ready.map(\.intentID) == [IntentID("a")])
      #expect(report.ready.first?.invoice?.bolt11 == shown.bolt11)
      // The restored invoice is paid and recorded; the next request goes through.
      _ = await fixture.node.settle(requestID: "a")
      #expect(try await provider.paymentReceived(shown.paymentHash)?.intentID == IntentID("a"))
      let next = try await provider.prepare(
        intentID: IntentID("b"), amount: .sats(3000), description: "Coffee")
      #expect(next.invoice != nil)
    }
  }

  @Test("while running: a payment after the file was damaged underneath is recorded and survives")
  func paymentAfterDamage() async throws {
    try await Self.damagedAfterReady { fixture, directory, provider, shown in
      _ = await fixture.node.settle(requestID: "a")
      // The running journal appends the payment after what it read; the damage is found by the
      // next full read, whose salvage keeps the payment's own line.
      #expect(try await provider.paymentReceived(shown.paymentHash)?.intentID == IntentID("a"))
      let reopened = try FileRequestJournal(directory: directory.path)
      let damage = try await #require(throws: JournalError.self) { try await reopened.records() }
      #expect(damage.code == .corrupt)
      #expect(
        try await reopened.record(IntentID("a"))?.state == .terminal(.settled(fulfilled: true)))
    }
  }
}
