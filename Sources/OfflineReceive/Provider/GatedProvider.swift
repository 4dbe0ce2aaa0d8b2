public import Bolt11

/// A provider behind a developer switch.
///
/// Wraps a real provider behind a switch that is re-read on every call. When off it
/// behaves like a session without a provider and never calls the inner provider.
public struct GatedProvider: OfflineReceiveProvider {
  private let inner: any OfflineReceiveProvider
  private let isEnabled: @Sendable () async -> Bool

  /// Gates `inner` behind `isEnabled`, which is read on every call.
  public init(inner: any OfflineReceiveProvider, isEnabled: @escaping @Sendable () async -> Bool) {
    self.inner = inner
    self.isEnabled = isEnabled
  }

  /// What every preparation and capability check answers while the switch is off.
  private static var switchedOff: OfflineReceiveError {
    OfflineReceiveError(.unavailable, "offline receive is switched off")
  }

  /// The inner provider's answer when enabled; false otherwise.
  public func canReceive(amount: Millisatoshis) async throws -> Bool {
    guard await isEnabled() else { return false }
    return try await inner.canReceive(amount: amount)
  }

  /// The inner provider's preparation when enabled; `offline.unavailable` otherwise.
  public func prepareInvoice(intentID: IntentID, amount: Millisatoshis, description: String)
    async throws -> PrepareOutcome<String>
  {
    guard await isEnabled() else { throw Self.switchedOff }
    return try await inner.prepareInvoice(
      intentID: intentID, amount: amount, description: description)
  }

  /// The inner provider's check when enabled; `offline.unavailable` otherwise.
  public func checkCapability(amount: Millisatoshis) async throws {
    guard await isEnabled() else { throw Self.switchedOff }
    try await inner.checkCapability(amount: amount)
  }

  /// The inner provider's payment record, also when the switch is off: a payment is never lost.
  public func paymentReceived(_ hash: PaymentHash) async throws -> SettledPayment? {
    try await inner.paymentReceived(hash)
  }

  /// The inner provider's cancel, also when the switch is off: a node request it prepared
  /// would otherwise hold the settlement channel.
  public func cancel(intentID: IntentID) async throws -> TerminalReason {
    try await inner.cancel(intentID: intentID)
  }
}

/// The gate hands over the verdict of a validating provider behind it.
extension GatedProvider: ValidatingProvider {
  var validatingDisplay: DisplayPolicy? { (inner as? any ValidatingProvider)?.validatingDisplay }

  func prepareValidated(intentID: IntentID, amount: Millisatoshis, description: String)
    async throws -> PrepareOutcome<AcceptedInvoice>?
  {
    guard let validating = inner as? any ValidatingProvider else { return nil }
    guard await isEnabled() else { throw Self.switchedOff }
    return try await validating.prepareValidated(
      intentID: intentID, amount: amount, description: description)
  }
}
