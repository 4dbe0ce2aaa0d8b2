extension Bech32 {
  /// Why 5-bit words do not regroup exactly into bytes.
  public enum PaddingError: Error, Equatable, Sendable {
    /// The bits left over after the last whole byte are not all zero.
    case nonZeroPadding
    /// Five or more bits are left over: a whole word too many.
    case excessPadding
  }

  /// Regroups 5-bit words into bytes, refusing padding that a writer could not have produced.
  ///
  /// BIP-173's `convertbits(..., pad=False)`: at most four zero bits may be left over.
  /// - Throws: `PaddingError`.
  /// - Complexity: O(n).
  public static func bytes(fromWords words: some Collection<UInt8>) throws(PaddingError)
    -> [UInt8]
  {
    var output = [UInt8]()
    output.reserveCapacity(words.count * 5 / 8)
    var accumulator: UInt32 = 0
    var bits = 0
    for word in words {
      accumulator = (accumulator << 5 | UInt32(word & 31)) & 0xfff
      bits += 5
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
      }
    }
    // Non-zero leftover bits are reported first, whatever their number.
    guard accumulator & ((1 << UInt32(bits)) - 1) == 0 else { throw .nonZeroPadding }
    guard bits < 5 else { throw .excessPadding }
    return output
  }

  /// Regroups words into bytes, padding the last byte with zero bits (the signing preimage rule).
  public static func bytesPadded(fromWords words: some Collection<UInt8>) -> [UInt8] {
    var output = [UInt8]()
    output.reserveCapacity((words.count * 5 + 7) / 8)
    var accumulator: UInt32 = 0
    var bits = 0
    for word in words {
      accumulator = (accumulator << 5 | UInt32(word & 31)) & 0xfff
      bits += 5
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
      }
    }
    if bits > 0 { output.append(UInt8(truncatingIfNeeded: accumulator << UInt32(8 - bits))) }
    return output
  }

  /// Regroups bytes into 5-bit words, padding the last word with zero bits.
  public static func words(fromBytes bytes: some Collection<UInt8>) -> [UInt8] {
    var output = [UInt8]()
    output.reserveCapacity((bytes.count * 8 + 4) / 5)
    var accumulator: UInt32 = 0
    var bits = 0
    for byte in bytes {
      accumulator = (accumulator << 8 | UInt32(byte)) & 0xfff
      bits += 8
      while bits >= 5 {
        bits -= 5
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)) & 31)
      }
    }
    if bits > 0 { output.append(UInt8(truncatingIfNeeded: accumulator << UInt32(5 - bits)) & 31) }
    return output
  }
}
