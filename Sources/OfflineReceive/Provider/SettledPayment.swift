public import Bolt11

/// A payment the journal recorded against one intent.
///
/// A payment is recorded whatever state the intent was in: one that arrives after the intent was
/// refused, cancelled or expired is money received all the same, and `previousState` says so.
public struct SettledPayment: Sendable, Equatable {
  /// The intent that was paid.
  public var intentID: IntentID
  /// The amount the intent asked.
  public var amount: Millisatoshis
  /// The description the intent asked for.
  public var description: String
  /// The journal state before the payment was recorded.
  public var previousState: RequestState

  /// A payment of `intentID`, recorded when the intent was in `previousState`.
  public init(
    intentID: IntentID, amount: Millisatoshis, description: String, previousState: RequestState
  ) {
    self.intentID = intentID
    self.amount = amount
    self.description = description
    self.previousState = previousState
  }

  /// Whether the intent had already ended (refused, cancelled, expired) when it was paid.
  public var arrivedAfterEnd: Bool {
    switch previousState {
    case .intent, .submitted, .ready: false
    case .cancelling, .terminal: true
    }
  }
}
