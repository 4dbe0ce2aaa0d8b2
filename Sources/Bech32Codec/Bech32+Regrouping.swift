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
  /// - Complexity: O(n); no allocation but the result when `words` has contiguous storage.
  public static func bytes(fromWords words: some Collection<UInt8>) throws(PaddingError)
    -> [UInt8]
  {
    try words.withContiguousBytes { bytes(fromWordBuffer: $0) }.get()
  }

  /// Regroups words into bytes, padding the last byte with zero bits (the signing preimage rule).
  /// - Complexity: O(n); no allocation but the result when `words` has contiguous storage.
  public static func bytesPadded(fromWords words: some Collection<UInt8>) -> [UInt8] {
    words.withContiguousBytes { bytesPadded(fromWordBuffer: $0) }
  }

  /// Regroups bytes into 5-bit words, padding the last word with zero bits.
  /// - Complexity: O(n); no allocation but the result when `bytes` has contiguous storage.
  public static func words(fromBytes bytes: some Collection<UInt8>) -> [UInt8] {
    bytes.withContiguousBytes { words(fromByteBuffer: $0) }
  }

  // The generic entry points above are not specialized across modules; these cores are concrete,
  // so callers in other modules reach them through one witness call rather than one per element.

  /// The bytes that `words` regroup to with `padded` rule, written to `output`, which holds at
  /// least `(words.count * 5 + 7) / 8` bytes: the count written, and the bits left over.
  ///
  /// Words are masked to 5 bits. Writes only whole bytes, plus the zero-padded last one when
  /// `padded`.
  ///
  /// One copy of this code serves every caller; it is compiled for size, which keeps the
  /// compiler from adding a vectorized copy of the block loop that is no faster.
  @inline(never) @_optimize(size) @usableFromInline
  package static func regroup(
    _ words: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>,
    padded: Bool
  ) -> (count: Int, bits: Int, accumulator: UInt32) {
    // Our callers' contract, not input: the sizes below cannot overflow.
    let needed = (words.count >> 3) * 5 + ((words.count & 7) * 5 + (padded ? 7 : 0)) >> 3
    precondition(output.count >= needed, "regrouping output too small")
    var count = 0
    var index = 0
    // Eight words are five whole bytes: a block needs no bit bookkeeping.
    // Wrapping below: `index` stays within `words.count` and `count` within `output.count`.
    if let source = UnsafeRawPointer(words.baseAddress),
      let destination = UnsafeMutableRawPointer(output.baseAddress)
    {
      let blocksEnd = words.count & ~7
      // Every block but the last stores eight bytes: its five, then three that the next block
      // overwrites. `output` holds five bytes a block, so they lie within it.
      if blocksEnd > 8 {
        while index < blocksEnd &- 8 {
          let block = packedBlock(source, index)
          destination.storeBytes(of: (block << 24).bigEndian, toByteOffset: count, as: UInt64.self)
          index &+= 8
          count &+= 5
        }
      }
      if index < blocksEnd {
        let block = packedBlock(source, index)
        destination.storeBytes(
          of: UInt32(truncatingIfNeeded: block >> 8).bigEndian, toByteOffset: count,
          as: UInt32.self)
        output[count &+ 4] = UInt8(truncatingIfNeeded: block)
        index &+= 8
        count &+= 5
      }
    }
    var accumulator: UInt32 = 0
    var bits = 0
    for word in UnsafeBufferPointer(rebasing: words[index...]) {
      accumulator = (accumulator << 5 | UInt32(word & 31)) & 0xfff
      bits &+= 5  // Wrapping: `bits` stays below 13.
      if bits >= 8 {
        bits &-= 8
        output[count] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
        count &+= 1
      }
    }
    if padded && bits > 0 {
      output[count] = UInt8(truncatingIfNeeded: accumulator << UInt32(8 - bits))
      count += 1
    }
    return (count, bits, accumulator)
  }

  /// The eight words at `offset` of `words` (their low five bits), packed into the low 40 bits.
  ///
  /// They are loaded as one big-endian integer, a word a byte, and packed by halving the lanes:
  /// five bits of each byte, ten of each 16-bit lane, twenty of each 32-bit lane, forty in all.
  @inline(__always)
  static func packedBlock(_ words: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    var block = UInt64(bigEndian: words.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    block &= 0x1f1f_1f1f_1f1f_1f1f
    block = (block & 0x1f00_1f00_1f00_1f00) >> 3 | block & 0x001f_001f_001f_001f
    block = (block & 0x03ff_0000_03ff_0000) >> 6 | block & 0x0000_03ff_0000_03ff
    return (block & 0x000f_ffff_0000_0000) >> 12 | block & 0x0000_0000_000f_ffff
  }

  /// Regroups `words` into `output` (at least `words.count * 5 / 8` bytes) as
  /// `bytes(fromWords:)` does: the count of bytes written, or why the padding is refused.
  ///
  /// Inlined: the rules are two comparisons, and a caller in another module saves a call.
  @inlinable @inline(__always)
  package static func regroupUnpadded(
    _ words: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
  ) -> Result<Int, PaddingError> {
    let (count, bits, accumulator) = regroup(words, into: output, padded: false)
    // Non-zero leftover bits are reported first, whatever their number.
    guard accumulator & ((1 << UInt32(bits)) - 1) == 0 else { return .failure(.nonZeroPadding) }
    guard bits < 5 else { return .failure(.excessPadding) }
    return .success(count)
  }

  /// `bytes(fromWords:)` on a buffer.
  package static func bytes(fromWordBuffer words: UnsafeBufferPointer<UInt8>) -> Result<
    [UInt8], PaddingError
  > {
    var result = Result<Int, PaddingError>.success(0)
    let output = [UInt8](stackCapacity: words.count * 5 / 8) { buffer in
      result = regroupUnpadded(words, into: buffer)
      return (try? result.get()) ?? 0
    }
    return result.map { _ in output }
  }

  /// `bytesPadded(fromWords:)` on a buffer.
  package static func bytesPadded(fromWordBuffer words: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    [UInt8](stackCapacity: (words.count * 5 + 7) / 8) { buffer in
      regroup(words, into: buffer, padded: true).count
    }
  }

  /// `words(fromBytes:)` on a buffer.
  static func words(fromByteBuffer bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    [UInt8](stackCapacity: (bytes.count * 8 + 4) / 5) { regroup(bytes: bytes, into: $0) }
  }

  /// Regroups `bytes` into 5-bit words in `output`, which holds at least
  /// `(bytes.count * 8 + 4) / 5`, padding the last word with zero bits (BIP-173's
  /// `convertbits(..., pad=True)`): the count of words written.
  static func regroup(
    bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    precondition(output.count >= (bytes.count * 8 + 4) / 5, "regrouping output too small")
    var count = 0
    var accumulator: UInt32 = 0
    var bits = 0
    for byte in bytes {
      accumulator = (accumulator << 8 | UInt32(byte)) & 0xfff
      bits += 8
      while bits >= 5 {
        bits -= 5
        output[count] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)) & 31
        count += 1
      }
    }
    if bits > 0 {
      output[count] = UInt8(truncatingIfNeeded: accumulator << UInt32(5 - bits)) & 31
      count += 1
    }
    return count
  }
}
