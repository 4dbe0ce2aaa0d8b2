import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import TestSupport
import Testing

/// The request machine event by event: typed states and actions, no clock, node or journal.
@Suite struct RequestMachineTests {
  typealias Machine = RequestMachine
  static let intent = IntentID("coffee")
  static let policy = ReceivePolicy(
    amount: Millisatoshis(1_000_000), nodeID: ProviderFixture.scope.nodeID,
    network: ProviderFixture.scope.network, description: "Coffee")
  static let coffee = TestInvoices.make(hashByte: 0x11)
  static let accepted = try! OfflineInvoiceValidator.validate(
    coffee.string, policy: policy, now: TestInvoices.now
  ).get()
  /// A Ready invoice the validator refuses (it asks another amount), with a hash of its own.
  static let refusal: OfflineRejection = {
    let wrong = TestInvoices.make(amountMsat: 2_000_000, hashByte: 0x33)
    guard
      case .failure(let rejection) = OfflineInvoiceValidator.validate(
        wrong.string, policy: policy, now: TestInvoices.now)
    else { fatalError("the wrong amount was accepted") }
    return rejection
  }()

  static func record(_ state: RequestState, hash: PaymentHash? = nil) -> JournalRecord {
    JournalRecord(
      intentID: intent, nodeRequestID: intent.rawValue, amount: Millisatoshis(1_000_000),
      description: "Coffee", state: state, scope: ProviderFixture.scope, paymentHash: hash,
      expiresAt: hash == nil ? nil : coffee.expiresAt)
  }

  static func new() -> Machine {
    Machine(
      newIntent: intent, amount: Millisatoshis(1_000_000), description: "Coffee",
      scope: ProviderFixture.scope)
  }

  /// The machine of `state` after the journal wrote it.
  static func stored(_ state: RequestState, hash: PaymentHash? = nil) -> Machine {
    Machine(stored: record(state, hash: hash))
  }

  static func finish(_ actions: [Machine.Action]) -> Machine.Answer? {
    if case .finish(let outcome)? = actions.last { outcome } else { nil }
  }

  static func code(_ actions: [Machine.Action]) -> OfflineReceiveError.Code? {
    actions.failure?.code
  }

  static func saves(_ actions: [Machine.Action]) -> [RequestState] {
    actions.compactMap { if case .save(let record) = $0 { record.state } else { nil } }
  }

