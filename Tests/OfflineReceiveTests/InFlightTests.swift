import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

/// The phone's clock, with a hook run at the first wait: what the wallet does while a
/// preparation waits for the node.
actor HookedClock: WallClock {
  let base: ManualClock
  private var hook: (@Sendable () async -> Void)?

  init(base: ManualClock) { self.base = base }

  func setHook(_ hook: @escaping @Sendable () async -> Void) { self.hook = hook }
  func now() async -> UInt64 { await base.now() }
  func monotonicNow() async -> Duration { await base.monotonicNow() }
  func sleep(for duration: Duration) async throws {
    if let hook {
      self.hook = nil
      await hook()
    }
    try await base.sleep(for: duration)
  }
}

/// Calls that land on an intent while a preparation of it waits for the node: the provider's
/// calls share one request machine, so none overwrites what another recorded.
@Suite struct InFlightTests {
  @Test("a payment recorded while a resume waits for the node stays recorded when Ready comes")
  func paymentDuringResume() async throws {
    let fixture = LifecycleFixture()
    guard case .ready(let shown, _) = try await fixture.prepare("a") else {
      Issue.record("not ready")
      return
    }
    // The app restarts; the node recovers the request and re-releases its invoice later.
    await fixture.node.restart()
    await fixture.node.recover()
    let clock = HookedClock(base: fixture.phoneClock)
    let provider = PollingProvider(
      node: fixture.node, journal: fixture.journal, scope: ProviderFixture.scope, clock: clock)
    await clock.setHook { _ = try? await provider.paymentReceived(shown.paymentHash) }
    await #expect(throws: OfflineReceiveError.self) {
      try await provider.prepare(
        intentID: IntentID("a"), amount: .sats(3000), description: "Coffee")
    }
    #expect(await fixture.state("a") == .terminal(.settled(fulfilled: true)))
  }
}
