import Bolt11
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

@testable import OfflineReceive

/// The phone's clock, with a hook run at the first wait: what the wallet does while a
/// preparation waits for the node.
actor HookedClock: WallClock {
  let base: ManualClock
  private var hook: (@Sendable () async -> Void)?

  init(base: ManualClock) { self.base = base }

  func setHook(_ hook: @escaping @Sendable () async -> Void) { self.hook = hook }
  func now() async -> UInt64 { await base.now() }
  func monotonicNow() async -> Duration { await base.monotonicNow() }
  func sleep(for duration: Duration) async throws {
    if let hook {
      self.hook = nil
      await hook()
    }
    try await base.sleep(for: duration)
  }
}

/// Calls that land on an intent while a preparation of it waits for the node: the provider's
/// calls share one request machine, so none overwrites what another recorded.
@Suite struct InFlightTests {
  @Test("a payment recorded while a resume waits for the node stays recorded when Ready comes")
  func paymentDuringResume() async throws {
    let fixture = LifecycleFixture()
    guard case .ready(let shown, _) = try await fixture.prepare("a") else {
      Issue.record("not ready")
      return
    }
    // The app restarts; the node recovers the request and re-releases its invoice later.
    await fixture.node.restart()
    await fixture.node.recover()
    let clock = HookedClock(base: fixture.phoneClock)
    let provider = PollingProvider(
      node: fixture.node, journal: fixture.journal, scope: ProviderFixture.scope, clock: clock)
    await clock.setHook { _ = try? await provider.paymentReceived(shown.paymentHash) }
    await #expect(throws: OfflineReceiveError.self) {
      try await provider.prepare(
        intentID: IntentID("a"), amount: .sats(3000), description: "Coffee")
    }
    #expect(await fixture.state("a") == .terminal(.settled(fulfilled: true)))
  }
}

/// An in-memory journal whose next save can be made to fail, as a full disk would.
actor FailingJournal: RequestJournal {
  private var contents = JournalContents(capacity: 16)
  private var failNext = false

  func failNextSave() { failNext = true }
  func records() -> [JournalRecord] { contents.records }
  func record(_ intentID: IntentID) -> JournalRecord? { contents.record(intentID) }
  func save(_ record: JournalRecord) throws(JournalError) {
    if failNext {
      failNext = false
      throw JournalError(.io, "no space left on device")
    }
    try contents.save(record)
  }
  func remove(_ intentID: IntentID) { contents.remove(intentID) }
  func removeAll(scope: WalletScope) { contents.removeAll(scope: scope) }
  func pruneTerminal() { contents.pruneTerminal() }
  func pruneEnded(asOf now: UInt64, margin: UInt64) {
    contents.pruneEnded(asOf: now, margin: margin)
  }
}

extension InFlightTests {
  @Test("a cancel whose write fails while a prepare waits: both fail, the intent resumes intact")
  func failedWriteDuringPrepare() async throws {
    let fixture = LifecycleFixture()
    let journal = FailingJournal()
    let clock = HookedClock(base: fixture.phoneClock)
    let provider = PollingProvider(
      node: fixture.node, journal: journal, scope: ProviderFixture.scope, clock: clock)
    let cancel = Box<OfflineReceiveError.Code>()
    await clock.setHook {
      await journal.failNextSave()
      do { try await provider.cancel(intentID: IntentID("a")) } catch let error
        as OfflineReceiveError
      { await cancel.set(error.code) } catch {}
    }
    let first = await #expect(throws: OfflineReceiveError.self) {
      try await provider.prepare(
        intentID: IntentID("a"), amount: .sats(3000), description: "Coffee")
    }
    #expect(await cancel.value == .journal)
    // The machine stands where the journal does after the failed write: the waiting prepare's
    // attempt is over, and it does not carry on with it.
    #expect(first?.code == .retryable)
    #expect(first?.endsIntent == false)
    #expect(await journal.record(IntentID("a"))?.state == .submitted)
    try #require(await Self.preparesCoffeeReady(provider), "the intent did not resume")
    #expect(await fixture.node.liveRequestCount == 1)
  }
}

