import Bolt11
import OfflineReceive
import OfflineReceiveTesting

/// One provider over a simulated node, a manual clock and an in-memory journal.
package struct ProviderFixture {
  package let clock = ManualClock(seconds: TestInvoices.now)
  package let journal = InMemoryRequestJournal()
  package let node: SimulatedNode
  package let provider: PollingProvider
  package static let scope = WalletScope(network: .regtest, nodeID: TestKeys.ourNodeID)

  package init(
    key: Secp256k1Key = .ours, amountOffsetMsat: UInt64 = 0, timeout: Duration = .seconds(60),
    cancelsOtherIntents: Bool = true
  ) {
    let signer = key == .ours ? TestKeys.ours : TestKeys.other
    node = SimulatedNode(nodeID: TestKeys.ourNodeID, clock: clock) {
      requestID, amount, description, createdAt in
      // A payment hash derived from the request id, so every request differs.
      let invoice = TestInvoices.make(
        amountMsat: amount.rawValue + amountOffsetMsat, description: .text(description),
        createdAt: createdAt, expirySeconds: 3600,
        paymentHash: TestInvoices.hash(requestID: requestID), key: signer)
      return (invoice.string, invoice.expiresAt)
    }
    provider = PollingProvider(
      node: node, journal: journal, scope: Self.scope, clock: clock,
      timeout: timeout, cancelsOtherIntents: cancelsOtherIntents)
  }

  package enum Secp256k1Key { case ours, other }

  /// Prepares intent `id` for `sats` satoshis with `description`.
  package func prepare(
    _ id: String = "request-1", sats: UInt64 = 1000, description: String = "Coffee"
  ) async throws -> PrepareOutcome<AcceptedInvoice> {
    try await provider.prepare(
      intentID: IntentID(id), amount: .sats(sats), description: description)
  }
}

extension JournalRecord {
  /// A one-satoshi Coffee record of intent `id` (its node request id too) in the fixture's
  /// scope.
  package static func coffee(
    _ id: String, state: RequestState, paymentHash: PaymentHash? = nil, expiresAt: UInt64? = nil
  ) -> JournalRecord {
    JournalRecord(
      intentID: IntentID(id), nodeRequestID: id, amount: .sats(1), description: "Coffee",
      state: state, scope: ProviderFixture.scope, paymentHash: paymentHash, expiresAt: expiresAt)
  }
}
