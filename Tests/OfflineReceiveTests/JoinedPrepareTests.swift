import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

/// Defect 8: a caller's cancellation cancels only its own wait.
@Suite struct JoinedPrepareTests {
  @Test("cancelling one of two joined prepares leaves the other's answer alone")
  func cancelOneOfTwo() async throws {
    let fixture = LifecycleFixture()
    let provider = PollingProvider(
      node: fixture.node, journal: fixture.journal, scope: ProviderFixture.scope,
      clock: fixture.phoneClock, timeout: .seconds(100_000))
    await fixture.node.setPeerConnected(false)  // preparing until the peer is back
    let intent = IntentID("joined")
    let first = Task {
      try await provider.prepare(intentID: intent, amount: .sats(1000), description: "Coffee")
    }
    #expect(await eventually { await provider.waiterCount(intent) == 1 })
    let second = Task {
      try await provider.prepare(intentID: intent, amount: .sats(1000), description: "Coffee")
    }
    #expect(await eventually { await provider.waiterCount(intent) == 2 })
    first.cancel()
    await #expect(throws: CancellationError.self) { try await first.value }
    #expect(await provider.waiterCount(intent) == 1)
    await fixture.node.setPeerConnected(true)
    guard case .ready(_, let readyIntent) = try await second.value else {
      Issue.record("the second caller did not get the invoice")
      return
    }
    #expect(readyIntent == intent)
    #expect(await provider.waiterCount(intent) == 0)
    #expect(await fixture.node.calls.filter { $0.hasPrefix("prepare") } == ["prepare joined"])
  }

  @Test("when every caller is cancelled the preparation stops; the intent is kept")
  func cancelAll() async throws {
    let fixture = LifecycleFixture()
    let provider = PollingProvider(
      node: fixture.node, journal: fixture.journal, scope: ProviderFixture.scope,
      clock: fixture.phoneClock, timeout: .seconds(100_000))
    await fixture.node.setPeerConnected(false)
    let intent = IntentID("alone")
    let only = Task {
      try await provider.prepare(intentID: intent, amount: .sats(1000), description: "Coffee")
    }
    #expect(await eventually { await provider.waiterCount(intent) == 1 })
    only.cancel()
    await #expect(throws: CancellationError.self) { try await only.value }
    #expect(await eventually { await provider.isPreparing(intent) == false })
    #expect(await fixture.journal.record(intent)?.state.isLive == true)
  }

  @Test(
    "defect 8: the immediate retry after a cancelled call resumes the intent, never in progress")
  func retryRightAfterCancel() async throws {
    for round in 0..<40 {
      let fixture = LifecycleFixture()
      let provider = PollingProvider(
        node: fixture.node, journal: fixture.journal, scope: ProviderFixture.scope,
        clock: fixture.phoneClock, timeout: .seconds(100_000))
      await fixture.node.setPeerConnected(false)  // preparing until the peer is back
      let intent = IntentID("retried-\(round)")
      let first = Task {
        try await provider.prepare(intentID: intent, amount: .sats(1000), description: "Coffee")
      }
      #expect(await eventually { await provider.waiterCount(intent) == 1 })
      first.cancel()
      await #expect(throws: CancellationError.self) { try await first.value }
      await fixture.node.setPeerConnected(true)
      // The retry right away: it joins or resumes the same intent.
      let outcome = try await provider.prepare(
        intentID: intent, amount: .sats(1000), description: "Coffee")
      #expect(outcome.intentID == intent, "round \(round)")
      #expect(outcome.invoice != nil, "round \(round)")
      #expect(await fixture.node.calls.filter { $0.hasPrefix("prepare") }.count == 2)
    }
  }
}
