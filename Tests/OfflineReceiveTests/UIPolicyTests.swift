import OfflineReceive
import OfflineReceiveTesting
import Testing

/// §2.U as pure predicates, plus U2/U7 over the flow.
@Suite struct UIPolicyTests {
  typealias Policy = ReceiveUIPolicy

  @Test("U1: only a prepared offline QR bypasses the no-connection overlay")
  func u1() {
    #expect(
      Policy.mayBypassConnectionOverlay(
        route: .qr(showsCJIT: false), hasPreparedOfflineInvoice: true))
    #expect(
      !Policy.mayBypassConnectionOverlay(
        route: .qr(showsCJIT: false), hasPreparedOfflineInvoice: false))
    #expect(
      !Policy.mayBypassConnectionOverlay(
        route: .qr(showsCJIT: true), hasPreparedOfflineInvoice: true))
    #expect(!Policy.mayBypassConnectionOverlay(route: .edit, hasPreparedOfflineInvoice: true))
    #expect(
      Policy.showsConnectionOverlay(isConnected: false, offlineDisplayAllowed: false, forced: false)
    )
    #expect(
      !Policy.showsConnectionOverlay(isConnected: false, offlineDisplayAllowed: true, forced: false)
    )
    #expect(
      Policy.showsConnectionOverlay(isConnected: true, offlineDisplayAllowed: true, forced: true))
    #expect(
      !Policy.showsConnectionOverlay(isConnected: true, offlineDisplayAllowed: false, forced: false)
    )
  }

  @Test("U2/U7: every presentation has a fresh identity and resets the offline session")
  func u2() async throws {
    let clock = ManualClock(seconds: TestInvoices.now)
    let session = OfflineReceiveSession(
      provider: FakeProvider(), scope: SessionTests.scope, clock: clock)
    let gate = PaymentGate(history: FakeHistory(), clock: clock)
    let flow = ReceiveFlow(
      session: session, gate: gate,
      display: await OfflineDisplayStore(gate: gate, ordinaryCache: InMemoryOrdinaryCache()),
      clock: clock)
    let first = await flow.presentSheet()
    await session.updateEligibility(
      EligibilitySnapshot(amountSats: 1000, inboundCapacitySats: 1000))
    #expect(await session.isEligible)
    let second = await flow.presentSheet()
    #expect(first != second)
    #expect(await session.isEligible == false)
  }

  @Test(
    "U3: the checkbox shows on can-select or an attempt, never on savings, hardware or on-chain tabs"
  )
  func u3() {
    #expect(Policy.showsOfflineCheckbox(source: .spending, canSelect: true, hasAttempt: false))
    #expect(Policy.showsOfflineCheckbox(source: .spending, canSelect: false, hasAttempt: true))
    #expect(!Policy.showsOfflineCheckbox(source: .spending, canSelect: false, hasAttempt: false))
    for source in [Policy.Source.savings, .hardware, .onchainOnly] {
      #expect(!Policy.showsOfflineCheckbox(source: source, canSelect: true, hasAttempt: true))
    }
  }

  @Test("U4: editing the note clears selection when neither condition holds")
  func u4() {
    #expect(!Policy.keepsSelectionAfterNoteEdit(canSelect: false, hasAttempt: false))
    #expect(Policy.keepsSelectionAfterNoteEdit(canSelect: true, hasAttempt: false))
    #expect(Policy.keepsSelectionAfterNoteEdit(canSelect: false, hasAttempt: true))
  }

  @Test("U5: Show QR with offline selected but neither condition is refused with unavailable")
  func u5() {
    #expect(
      Policy.showQRRefusal(offlineSelected: true, canSelect: false, hasAttempt: false)?.code
        == .unavailable)
    #expect(Policy.showQRRefusal(offlineSelected: true, canSelect: true, hasAttempt: false) == nil)
    #expect(
      Policy.showQRRefusal(offlineSelected: false, canSelect: false, hasAttempt: false) == nil)
  }

  @Test("U6: the editor waits up to 10 s for a starting node")
  func u6() {
    #expect(!Policy.givesUpWaitingForNode(startedAt: 1_000, now: 10_999))
    #expect(Policy.givesUpWaitingForNode(startedAt: 1_000, now: 11_000))
  }

  @Test(
    "U7 (departs from: a once-a-second UI ticker, W17): nextDeadline and retireExpired(now:) retire without a UI"
  )
  func u7() async throws {
    let clock = ManualClock(seconds: TestInvoices.now)
    let session = OfflineReceiveSession(
      provider: FakeProvider(), scope: SessionTests.scope, clock: clock)
    let gate = PaymentGate(history: FakeHistory(), clock: clock)
    let flow = ReceiveFlow(
      session: session, gate: gate,
      display: await OfflineDisplayStore(gate: gate, ordinaryCache: InMemoryOrdinaryCache()),
      clock: clock)
    _ = try await flow.requestOfflineInvoice(
      amountSats: 1000, note: "Coffee", channels: WalletEntryTests.channels)
    // The fake's invoice expires 3600 s after the test clock; max display is 3600 s.
    let deadline = try #require(await flow.nextDeadline)
    #expect(deadline == TestInvoices.now + 3600)
    #expect(await flow.retireExpired(now: deadline - 1) == false)
    #expect(await flow.retireExpired(now: deadline))
    #expect(await flow.display.visible == .empty)
    #expect(await flow.nextDeadline == nil)
  }
}
