import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

/// §2.R. Fixture: a validated invoice for 1000 sats, note "Offline", a fixed hash, expiring in
/// 600 s.
@Suite struct PaymentGateTests {
  static let now = TestInvoices.now
  static let hash = TestInvoices.hash(0x11)
  static let otherHash = TestInvoices.hash(0x33)

  static func invoice(
    hashByte: UInt8 = 0x11, amountMsat: UInt64 = 1_000_000, description: String = "Offline"
  )
    -> AcceptedInvoice
  {
    let invoice = TestInvoices.make(
      amountMsat: amountMsat, description: .text(description), expirySeconds: 600,
      hashByte: hashByte)
    return OfflineInvoiceValidator.validate(
      invoice.string, policy: TestInvoices.policy(amountMsat: amountMsat), now: now
    ).accepted!
  }

  static func paid(_ hash: PaymentHash = hash, inbound: Bool = true, succeeded: Bool = true)
    -> PaymentRecord
  {
    PaymentRecord(isInbound: inbound, succeeded: succeeded, paymentHash: hash)
  }

  let clock = ManualClock(seconds: now)

  @Test("R1: an already paid invoice cannot be registered")
  func r1() async {
    let gate = PaymentGate(history: FakeHistory([[Self.paid()]]), clock: clock)
    let token = await gate.beginPreparation()
    let refusal = await gate.register(Self.invoice(), token: token)
    #expect(refusal == .alreadyPaid)
    #expect(refusal?.errorCode == .alreadyPaid)
    #expect(await gate.contains(Self.invoice(), now: Self.now) == false)
  }

  @Test("R2: missing history refuses display")
  func r2() async {
    let gate = PaymentGate(history: FakeHistory([nil]), clock: clock)
    let token = await gate.beginPreparation()
    #expect(await gate.register(Self.invoice(), token: token) == .historyUnavailable)
    #expect(await gate.contains(Self.invoice(), now: Self.now) == false)
  }

  @Test("R3: only a matching, succeeded, inbound BOLT11 payment counts as paid")
  func r3() async {
    let history = FakeHistory([
      [
        Self.paid(Self.otherHash), Self.paid(succeeded: false), Self.paid(inbound: false),
        PaymentRecord(isInbound: true, succeeded: true, paymentHash: nil),
      ]
    ])
    let gate = PaymentGate(history: history, clock: clock)
    let token = await gate.beginPreparation()
    #expect(await gate.register(Self.invoice(), token: token) == nil)
    #expect(await gate.contains(Self.invoice(), now: Self.now))
  }

  @Test("R4: a payment event during the history read forces a fresh read")
  func r4() async {
    let history = FakeHistory([[], [Self.paid()]])
    let gate = PaymentGate(history: history, clock: clock)
    await history.onNextRead { await gate.paymentReceived(Self.hash) }
    let token = await gate.beginPreparation()
    #expect(await gate.register(Self.invoice(), token: token) == .alreadyPaid)
    #expect(await history.reads == 2)
    #expect(await gate.contains(Self.invoice(), now: Self.now) == false)
  }

  @Test("R5: an unrelated payment event also forces a re-read, without marking the invoice paid")
  func r5() async {
    let history = FakeHistory([[]])
    let gate = PaymentGate(history: history, clock: clock)
    await history.onNextRead { await gate.paymentReceived(Self.otherHash) }
    let token = await gate.beginPreparation()
    #expect(await gate.register(Self.invoice(), token: token) == nil)
    #expect(await history.reads == 2)
    #expect(await gate.contains(Self.invoice(), now: Self.now))
  }

  @Test("R6: a session reset during the read rejects the candidate")
  func r6() async {
    let history = FakeHistory([[]])
    let gate = PaymentGate(history: history, clock: clock)
    await history.onNextRead { await gate.reset() }
    let token = await gate.beginPreparation()
    #expect(await gate.register(Self.invoice(), token: token) == .stalePreparation)
    #expect(await gate.contains(Self.invoice(), now: Self.now) == false)
  }

  @Test("R7: a stale token does not even read history")
  func r7() async {
    let history = FakeHistory([[]])
    let gate = PaymentGate(history: history, clock: clock)
    let token = await gate.beginPreparation()
    await gate.reset()
    #expect(await gate.register(Self.invoice(), token: token) == .stalePreparation)
    #expect(await history.reads == 0)
  }

  @Test("R8: an older preparation cannot replace a newer displayed invoice (out of order)")
  func r8() async throws {
    let history = FakeHistory([[]])
    let gate = PaymentGate(history: history, clock: clock)
    let display = await OfflineDisplayStore(gate: gate, ordinaryCache: InMemoryOrdinaryCache())
    await display.setOfflineMode(true)
    await display.setRequest(amount: .sats(1000), description: "Offline")
    let old = Self.invoice()
    let tokenA = await gate.beginPreparation()
    await history.parkNextRead()
    let oldRegistration = Task { await gate.register(old, token: tokenA) }
    #expect(await eventually { await history.isParked })
    await display.setRequest(amount: .sats(2000), description: "Edited note")
    let newer = Self.invoice(hashByte: 0x44, amountMsat: 2_000_000, description: "Edited note")
    let tokenB = await gate.beginPreparation()
    #expect(await gate.register(newer, token: tokenB) == nil)
    #expect(await display.apply(newer, now: Self.now))
    await history.unpark()
    #expect(await oldRegistration.value == .stalePreparation)
    #expect(await history.reads == 2)
    #expect(await gate.contains(newer, now: Self.now))
    #expect(await gate.contains(old, now: Self.now) == false)
    #expect(await display.visible.bolt11 == newer.bolt11)
  }

