/// Tests on the eight bytes of a 64-bit word at once ("SWAR"), in one place for every fast path
/// that scans bytes a word at a time: the Bech32 separator search and the JSON string writer.
///
/// Each returns marks: the top bit of a byte lane set where the test holds. Arithmetic wraps on
/// purpose: a borrow can only run from a lane that already holds (see each function).
package enum ByteLanes {
  /// 0x01 in every lane.
  @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
  /// 0x80 in every lane: the lanes' top bits.
  @inlinable static var high: UInt64 { 0x8080_8080_8080_8080 }

  /// `byte` in every lane.
  @inlinable @inline(__always)
  package static func repeating(_ byte: UInt8) -> UInt64 { ones &* UInt64(byte) }

  /// Non-zero exactly when some lane of `word` is below `bound` (at most 0x80); the lowest mark
  /// is exact, marks above it may be false ("Bit Twiddling Hacks", `hasless`).
  @inlinable @inline(__always)
  package static func belowMarks(_ word: UInt64, _ bound: UInt8) -> UInt64 {
    (word &- repeating(bound)) & ~word & high
  }

  /// Non-zero exactly when some lane of `word` is zero: `belowMarks(word, 1)`.
  @inlinable @inline(__always)
  package static func zeroMarks(_ word: UInt64) -> UInt64 { belowMarks(word, 1) }

  /// A mark on each lane of `word` that is zero, and on no other: no borrow runs between lanes,
  /// so the highest (or lowest) mark locates a zero byte.
  @inlinable @inline(__always)
  package static func exactZeroMarks(_ word: UInt64) -> UInt64 {
    let low7: UInt64 = 0x7f7f_7f7f_7f7f_7f7f
    return ~((word & low7 &+ low7) | word | low7)
  }
}
