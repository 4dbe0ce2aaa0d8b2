internal import Bolt11
internal import OfflineReceive
internal import Secp256k1

/// The wallet-side lifecycle, run through `PollingProvider` over the harness's client: what an
/// adapter must let the library do after a request is prepared.
extension NodeConformance {
  /// The lifecycle scenarios, after the node-side ones.
  static let lifecycleScenarios = [
    "refused-invoice", "payment", "late-payment", "failed-cancel", "restart",
    "settled-stays-settled", "paid-after-cancel", "ready-after-recovery", "lost-answer",
    "cancel-before-recovery", "unpaid-settlement",
  ]

  /// A cancel between a restart and the node's recovery: the node must not answer not-found
  /// for a request it holds (it throws `.unavailable`, as `prepare` does), and the wallet's
  /// cancel stays pending until the node has recovered, then the node request is cancelled.
  /// A node that answers not-found would let a wallet believe the request gone while it comes
  /// back live after recovery, holding the settlement channel.
  static func cancelBeforeRecovery(_ factory: Factory, _ check: Check) async {
    guard let start = await readyIntent(factory, check) else { return }
    let (harness, journal) = (start.harness, start.journal)
    await harness.restartProcess()
    let thrown = await error { try await harness.client.cancel(requestID: "a") }
    check(
      thrown != .requestNotFound,
      "before recovery cancel threw requestNotFound for a request the node holds, not unavailable")
    guard let after = await wallet(harness, journal: journal) else {
      return check(false, "no own node id after the restart")
    }
    do {
      let reason = try await after.cancel(intentID: IntentID("a"))
      check(false, "before recovery the wallet's cancel reported \(reason), not cancel_pending")
    } catch let error as OfflineReceiveError {
      check(error.code == .cancelPending, "the cancel before recovery is \(error.code)")
    } catch { check(false, "not an offline error: \(error)") }
    await harness.runRecovery()
    let report = try? await after.restore()
    check(report?.ended == [IntentID("a")], "restore after recovery did not finish the cancel")
    let status = try? await harness.client.status(requestID: "a")
    check(
      status?.isTerminal == true,
      "the node request is \(status.map { "\($0)" } ?? "unknown") after the cancel, not ended")
  }

  /// A settlement whose voucher was not fulfilled is reported as `settled(fulfilled: false)`,
  /// and the wallet records no payment for it.
  static func unpaidSettlement(_ factory: Factory, _ check: Check) async {
    guard let start = await readyIntent(factory, check) else { return }
    guard await start.harness.settleRequestUnpaid("a") else {
      return check(false, "the harness cannot settle a request unpaid (settleRequestUnpaid)")
    }
    let status = try? await start.harness.client.status(requestID: "a")
    check(
      status == .settled(fulfilled: false),
      "an unpaid settlement is reported as \(status.map { "\($0)" } ?? "an error"), "
        + "not settled(fulfilled: false)")
    _ = try? await start.provider.restore()
    let state = await state(start.journal, "a")
    check(
      state == .terminal(.settled(fulfilled: false)),
      "the wallet recorded the unpaid settlement as \(state.map { "\($0)" } ?? "nothing")")
  }

  /// N6: after a restart and recovery, a request whose invoice was released reports
  /// `awaitingWitnesses` until the node re-releases it, then Ready with the same invoice. An
  /// adapter that answers Ready straight away (from a cache of its own) shows a QR whose
  /// witnesses the node has not registered again, which cannot be paid while the phone is
  /// offline.
  static func readyAfterRecovery(_ factory: Factory, _ check: Check) async {
    let harness = await factory(true)
    let node = harness.client
    _ = try? await node.prepare(requestID: "a", amount: amount, description: "")
    guard let before = await pollToReady(node, "a") else { return check(false, "never ready") }
    await harness.restartProcess()
    await harness.runRecovery()
    let first = try? await node.status(requestID: "a")
    check(
      first == .awaitingWitnesses,
      "the first status after recovery is \(first.map { "\($0)" } ?? "an error"), not awaitingWitnesses"
    )
    let after = await pollToReady(node, "a")
    check(after == before, "the re-released request is not ready with the same invoice")
  }

