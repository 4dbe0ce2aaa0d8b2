/// The boundary between the receive session and whatever prepares offline invoices (spec §1.3).
///
/// Implementations: `UnavailableProvider` (the production default, P16), `GatedProvider` (a
/// developer switch, P15) and `PollingProvider` (over a node client, §1.4).
public protocol OfflineReceiveProvider: Sendable {
  /// Spec §1.3: "It is advisory and reserves nothing."
  func canReceive(amountSats: UInt64) async throws -> Bool
  /// Prepares (or resumes) the intent and returns the raw BOLT11, or pending.
  ///
  /// Spec §1.3: "It must return only once the offline arrangement is activated and its recovery
  /// data is durable. It must never fall back to an ordinary invoice. `requestId` is an
  /// idempotency key." Here the key is the library-issued intent id (§4 W1).
  func prepareInvoice(intentID: IntentID, amountSats: UInt64, description: String) async throws
    -> ProviderAnswer
  /// Records a payment of the invoice with `hash` against its intent, whatever state the intent
  /// is in; nil when the provider knows no such invoice or recorded it already.
  func paymentReceived(_ hash: PaymentHash) async throws -> SettledPayment?
}

extension OfflineReceiveProvider {
  /// A provider that keeps no journal records nothing.
  public func paymentReceived(_ hash: PaymentHash) async throws -> SettledPayment? { nil }
}
