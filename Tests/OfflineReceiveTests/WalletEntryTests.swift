import Bolt11
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

@testable import OfflineReceive

/// §2.W over `ReceiveFlow`.
@Suite struct WalletEntryTests {
  static let channels = [
    ChannelSummary(isReady: true, isUsable: true, inboundCapacity: Millisatoshis(1_000_000))
  ]
  let clock = ManualClock(seconds: TestInvoices.now)

  func flow(_ provider: (any OfflineReceiveProvider)? = nil) async -> ReceiveFlow {
    await ReceiveFlow(
      provider: provider, scope: SessionTests.scope, clock: clock,
      ordinaryCache: InMemoryOrdinaryCache())
  }

  @Test(
    "W1: offline mode never falls back to an ordinary invoice: the default provider fails with unavailable"
  )
  func w1() async {
    let flow = await flow()
    do {
      _ = try await flow.requestOfflineInvoice(
        amount: .sats(1000), description: "", channels: Self.channels)
      Issue.record("an offline invoice from the unavailable provider")
    } catch let error as OfflineReceiveError {
      #expect(error.code == .unavailable)
    } catch { Issue.record("not the offline layer's error: \(error)") }
    #expect(await flow.visible == .empty)
  }

  @Test("W2: offline mode needs a fixed amount: amountless fails with insufficient liquidity")
  func w2() async {
    let provider = FakeProvider()
    let flow = await flow(provider)
    do {
      _ = try await flow.requestOfflineInvoice(
        amount: nil, description: "", channels: Self.channels)
      Issue.record("an amountless offline invoice")
    } catch let error as OfflineReceiveError {
      #expect(error.code == .insufficientLiquidity)
    } catch { Issue.record("\(error)") }
    #expect(await provider.prepares.isEmpty)
  }

  @Test("W3: a new receive session resets the mode, selection and eligibility")
  func w3() async throws {
    let provider = FakeProvider()
    let flow = await flow(provider)
    _ = try await flow.requestOfflineInvoice(
      amount: .sats(1000), description: "Coffee", channels: Self.channels)
    await flow.updateEligibility(
      EligibilitySnapshot(amount: .sats(1000), inboundCapacity: .sats(1000)))
    await flow.setSelected(true)
    #expect(await flow.isOfflineMode)
    #expect(await flow.isSelected)
    await flow.resetReceiveSession()
    #expect(await flow.isOfflineMode == false)
    #expect(await flow.isSelected == false)
    #expect(await flow.isEligible == false)
  }

  @Test("flow: prepare, register, display; the matching payment retires the QR and the preparation")
  func endToEnd() async throws {
    let provider = FakeProvider()
    let flow = await flow(provider)
    let outcome = try await flow.requestOfflineInvoice(
      amount: .sats(1000), description: "Coffee", channels: Self.channels)
    guard case .ready(let accepted, _) = outcome else { Issue.record("\(outcome)"); return }
    #expect(await flow.visible.bolt11 == accepted.bolt11)
    // The accepted clock skew is taken off the time it is shown (defect 2).
    #expect(await flow.nextDeadline == accepted.displayUntil - DisplayPolicy().clockSkewSeconds)
    try await flow.paymentReceived(accepted.paymentHash)
    #expect(await flow.visible == .empty)
    #expect(await flow.session.preparation == nil)
  }
}

/// Validated once: the invoice the node releases is checked by one validator against one
/// receive policy, and the verdict is what the flow shows.
@Suite struct ValidatedOnceTests {
  /// Rules that refuse every fixture invoice (its final CLTV delta is above 0 blocks).
  static let refusingRules = DisplayPolicy(maxFinalCLTVExpiryDelta: 0)

  @Test("validated once: the polling provider's verdict is shown as it is, not validated again")
  func pollingVerdictTravels() async throws {
    let fixture = LifecycleFixture()
    // The flow's own rules would refuse the invoice: it is shown, so the flow did not validate
    // it a second time.
    let flow = ReceiveFlow(
      provider: fixture.provider as any OfflineReceiveProvider, scope: ProviderFixture.scope,
      history: { [] }, clock: fixture.phoneClock, display: Self.refusingRules)
    let outcome = try await flow.requestOfflineInvoice(
      amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
    let shown = try #require(outcome.invoice)
    #expect(await flow.offlineInvoice == shown)
    // The provider's own verdict, asked again, is the same invoice with the same display end.
    let again = try await fixture.provider.prepare(
      intentID: outcome.intentID, amount: .sats(3000), description: "Coffee")
    #expect(again.invoice == shown)
  }

  @Test("validated once: a gated polling provider's verdict travels through the gate")
  func gatedVerdictTravels() async throws {
    let fixture = LifecycleFixture()
    let gated = GatedProvider(inner: fixture.provider, isEnabled: { true })
    // The flow's own rules would refuse the invoice: shown, so it was validated once, by the
    // polling provider behind the gate.
    let flow = ReceiveFlow(
      provider: gated, scope: ProviderFixture.scope, history: { [] }, clock: fixture.phoneClock,
      display: Self.refusingRules)
    let outcome = try await flow.requestOfflineInvoice(
      amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
    let shown = try #require(outcome.invoice)
    #expect(await flow.offlineInvoice == shown)
  }

  @Test("validated once: a gated polling provider switched off prepares nothing")
  func gatedOffPreparesNothing() async throws {
    let fixture = LifecycleFixture()
    let gated = GatedProvider(inner: fixture.provider, isEnabled: { false })
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await ReceiveFlow(
        provider: gated, scope: ProviderFixture.scope, history: { [] },
        clock: fixture.phoneClock
      ).requestOfflineInvoice(
        amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
    }
    #expect(error.code == .unavailable)
    #expect(await fixture.journal.records().isEmpty)
  }

  @Test("validated once: the flow takes the clock skew of the polling provider's policy")
  func skewFromTheProvider() async throws {
    let fixture = LifecycleFixture()
    await fixture.phoneClock.set(seconds: TestInvoices.now + 1000)
    let provider = PollingProvider(
      node: fixture.node, journal: fixture.journal, scope: ProviderFixture.scope,
      display: DisplayPolicy(clockSkewSeconds: 300), clock: fixture.phoneClock)
    let flow = await ReceiveFlow(
      provider: provider, scope: ProviderFixture.scope, history: { [] },
      clock: fixture.phoneClock)
    _ = try #require(
      try await flow.requestOfflineInvoice(
        amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels
      ).invoice)
    let deadline = try #require(await flow.display.monotonicDeadline)
    // 3600 − the phone's 1,001 s − the provider's 300 s skew (not the default 60 s).
    #expect(deadline - (await fixture.phoneClock.monotonicNow()) == .seconds(2299))
  }

  @Test("validated once: another provider's text is validated by the flow, against its policy")
  func otherProviderValidatedByTheFlow() async throws {
    let flow = ReceiveFlow(
      provider: FakeProvider(), scope: SessionTests.scope, history: { [] },
      clock: ManualClock(seconds: TestInvoices.now), display: Self.refusingRules)
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await flow.requestOfflineInvoice(
        amount: .sats(1000), description: "Coffee", channels: WalletEntryTests.channels)
    }
    #expect(error.code == .invalidInvoice)
    #expect(error.rejection?.offlineCode == .cltvTooLarge)
    #expect(await flow.offlineInvoice == nil)
  }
}