  @Test(
    "a new intent is written before the node is asked, then submitted, polled, validated, ready")
  func newIntentToReady() {
    var machine = Self.new()
    #expect(machine.handle(.prepare) == [.save(Self.record(.intent)), .callPrepare])
    #expect(
      machine.handle(.nodeAnswered(.preparing)) == [.save(Self.record(.submitted)), .pollStatus])
    #expect(machine.handle(.nodeAnswered(.awaitingWitnesses)) == [.pollStatus])
    #expect(
      machine.handle(.nodeAnswered(.ready(bolt11: Self.coffee.string))) == [
        .validate(Self.coffee.string)
      ])
    let ready = Self.record(.ready, hash: Self.coffee.paymentHash)
    #expect(
      machine.handle(.validated(.success(Self.accepted))) == [
        .save(ready), .finish(.prepare(.ready(Self.accepted))),
      ])
    #expect(machine.record == ready)
    #expect(machine.state == .idle(ready))
  }

  @Test("a stored intent resumes by the same request id without a write")
  func resume() {
    var machine = Self.stored(.submitted)
    #expect(machine.handle(.prepare) == [.callPrepare])
    #expect(machine.state == .preparing(Self.record(.submitted), resumed: true, lastStatus: nil))
    #expect(machine.record.nodeRequestID == Self.intent.rawValue)
  }

  @Test("the deadline answers pending with the last status; a failed poll keeps waiting")
  func deadlineAndBlip() {
    var machine = Self.stored(.submitted)
    _ = machine.handle(.prepare)
    _ = machine.handle(.nodeAnswered(.awaitingActivation))
    #expect(machine.handle(.statusFailed(.requestNotFound)) == [.pollStatus])
    #expect(
      machine.handle(.deadline) == [.finish(.prepare(.pending(lastStatus: .awaitingActivation)))])
    #expect(machine.record.state == .submitted)
  }

  @Test(
    "a failed prepare: a passing fault keeps the intent unwritten, a refusal ends it",
    arguments: [
      (NodeError.notRunning, OfflineReceiveError.Code.nodeStopped, [RequestState]()),
      (.responseLost, .responseLost, []),
      (.ineligible, .ineligible, [.terminal(.refused("ineligible"))]),
      (.disabled, .nodeDisabled, [.terminal(.refused("disabled"))]),
    ])
  func prepareFailed(error: NodeError, code: OfflineReceiveError.Code, writes: [RequestState]) {
    var machine = Self.stored(.submitted)
    _ = machine.handle(.prepare)
    let actions = machine.handle(.prepareFailed(error))
    #expect(Self.code(actions) == code)
    #expect(Self.saves(actions) == writes)
    #expect(machine.state == .idle(machine.record))
  }

  @Test(
    "an ended request: fresh is unavailable, resumed ends the intent, paid is settled",
    arguments: [
      (
        NodeRequestStatus.expired, false, OfflineReceiveError.Code.unavailable,
        TerminalReason.expired
      ),
      (.expired, true, .intentEnded, .expired),
      (.failed(reason: "cancelled"), true, .intentEnded, .cancelled),
      (.settled(fulfilled: true), false, .settled, .settled(fulfilled: true)),
      (.settled(fulfilled: false), true, .unavailable, .settled(fulfilled: false)),
    ])
  func endedAnswers(
    status: NodeRequestStatus, resumed: Bool, code: OfflineReceiveError.Code,
    reason: TerminalReason
  ) {
    var machine = resumed ? Self.stored(.submitted) : Self.new()
    _ = machine.handle(.prepare)
    let actions = machine.handle(.nodeAnswered(status))
    #expect(Self.code(actions) == code)
    #expect(Self.saves(actions).last == .terminal(reason))
    #expect(!actions.contains(.callCancel))
  }

  @Test("a refused Ready invoice keeps its hash, is cancelled on the node, answers the refusal")
  func refusedInvoice() throws {
    var machine = Self.stored(.submitted)
    _ = machine.handle(.prepare)
    _ = machine.handle(.nodeAnswered(.ready(bolt11: "refused")))
    // Never shown: no display to retire; its hash is written, the node's status checked.
    let hash = try #require(Self.refusal.invoice?.paymentHash)
    #expect(
      machine.handle(.validated(.failure(Self.refusal))) == [
        .save(Self.record(.submitted, hash: hash)), .checkStatus,
      ])
    let actions = machine.handle(.releaseStatus(.ready(bolt11: "refused")))
    let reason = TerminalReason.invalidInvoice(Self.refusal.dottedCode)
    #expect(actions == [.save(Self.record(.cancelling(reason), hash: hash)), .callCancel])
    let done = machine.handle(.cancelAnswered(nil))
    #expect(Self.saves(done) == [.terminal(reason)])
    #expect(Self.code(done) == .invalidInvoice)
    #expect(machine.record.paymentHash == hash)
  }

  @Test("a cancel retires the display, then records the end, then cancels the node request")
  func cancelOrder() {
    var machine = Self.stored(.ready, hash: Self.coffee.paymentHash)
    #expect(machine.handle(.cancel) == [.retireDisplay, .checkStatus])
    #expect(
      machine.handle(.releaseStatus(.ready(bolt11: Self.coffee.string))) == [
        .save(Self.record(.cancelling(.cancelled), hash: Self.coffee.paymentHash)), .callCancel,
      ])
    #expect(
      machine.handle(.cancelAnswered(nil)) == [
        .save(Self.record(.terminal(.cancelled), hash: Self.coffee.paymentHash)),
        .finish(.release(.released(.cancelled))),
      ])
  }

  @Test("a cancel of an intent the node never saw cancels without a status check")
  func cancelUnsubmitted() {
    var machine = Self.stored(.intent)
    #expect(
      machine.handle(.cancel) == [
        .retireDisplay, .save(Self.record(.cancelling(.cancelled))), .callCancel,
      ])
    // Already gone on the node counts as cancelled.
    #expect(
      Self.finish(machine.handle(.cancelAnswered(.requestNotFound)))
        == .release(.released(.cancelled)))
  }

  @Test("a cancel finds the request paid: it is recorded as settled, not cancelled")
  func cancelFindsPaid() {
    var machine = Self.stored(.ready, hash: Self.coffee.paymentHash)
    _ = machine.handle(.cancel)
    let actions = machine.handle(.releaseStatus(.settled(fulfilled: true)))
    #expect(Self.saves(actions) == [.terminal(.settled(fulfilled: true))])
    #expect(Self.finish(actions) == .release(.released(.settled(fulfilled: true))))
  }

  @Test("a failed cancel stays cancelling; the restart retries it without retiring a display")
  func failedCancelRetried() {
    var machine = Self.stored(.ready, hash: Self.coffee.paymentHash)
    _ = machine.handle(.cancel)
    _ = machine.handle(.releaseStatus(nil))
    #expect(Self.code(machine.handle(.cancelAnswered(.notRunning))) == .cancelPending)
    #expect(machine.record.state == .cancelling(.cancelled))
    #expect(machine.state == .idle(machine.record))
    #expect(machine.handle(.restart) == [.checkStatus])
    _ = machine.handle(.releaseStatus(.failed(reason: "cancelled")))
    #expect(machine.record.state == .terminal(.cancelled))
  }

  @Test(
    "an ended intent is never prepared again: same request id, same hash, no node call",
    arguments: [
      (TerminalReason.cancelled, OfflineReceiveError.Code.intentEnded),
      (.expired, .intentEnded), (.invalidInvoice("offline.expired"), .intentEnded),
      (.settled(fulfilled: true), .settled),
    ])
  func endedStaysEnded(reason: TerminalReason, code: OfflineReceiveError.Code) {
    var machine = Self.stored(.terminal(reason), hash: Self.coffee.paymentHash)
    let before = machine.record
    let actions = machine.handle(.prepare)
    #expect(actions.count == 1)
    #expect(Self.code(actions) == code)
    #expect(machine.record == before)
  }

  @Test("a payment while a resume waits for the node is not overwritten by the node's Ready")
  func paymentDuringResume() {
    var machine = Self.stored(.ready, hash: Self.coffee.paymentHash)
    _ = machine.handle(.prepare)
    #expect(
      machine.handle(.paid) == [
        .save(Self.record(.terminal(.settled(fulfilled: true)), hash: Self.coffee.paymentHash)),
        .finish(.payment(.paid(previous: .ready))),
      ])
    let late = machine.handle(.nodeAnswered(.ready(bolt11: Self.coffee.string)))
    #expect(Self.saves(late).isEmpty)
    #expect(Self.code(late) == .settled)
    #expect(machine.handle(.paid) == [.finish(.payment(.alreadyPaid))])
  }

  @Test("a cancel while a prepare waits: the prepare's late answer changes nothing")
  func cancelDuringPrepare() {
    var machine = Self.stored(.submitted)
    _ = machine.handle(.prepare)
    _ = machine.handle(.cancel)
    let late = machine.handle(.nodeAnswered(.ready(bolt11: Self.coffee.string)))
    #expect(late == [.finish(.prepare(.failed(late.failure!)))])
    // Cancelled, not "ended": the session must not prepare it again under a new intent.
    #expect(Self.code(late) == .cancelled)
    #expect(machine.record.state == .submitted)
  }

  @Test("a payment overtakes a cancel: the cancel answers settled and writes nothing over it")
  func paymentOvertakesCancel() {
    var machine = Self.stored(.ready, hash: Self.coffee.paymentHash)
    _ = machine.handle(.cancel)
    _ = machine.handle(.releaseStatus(nil))
    _ = machine.handle(.paid)
    let answer = machine.handle(.cancelAnswered(nil))
    #expect(answer == [.finish(.release(.released(.settled(fulfilled: true))))])
    #expect(machine.record.state == .terminal(.settled(fulfilled: true)))
  }

  @Test("a resumed request that releases another invoice keeps the shown hash and ends")
  func invoiceChanged() {
    var machine = Self.stored(.ready, hash: TestInvoices.hash(0x44))
    _ = machine.handle(.prepare)
    _ = machine.handle(.nodeAnswered(.ready(bolt11: Self.coffee.string)))
    #expect(machine.handle(.validated(.success(Self.accepted))) == [.retireDisplay, .checkStatus])
    _ = machine.handle(.releaseStatus(.ready(bolt11: Self.coffee.string)))
    let done = machine.handle(.cancelAnswered(nil))
    #expect(Self.code(done) == .invalidInvoice)
    #expect(machine.record.paymentHash == TestInvoices.hash(0x44))
    #expect(machine.record.state == .terminal(.invalidInvoice("offline.invoice_changed")))
  }

  /// Every event the machine takes, with the answers the node and validator can give.
  static let events: [Machine.Event] = [
    .prepare, .restart, .cancel, .paid, .deadline,
    .nodeAnswered(.preparing), .nodeAnswered(.awaitingWitnesses),
    .nodeAnswered(.ready(bolt11: coffee.string)), .nodeAnswered(.expired),
    .nodeAnswered(.failed(reason: "cancelled")), .nodeAnswered(.settled(fulfilled: true)),
    .nodeAnswered(.settled(fulfilled: false)), .prepareFailed(.notRunning),
    .prepareFailed(.ineligible), .statusFailed(.requestNotFound),
    .validated(.success(accepted)), .validated(.failure(refusal)),
    .releaseStatus(nil), .releaseStatus(.ready(bolt11: coffee.string)),
    .releaseStatus(.settled(fulfilled: true)), .cancelAnswered(nil),
    .cancelAnswered(.notRunning),
  ]

  @Test("10,000 random event sequences: a payment is final, an end is final, no hash is lost")
  func invariants() {
    var generator = SplitMix64(seed: 0x5eed)
    var broken: [String] = []
    for run in 0..<10_000 where broken.isEmpty {
      var machine = generator.next() % 2 == 0 ? Self.new() : Self.stored(.submitted)
      for index in 0..<12 {
        let event = Self.events[Int(generator.next() % UInt64(Self.events.count))]
        let before = machine.record
        let actions = machine.handle(event)
        let after = machine.record
        func fail(_ rule: String) { broken.append("run \(run) event \(index) \(event): \(rule)") }
        if actions.filter({ if case .finish = $0 { true } else { false } }).count > 1 {
          fail("two answers")
        }
        if after.nodeRequestID != before.nodeRequestID { fail("moved to another node request") }
        if before.state == .terminal(.settled(fulfilled: true)), after != before {
          fail("a recorded payment changed")
        }
        if case .terminal = before.state, after.state.isLive { fail("an end was undone") }
        if let hash = before.paymentHash, after.paymentHash != hash {
          fail("a shown hash was lost")
        }
        // The journal is written whenever the record changes, and with what the machine holds.
        let writes = actions.compactMap { if case .save(let record) = $0 { record } else { nil } }
        if after != before, writes.last != after { fail("a change was not written") }
      }
    }
    #expect(broken == [])
  }
}

