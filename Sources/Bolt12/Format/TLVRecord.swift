/// One record of a TLV stream, as BOLT #1 frames it: a type, and where its value lies.
public struct TLVRecord: Sendable, Hashable {
  /// The record's type.
  public let type: UInt64
  /// The byte offset of the record's first byte (its type) in the stream.
  public let offset: Int
  /// Where the value lies in the stream.
  public let valueRange: Range<Int>

  /// The value's length in bytes.
  public var length: Int { valueRange.count }
}
