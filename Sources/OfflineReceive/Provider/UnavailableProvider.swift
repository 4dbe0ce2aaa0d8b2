public import Bolt11

/// The provider of every production build: it never advertises offline receive.
///
/// Capability is always false, and preparation always fails with *unavailable*.
public struct UnavailableProvider: OfflineReceiveProvider {
  /// The unavailable provider.
  public init() {}

  /// Always false.
  public func canReceive(amount: Millisatoshis) async throws -> Bool { false }

  /// Always throws `offline.unavailable`.
  public func prepareInvoice(intentID: IntentID, amount: Millisatoshis, description: String)
    async throws -> PrepareOutcome<String>
  {
    throw OfflineReceiveError(.unavailable, "offline receive is not available in this build")
  }
}