  /// N4 and the lost answer: a prepare whose answer was lost is reported as `responseLost` (not
  /// as a refusal or `unavailable`), the request it created is there, and the wallet's retry
  /// resumes it: one request, and the intent ready.
  static func lostAnswer(_ factory: Factory, _ check: Check) async {
    let harness = await factory(true)
    guard await harness.loseNextPrepareAnswer() else {
      return check(false, "the harness cannot lose an answer: implement loseNextPrepareAnswer()")
    }
    let journal = InMemoryRequestJournal()
    guard let provider = await wallet(harness, journal: journal) else {
      return check(false, "no own node id")
    }
    do {
      _ = try await provider.prepare(
        intentID: IntentID("a"), amount: amount, description: "conformance")
      check(false, "a lost answer was reported as an answer")
    } catch let error as OfflineReceiveError {
      check(
        error.nodeError?.code == .responseLost,
        "a lost answer is reported as \(error.nodeError.map { "\($0)" } ?? "\(error)"), not responseLost"
      )
      check(error.endsIntent == false, "a lost answer ended the intent")
    } catch { check(false, "not an offline error: \(error)") }
    check(await state(journal, "a")?.isLive == true, "the identity was dropped after a lost answer")
    check(
      (try? await harness.client.canReceive(amount: amount)) == false,
      "the request the lost call created is not holding the channel")
    let retried = await ready(provider, "a", amount: amount)
    check(retried != nil, "the retry did not resume the request the lost call created")
  }

  /// A cancel of a request that was paid leaves it settled: the node must never turn a payment
  /// into a cancelled request.
  static func settledStaysSettled(_ factory: Factory, _ check: Check) async {
    let harness = await factory(true)
    let node = harness.client
    _ = try? await node.prepare(requestID: "a", amount: amount, description: "")
    guard await pollToReady(node, "a") != nil else { return check(false, "never ready") }
    await harness.settleRequest("a")
    _ = try? await node.cancel(requestID: "a")
    check(
      (try? await node.status(requestID: "a")) == .settled(fulfilled: true),
      "a cancel turned a settled request into another state")
  }

  /// A request cancelled after its invoice was released can still be paid: the payer may have
  /// paid before the cancel took effect, and the node must settle and report it.
  static func paidAfterCancel(_ factory: Factory, _ check: Check) async {
    let harness = await factory(true)
    let node = harness.client
    _ = try? await node.prepare(requestID: "a", amount: amount, description: "")
    guard await pollToReady(node, "a") != nil else { return check(false, "never ready") }
    _ = try? await node.cancel(requestID: "a")
    await harness.settleRequest("a")
    check(
      (try? await node.status(requestID: "a")) == .settled(fulfilled: true),
      "a payment after a cancel was not settled")
  }

  /// A wallet over `harness`: a fresh provider, the given journal, the node's time shifted by
  /// `skewSeconds` (negative: the phone runs behind the node).
  static func wallet(
    _ harness: any NodeConformanceHarness, journal: any RequestJournal,
    client: (any NodeOfflineReceiveClient)? = nil, skewSeconds: Int64 = 0
  ) async -> PollingProvider? {
    guard let nodeID = try? await harness.client.ownNodeID() else { return nil }
    return PollingProvider(
      node: client ?? harness.client, journal: journal,
      scope: WalletScope(network: harness.network, nodeID: nodeID),
      clock: SkewedClock(base: harness.clock, skewSeconds: skewSeconds))
  }

  /// Prepares `intent` for `amount` and answers the accepted invoice, or nil.
  static func ready(
    _ provider: PollingProvider, _ intent: String, amount: Millisatoshis = Millisatoshis(1_000_000)
  ) async -> AcceptedInvoice? {
    let outcome = try? await provider.prepare(
      intentID: IntentID(intent), amount: amount, description: "conformance")
    if case .ready(let accepted, _)? = outcome { return accepted }
    return nil
  }

