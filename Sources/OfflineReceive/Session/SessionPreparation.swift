import Bolt11

/// The one preparation a receive session holds: its identity and whether it was
/// attempted.
struct SessionPreparation: Sendable, Hashable {
  /// One identity authority. The library issues an intent id. It is also the
  /// provider's idempotency key.
  var intentID: IntentID
  var amount: Millisatoshis
  var description: String
  /// Set *before* the provider's prepare is called, so a lost response is resumable.
  var attempted: Bool

  init(intentID: IntentID, amount: Millisatoshis, description: String, attempted: Bool) {
    self.intentID = intentID
    self.amount = amount
    self.description = description
    self.attempted = attempted
  }
}
