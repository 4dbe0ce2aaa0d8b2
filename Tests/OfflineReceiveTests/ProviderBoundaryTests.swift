import OfflineReceive
import OfflineReceiveFixtures
import Testing

/// §1.3: the unavailable and the gated provider.
@Suite struct ProviderBoundaryTests {
  actor Switch {
    var isOn = false
    func set(_ on: Bool) { isOn = on }
  }

  @Test("P15: the developer gate hides the provider until enabled, re-read on every call")
  func p15() async throws {
    let inner = FakeProvider()
    let gate = Switch()
    let provider = GatedProvider(inner: inner) { await gate.isOn }
    #expect(try await provider.canReceive(amount: .sats(1000)) == false)
    do {
      _ = try await provider.prepareInvoice(
        intentID: IntentID("a"), amount: .sats(1000), description: "")
      Issue.record("a closed gate prepared")
    } catch let error as OfflineReceiveError {
      #expect(error.code == .unavailable)
    }
    #expect(await inner.queries.isEmpty)
    #expect(await inner.prepares.isEmpty)
    await gate.set(true)
    #expect(try await provider.canReceive(amount: .sats(1000)))
    _ = try await provider.prepareInvoice(
      intentID: IntentID("a"), amount: .sats(1000), description: "")
    #expect(await inner.queries == [.sats(1000)])
    #expect(await inner.prepares.count == 1)
  }

  @Test("P16/1.3: the unavailable provider never advertises and always fails with unavailable")
  func p16() async throws {
    let provider = UnavailableProvider()
    #expect(try await provider.canReceive(amount: .sats(1000)) == false)
    do {
      _ = try await provider.prepareInvoice(
        intentID: IntentID("a"), amount: .sats(1000), description: "")
      Issue.record("the unavailable provider prepared")
    } catch let error as OfflineReceiveError {
      #expect(error.code == .unavailable)
    }
  }
}