extension [RequestMachine.Action] {
  /// The error of a failed finish.
  fileprivate var failure: OfflineReceiveError? {
    switch last {
    case .finish(.prepare(.failed(let error)))?, .finish(.release(.failed(let error)))?: error
    default: nil
    }
  }
}

extension RequestMachineTests {
  @Test(
    "a cancel the node cannot take: the wallet's cancel is pending, a prepare finds it ended, a refusal says so",
    arguments: [
      (RequestMachine.Event.cancel, OfflineReceiveError.Code.cancelPending),
      (.prepare, .intentEnded),
    ])
  func unreachableNode(event: RequestMachine.Event, code: OfflineReceiveError.Code) {
    var machine = Self.stored(
      event == .prepare ? .cancelling(.cancelled) : .ready, hash: Self.coffee.paymentHash)
    _ = machine.handle(event)
    _ = machine.handle(.releaseStatus(nil))
    let failed = machine.handle(.cancelAnswered(.notRunning))
    #expect(Self.code(failed) == code)
    #expect(machine.record.state == .cancelling(.cancelled))
  }
}

extension RequestMachineTests {
  @Test("a refused save: the machine stands where the journal does, the late answer is abandoned")
  func saveFailed() {
    var machine = Self.stored(.submitted)
    _ = machine.handle(.prepare)
    #expect(machine.handle(.cancel) == [.retireDisplay, .checkStatus])
    let cancelling = machine.handle(.releaseStatus(.awaitingWitnesses))
    #expect(Self.saves(cancelling) == [.cancelling(.cancelled)])
    // The journal refused the cancel's write: it still holds the submitted record.
    #expect(machine.handle(.saveFailed(Self.record(.submitted))) == [])
    #expect(machine.state == .idle(Self.record(.submitted)))
    let late = machine.handle(.nodeAnswered(.ready(bolt11: Self.coffee.string)))
    #expect(Self.saves(late).isEmpty)
    #expect(Self.code(late) == .retryable)
    // A new intent whose write-ahead failed is unwritten again: the next prepare writes it.
    var new = Self.new()
    _ = new.handle(.prepare)
    _ = new.handle(.saveFailed(nil))
    #expect(new.state == .unwritten(Self.record(.intent)))
    #expect(new.handle(.prepare) == [.save(Self.record(.intent)), .callPrepare])
  }
}
