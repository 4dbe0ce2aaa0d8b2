import Bolt11

/// What a session without a provider uses: it never advertises offline receive.
///
/// Capability is always false, and preparation always fails with *unavailable*.
package struct UnavailableProvider: OfflineReceiveProvider {
  /// The unavailable provider.
  package init() {}

  /// Always false.
  package func canReceive(amount: Millisatoshis) async throws -> Bool { false }

  /// Always throws `offline.unavailable`.
  package func prepareInvoice(intentID: IntentID, amount: Millisatoshis, description: String)
    async throws -> PrepareOutcome<String>
  {
    throw OfflineReceiveError(.unavailable, "offline receive is not available in this build")
  }
}
