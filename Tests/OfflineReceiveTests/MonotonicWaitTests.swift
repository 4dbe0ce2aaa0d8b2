import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

/// Defect 3: waits and timeouts run on a monotonic clock, never on the wall clock the user
/// can change.
@Suite struct MonotonicWaitTests {
  /// A phone whose wall clock jumps by `jump` seconds on every sleep, while its monotonic
  /// clock counts exactly the time slept. It refuses a 100th sleep, so a wait that never ends
  /// fails instead of hanging.
  actor JumpingClock: WallClock {
    var wall: Int64
    var monotonic: Duration = .zero
    let jump: Int64
    var sleeps = 0

    init(seconds: UInt64, jump: Int64) {
      wall = Int64(seconds)
      self.jump = jump
    }

    func now() -> UInt64 { UInt64(max(0, wall)) }
    func monotonicNow() async -> Duration { monotonic }
    func sleep(for duration: Duration) async throws {
      sleeps += 1
      guard sleeps < 100 else { throw CancellationError() }
      monotonic += duration
      wall += jump
      await Task.yield()
    }
  }

  @Test(
    "a 2 s prepare timeout answers pending after 2 s of waiting, whichever way the phone's clock jumps",
    arguments: [-30, -3600, 3600] as [Int64])
  func timeoutIgnoresWallClockJumps(jump: Int64) async throws {
    let node = SimulatedNode(
      nodeID: TestKeys.ourNodeID, clock: ManualClock(seconds: TestInvoices.now)
    ) { requestID, amount, description, createdAt in
      let invoice = TestInvoices.make(
        amountMsat: amount.rawValue, description: .text(description), createdAt: createdAt)
      return (invoice.string, invoice.expiresAt)
    }
    await node.setPeerConnected(false)  // preparing forever
    let phone = JumpingClock(seconds: TestInvoices.now, jump: jump)
    let provider = PollingProvider(
      node: node, journal: InMemoryRequestJournal(), scope: ProviderFixture.scope, clock: phone,
      timeout: .seconds(2), pollInterval: .milliseconds(500))
    let outcome = try await provider.prepare(
      intentID: IntentID("jump"), amount: Millisatoshis(1_000_000), description: "Coffee")
    #expect(outcome == .pending(IntentID("jump"), lastStatus: .preparing))
    // Checked before each sleep, exclusive: at 0, 0.5, 1 and 1.5 s it sleeps; at 2 s it answers.
    #expect(await phone.sleeps == 4)
    #expect(await phone.monotonic == .seconds(2))
  }

  @Test("ManualClock: set() moves the wall clock only; advance and sleep move both")
  func manualClockMonotonic() async throws {
    let clock = ManualClock(seconds: 1000)
    await clock.set(seconds: 10)
    #expect(await clock.monotonicNow() == .zero)
    await clock.advance(seconds: 3)
    try await clock.sleep(for: .milliseconds(250))
    #expect(await clock.monotonicNow() == .milliseconds(3250))
    #expect(await clock.now() == 13)
  }

  @Test("defect 11: ManualClock counts Durations, not milliseconds: sub-millisecond sleeps add up")
  func manualClockDuration() async throws {
    let clock = ManualClock(seconds: 1000)
    for _ in 0..<5 { try await clock.sleep(for: .microseconds(400)) }
    #expect(await clock.monotonicNow() == .milliseconds(2))
    #expect(await clock.wallTime == .seconds(1000) + .milliseconds(2))
    #expect(await clock.sleeps == Array(repeating: .microseconds(400), count: 5))
  }
}
