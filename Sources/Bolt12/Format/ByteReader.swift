/// A cursor over one record's value: each read takes bytes from the front, or fails when too few
/// are left.
struct ByteReader {
  private let bytes: ArraySlice<UInt8>
  private var index: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    self.index = bytes.startIndex
  }

  /// Whether every byte has been read.
  var isAtEnd: Bool { index == bytes.endIndex }

  /// Takes `count` bytes, or nil when fewer are left.
  mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
    guard bytes.endIndex - index >= count else { return nil }
    defer { index += count }
    return bytes[index..<index + count]
  }

  /// The next byte, left unread; nil at the end.
  func peek() -> UInt8? { isAtEnd ? nil : bytes[index] }

  /// Takes one byte.
  mutating func byte() -> UInt8? { take(1)?.first }

  /// Takes a big-endian `u16`.
  mutating func uint16() -> UInt16? {
    guard let pair = take(2) else { return nil }
    return UInt16(pair[pair.startIndex]) << 8 | UInt16(pair[pair.startIndex + 1])
  }

  /// Takes a big-endian `u64`.
  mutating func uint64() -> UInt64? { take(8)?.reduce(0) { $0 << 8 | UInt64($1) } }
}
