/// What the user asked to receive: the amount and the description (the note the user typed).
public struct ReceiveRequest: Sendable, Hashable {
  /// The amount asked, in satoshis.
  public var amountSats: UInt64
  /// The invoice's description: the note the user typed.
  public var description: String

  /// A request for `amountSats` with `description`.
  public init(amountSats: UInt64, description: String) {
    self.amountSats = amountSats
    self.description = description
  }
}
