import Bolt11
import Foundation
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import TestSupport
import Testing

/// Defect 3: a damaged journal on a full disk never blocks receive, and its quarantine copies
/// never eat the disk.
@Suite struct FullDiskJournalTests {
  /// The `journal.corrupt-N` copies in `directory`.
  static func copies(_ directory: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix("journal.corrupt") }.sorted()
  }

  @Test(
    "defect 3: a damaged journal opens on a full disk; a payment is reported and kept until written"
  )
  func damagedJournalOnAFullDisk() async throws {
    try await DamagedJournalTests.damagedAfterReady { fixture, directory, _, shown in
      await fixture.node.restart()
      await fixture.node.recover()
      let journal = try FileRequestJournal(directory: directory.path)
      // The disk is full: the quarantine copy gets half its bytes, every file write fails.
      await journal.failWrites(at: [.quarantine, .write, .append])
      let provider = PollingProvider(
        node: fixture.node, journal: journal, scope: ProviderFixture.scope,
        clock: fixture.phoneClock)
      for _ in 0..<3 {
        let report = try await provider.restore()
        #expect(report.ready.map(\.intentID) == [IntentID("a")])
      }
      let damage = await provider.journalDamage
      #expect(damage.count == 1)
      #expect(damage.first?.salvagedCount == 1)
      #expect(damage.first?.quarantinePath == nil)
      // No partial copy is left behind.
      #expect(try Self.copies(directory).isEmpty)
      // The payment is reported although it cannot be written yet ...
      _ = await fixture.node.settle(requestID: "a")
      let payment = try await provider.paymentReceived(shown.paymentHash)
      #expect(payment?.intentID == IntentID("a"))
      #expect(try await journal.record(IntentID("a"))?.state == .ready)
      // ... and written by the first call once there is space again.
      await journal.failWrites(at: [])
      _ = try await provider.restore()
      let reopened = try FileRequestJournal(directory: directory.path)
      #expect(
        try await reopened.record(IntentID("a"))?.state == .terminal(.settled(fulfilled: true)))
      #expect(try Self.copies(directory).count == 1)
    }
  }

  @Test("defect 3: old quarantine copies are bounded")
  func quarantineCopiesAreBounded() async throws {
    try await DamagedJournalTests.damagedAfterReady { fixture, directory, provider, _ in
      for round in 0..<6 {
        if round > 0 {
          // Another save, then damage again.
          _ = try await provider.prepare(
            intentID: IntentID("b\(round)"), amount: .sats(3000), description: "Coffee")
          try DamagedJournalTests.damageLine(1, in: directory)
        }
        let journal = try FileRequestJournal(directory: directory.path)
        let error = try await #require(throws: JournalError.self) { try await journal.records() }
        #expect(error.code == .corrupt)
      }
      #expect(try Self.copies(directory).count == FileRequestJournal.quarantineLimit)
    }
  }

  @Test("defect 3: a read-only directory still lets the wallet read its records")
  func readOnlyDirectory() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let record = JournalRecord.coffee("a", state: .submitted)
    try await FileRequestJournal(directory: directory.path).save(record)
    let readOnly = try FileRequestJournal(directory: directory.path, simulatingReadOnly: true)
    #expect(try await readOnly.records() == [record])
    var next = record
    next.state = .cancelling(.cancelled)
    let error = try await #require(throws: JournalError.self) { try await readOnly.save(next) }
    #expect(error.code == .io)
    #expect(try await readOnly.record(IntentID("a")) == record)
    // Without a lock file (never written there) the records are read all the same.
    try FileManager.default.removeItem(atPath: directory.path + "/journal.lock")
    let unlocked = try FileRequestJournal(directory: directory.path, simulatingReadOnly: true)
    #expect(try await unlocked.records() == [record])
  }
}
