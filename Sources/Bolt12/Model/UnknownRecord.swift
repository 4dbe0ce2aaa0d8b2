/// A record of an odd type the reader does not know, kept as received.
public struct UnknownRecord: Sendable, Hashable {
  /// The record's type, odd.
  public let type: UInt64
  /// The value, as received.
  public let value: [UInt8]
}
