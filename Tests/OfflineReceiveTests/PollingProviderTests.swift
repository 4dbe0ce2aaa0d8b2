import Bolt11
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

@testable import OfflineReceive

@Suite struct PollingProviderTests {
  @Test("P1: polls to Ready and keeps the identity in the journal after success")
  func p1() async throws {
    let fixture = ProviderFixture()
    let outcome = try await fixture.prepare("request-1")
    guard case .ready(let accepted, _) = outcome else { Issue.record("\(outcome)"); return }
    #expect(accepted.invoice.amount == Millisatoshis(1_000_000))
    #expect(
      await fixture.node.calls == [
        "prepare request-1", "status request-1", "status request-1", "status request-1",
      ])
    #expect(await fixture.clock.sleeps.count == 3)
    let record = try #require(await fixture.journal.record(IntentID("request-1")))
    #expect(record.state == .ready)
    #expect(record.paymentHash == accepted.paymentHash)
    #expect(record.expiresAt == accepted.invoice.expiresAt)
  }

  @Test(
    "P3 (departs from: timeout is `unavailable`): the deadline gives `.pending`, a retry resumes the same request (W8)"
  )
  func p3() async throws {
    let fixture = ProviderFixture()
    await fixture.clock.setSleepStep(.seconds(10))
    await fixture.node.setPeerConnected(false)  // N9: preparing forever
    let outcome = try await fixture.prepare("request-1")
    #expect(outcome == .pending(IntentID("request-1"), lastStatus: .preparing))
    #expect(await fixture.clock.sleeps.count == 6)
    await fixture.node.setPeerConnected(true)
    let retried = try await fixture.prepare("request-1")
    guard case .ready = retried else { Issue.record("\(retried)"); return }
    #expect(
      await fixture.node.calls.filter { $0.hasPrefix("prepare") } == [
        "prepare request-1", "prepare request-1",
      ])
    #expect(await fixture.node.liveRequestCount == 1)
  }

  @Test("P6/P17: capability in msat; zero and overflow never reach the node; errors answer false")
  func p6() async throws {
    let fixture = ProviderFixture()
    #expect(await fixture.provider.canReceive(amount: .sats(1000)))
    await fixture.node.inject([.disabled, .unavailable, .ineligible], into: .canReceive)
    for _ in 0..<3 { #expect(await fixture.provider.canReceive(amount: .sats(1000)) == false) }
    #expect(await fixture.provider.canReceive(amount: .sats(0)) == false)
    // A sat amount whose msat conversion overflows cannot be asked at all.
    #expect(Millisatoshis(satoshis: .max) == nil)
    #expect(await fixture.node.calls.count == 4)
    await #expect(throws: OfflineReceiveError.self) {
      try await fixture.provider.prepare(
        intentID: IntentID("x"), amount: Millisatoshis(0), description: "")
    }
    #expect(await fixture.journal.records().isEmpty)
  }

  @Test(
    "P7 (departs from: lookup by amount and note): two intents with equal amount and note get two node requests (W1)"
  )
  func w1() async throws {
    let fixture = ProviderFixture()
    _ = try await fixture.prepare("first")
    _ = try await fixture.prepare("second")
    let prepares = await fixture.node.calls.filter { $0.hasPrefix("prepare") }
    #expect(prepares == ["prepare first", "prepare second"])
    // W4: the first, superseded, was cancelled on the node and kept as a tombstone.
    #expect(await fixture.journal.record(IntentID("first"))?.state == .terminal(.cancelled))
  }

  @Test(
    "P9 (departs from: not-found means forget): a restart before recovery keeps the identity and resumes it by prepare (W3)"
  )
  func w3() async throws {
    let fixture = ProviderFixture()
    await fixture.node.setPeerConnected(false)
    let first = try await fixture.prepare("before-restart")
    guard case .pending = first else { Issue.record("\(first)"); return }
    await fixture.node.restart()
    await fixture.node.setPeerConnected(true)
    await #expect(throws: OfflineReceiveError.self) {
      try await fixture.prepare("before-restart")
    }
    #expect(await fixture.journal.record(IntentID("before-restart"))?.state.isLive == true)
    await fixture.node.recover()
    let restored = try await fixture.provider.restore()
    #expect(restored.ready.count == 1)
    #expect(
      await fixture.node.calls.filter { $0.hasPrefix("prepare") }.allSatisfy {
        $0 == "prepare before-restart"
      })
  }

  @Test("P11: task cancellation stops polling, leaves the node request and the journal alone")
  func p11() async throws {
    let fixture = ProviderFixture()
    await fixture.node.setPeerConnected(false)
    let task = Task {
      try await fixture.prepare("request-1")
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(await fixture.node.calls.contains { $0.hasPrefix("cancel") } == false)
  }

  @Test("P12: cancel releases the node request and keeps a tombstone; not-found still succeeds")
  func p12() async throws {
    let fixture = ProviderFixture()
    _ = try await fixture.prepare("r", description: "")
    try await fixture.provider.cancel(intentID: IntentID("r"))
    #expect(await fixture.node.isLive(requestID: "r") == false)
    #expect(await fixture.journal.record(IntentID("r"))?.state == .terminal(.cancelled))
    await fixture.node.restart()
    await fixture.node.recover()
    try await fixture.provider.cancel(intentID: IntentID("r"))
  }

  @Test(
    "P13 (departs from: payee checked only in this provider): wrong amount or payee is `invalid_invoice` via the validator (W13)",
    arguments: [(ProviderFixture.Secp256k1Key.ours, UInt64(1)), (.other, UInt64(0))])
  func p13(key: ProviderFixture.Secp256k1Key, offset: UInt64) async throws {
    let fixture = ProviderFixture(key: key, amountOffsetMsat: offset)
    do {
      _ = try await fixture.prepare("r")
      Issue.record("accepted a wrong invoice")
    } catch let error as OfflineReceiveError {
      #expect(error.code == .invalidInvoice)
      let expected = offset > 0 ? "offline.amount_mismatch" : "offline.payee_mismatch"
      #expect(error.rejection?.dottedCode == expected)
    }
    #expect(await fixture.journal.record(IntentID("r"))?.state.isLive == false)
  }

  @Test(
    "lost prepare response: the retry uses the same request id and the node holds one request (S13, S17)"
  )
  func lostResponse() async throws {
    let fixture = ProviderFixture()
    await fixture.node.loseResponses(.prepare)
    await #expect(throws: OfflineReceiveError.self) {
      try await fixture.prepare("r")
    }
    let outcome = try await fixture.prepare("r")
    guard case .ready = outcome else { Issue.record("\(outcome)"); return }
    #expect(
      await fixture.node.calls.filter { $0.hasPrefix("prepare") } == ["prepare r", "prepare r"])
    #expect(await fixture.node.liveRequestCount == 1)
  }

  @Test("W4: a provider that does not cancel other intents answers `offline.request_in_progress`")
  func w4() async throws {
    let fixture = ProviderFixture(cancelsOtherIntents: false)
    _ = try await fixture.prepare("a", description: "")
    do {
      _ = try await fixture.prepare("b", sats: 2000, description: "")
      Issue.record("a second live intent was allowed")
    } catch let error as OfflineReceiveError {
      #expect(error.code == .requestInProgress)
    }
  }

  @Test("W4: while our own invoice holds the channel, another amount is still offered and prepared")
  func w4OwnIntentDoesNotBlockCapability() async throws {
    let fixture = ProviderFixture()
    let first = try await fixture.prepare("a")
    #expect(first.invoice != nil)
    // The node refuses a second live request (one per channel), but the provider supersedes
    // its own intent on the next prepare, so the capability pre-check must not say no.
    #expect(await fixture.node.liveRequestCount == 1)
    #expect(await fixture.provider.canReceive(amount: .sats(2000)))
    let session = ReceiveFlow(
      provider: fixture.provider as any OfflineReceiveProvider, scope: ProviderFixture.scope,
      history: { [] }, clock: fixture.clock)
    let snapshot = EligibilitySnapshot(amount: .sats(2000), inboundCapacity: .sats(10_000))
    await session.updateEligibility(snapshot)
    #expect(await session.isEligible)
    let second = try await session.prepareInvoice(snapshot, description: "Tea")
    #expect(second.invoice?.invoice.amount == .sats(2000))
    #expect(await fixture.journal.record(IntentID("a"))?.state == .terminal(.cancelled))
  }

  @Test("W4: without supersede, our own live intent still answers no to another amount")
  func w4NoSupersedeStillNo() async throws {
    let fixture = ProviderFixture(cancelsOtherIntents: false)
    _ = try await fixture.prepare("a")
    #expect(await fixture.provider.canReceive(amount: .sats(2000)) == false)
  }

  @Test("W15: concurrent preparations of one intent join one in-flight task")
  func singleFlight() async throws {
    let fixture = ProviderFixture()
    let outcomes = try await withThrowingTaskGroup(of: PrepareOutcome<AcceptedInvoice>.self) {
      group in
      for _ in 0..<8 {
        group.addTask {
          try await fixture.prepare("r", description: "")
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(Set(outcomes.map { "\($0)" }).count == 1)
    #expect(await fixture.node.calls.filter { $0.hasPrefix("prepare") }.count == 1)
  }
}
