import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

/// The lifecycle of one intent past its preparation: a refused invoice, a payment, a restart.
///
/// The node and the phone keep separate clocks here, so a phone running behind the node can be
/// modelled (the node signs invoices "in the future" of the phone).
struct LifecycleFixture {
  let nodeClock = ManualClock(seconds: TestInvoices.now)
  let phoneClock: ManualClock
  let journal = InMemoryRequestJournal()
  let node: SimulatedNode
  let provider: PollingProvider

  init(phoneBehindSeconds: UInt64 = 0) {
    phoneClock = ManualClock(seconds: TestInvoices.now - phoneBehindSeconds)
    node = SimulatedNode(nodeID: TestKeys.ourNodeID, clock: nodeClock) {
      requestID, amount, description, createdAt in
      let invoice = TestInvoices.make(
        amountMsat: amount.rawValue, description: .text(description), createdAt: createdAt,
        paymentHash: TestInvoices.hash(requestID: requestID))
      return (invoice.string, invoice.expiresAt)
    }
    provider = PollingProvider(
      node: node, journal: journal, scope: ProviderFixture.scope, clock: phoneClock)
  }

  func prepare(_ id: String, sats: UInt64 = 3000) async throws -> PrepareOutcome<AcceptedInvoice> {
    try await provider.prepare(intentID: IntentID(id), amount: .sats(sats), description: "Coffee")
  }

  static let channels = [
    ChannelSummary(isReady: true, isUsable: true, inboundCapacity: Millisatoshis(5_000_000))
  ]

  /// The wallet's flow over this provider, on the phone's clock.
  func flow() async -> ReceiveFlow {
    await flow(history: FakeHistory([[]]))
  }

  /// The wallet's flow over this provider, on the phone's clock, with `history`.
  func flow(history: FakeHistory) async -> ReceiveFlow {
    await ReceiveFlow(
      provider: provider as any OfflineReceiveProvider, scope: ProviderFixture.scope,
      history: history, clock: phoneClock, ordinaryCache: InMemoryOrdinaryCache())
  }

  func state(_ id: String) async -> RequestState? {
    await journal.record(IntentID(id))?.state
  }
}

