import Bolt11
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

@testable import OfflineReceive

/// Defect 2 of the second pass: a cancel the wallet sees, whoever calls it.
@Suite struct CancelTests {
  /// The wallet's flow over the fixture's provider, built as a wallet builds it.
  static func wiredFlow(_ fixture: LifecycleFixture) async -> ReceiveFlow {
    await ReceiveFlow(
      provider: fixture.provider, scope: ProviderFixture.scope, history: { [] },
      clock: fixture.phoneClock)
  }

  static func showCoffee(_ flow: ReceiveFlow) async throws -> (AcceptedInvoice, IntentID)? {
    let outcome = try await flow.requestOfflineInvoice(
      amount: Millisatoshis(1_000_000), description: "Coffee", channels: LifecycleFixture.channels)
    guard case .ready(let accepted, let intent) = outcome else {
      Issue.record("\(outcome)")
      return nil
    }
    return (accepted, intent)
  }

  @Test("defect 2: the provider's cancel retires the QR the flow shows and ends its preparation")
  func providerCancelRetiresTheDisplay() async throws {
    let fixture = LifecycleFixture()
    let flow = await Self.wiredFlow(fixture)
    guard let (_, intent) = try await Self.showCoffee(flow) else { return }
    #expect(await flow.hasPreparedOfflineInvoice(now: TestInvoices.now))
    #expect(try await fixture.provider.cancel(intentID: intent) == .cancelled)
    #expect(await flow.hasPreparedOfflineInvoice(now: TestInvoices.now) == false)
    #expect(await flow.visible == .empty)
    #expect(await flow.displayedIntent == nil)
    #expect(
      await flow.hasPreparationAttempt(
        amount: Millisatoshis(1_000_000), description: "Coffee") == false)
    #expect(await fixture.node.isLive(requestID: intent.rawValue) == false)
  }

  @Test("the flow's cancel retires the QR, ends the intent and cancels the node request, in order")
  func flowCancelInOrder() async throws {
    let fixture = LifecycleFixture()
    let flow = await Self.wiredFlow(fixture)
    guard let (accepted, intent) = try await Self.showCoffee(flow) else { return }
    // Observed after the flow's own observer: what holds just before the node's cancel.
    let seen = Recorder()
    // The provider keeps its observers: the closure holds the flow weakly and not the fixture,
    // which holds the provider, or the three would keep each other alive (LeakSanitizer).
    let (journal, node) = (fixture.journal, fixture.node)
    await fixture.provider.observeCancels { [weak flow] id in
      guard let flow else { return }
      await seen.add(
        "\(id == intent) shown=\(await flow.visible != .empty)"
          + " prepared=\(await flow.preparationIntent != nil)"
          + " journal=\(await journal.record(id)?.state == .ready)"
          + " node=\(await node.isLive(requestID: id.rawValue))")
    }
    #expect(try await flow.cancel() == .cancelled)
    #expect(await seen.lines == ["true shown=false prepared=false journal=true node=true"])
    #expect(await flow.hasPreparedOfflineInvoice(now: TestInvoices.now) == false)
    #expect(await fixture.journal.record(intent)?.state == .terminal(.cancelled))
    #expect(await fixture.journal.record(intent)?.paymentHash == accepted.paymentHash)
    #expect(await fixture.node.isLive(requestID: intent.rawValue) == false)
    // Nothing left to cancel.
    #expect(try await flow.cancel() == nil)
    // The same request again is a new intent and a new QR.
    guard let (next, nextIntent) = try await Self.showCoffee(flow) else { return }
    #expect(nextIntent != intent)
    #expect(next.paymentHash != accepted.paymentHash)
  }

  @Test("a cancel whose node call fails still retires the QR; the cancel is retried later")
  func flowCancelWithFailedNodeCall() async throws {
    let fixture = LifecycleFixture()
    let flow = await Self.wiredFlow(fixture)
    guard let (_, intent) = try await Self.showCoffee(flow) else { return }
    await fixture.node.inject([.notRunning], into: .cancel)
    let error = try await #require(throws: OfflineReceiveError.self) { try await flow.cancel() }
    // The intent is over for the wallet: nothing to do again, the provider retries the node.
    #expect(error.code == .cancelPending)
    #expect(error.endsIntent)
    #expect(error.nodeError == .notRunning)
    #expect(await flow.visible == .empty)
    #expect(await fixture.journal.record(intent)?.state == .cancelling(.cancelled))
    _ = try await fixture.provider.restore()
    #expect(await fixture.journal.record(intent)?.state == .terminal(.cancelled))
    #expect(await fixture.node.isLive(requestID: intent.rawValue) == false)
  }

  @Test("a gated provider forwards cancel and payments even when switched off")
  func gatedProviderForwardsCancel() async throws {
    let fixture = LifecycleFixture()
    guard case .ready(let accepted, _) = try await fixture.prepare("gated") else {
      Issue.record("not ready")
      return
    }
    let gated = GatedProvider(inner: fixture.provider, isEnabled: { false })
    #expect(try await gated.cancel(intentID: IntentID("gated")) == .cancelled)
    #expect(await fixture.node.isLive(requestID: "gated") == false)
    #expect(try await gated.paymentReceived(accepted.paymentHash)?.intentID == IntentID("gated"))
  }
}

