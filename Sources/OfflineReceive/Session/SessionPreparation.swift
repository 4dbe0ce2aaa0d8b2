import Bolt11

/// The one preparation a receive session holds: its identity and whether it was
/// attempted.
package struct SessionPreparation: Sendable, Hashable {
  /// One identity authority. The library issues an intent id. It is also the
  /// provider's idempotency key.
  package var intentID: IntentID
  package var amount: Millisatoshis
  package var description: String
  /// Set *before* the provider's prepare is called, so a lost response is resumable.
  package var attempted: Bool

  package init(intentID: IntentID, amount: Millisatoshis, description: String, attempted: Bool) {
    self.intentID = intentID
    self.amount = amount
    self.description = description
    self.attempted = attempted
  }
}
