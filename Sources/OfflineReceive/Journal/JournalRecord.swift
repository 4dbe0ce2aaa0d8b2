public import Bolt11

/// The durable memory of one receive intent.
public struct JournalRecord: Hashable, Sendable {
  /// The intent this record remembers: its key.
  public var intentID: IntentID
  /// The id under which the node knows the request (its idempotency key).
  public var nodeRequestID: String
  /// The amount the intent asks.
  public var amount: Millisatoshis
  /// The description the intent asks for.
  public var description: String
  /// Where the intent stands.
  public var state: RequestState
  /// The wallet the intent belongs to.
  public var scope: WalletScope
  /// The payment hash of the invoice the node released, kept after the intent ends so that a
  /// late payment is still matched to it.
  public var paymentHash: PaymentHash?
  /// The signed expiry of that invoice, in Unix seconds.
  public var expiresAt: UInt64?

  /// A record; the payment hash and expiry are known once the node released an invoice.
  public init(
    intentID: IntentID, nodeRequestID: String, amount: Millisatoshis, description: String,
    state: RequestState, scope: WalletScope, paymentHash: PaymentHash? = nil,
    expiresAt: UInt64? = nil
  ) {
    self.intentID = intentID
    self.nodeRequestID = nodeRequestID
    self.amount = amount
    self.description = description
    self.state = state
    self.scope = scope
    self.paymentHash = paymentHash
    self.expiresAt = expiresAt
  }

  /// Whether a payment settled the intent: such a record is final.
  public var isPaid: Bool { state == .terminal(.settled(fulfilled: true)) }
}
