public import Bolt11

/// The boundary between the receive session and whatever prepares offline invoices.
///
/// Implementations: `PollingProvider` and `GatedProvider` (a developer switch); a session
/// without a provider never offers offline receive.
public protocol OfflineReceiveProvider: Sendable {
  /// Whether offline receive of `amount` is possible now; advisory, it reserves nothing.
  func canReceive(amount: Millisatoshis) async throws -> Bool
  /// Prepares (or resumes) the intent and returns the raw BOLT11 (not yet validated), or
  /// pending.
  ///
  /// It must return only once the offline arrangement is activated and its recovery
  /// data is durable. It must never fall back to an ordinary invoice. `intentID` is the
  /// idempotency key: the library-issued intent id.
  func prepareInvoice(intentID: IntentID, amount: Millisatoshis, description: String) async throws
    -> PrepareOutcome<String>
  /// Records a payment of the invoice with `hash` against its intent, whatever state the intent
  /// is in; nil when the provider knows no such invoice or recorded it already.
  func paymentReceived(_ hash: PaymentHash) async throws -> SettledPayment?
  /// Checks, before a new intent is prepared, that offline receive of `amount` is possible, and
  /// says why not.
  ///
  /// - Throws: `offline.unavailable` (or a more precise refusal, such as `offline.ineligible`)
  ///   when the provider says no; a node fault with its own code and the node's error
  ///   (`offline.node_stopped`, `offline.node_unavailable`, ...; the intent is kept).
  func checkCapability(amount: Millisatoshis) async throws
  /// Ends the intent and cancels its node request, whatever state it is in.
  ///
  /// - Returns: why the intent ended: `.cancelled`, or `.settled` when it was paid.
  func cancel(intentID: IntentID) async throws -> TerminalReason
}

extension OfflineReceiveProvider {
  /// `canReceive(amount:)`: false is `offline.unavailable`; its errors propagate unchanged.
  public func checkCapability(amount: Millisatoshis) async throws {
    guard try await canReceive(amount: amount) else {
      throw OfflineReceiveError(.unavailable, "the provider no longer offers \(amount)")
    }
  }

  /// A provider that keeps no journal has no node request to cancel.
  public func cancel(intentID: IntentID) async throws -> TerminalReason { .cancelled }

  /// A provider that keeps no journal records nothing.
  public func paymentReceived(_ hash: PaymentHash) async throws -> SettledPayment? { nil }
}
