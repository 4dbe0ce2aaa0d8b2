import Bolt11
import Foundation
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import TestSupport
import Testing

/// The journal stays small: ended records go once no payment can arrive for them.
@Suite struct JournalRetentionTests {
  static let scope = ProviderFixture.scope

  static func ended(
    _ id: String, hash: UInt8?, expiresAt: UInt64?, reason: TerminalReason = .cancelled
  ) -> JournalRecord {
    JournalRecord(
      intentID: IntentID(id), nodeRequestID: id, amount: Millisatoshis(1000), description: "",
      state: .terminal(reason), scope: scope, paymentHash: hash.map(TestInvoices.hash),
      expiresAt: expiresAt)
  }

  @Test("an ended record is pruned only once its invoice's expiry plus the margin has passed")
  func pruneRule() async throws {
    let margin = PollingProvider.defaultEndedRetention
    #expect(margin == 172_800)
    let now: UInt64 = 1_800_000_000
    let journal = InMemoryRequestJournal(records: [
      Self.ended("payable", hash: 1, expiresAt: now - margin + 1),
      Self.ended("boundary", hash: 2, expiresAt: now - margin),
      Self.ended("old", hash: 3, expiresAt: now - margin - 1),
      Self.ended("paid", hash: 4, expiresAt: now - margin - 1, reason: .settled(fulfilled: true)),
      Self.ended("never-shown", hash: nil, expiresAt: nil),
      Self.ended("hash-without-expiry", hash: 5, expiresAt: nil),
      JournalRecord(
        intentID: IntentID("live"), nodeRequestID: "live", amount: Millisatoshis(1000),
        description: "", state: .ready, scope: Self.scope, paymentHash: TestInvoices.hash(6),
        expiresAt: 1),
    ])
    await journal.pruneEnded(asOf: now, margin: margin)
    #expect(
      await journal.records().map(\.intentID.rawValue) == [
        "payable", "hash-without-expiry", "live",
      ])
  }

  @Test("the provider prunes by itself: 300 cycles leave the journal bounded, none lost")
  func providerPrunes() async throws {
    let fixture = LifecycleFixture()
    var paid: [(PaymentHash, IntentID)] = []
    for cycle in 0..<300 {
      guard case .ready(let accepted, let intent) = try await fixture.prepare("c\(cycle)") else {
        Issue.record("cycle \(cycle) not ready")
        return
      }
      paid.append((accepted.paymentHash, intent))
      _ = try await fixture.provider.cancel(intentID: intent)
      // One request every ten minutes, on both clocks.
      await fixture.phoneClock.advance(seconds: 600)
      await fixture.nodeClock.advance(seconds: 600)
    }
    let records = await fixture.journal.records()
    // Invoices expire an hour after signing; ended records stay two days after that.
    let horizon = (3600 + PollingProvider.defaultEndedRetention) / 600
    #expect(records.count <= Int(horizon) + 2)
    #expect(records.count >= Int(horizon) - 2)
    // The provider keeps a slot per intent for the intent's life, and forgets it with its record.
    #expect(await fixture.provider.slotCount == records.count)
    // The newest ended invoice can still be paid, and its payment is recorded.
    let (lastHash, lastIntent) = paid[paid.count - 1]
    #expect(try await fixture.provider.paymentReceived(lastHash)?.intentID == lastIntent)
  }

  @Test("a phone clock set days forward prunes nothing a payment can still reach")
  func clockForwardKeepsPayableRecords() async throws {
    let fixture = LifecycleFixture()
    guard case .ready(let accepted, let intent) = try await fixture.prepare("first") else {
      Issue.record("not ready")
      return
    }
    _ = try await fixture.provider.cancel(intentID: intent)
    // The user sets the phone three days ahead, past the invoice's expiry and the two days of
    // retention; the node's clock is the real one.
    await fixture.phoneClock.advance(seconds: 3 * 86_400)
    // Its new invoice looks expired to the phone; what matters is the pruning before it.
    _ = try? await fixture.prepare("second")
    #expect(await fixture.journal.record(intent) != nil)
    // The first QR is paid after all: the payment is matched and recorded.
    #expect(try await fixture.provider.paymentReceived(accepted.paymentHash)?.intentID == intent)
  }

  @Test("after a failed write the next save re-reads the file and goes through, no call needed")
  func failedWriteRecoversAlone() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    try await journal.save(Self.ended("kept", hash: 1, expiresAt: 1))
    await journal.failNextWrite(at: .append)
    let failed = try await #require(throws: JournalError.self) {
      try await journal.save(Self.ended("failed", hash: 2, expiresAt: 1))
    }
    #expect(failed.code == .io)
    try await journal.save(Self.ended("next", hash: 3, expiresAt: 1))
    #expect(try await journal.records().map(\.intentID.rawValue) == ["kept", "next"])
  }
}
