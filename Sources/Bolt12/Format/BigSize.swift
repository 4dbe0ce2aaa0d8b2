/// BOLT #1's integer encodings: `bigsize` (a variable-length, big-endian integer) and `tu64`
/// (a big-endian integer without leading zero bytes).
enum BigSize {
  /// What reading one `bigsize` found.
  enum Read {
    /// The value and the offset after it; `minimal` is false when a shorter form exists.
    case value(UInt64, next: Int, minimal: Bool)
    /// The encoding runs past the end.
    case truncated
  }

  /// Reads the `bigsize` at `offset`.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Read {
    guard offset < bytes.count else { return .truncated }
    let first = bytes[offset]
    let width: Int
    let smallest: UInt64
    switch first {
    case 0xfd: (width, smallest) = (2, 0xfd)
    case 0xfe: (width, smallest) = (4, 0x1_0000)
    case 0xff: (width, smallest) = (8, 0x1_0000_0000)
    default: return .value(UInt64(first), next: offset + 1, minimal: true)
    }
    guard bytes.count - offset - 1 >= width else { return .truncated }
    var value: UInt64 = 0
    for index in offset + 1...offset + width { value = value << 8 | UInt64(bytes[index]) }
    return .value(value, next: offset + 1 + width, minimal: value >= smallest)
  }

  /// Appends the shortest `bigsize` of `value`.
  static func write(_ value: UInt64, to output: inout [UInt8]) {
    switch value {
    case 0..<0xfd: output.append(UInt8(value))
    case 0xfd...0xffff:
      output.append(0xfd)
      appendBigEndian(value, width: 2, to: &output)
    case 0x1_0000...0xffff_ffff:
      output.append(0xfe)
      appendBigEndian(value, width: 4, to: &output)
    default:
      output.append(0xff)
      appendBigEndian(value, width: 8, to: &output)
    }
  }

  /// Appends `value`'s low `width` bytes, most significant first.
  static func appendBigEndian(_ value: UInt64, width: Int, to output: inout [UInt8]) {
    for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
      output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }

  /// The `tu64` in `bytes`: nil when longer than 8 bytes or when it starts with a zero byte
  /// (not minimal).
  static func truncatedUInt64(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> UInt64? {
    guard bytes.count <= 8, bytes.first != 0 else { return nil }
    return bytes.reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// Appends the `tu64` of `value`: its big-endian bytes without leading zeros (none for 0).
  static func writeTruncated(_ value: UInt64, to output: inout [UInt8]) {
    appendBigEndian(value, width: (64 - value.leadingZeroBitCount + 7) / 8, to: &output)
  }

  /// The length of `writeTruncated(value)`.
  static func truncatedLength(_ value: UInt64) -> Int { (64 - value.leadingZeroBitCount + 7) / 8 }
}
