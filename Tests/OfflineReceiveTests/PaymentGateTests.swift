import Bolt11
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

@testable import OfflineReceive

/// §2.R, on the gate's value machine: each read a registration asks for is answered here, and
/// what happens "during" a read is an event on the gate between the step and its answer.
/// Fixture: a validated invoice for 1000 sats, note "Offline", a fixed hash, expiring in
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

  /// Runs a registration of `invoice` to its end: the n-th history read answers `history[n]`
  /// (the last one repeats) after `duringRead[n]` ran on the gate; the provider's status is
  /// `status` (nil: unreadable), the clock reads `now`.
  static func register(
    _ invoice: AcceptedInvoice, on gate: inout PaymentGate, token: UInt64,
    intentID: IntentID? = nil, history: [[PaymentRecord]?] = [[]],
    status: NodeRequestStatus? = nil, now: UInt64 = now, cancelled: Bool = false,
    duringRead: [(inout PaymentGate) -> Void] = []
  ) -> (refusal: RegistrationRefusal?, reads: Int) {
    var registration = PaymentGate.Registration(invoice, token: token, statusOf: intentID)
    var step = gate.start(&registration)
    var reads = 0
    while true {
      switch step {
      case .done(let refusal):
        return (refusal, reads)
      case .readHistory:
        if reads < duringRead.count { duringRead[reads](&gate) }
        let payments = history[min(reads, history.count - 1)]
        reads += 1
        step = gate.historyRead(payments, cancelled: cancelled, &registration)
      case .readProviderStatus(let asked):
        #expect(asked == intentID)
        step = gate.providerStatusRead(status, &registration)
      case .readClock:
        step = gate.clockRead(now, &registration)
      }
    }
  }

  @Test("R1: an already paid invoice cannot be registered")
  func r1() {
    var gate = PaymentGate()
    let token = gate.beginPreparation()
    let refusal = Self.register(Self.invoice(), on: &gate, token: token, history: [[Self.paid()]])
      .refusal
    #expect(refusal == .alreadyPaid)
    #expect(refusal?.errorCode == .alreadyPaid)
    #expect(gate.contains(Self.invoice(), now: Self.now) == false)
  }

  @Test("R2: missing history refuses display")
  func r2() {
    var gate = PaymentGate()
    let token = gate.beginPreparation()
    #expect(
      Self.register(Self.invoice(), on: &gate, token: token, history: [nil]).refusal
        == .historyUnavailable)
    #expect(gate.contains(Self.invoice(), now: Self.now) == false)
  }

  @Test("R3: only a matching, succeeded, inbound BOLT11 payment counts as paid")
  func r3() {
    let history: [[PaymentRecord]?] = [
      [
        Self.paid(Self.otherHash), Self.paid(succeeded: false), Self.paid(inbound: false),
        PaymentRecord(isInbound: true, succeeded: true, paymentHash: nil),
      ]
    ]
    var gate = PaymentGate()
    let token = gate.beginPreparation()
    let registered = Self.register(Self.invoice(), on: &gate, token: token, history: history)
      .refusal
    #expect(registered == nil)
    #expect(gate.contains(Self.invoice(), now: Self.now))
  }

  @Test("R4: a payment event during the history read forces a fresh read")
  func r4() {
    var gate = PaymentGate()
    let token = gate.beginPreparation()
    let (refusal, reads) = Self.register(
      Self.invoice(), on: &gate, token: token, history: [[], [Self.paid()]],
      duringRead: [{ (gate: inout PaymentGate) in gate.paymentReceived(Self.hash) }])
    #expect(refusal == .alreadyPaid)
    #expect(reads == 2)
    #expect(gate.contains(Self.invoice(), now: Self.now) == false)
  }

  @Test("R5: an unrelated payment event also forces a re-read, without marking the invoice paid")
  func r5() {
    var gate = PaymentGate()
    let token = gate.beginPreparation()
    let (refusal, reads) = Self.register(
      Self.invoice(), on: &gate, token: token,
      duringRead: [{ (gate: inout PaymentGate) in gate.paymentReceived(Self.otherHash) }])
    #expect(refusal == nil)
    #expect(reads == 2)
    #expect(gate.contains(Self.invoice(), now: Self.now))
  }

  @Test("R6: a session reset during the read rejects the candidate")
  func r6() {
    var gate = PaymentGate()
    let token = gate.beginPreparation()
    let refusal = Self.register(
      Self.invoice(), on: &gate, token: token,
      duringRead: [{ (gate: inout PaymentGate) in gate.reset() }]
    ).refusal
    #expect(refusal == .stalePreparation)
    #expect(gate.contains(Self.invoice(), now: Self.now) == false)
  }

  @Test("R7: a stale token does not even read history")
  func r7() {
    var gate = PaymentGate()
    let token = gate.beginPreparation()
    gate.reset()
    let (refusal, reads) = Self.register(Self.invoice(), on: &gate, token: token)
    #expect(refusal == .stalePreparation)
    #expect(reads == 0)
  }

  @Test("R8: an older preparation cannot replace a newer registered invoice (out of order)")
  func r8() {
    var gate = PaymentGate()
    let old = Self.invoice()
    let tokenA = gate.beginPreparation()
    var oldRegistration = PaymentGate.Registration(old, token: tokenA)
    let step = gate.start(&oldRegistration)
    #expect(step == .readHistory)
    // While the old registration reads the history, a newer preparation registers.
    let newer = Self.invoice(hashByte: 0x44, amountMsat: 2_000_000, description: "Edited note")
    let tokenB = gate.beginPreparation()
    let registered = Self.register(newer, on: &gate, token: tokenB).refusal
    #expect(registered == nil)
    let step2 = gate.historyRead([], cancelled: false, &oldRegistration)
    #expect(step2 == .done(.stalePreparation))
    #expect(gate.contains(newer, now: Self.now))
    #expect(gate.contains(old, now: Self.now) == false)
  }

  @Test("defect 8: a registration cancelled while a newer one overtook it is cancelled, not stale")
  func cancelledBeforeStale() {
    var gate = PaymentGate()
    let old = Self.invoice()
    var registration = PaymentGate.Registration(old, token: gate.beginPreparation())
    #expect(gate.start(&registration) == .readHistory)
    // The retry of the cancelled call takes the turn while the old read is out.
    _ = gate.beginPreparation()
    // The cancelled call gets CancellationError (`.cancelled`), as the flow documents.
    #expect(gate.historyRead([], cancelled: true, &registration) == .done(.cancelled))
  }

  @Test("R9: token, expiry and cancellation are re-checked after the read")
  func r9() {
    // Expiry during the read: the invoice's 600 s ran out by the time the clock is read.
    var gate = PaymentGate()
    let invoice = Self.invoice()
    var token = gate.beginPreparation()
    #expect(
      Self.register(invoice, on: &gate, token: token, now: invoice.displayUntil).refusal
        == .displayExpired)
    // Cancellation during the read.
    token = gate.beginPreparation()
    #expect(
      Self.register(invoice, on: &gate, token: token, cancelled: true).refusal == .cancelled)
    #expect(gate.registered == nil)
  }

  @Test(
    "R10 (departs from: an unbounded retry loop, W11): a steady stream of events ends in a retryable refusal"
  )
  func r10() {
    var gate = PaymentGate(maxHistoryReads: 3)
    let token = gate.beginPreparation()
    let (refusal, reads) = Self.register(
      Self.invoice(), on: &gate, token: token,
      duringRead: Array(
        repeating: { (gate: inout PaymentGate) in gate.paymentReceived(Self.otherHash) }, count: 3))
    #expect(refusal == .historyBusy)
    #expect(refusal?.errorCode == .historyBusy)
    #expect(reads == 3)
  }

  @Test(
    "R11: a payment event replaces the payment generation and removes only a matching registration")
  func r11() {
    var gate = PaymentGate()
    let token = gate.beginPreparation()
    let registered = Self.register(Self.invoice(), on: &gate, token: token).refusal
    #expect(registered == nil)
    let before = gate.paymentSequence
    gate.paymentReceived(Self.otherHash)
    #expect(gate.paymentSequence != before)
    #expect(gate.contains(Self.invoice(), now: Self.now))
    gate.paymentReceived(Self.hash)
    #expect(gate.contains(Self.invoice(), now: Self.now) == false)
  }

  @Test(
    "R12 (departs from: reads the wall clock): contains needs the exact value and now < display end, with now passed in"
  )
  func r12() {
    var gate = PaymentGate()
    let token = gate.beginPreparation()
    let invoice = Self.invoice()
    _ = Self.register(invoice, on: &gate, token: token)
    #expect(gate.contains(invoice, now: Self.now + 599))
    #expect(gate.contains(invoice, now: Self.now + 600) == false)
    #expect(gate.contains(Self.invoice(hashByte: 0x12), now: Self.now) == false)
  }

  @Test(
    "R13 (departs from: hashes compared as strings): a hash in upper-case hex is the same 32 bytes")
  func r13() {
    let upper = PaymentHash(hex: String(repeating: "AB", count: 32))!
    let lower = PaymentHash(hex: String(repeating: "ab", count: 32))!
    #expect(upper == lower)
    #expect(Self.paid(upper).pays(lower))
    #expect(PaymentHash(hex: String(repeating: "ab", count: 31)) == nil)
  }

  @Test(
    "W9 (departs from: R9, an old invoice's expiry fails the new registration): retiring the old hash leaves the new preparation alone"
  )
  func w9() {
    var gate = PaymentGate()
    let old = Self.invoice()
    _ = Self.register(old, on: &gate, token: gate.beginPreparation())
    let tokenB = gate.beginPreparation()
    let newer = Self.invoice(hashByte: 0x44, amountMsat: 2_000_000)
    let refusal = Self.register(
      newer, on: &gate, token: tokenB,
      duringRead: [{ (gate: inout PaymentGate) in gate.retire(old.paymentHash) }]
    ).refusal
    #expect(refusal == nil)
  }

  @Test(
    "W10 (departs from: history alone): a settled, expired or failed provider status refuses display",
    arguments: [
      NodeRequestStatus.settled(fulfilled: true), .expired, .failed(reason: "deadline"),
    ])
  func w10(status: NodeRequestStatus) {
    var gate = PaymentGate()
    let token = gate.beginPreparation()
    let refusal = Self.register(
      Self.invoice(), on: &gate, token: token, intentID: IntentID("i"), status: status
    ).refusal
    #expect(refusal == .providerTerminal)
  }

  @Test("W10: a provider status that cannot be read refuses display, the intent kept")
  func w10Unreadable() {
    var gate = PaymentGate()
    let token = gate.beginPreparation()
    let refusal = Self.register(
      Self.invoice(), on: &gate, token: token, intentID: IntentID("i"), status: nil
    ).refusal
    #expect(refusal == .providerStatusUnknown)
    #expect(OfflineReceiveError(.providerStatusUnknown, "").endsIntent == false)
  }
}