/// A value set from inside a hook.
actor Box<Value: Sendable> {
  var value: Value?
  func set(_ value: Value) { self.value = value }
}

extension InFlightTests {
  @Test("a cancel while the session's preparation waits: offline.cancelled, no new intent")
  func cancelDuringSessionPreparation() async throws {
    let fixture = LifecycleFixture()
    let clock = HookedClock(base: fixture.phoneClock)
    let provider = PollingProvider(
      node: fixture.node, journal: fixture.journal, scope: ProviderFixture.scope, clock: clock)
    let session = ReceiveFlow(
      provider: provider as any OfflineReceiveProvider, scope: ProviderFixture.scope,
      history: { [] }, clock: fixture.phoneClock)
    // No flow observes this provider: the cancel reaches the waiting call through the intent.
    await clock.setHook {
      let intents = await fixture.journal.records().map(\.intentID)
      for intent in intents { _ = try? await provider.cancel(intentID: intent) }
    }
    let error = await #expect(throws: OfflineReceiveError.self) {
      try await session.prepareInvoice(
        EligibilitySnapshot(amount: .sats(3000), inboundCapacity: .sats(5000)),
        description: "Coffee")
    }
    #expect(error?.code == .cancelled)
    #expect(error?.endsIntent == true)
    // The session did not prepare the request again under a new intent.
    #expect(await fixture.node.calls.filter { $0.hasPrefix("prepare") }.count == 1)
    #expect(await fixture.node.liveRequestCount == 0)
  }
}

extension InFlightTests {
  /// A polling provider over a journal whose next save can be made to fail, as a full disk would.
  /// Whether preparing intent "a" (3,000 sat, "Coffee") answers ready.
  static func preparesCoffeeReady(_ provider: PollingProvider) async throws -> Bool {
    guard
      case .ready = try await provider.prepare(
        intentID: IntentID("a"), amount: .sats(3000), description: "Coffee")
    else { return false }
    return true
  }

  static func onFailingJournal() -> (LifecycleFixture, FailingJournal, PollingProvider) {
    let fixture = LifecycleFixture()
    let journal = FailingJournal()
    let provider = PollingProvider(
      node: fixture.node, journal: journal, scope: ProviderFixture.scope,
      clock: fixture.phoneClock)
    return (fixture, journal, provider)
  }

  @Test("a new intent whose older one cannot be written away fails with its own intent id")
  func failedSupersedeNamesTheNewIntent() async throws {
    let (fixture, journal, provider) = Self.onFailingJournal()
    try #require(await Self.preparesCoffeeReady(provider), "the first intent was not ready")
    // The disk fills: cancelling the older intent, before the new one is written, fails.
    await journal.failNextSave()
    let error = await #expect(throws: OfflineReceiveError.self) {
      try await provider.prepare(
        intentID: IntentID("b"), amount: .sats(5000), description: "Tea")
    }
    #expect(error?.code == .journal)
    // A wallet keys its retry on the error's intent: the one it asked for.
    #expect(error?.intentID == IntentID("b"))
    #expect(error?.message.contains("a") == true)
  }
}

extension InFlightTests {
  @Test("a restore that learns of a payment on a full disk reports it settled and keeps it")
  func restoreSettledOnFullDisk() async throws {
    let (fixture, journal, provider) = Self.onFailingJournal()
    guard
      case .ready(let accepted, _) = try await provider.prepare(
        intentID: IntentID("a"), amount: .sats(3000), description: "Coffee")
    else {
      Issue.record("the intent was not ready")
      return
    }
    // Paid while the app was away; the disk is full when the app comes back.
    _ = await fixture.node.settle(requestID: "a")
    await journal.failNextSave()
    let report = try await provider.restore()
    #expect(report.settled == [IntentID("a")])
    #expect(report.failures.isEmpty)
    #expect(await provider.unwrittenPayments == [accepted.invoice.paymentHash])
    // The next call writes it.
    _ = try await provider.restore()
    #expect(await journal.record(IntentID("a"))?.isPaid == true)
    #expect(await provider.unwrittenPayments.isEmpty)
  }
}
