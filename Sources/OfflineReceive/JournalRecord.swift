public import Bolt11

/// The durable memory of one receive intent (spec §3 A).
public struct JournalRecord: Hashable, Sendable {
  public var intentID: IntentID
  /// The id under which the node knows the request (its idempotency key).
  public var nodeRequestID: String
  public var amount: Millisatoshis
  public var description: String
  public var state: RequestState
  public var scope: WalletScope

  public init(
    intentID: IntentID, nodeRequestID: String, amount: Millisatoshis, description: String,
    state: RequestState, scope: WalletScope
  ) {
    self.intentID = intentID
    self.nodeRequestID = nodeRequestID
    self.amount = amount
    self.description = description
    self.state = state
    self.scope = scope
  }
}