  static func state(_ journal: any RequestJournal, _ intent: String) async -> RequestState? {
    try? await journal.record(IntentID(intent))?.state
  }

  /// Where the scenarios after a prepare start: a fresh node, an empty journal, and a wallet over
  /// them (over `client`, when given, made from the harness's) with intent "a" ready.
  struct ReadyIntent {
    let harness: any NodeConformanceHarness
    let journal: InMemoryRequestJournal
    let provider: PollingProvider
    let accepted: AcceptedInvoice
  }

  /// A `ReadyIntent`, or nil after failing `check` when intent "a" never becomes ready.
  static func readyIntent(
    _ factory: Factory, _ check: Check,
    client: ((any NodeConformanceHarness) -> any NodeOfflineReceiveClient)? = nil
  ) async -> ReadyIntent? {
    let harness = await factory(true)
    let journal = InMemoryRequestJournal()
    guard let provider = await wallet(harness, journal: journal, client: client?(harness)),
      let accepted = await ready(provider, "a")
    else {
      check(false, "the intent never became ready")
      return nil
    }
    return ReadyIntent(harness: harness, journal: journal, provider: provider, accepted: accepted)
  }

  /// A Ready invoice the wallet refuses (its clock ten minutes behind the node) ends the intent,
  /// cancels the node request, and leaves the channel free for the next prepare at once.
  static func refusedInvoice(_ factory: Factory, _ check: Check) async {
    let harness = await factory(true)
    let journal = InMemoryRequestJournal()
    guard let behind = await wallet(harness, journal: journal, skewSeconds: -600),
      let onTime = await wallet(harness, journal: journal)
    else { return check(false, "no own node id") }
    do {
      _ = try await behind.prepare(
        intentID: IntentID("a"), amount: Millisatoshis(1_000_000), description: "x")
      check(false, "an invoice signed ten minutes ahead was accepted")
    } catch let error as OfflineReceiveError {
      check(error.code == .invalidInvoice, "not invalid_invoice: \(error)")
      check(error.intentID == IntentID("a"), "the error does not carry the intent id")
      check(error.nodeError == nil, "the node request was not cancelled: \(error)")
    } catch { check(false, "not an offline error: \(error)") }
    check(await state(journal, "a")?.isLive == false, "the refused intent is still live")
    check(
      (try? await harness.client.canReceive(amount: Millisatoshis(2_000_000))) == true,
      "the channel is still held by the refused request")
    check(
      await ready(onTime, "b", amount: Millisatoshis(2_000_000)) != nil,
      "the next prepare did not go through")
  }

  /// A paid request is recorded settled, and a new intent does not cancel it on the node.
  static func payment(_ factory: Factory, _ check: Check) async {
    guard let start = await readyIntent(factory, check) else { return }
    let (harness, journal, provider) = (start.harness, start.journal, start.provider)
    await harness.settleRequest("a")
    check(
      await ready(provider, "b", amount: Millisatoshis(2_000_000)) != nil,
      "no new intent after a payment")
    check(
      await state(journal, "a") == .terminal(.settled(fulfilled: true)),
      "the paid request is not recorded settled")
    let late = try? await provider.paymentReceived(start.accepted.paymentHash)
    check(late == nil, "the payment event recorded the same payment twice")
  }

  /// A payment for a cancelled intent is still recorded, as arriving after the end.
  static func latePayment(_ factory: Factory, _ check: Check) async {
    guard let start = await readyIntent(factory, check) else { return }
    let (journal, provider) = (start.journal, start.provider)
    let reason = try? await provider.cancel(intentID: IntentID("a"))
    check(reason == .cancelled, "cancel did not end the intent: \(String(describing: reason))")
    let payment = try? await provider.paymentReceived(start.accepted.paymentHash)
    check(payment?.intentID == IntentID("a"), "the late payment was not matched to its intent")
    check(payment?.arrivedAfterEnd == true, "the late payment is not marked as late")
    check(
      await state(journal, "a") == .terminal(.settled(fulfilled: true)),
      "the late payment is not recorded")
  }

