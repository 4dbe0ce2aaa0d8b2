/// What the user asked to receive: the amount and the note.
public struct ReceiveRequest: Sendable, Hashable {
  /// The amount asked, in satoshis.
  public var amountSats: UInt64
  /// The note, which becomes the invoice's description.
  public var note: String

  /// A request for `amountSats` with `note`.
  public init(amountSats: UInt64, note: String) {
    self.amountSats = amountSats
    self.note = note
  }
}
