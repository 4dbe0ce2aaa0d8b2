import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

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
    #expect(await flow.display.hasPreparedOfflineInvoice(now: TestInvoices.now))
    #expect(try await fixture.provider.cancel(intentID: intent) == .cancelled)
    #expect(await flow.display.hasPreparedOfflineInvoice(now: TestInvoices.now) == false)
    #expect(await flow.display.visible == .empty)
    #expect(await flow.displayedIntent == nil)
    #expect(
      await flow.session.hasPreparationAttempt(
        amount: Millisatoshis(1_000_000), description: "Coffee") == false)
    #expect(await fixture.node.isLive(requestID: intent.rawValue) == false)
  }
}
