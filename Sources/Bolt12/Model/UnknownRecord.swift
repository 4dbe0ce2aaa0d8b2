/// A record of an odd type the reader does not know, kept as received.
public struct UnknownRecord: Sendable, Hashable {
  /// The record's type, odd.
  public let type: UInt64
  /// The value, as received.
  public let value: [UInt8]

  /// A record to write (``OfferBuilder``): the builder refuses an even type, one outside the
  /// offer's ranges and one a known field uses.
  public init(type: UInt64, value: [UInt8]) {
    self.type = type
    self.value = value
  }
}
