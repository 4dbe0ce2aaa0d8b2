import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

/// §2.W over `ReceiveFlow`.
@Suite struct WalletEntryTests {
  static let channels = [
    ChannelSummary(isReady: true, isUsable: true, inboundCapacity: Millisatoshis(1_000_000))
  ]
  let clock = ManualClock(seconds: TestInvoices.now)

  func flow(_ provider: (any OfflineReceiveProvider)? = nil) async -> ReceiveFlow {
    let session: OfflineReceiveSession
    if let provider {
      session = OfflineReceiveSession(provider: provider, scope: SessionTests.scope, clock: clock)
    } else {
      session = OfflineReceiveSession(scope: SessionTests.scope, clock: clock)
    }
    let gate = PaymentGate(history: FakeHistory([[]]), clock: clock)
    let display = await OfflineDisplayStore(gate: gate, ordinaryCache: InMemoryOrdinaryCache())
    return ReceiveFlow(session: session, gate: gate, display: display, clock: clock)
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
    #expect(await flow.display.visible == .empty)
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
    await flow.session.updateEligibility(
      EligibilitySnapshot(amount: .sats(1000), inboundCapacity: .sats(1000)))
    await flow.session.setSelected(true)
    #expect(await flow.display.isOfflineMode)
    #expect(await flow.session.isSelected)
    await flow.resetReceiveSession()
    #expect(await flow.display.isOfflineMode == false)
    #expect(await flow.session.isSelected == false)
    #expect(await flow.session.isEligible == false)
  }

  @Test("flow: prepare, register, display; the matching payment retires the QR and the preparation")
  func endToEnd() async throws {
    let provider = FakeProvider()
    let flow = await flow(provider)
    let outcome = try await flow.requestOfflineInvoice(
      amount: .sats(1000), description: "Coffee", channels: Self.channels)
    guard case .ready(let accepted, _) = outcome else { Issue.record("\(outcome)"); return }
    #expect(await flow.display.visible.bolt11 == accepted.bolt11)
    // The accepted clock skew is taken off the time it is shown (defect 2).
    #expect(await flow.nextDeadline == accepted.displayUntil - DisplayPolicy().clockSkewSeconds)
    try await flow.paymentReceived(accepted.paymentHash)
    #expect(await flow.display.visible == .empty)
    #expect(await flow.session.preparation == nil)
  }
}