actor Recorder {
  var lines: [String] = []
  func add(_ line: String) { lines.append(line) }
}

/// Defect 4, the journal's part: its stable code reaches the wallet as a value.
@Suite struct JournalCauseTests {
  @Test("a journal refusal carries the journal's code, not only its text")
  func journalCodeIsAttached() async throws {
    let fixture = LifecycleFixture()
    let provider = PollingProvider(
      node: fixture.node, journal: InMemoryRequestJournal(capacity: 0),
      scope: ProviderFixture.scope, clock: fixture.phoneClock)
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await provider.prepare(
        intentID: IntentID("full"), amount: Millisatoshis(1_000_000), description: "Coffee")
    }
    #expect(error.code == .journalFull)
    #expect(error.journalError?.code == .full)
    #expect(error.intentID == IntentID("full"))
    #expect(error.endsIntent == false)
    #expect(await fixture.node.calls.isEmpty)
  }
}

/// Defect 4: a capability re-check that fails says why.
@Suite struct CapabilityCauseTests {
  @Test(
    "a node fault during the capability re-check says which, names the node error, keeps the intent",
    arguments: [
      (NodeError.notRunning, OfflineReceiveError.Code.nodeStopped),
      (.unavailable, .nodeUnavailable),
    ])
  func nodeFaultIsRetryable(fault: NodeError, code: OfflineReceiveError.Code) async throws {
    let fixture = LifecycleFixture()
    let flow = await fixture.flow()
    await fixture.node.inject([fault], into: .canReceive)
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await flow.requestOfflineInvoice(
        amount: Millisatoshis(1_000_000), description: "Coffee",
        channels: LifecycleFixture.channels)
    }
    #expect(error.code == code)
    #expect(error.nodeError == fault)
    #expect(error.endsIntent == false)
    #expect(await fixture.node.calls.filter { $0.hasPrefix("prepare") }.isEmpty)
    // The fault passed: the same request goes through.
    guard
      case .ready = try await flow.requestOfflineInvoice(
        amount: Millisatoshis(1_000_000), description: "Coffee",
        channels: LifecycleFixture.channels)
    else {
      Issue.record("not ready after the fault")
      return
    }
  }
}

/// What the outside wallet trial found after the second pass.
@Suite struct WalletTrialTests {
  @Test("a new amount takes the QR off: no intent is reported as displayed")
  func newAmountClearsDisplayedIntent() async throws {
    let fixture = LifecycleFixture()
    let flow = await CancelTests.wiredFlow(fixture)
    guard try await CancelTests.showCoffee(flow) != nil else { return }
    await fixture.node.stop()
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await flow.requestOfflineInvoice(
        amount: Millisatoshis(2_000_000), description: "Tea", channels: LifecycleFixture.channels)
    }
    #expect(error.code == .nodeStopped)
    #expect(await flow.visible == .empty)
    #expect(await flow.displayedIntent == nil)
  }

  @Test(
    "a snapshot without liquidity says why: stopped node, no Lightning, no amount, capacity",
    arguments: [
      (1000, 5000 as UInt64?, false, true, OfflineReceiveError.Code.nodeStopped, false),
      (1000, 5000, true, false, .unavailable, true),
      (0, 5000, true, true, .insufficientLiquidity, true),
      (6000, 5000, true, true, .insufficientLiquidity, true),
      (1000, nil, true, true, .insufficientLiquidity, true),
    ])
  func whyNoLiquidity(
    sats: UInt64, capacity: UInt64?, running: Bool, lightning: Bool,
    code: OfflineReceiveError.Code, ends: Bool
  ) async throws {
    let fixture = LifecycleFixture()
    let session = ReceiveFlow(
      provider: fixture.provider as any OfflineReceiveProvider, scope: ProviderFixture.scope,
      history: { [] }, clock: fixture.phoneClock)
    let snapshot = EligibilitySnapshot(
      amount: .sats(sats), inboundCapacity: capacity.map { .sats($0) }, isNodeRunning: running,
      supportsLightning: lightning)
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await session.prepareInvoice(snapshot, description: "Coffee")
    }
    #expect(error.code == code)
    #expect(error.endsIntent == ends)
    #expect(await fixture.node.calls.isEmpty)
  }
}
