import Bolt11
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

@testable import OfflineReceive

/// After a process restart or a reboot, a restored invoice's display deadline is never later
/// than the one it had when first shown: the flow stores the deadline as first computed (the
/// accepted skew taken off) and a restored invoice gets the earlier of that one and the one
/// computed at restore. The node's clock is the real time; the phone's wall clock is off by the
/// amounts below; its monotonic clock counts the real seconds (and, in these tests, goes on
/// across the simulated restart, so deadlines before and after compare as real instants).
@Suite struct RestoredDeadlineTests {
  /// The wallet's storage of the display deadline, which outlives the process.
  actor Storage {
    private(set) var deadline: DisplayDeadline?
    private(set) var writes: [DisplayDeadline?] = []
    func store(_ deadline: DisplayDeadline?) {
      self.deadline = deadline
      writes.append(deadline)
    }
  }

  /// A node that signs `expirySeconds` invoices, its journal, and the phone.
  struct Phone {
    let nodeClock = ManualClock(seconds: TestInvoices.now)
    let phoneClock = ManualClock(seconds: TestInvoices.now)
    let journal = InMemoryRequestJournal()
    let storage = Storage()
    let node: SimulatedNode

    init(expirySeconds: UInt64) {
      node = SimulatedNode(nodeID: TestKeys.ourNodeID, clock: nodeClock) {
        requestID, amount, description, createdAt in
        let invoice = TestInvoices.make(
          amountMsat: amount.rawValue, description: .text(description), createdAt: createdAt,
          expirySeconds: expirySeconds, paymentHash: TestInvoices.hash(requestID: requestID))
        return (invoice.string, invoice.expiresAt)
      }
    }

    /// A process: a provider over the node and journal, and a flow with the stored deadline.
    func launch() async -> (PollingProvider, ReceiveFlow) {
      let provider = PollingProvider(
        node: node, journal: journal, scope: ProviderFixture.scope, clock: phoneClock)
      let flow = await ReceiveFlow(
        provider: provider, scope: ProviderFixture.scope, history: { [] }, clock: phoneClock,
        displayDeadline: await storage.deadline,
        persistDisplayDeadline: { await storage.store($0) })
      return (provider, flow)
    }

    /// Real time passes: the node's clock and both of the phone's move.
    func elapse(_ seconds: UInt64) async {
      await nodeClock.advance(seconds: seconds)
      await phoneClock.advance(seconds: seconds)
    }

    /// Sets the phone's wall clock `offset` seconds off the real time.
    func setPhone(offset: Int64) async {
      let real = Int64(await nodeClock.seconds())
      await phoneClock.set(seconds: UInt64(real + offset))
    }

    /// Shows Coffee for 3,000 sats.
    func show(_ flow: ReceiveFlow) async throws -> AcceptedInvoice {
      let outcome = try await flow.requestOfflineInvoice(
        amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
      return try #require(outcome.invoice)
    }
  }

  @Test(
    "restored deadline: a long-lived invoice restored later keeps the deadline it was first shown with"
  )
  func longLivedInvoiceKeepsItsFirstDeadline() async throws {
    // Two hours signed; shown for the policy's one hour, less the 60 s skew.
    let phone = Phone(expirySeconds: 7200)
    let (_, first) = await phone.launch()
    let shown = try await phone.show(first)
    let stored = try #require(await phone.storage.deadline)
    #expect(shown.displayUntil == stored.shownAt + 3600)
    #expect(stored.paymentHash == shown.paymentHash)
    #expect(stored.retireAt == shown.displayUntil - 60)
    let firstDeadline = try #require(await first.display.monotonicDeadline)

    // 1,000 s later the process restarts; restoring validates the invoice again, which would
    // give it another full hour from now.
    await phone.elapse(1000)
    let (provider, second) = await phone.launch()
    let restored = try #require(try await provider.restore().ready.first)
    let again = try #require(restored.invoice)
    #expect(again.displayUntil >= shown.displayUntil + 1000)
    try await second.restore(restored)
    // The deadline it was first given, less at most the second the wall clock cannot tell.
    let restoredDeadline = try #require(await second.display.monotonicDeadline)
    #expect(restoredDeadline <= firstDeadline)
    #expect(restoredDeadline >= firstDeadline - .seconds(1))
    #expect(try #require(await second.nextDeadline) <= stored.retireAt)
    // Shown again without a second deadline being stored.
    #expect(await phone.storage.writes.count == 1)
    let left = restoredDeadline - (await phone.phoneClock.monotonicNow())
    await phone.elapse(UInt64(left.components.seconds) - 1)
    #expect(await second.retireExpired() == false)
    await phone.elapse(1)
    #expect(await second.retireExpired())
    // Off the QR for good: the stored deadline is removed.
    #expect(await phone.storage.deadline == nil)
  }

  @Test(
    "restored deadline: jumps of the phone's clock before display, after it and across a restart never lengthen the display",
    arguments: [-50, 0, 1000] as [Int64], [-7200, -30, 0, 7200] as [Int64])
  func clockJumps(before: Int64, after: Int64) async throws {
    let phone = Phone(expirySeconds: 3600)
    await phone.setPhone(offset: before)
    let (_, first) = await phone.launch()
    let shown = try await phone.show(first)
    let stored = try #require(await phone.storage.deadline)
    let firstDeadline = try #require(await first.display.monotonicDeadline)
    // 600 real seconds pass, the phone's clock jumps, and the process restarts.
    await phone.elapse(600)
    await phone.setPhone(offset: after)
    let (provider, second) = await phone.launch()
    guard let restored = try await provider.restore().ready.first else {
      // The validator refuses it at the phone's time: signed too far in its future, or
      // expired.
      #expect(after < -60 || after >= 3000)
      return
    }
    try await second.restore(restored)
    guard let deadline = await second.nextDeadline else {
      #expect(await second.offlineInvoice == nil)
      return
    }
    // Never later than the deadline it was first given, as the wall clock reads it.
    #expect(deadline <= stored.retireAt)
    let restoredDeadline = try #require(await second.display.monotonicDeadline)
    if after >= before {
      // The wall clock was not set back across the restart: not later in real time either,
      // so never past the signed expiry.
      #expect(restoredDeadline <= firstDeadline)
      let expiresIn = Duration.seconds(shown.invoice.expiresAt - (await phone.nodeClock.seconds()))
      #expect(restoredDeadline <= (await phone.phoneClock.monotonicNow()) + expiresIn)
    }
    // A jump after the restore moves nothing: the QR goes at the restored deadline.
    await phone.setPhone(offset: after - 7200)
    let left = restoredDeadline - (await phone.phoneClock.monotonicNow())
    await phone.elapse(UInt64(left.components.seconds))
    #expect(await second.retireExpired())
  }
}