  /// A cancel that fails is reported, kept, and retried by `restore()`.
  static func failedCancel(_ factory: Factory, _ check: Check) async {
    guard
      let start = await readyIntent(
        factory, check, client: { CancelFailingClient(base: $0.client) })
    else { return }
    let (harness, journal, provider) = (start.harness, start.journal, start.provider)
    do {
      try await provider.cancel(intentID: IntentID("a"))
      check(false, "a failed cancel was not reported")
    } catch let error as OfflineReceiveError {
      check(error.intentID == IntentID("a"), "the cancel failure does not carry the intent id")
    } catch { check(false, "not an offline error: \(error)") }
    check(await state(journal, "a") == .cancelling(.cancelled), "the pending cancel is not kept")
    let report = try? await provider.restore()
    check(report?.ended == [IntentID("a")], "restore did not retry the cancel")
    check(await state(journal, "a") == .terminal(.cancelled), "the retried cancel is not recorded")
    check(
      (try? await harness.client.canReceive(amount: Millisatoshis(1_000_000))) == true,
      "the channel is still held after the retried cancel")
  }

  /// After a restart, restore reports the intent as failed until the node has recovered, then
  /// ready again with the same invoice, without a second request.
  static func restart(_ factory: Factory, _ check: Check) async {
    guard let start = await readyIntent(factory, check) else { return }
    let (harness, journal, accepted) = (start.harness, start.journal, start.accepted)
    await harness.restartProcess()
    guard let after = await wallet(harness, journal: journal) else {
      return check(false, "no own node id after the restart")
    }
    let early = try? await after.restore()
    check(
      early?.failures.map(\.intentID) == [IntentID("a")],
      "before recovery the intent is not reported as a failure")
    check(await state(journal, "a")?.isLive == true, "the identity was dropped before recovery")
    await harness.runRecovery()
    let report = try? await after.restore()
    check(
      report?.ready.map(\.intentID) == [IntentID("a")], "the intent is not ready after recovery")
    check(
      report?.ready.first?.invoice?.bolt11 == accepted.bolt11,
      "the restored invoice is not the one released before the restart")
  }
}

/// The wallet's clock: the node's time shifted by whole seconds; it sleeps on the node's clock.
struct SkewedClock: WallClock {
  let base: any WallClock
  let skewSeconds: Int64

  func now() async -> UInt64 {
    let now = await base.now()
    let skew = skewSeconds.magnitude
    return skewSeconds < 0 ? (now >= skew ? now - skew : 0) : now.addingSaturating(skew)
  }

  func monotonicNow() async -> Duration { await base.monotonicNow() }

  func bootClockNow() async -> BootClockReading? { await base.bootClockNow() }

  func sleep(for duration: Duration) async throws { try await base.sleep(for: duration) }
}

/// Forwards to `base`, except that the first cancel fails with `notRunning`.
actor CancelFailingClient: NodeOfflineReceiveClient {
  let base: any NodeOfflineReceiveClient
  private var failed = false

  init(base: any NodeOfflineReceiveClient) { self.base = base }

  func ownNodeID() async throws(NodeError) -> PublicKey { try await base.ownNodeID() }
  func canReceive(amount: Millisatoshis) async throws(NodeError) -> Bool {
    try await base.canReceive(amount: amount)
  }
  func prepare(requestID: String, amount: Millisatoshis, description: String)
    async throws(NodeError)
    -> NodeRequestStatus
  {
    try await base.prepare(requestID: requestID, amount: amount, description: description)
  }
  func status(requestID: String) async throws(NodeError) -> NodeRequestStatus {
    try await base.status(requestID: requestID)
  }
  func cancel(requestID: String) async throws(NodeError) {
    guard failed else {
      failed = true
      throw .notRunning
    }
    try await base.cancel(requestID: requestID)
  }
}