  @Test("R9: token, expiry and cancellation are re-checked after the read")
  func r9() async {
    let history = FakeHistory([[]])
    let gate = PaymentGate(history: history, clock: clock)
    // Expiry during the read: the invoice's 600 s run out while history is being read.
    await history.onNextRead { await self.clock.advance(seconds: 600) }
    let token = await gate.beginPreparation()
    #expect(await gate.register(Self.invoice(), token: token) == .displayExpired)
    // Cancellation during the read.
    let cancelled = FakeHistory([[]])
    let gate2 = PaymentGate(history: cancelled, clock: ManualClock(seconds: Self.now))
    let token2 = await gate2.beginPreparation()
    await cancelled.onNextRead { withUnsafeCurrentTask { $0?.cancel() } }
    let refusal = await Task { await gate2.register(Self.invoice(), token: token2) }.value
    #expect(refusal == .cancelled)
  }

  @Test(
    "R10 (departs from: an unbounded retry loop, W11): a steady stream of events ends in a retryable refusal"
  )
  func r10() async {
    let history = FakeHistory([[]])
    let gate = PaymentGate(history: history, clock: clock, maxHistoryReads: 3)
    for _ in 0..<3 { await history.onNextRead { await gate.paymentReceived(Self.otherHash) } }
    let token = await gate.beginPreparation()
    let refusal = await gate.register(Self.invoice(), token: token)
    #expect(refusal == .historyBusy)
    #expect(refusal?.errorCode == .historyBusy)
    #expect(await history.reads == 3)
  }

  @Test(
    "R11: a payment event replaces the payment generation and removes only a matching registration")
  func r11() async {
    let gate = PaymentGate(history: FakeHistory([[]]), clock: clock)
    let token = await gate.beginPreparation()
    #expect(await gate.register(Self.invoice(), token: token) == nil)
    let before = await gate.paymentSequence
    await gate.paymentReceived(Self.otherHash)
    #expect(await gate.paymentSequence != before)
    #expect(await gate.contains(Self.invoice(), now: Self.now))
    await gate.paymentReceived(Self.hash)
    #expect(await gate.contains(Self.invoice(), now: Self.now) == false)
  }

  @Test(
    "R12 (departs from: reads the wall clock): contains needs the exact value and now < display end, with now passed in"
  )
  func r12() async {
    let gate = PaymentGate(history: FakeHistory([[]]), clock: clock)
    let token = await gate.beginPreparation()
    let invoice = Self.invoice()
    _ = await gate.register(invoice, token: token)
    #expect(await gate.contains(invoice, now: Self.now + 599))
    #expect(await gate.contains(invoice, now: Self.now + 600) == false)
    #expect(await gate.contains(Self.invoice(hashByte: 0x12), now: Self.now) == false)
  }

  @Test(
    "R13 (departs from: hashes compared as strings): a hash in upper-case hex is the same 32 bytes")
  func r13() async {
    let upper = PaymentHash(hex: String(repeating: "AB", count: 32))!
    let lower = PaymentHash(hex: String(repeating: "ab", count: 32))!
    #expect(upper == lower)
    #expect(Self.paid(upper).pays(lower))
    #expect(PaymentHash(hex: String(repeating: "ab", count: 31)) == nil)
  }

  @Test(
    "W9 (departs from: R9, an old invoice's expiry fails the new registration): retiring the old hash leaves the new preparation alone"
  )
  func w9() async {
    let history = FakeHistory([[]])
    let gate = PaymentGate(history: history, clock: clock)
    let old = Self.invoice()
    _ = await gate.register(old, token: await gate.beginPreparation())
    let tokenB = await gate.beginPreparation()
    await history.onNextRead { await gate.retire(old.paymentHash) }
    let newer = Self.invoice(hashByte: 0x44, amountMsat: 2_000_000)
    #expect(await gate.register(newer, token: tokenB) == nil)
  }

  @Test(
    "W10 (departs from: history alone): a settled, expired or failed provider status refuses display",
    arguments: [
      NodeRequestStatus.settled(fulfilled: true), .expired, .failed(reason: "deadline"),
    ])
  func w10(status: NodeRequestStatus) async {
    let statusSource = FakeStatus()
    await statusSource.set(status)
    let gate = PaymentGate(
      history: FakeHistory([[]]), providerStatus: { try await statusSource.status(of: $0) },
      clock: clock)
    let token = await gate.beginPreparation()
    #expect(
      await gate.register(Self.invoice(), token: token, intentID: IntentID("i"))
        == .providerTerminal)
  }
}
