public import Bolt11

/// What the user asked to receive: the amount and the description (the note the user typed).
public struct ReceiveRequest: Sendable, Hashable {
  /// The amount asked.
  public var amount: Millisatoshis
  /// The invoice's description: the note the user typed.
  public var description: String

  /// A request for `amount` with `description`.
  public init(amount: Millisatoshis, description: String) {
    self.amount = amount
    self.description = description
  }
}