@Suite struct LifecycleTests {
  @Test("a refused Ready invoice cancels the node request, so the next prepare goes through")
  func refusedInvoiceCancelsTheNodeRequest() async throws {
    // The phone is ten minutes behind the node: its invoices look signed in the future.
    let fixture = LifecycleFixture(phoneBehindSeconds: 600)
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await fixture.prepare("first")
    }
    #expect(error.code == .invalidInvoice)
    #expect(error.intentID == IntentID("first"))
    #expect(error.rejection?.offlineCode == .futureTimestamp)
    #expect(error.nodeError == nil)
    #expect(await fixture.node.liveRequestCount == 0)
    #expect(await fixture.node.calls.contains("cancel first"))
    #expect(await fixture.provider.canReceive(amount: .sats(3000)))
    #expect(await fixture.state("first") == .terminal(.invalidInvoice("offline.future_timestamp")))
    // The phone's clock is fixed. The refused intent stays ended (a payment of its invoice is
    // still matched to it); a new intent, same amount or another, goes through at once.
    await fixture.phoneClock.set(seconds: TestInvoices.now)
    let again = try await #require(throws: OfflineReceiveError.self) {
      try await fixture.prepare("first")
    }
    #expect(again.code == .intentEnded)
    guard case .ready = try await fixture.prepare("retry") else {
      Issue.record("the same amount is not ready after the refusal")
      return
    }
    guard case .ready = try await fixture.prepare("second", sats: 2000) else {
      Issue.record("another amount is not ready after the refusal")
      return
    }
  }

  @Test(
    "the wallet sees the intent id and the rejection code, and can prepare again at once",
    arguments: [3000, 2000] as [UInt64])
  func walletRecoversFromARefusal(nextSats: UInt64) async throws {
    let fixture = LifecycleFixture(phoneBehindSeconds: 600)
    let flow = await fixture.flow()
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await flow.requestOfflineInvoice(
        amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
    }
    #expect(error.code == .invalidInvoice)
    #expect(error.rejection?.dottedCode == "offline.future_timestamp")
    let intent = try #require(error.intentID)
    #expect(await fixture.journal.record(intent)?.state.isLive == false)
    await fixture.phoneClock.set(seconds: TestInvoices.now)
    let outcome = try await flow.requestOfflineInvoice(
      amount: .sats(nextSats), description: "Coffee", channels: LifecycleFixture.channels)
    guard case .ready = outcome else {
      Issue.record("\(outcome)")
      return
    }
  }

  @Test("a refusal whose cancel fails is reported, kept as cancelling and retried")
  func refusalWithFailedCancel() async throws {
    let fixture = LifecycleFixture(phoneBehindSeconds: 600)
    await fixture.node.inject([.notRunning], into: .cancel)
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await fixture.prepare("first")
    }
    #expect(error.code == .invalidInvoice)
    #expect(error.nodeError == .notRunning)
    #expect(
      await fixture.state("first") == .cancelling(.invalidInvoice("offline.future_timestamp")))
    #expect(await fixture.node.liveRequestCount == 1)
    // The next prepare of another intent retries the cancel first, then goes through.
    await fixture.phoneClock.set(seconds: TestInvoices.now)
    guard case .ready = try await fixture.prepare("second", sats: 2000) else {
      Issue.record("not ready after the retried cancel")
      return
    }
    #expect(await fixture.state("first") == .terminal(.invalidInvoice("offline.future_timestamp")))
    #expect(await fixture.node.calls.filter { $0 == "cancel first" }.count == 2)
  }

  @Test("a settled request is never cancelled on the node when a new intent supersedes it")
  func settledRequestIsNotCancelled() async throws {
    let fixture = LifecycleFixture()
    guard case .ready = try await fixture.prepare("paid") else {
      Issue.record("not ready")
      return
    }
    await fixture.node.settle(requestID: "paid")
    _ = try await fixture.prepare("next", sats: 2000)
    #expect(await fixture.node.calls.contains("cancel paid") == false)
    #expect(await fixture.state("paid") == .terminal(.settled(fulfilled: true)))
  }

  @Test("a payment settles the journal record, and the next intent does not cancel it")
  func paymentSettlesTheRecord() async throws {
    let fixture = LifecycleFixture()
    guard case .ready(let accepted, _) = try await fixture.prepare("paid") else {
      Issue.record("not ready")
      return
    }
    let payment = try await fixture.provider.paymentReceived(accepted.paymentHash)
    #expect(payment?.intentID == IntentID("paid"))
    #expect(payment?.amount == Millisatoshis(3_000_000))
    #expect(payment?.arrivedAfterEnd == false)
    #expect(await fixture.state("paid") == .terminal(.settled(fulfilled: true)))
    // Recorded once: the same event again is not a second payment.
    #expect(try await fixture.provider.paymentReceived(accepted.paymentHash) == nil)
    await fixture.node.settle(requestID: "paid")
    _ = try await fixture.prepare("next", sats: 2000)
    #expect(await fixture.node.calls.contains("cancel paid") == false)
    #expect(await fixture.state("paid") == .terminal(.settled(fulfilled: true)))
  }

  @Test(
    "a payment for a refused, cancelled or expired intent is still recorded and surfaced",
    arguments: ["refused", "cancelled", "expired"])
  func latePaymentIsRecorded(ending: String) async throws {
    let fixture = LifecycleFixture(phoneBehindSeconds: ending == "refused" ? 600 : 0)
    let id = IntentID("late")
    var hash: PaymentHash?
    switch ending {
    case "refused":
      _ = try? await fixture.prepare("late")
      hash = await fixture.journal.record(id)?.paymentHash
    case "cancelled":
      if case .ready(let accepted, _) = try await fixture.prepare("late") {
        hash = accepted.paymentHash
      }
      #expect(try await fixture.provider.cancel(intentID: id) == .cancelled)
    default:
      if case .ready(let accepted, _) = try await fixture.prepare("late") {
        hash = accepted.paymentHash
      }
      await fixture.node.expire(requestID: "late")
      // The expiry is learned on the next resume, which then prepares afresh; cancel that one.
      _ = try? await fixture.provider.cancel(intentID: id)
    }
    let paid = try #require(hash)
    #expect(await fixture.state("late")?.isLive == false)
    let payment = try await fixture.provider.paymentReceived(paid)
    #expect(payment?.intentID == id)
    #expect(payment?.arrivedAfterEnd == true)
    #expect(await fixture.state("late") == .terminal(.settled(fulfilled: true)))
  }

  @Test("restore reports every unfinished record: ready, pending, ended, failed, retried cancels")
  func restoreReportsEveryRecord() async throws {
    let fixture = LifecycleFixture()
    guard case .ready = try await fixture.prepare("ready") else {
      Issue.record("not ready")
      return
    }
    await fixture.node.inject([.notRunning], into: .cancel)
    await #expect(throws: OfflineReceiveError.self) {
      try await fixture.provider.cancel(intentID: IntentID("ready"))
    }
    #expect(await fixture.state("ready") == .cancelling(.cancelled))
    // A record of another wallet is not this provider's to restore.
    try await fixture.journal.save(
      JournalRecord(
        intentID: IntentID("other"), nodeRequestID: "other", amount: Millisatoshis(1000),
        description: "", state: .submitted,
        scope: WalletScope(network: .bitcoin, nodeID: TestKeys.otherNodeID)))
    // Before the node's recovery, the retried cancel fails and is reported, not dropped.
    await fixture.node.restart()
    let early = try await fixture.provider.restore()
    #expect(early.failures.map(\.intentID) == [IntentID("ready")])
    #expect(early.failures.first?.nodeError == .unavailable)
    await fixture.node.recover()
    let report = try await fixture.provider.restore()
    #expect(report.ended == [IntentID("ready")])
    #expect(report.failures.isEmpty && report.ready.isEmpty && report.pending.isEmpty)
    #expect(await fixture.state("ready") == .terminal(.cancelled))
    #expect(await fixture.node.liveRequestCount == 0)
  }

  @Test("the wallet's flow records a payment in the journal and surfaces it")
  func flowRecordsPayment() async throws {
    let fixture = LifecycleFixture()
    let flow = await fixture.flow()
    let outcome = try await flow.requestOfflineInvoice(
      amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
    guard case .ready(let accepted, _) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    let intent = try #require(await flow.displayedIntent)
    let payment = try await flow.paymentReceived(accepted.paymentHash)
    #expect(payment?.intentID == intent)
    #expect(await fixture.journal.record(intent)?.state == .terminal(.settled(fulfilled: true)))
    #expect(await flow.visible == .empty)
  }

  @Test("the node's own message reaches the wallet with the intent id")
  func nodeMessageReachesTheWallet() async throws {
    let fixture = ScriptedFixture(prepare: [.failure(NodeError(.notRunning, "node is stopping"))])
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await fixture.prepare("stopping")
    }
    #expect(error.code == .nodeStopped)
    #expect(error.intentID == IntentID("stopping"))
    #expect(error.nodeError == .notRunning)
    #expect(error.nodeError?.message == "node is stopping")
    #expect(error.description.contains("node is stopping"))
  }

  @Test("a cancel whose answer was lost is confirmed from the node's status, not sent again")
  func lostCancelAnswer() async throws {
    let fixture = LifecycleFixture()
    guard case .ready = try await fixture.prepare("lost") else {
      Issue.record("not ready")
      return
    }
    await fixture.node.loseResponses(.cancel)
    await #expect(throws: OfflineReceiveError.self) {
      try await fixture.provider.cancel(intentID: IntentID("lost"))
    }
    #expect(await fixture.state("lost") == .cancelling(.cancelled))
    #expect(try await fixture.provider.cancel(intentID: IntentID("lost")) == .cancelled)
    #expect(await fixture.state("lost") == .terminal(.cancelled))
    #expect(await fixture.node.calls.filter { $0 == "cancel lost" }.count == 1)
  }

  @Test(
    "defect 1: a payment of the first QR after a same-amount, same-note retry is recorded",
    arguments: ["cancelled", "refused"])
  func latePaymentAfterSameRequestRetry(ending: String) async throws {
    let fixture = LifecycleFixture(phoneBehindSeconds: ending == "refused" ? 600 : 0)
    let flow = await fixture.flow()
    let first: IntentID
    let firstHash: PaymentHash
    if ending == "cancelled" {
      let outcome = try await flow.requestOfflineInvoice(
        amount: Millisatoshis(1_000_000), description: "Coffee",
        channels: LifecycleFixture.channels)
      guard case .ready(let accepted, let intent) = outcome else {
        Issue.record("\(outcome)")
        return
      }
      first = intent
      firstHash = accepted.paymentHash
      #expect(try await fixture.provider.cancel(intentID: first) == .cancelled)
    } else {
      let error = try await #require(throws: OfflineReceiveError.self) {
        try await flow.requestOfflineInvoice(
          amount: Millisatoshis(1_000_000), description: "Coffee",
          channels: LifecycleFixture.channels)
      }
      first = try #require(error.intentID)
      firstHash = try #require(error.rejection?.invoice?.paymentHash)
      await fixture.phoneClock.set(seconds: TestInvoices.now)
    }
    let firstRequest = try #require(await fixture.journal.record(first)?.nodeRequestID)
    // The same amount and note again: a new QR.
    let retry = try await flow.requestOfflineInvoice(
      amount: Millisatoshis(1_000_000), description: "Coffee", channels: LifecycleFixture.channels)
    guard case .ready(let second, let secondIntent) = retry else {
      Issue.record("\(retry)")
      return
    }
    #expect(second.paymentHash != firstHash)
    // The ended intent keeps its node request and the hash of the invoice it showed.
    #expect(secondIntent != first)
    #expect(await fixture.journal.record(first)?.nodeRequestID == firstRequest)
    #expect(await fixture.journal.record(first)?.paymentHash == firstHash)
    // The first QR is paid after all.
    let payment = try await flow.paymentReceived(firstHash)
    #expect(payment?.intentID == first)
    #expect(payment?.amount == Millisatoshis(1_000_000))
    #expect(payment?.arrivedAfterEnd == true)
    #expect(await fixture.journal.record(first)?.state == .terminal(.settled(fulfilled: true)))
    // The second QR is untouched by the first one's payment.
    #expect(await fixture.journal.record(secondIntent)?.state == .ready)
  }

  @Test("an ended intent is never moved to a new node request: preparing it again ends")
  func endedIntentIsNotMoved() async throws {
    let fixture = LifecycleFixture()
    guard case .ready(let accepted, _) = try await fixture.prepare("once") else {
      Issue.record("not ready")
      return
    }
    #expect(try await fixture.provider.cancel(intentID: IntentID("once")) == .cancelled)
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await fixture.prepare("once")
    }
    #expect(error.code == .intentEnded)
    #expect(error.endsIntent)
    #expect(await fixture.node.calls.filter { $0.hasPrefix("prepare") } == ["prepare once"])
    let record = try #require(await fixture.journal.record(IntentID("once")))
    #expect(record.nodeRequestID == "once")
    #expect(record.paymentHash == accepted.paymentHash)
  }
}
