/// What the user asked to receive: the amount and the note.
public struct ReceiveRequest: Sendable, Hashable {
  public var amountSats: UInt64
  public var note: String

  public init(amountSats: UInt64, note: String) {
    self.amountSats = amountSats
    self.note = note
  }
}
