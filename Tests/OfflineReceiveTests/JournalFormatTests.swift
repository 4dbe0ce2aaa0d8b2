import Bolt11
import Foundation
import OfflineReceive
import OfflineReceiveFixtures
import TestSupport
import Testing

/// The on-disk format stays readable: `Fixtures/journal-v1` was written by the file journal of
/// schema 1 (commit 70000e7, before the multi-process lock) and is checked in unchanged. Its
/// header's SHA-256 was checked with Python's `hashlib` when it was added.
@Suite struct JournalFormatTests {
  static var fixture: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/journal-v1").path
  }

  /// The records the fixture was written from, spelled out here independently of it.
  static var expected: [JournalRecord] {
    let scope = WalletScope(network: .regtest, nodeID: TestKeys.ourNodeID)
    let other = WalletScope(network: .bitcoin, nodeID: TestKeys.otherNodeID)
    let hash = TestInvoices.hash(0x11)
    func record(
      _ index: Int, _ state: RequestState, _ scope: WalletScope = scope,
      _ description: String = "Coffee"
    ) -> JournalRecord {
      let invoice = state == .ready
      return JournalRecord(
        intentID: IntentID("intent-\(index)"), nodeRequestID: "request-\(index)",
        amount: Millisatoshis(UInt64(index + 1) * 1_000_000), description: description,
        state: state, scope: scope, paymentHash: invoice ? hash : nil,
        expiresAt: invoice ? 1_700_003_600 : nil)
    }
    return [
      record(0, .intent), record(1, .submitted),
      record(2, .ready, scope, "Tea: \"hot\" ☕"),
      record(3, .terminal(.expired)), record(4, .terminal(.settled(fulfilled: true)), other),
      record(5, .terminal(.settled(fulfilled: false))),
      record(6, .terminal(.failed("settlement: node offline"))),
      record(7, .terminal(.cancelled)), record(8, .terminal(.refused("ineligible"))),
      record(9, .terminal(.invalidInvoice("offline.amount_mismatch"))),
    ]
  }

  @Test("a journal written in schema 1 opens with every record")
  func schemaOneOpens() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.copyItem(atPath: Self.fixture, toPath: directory.path + "/journal")
    let journal = try FileRequestJournal(directory: directory.path)
    #expect(try await journal.records() == Self.expected)
  }

  @Test("the first change rewrites a schema-1 journal as schema 3, every record kept")
  func schemaOneMigrates() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.copyItem(atPath: Self.fixture, toPath: directory.path + "/journal")
    let journal = try FileRequestJournal(directory: directory.path, capacity: 100)
    let added = JournalRecord(
      intentID: IntentID("intent-10"), nodeRequestID: "request-10",
      amount: Millisatoshis(11_000_000), description: "Coffee", state: .intent,
      scope: WalletScope(network: .regtest, nodeID: TestKeys.ourNodeID))
    try await journal.save(added)
    let text = try String(contentsOfFile: directory.path + "/journal", encoding: .utf8)
    #expect(text.hasPrefix("offline-journal 3 11 "))
    #expect(
      try await FileRequestJournal(directory: directory.path).records() == Self.expected + [added])
  }
}
