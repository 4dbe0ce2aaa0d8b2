import Bolt11
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

@testable import OfflineReceive

/// Defect 2: a shown invoice is retired no later than its signed expiry, whatever the phone's
/// wall clock does before or after display, and across a sleep. The node's clock is the real
/// time; the phone's wall clock errs by the amounts below; its monotonic clock counts the real
/// seconds that pass (`ManualClock.advance` moves both of the phone's clocks).
@Suite struct DisplayClockTests {
  /// Shows a Coffee invoice signed at the node's now on a phone whose wall clock is off by
  /// `phoneBehindSeconds`, and returns the flow and the invoice shown.
  static func shown(phoneBehindSeconds: UInt64) async throws
    -> (LifecycleFixture, ReceiveFlow, AcceptedInvoice)
  {
    let fixture = LifecycleFixture(phoneBehindSeconds: phoneBehindSeconds)
    let flow = await fixture.flow()
    let outcome = try await flow.requestOfflineInvoice(
      amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
    let accepted = try #require(outcome.invoice)
    try #require(await flow.offlineInvoice == accepted)
    return (fixture, flow, accepted)
  }

  /// Lets `seconds` of real time pass: the node's clock and both of the phone's move.
  static func elapse(_ seconds: UInt64, _ fixture: LifecycleFixture) async {
    await fixture.nodeClock.advance(seconds: seconds)
    await fixture.phoneClock.advance(seconds: seconds)
  }

  @Test("defect 2: a phone 55 s behind (inside the accepted skew) retires the QR before expiry")
  func phoneBehindWithinSkew() async throws {
    let (fixture, flow, accepted) = try await Self.shown(phoneBehindSeconds: 55)
    let expiresAt = accepted.invoice.expiresAt
    // One real second before the signed expiry.
    await Self.elapse(expiresAt - 1 - (await fixture.nodeClock.seconds()), fixture)
    await flow.retireExpired()
    #expect(await flow.offlineInvoice == nil)
  }

  @Test(
    "defect 2: the phone's clock set back 2 h after display does not keep the QR",
    arguments: [
      0, 30, 59,
    ] as [UInt64])
  func clockSetBackAfterDisplay(behind: UInt64) async throws {
    let (fixture, flow, accepted) = try await Self.shown(phoneBehindSeconds: behind)
    await fixture.phoneClock.set(seconds: await fixture.phoneClock.seconds() - 7200)
    await Self.elapse(accepted.invoice.expiresAt - (await fixture.nodeClock.seconds()), fixture)
    await flow.retireExpired()
    #expect(await flow.offlineInvoice == nil)
    #expect(await flow.nextDeadline == nil)
  }

  @Test("defect 2: the phone's clock set forward after display retires early, never late")
  func clockSetForwardAfterDisplay() async throws {
    let (fixture, flow, _) = try await Self.shown(phoneBehindSeconds: 0)
    await fixture.phoneClock.set(seconds: await fixture.phoneClock.seconds() + 7200)
    await flow.retireExpired()
    #expect(await flow.offlineInvoice == nil)
  }

  @Test("defect 2: a phone clock ahead before display, set back after it, retires in time")
  func clockAheadThenBack() async throws {
    let fixture = LifecycleFixture()
    await fixture.phoneClock.set(seconds: TestInvoices.now + 1000)
    let flow = await fixture.flow()
    let outcome = try await flow.requestOfflineInvoice(
      amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
    let accepted = try #require(outcome.invoice)
    // Shown for what the phone believes is left (2,600 s) less the skew, counted on the
    // monotonic clock; setting the wall clock back afterwards changes nothing.
    let deadline = try #require(await flow.display.monotonicDeadline)
    let left = deadline - (await fixture.phoneClock.monotonicNow())
    #expect(left == .seconds(2539))  // 3600 − the phone's 1,001 s − the 60 s skew
    await fixture.phoneClock.set(seconds: TestInvoices.now - 2000)
    await Self.elapse(2538, fixture)
    await flow.retireExpired()
    #expect(await flow.offlineInvoice == accepted)
    await Self.elapse(1, fixture)
    await flow.retireExpired()
    #expect(await flow.offlineInvoice == nil)
    #expect(await fixture.nodeClock.seconds() < accepted.invoice.expiresAt)
  }

  @Test("defect 2: across a sleep the monotonic deadline keeps counting")
  func acrossSleep() async throws {
    let (fixture, flow, accepted) = try await Self.shown(phoneBehindSeconds: 0)
    // Asleep for the invoice's whole life, with the wall clock set back meanwhile (a timezone
    // or network time fix): the monotonic clock counted the sleep.
    await Self.elapse(accepted.invoice.expiresAt - (await fixture.nodeClock.seconds()), fixture)
    await fixture.phoneClock.set(seconds: TestInvoices.now)
    await flow.retireExpired()
    #expect(await flow.offlineInvoice == nil)
  }

  @Test("defect 2: applying the invoice on display again never moves its deadline later")
  func reapplyKeepsTheEarlierDeadline() async throws {
    let (fixture, flow, accepted) = try await Self.shown(phoneBehindSeconds: 0)
    let first = try #require(await flow.display.monotonicDeadline)
    await Self.elapse(600, fixture)
    await fixture.phoneClock.set(seconds: await fixture.phoneClock.seconds() - 1200)
    try await flow.restore(.ready(accepted, intentID: await flow.displayedIntent!))
    #expect(await flow.display.monotonicDeadline == first)
  }
}
