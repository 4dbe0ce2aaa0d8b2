extension Bech32 {
  // The fast path folds the data part into the checksum twelve characters a step.
  //
  // BIP-173's polymod keeps a 30-bit checksum c, six 5-bit symbols, and for each word v makes it
  // c * x + v modulo the generator: a GF(2)-linear map of c, plus v. After twelve words
  // v0...v11 the new checksum is `shift(c) ^ share0(v0) ^ ... ^ share11(v11)`, where `shift` is
  // twelve steps with zero input and `share_i(v)` is v after the 11 - i steps that follow it:
  // `v << 5 * (11 - i)` for the last six, and that shifted through six more zero steps for the
  // first six. Being linear, `shift(c)` is the XOR of what each byte of c alone becomes: four
  // table loads, once a step, on which the next step waits. Each character is one load from the
  // table of its position in the step, indexed by the input byte itself: the entry holds the
  // word to store, its share of the checksum and the byte's class, so a character costs its
  // load, that load and one store.

  /// Where each part of `foldTables` starts.
  enum FoldTable {
    /// Twelve tables of 256 entries, one per position i in a step of twelve. Entry
    /// `256 * i + b` is, for a data character b of either case, its word in bits 0-7 and its
    /// share of the checksum at position i in bits 8-37 (see `share`); and for every byte its
    /// class in bits 62-63 (see `lowerLetter`). A byte outside the alphabet has no word and no
    /// share.
    static let positions = 0
    /// The last position's table, whose share is the word itself: for data characters one at a
    /// time.
    static let classes = 11 * 256
    /// The 32 generator combinations of `generatorTable`, for single steps.
    static let generators = 12 * 256
    /// 256 entries, one per byte, for the human-readable part, whose characters are any
    /// printable ASCII: the byte's class there in bits 62-63 (see `lowerLetter`), and 0x20 for
    /// an upper-case letter, which makes it lower case.
    static let prefixClasses = generators + 32
    /// Entries in all.
    static let count = prefixClasses + 256
  }

  /// In a `FoldTable.positions` entry or in the fast path's `seen`: a lower-case letter.
  static let lowerLetter: UInt64 = 0x4000_0000_0000_0000
  /// An upper-case letter.
  static let upperLetter: UInt64 = 0x8000_0000_0000_0000
  /// A byte the part it stands in does not allow: both bits, as if both cases were seen, since
  /// either way the string goes to the careful path.
  static let notAllowed: UInt64 = 0xc000_0000_0000_0000

  /// The share of the checksum in a `FoldTable.positions` entry, or in several entries XOR-ed
  /// together (their class bits cancel or not, and are dropped).
  @inline(__always)
  static func share(_ entries: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: entries >> 8) & 0x3fff_ffff
  }

  /// The derivation of `foldTables` from the BIP-173 generator: the plain reference the
  /// written-out table is tested against.
  static func makeFoldTables() -> [UInt64] {
    var table = [UInt64](repeating: 0, count: FoldTable.count)
    for byte in 0..<256 {
      let word = byte < 128 ? reverseAlphabet[byte] : 0xff
      let isLower = byte >= 0x61 && byte <= 0x7a
      let isUpper = byte >= 0x41 && byte <= 0x5a
      let letterClass = isLower ? lowerLetter : isUpper ? upperLetter : 0
      for position in 0..<12 {
        guard word != 0xff else {
          table[FoldTable.positions + 256 * position + byte] = notAllowed
          continue
        }
        // The word after the steps that follow it in the step of twelve.
        var share = UInt32(word) << (5 * (5 - UInt32(position % 6)))
        if position < 6 { for _ in 0..<6 { share = polymodStep(share) } }
        table[FoldTable.positions + 256 * position + byte] =
          UInt64(word) | UInt64(share) << 8 | letterClass
      }
    }
    for top in 0..<32 { table[FoldTable.generators + top] = UInt64(generatorTable[top]) }
    for byte in 0..<256 {
      let isUpper = byte >= 0x41 && byte <= 0x5a
      table[FoldTable.prefixClasses + byte] =
        byte < 33 || byte > 126
        ? notAllowed : isUpper ? upperLetter | 0x20 : byte >= 0x61 && byte <= 0x7a ? lowerLetter : 0
    }
    return table
  }

  /// The derivation of `shiftTables`: the plain reference the written-out table is tested
  /// against.
  static func makeShiftTables() -> [UInt32] {
    var table = [UInt32](repeating: 0, count: 3 * 256 + 64)
    for part in 0..<4 {
      for value in 0..<(part == 3 ? 64 : 256) {
        var checksum = UInt32(value) << (8 * UInt32(part))
        for _ in 0..<12 { checksum = polymodStep(checksum) }
        table[256 * part + value] = checksum
      }
    }
    return table
  }

  /// The decoding of a valid string, or nil when anything is wrong with it (the caller then
  /// asks `decodeReportingErrors` which rule failed first, and where).
  ///
  /// The separator is the last "1", and no data character is "1". It is looked for in the
  /// first `separatorWindow` bytes only, which hold it in any usual string; the data part's pass
  /// refuses a "1" like any byte outside the alphabet, so a "1" after the guess fails that pass,
  /// and only then is the whole string searched. Then one pass over the human-readable part and
  /// one over the data part, twelve characters a step.
  static func decodeValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Decoded? {
    let count = bytes.count
    let window = min(count, separatorWindow)
    // -1 when the window holds no "1": the pass refuses it at once, and the search goes on.
    let guess = lastSeparator(UnsafeBufferPointer(rebasing: bytes[0..<window]))
    if let decoded = decodeValid(bytes, separator: guess) { return decoded }
    guard count > window else { return nil }
    let last = lastSeparator(bytes)
    return last == guess ? nil : decodeValid(bytes, separator: last)
  }

  /// How many bytes from the start are searched for the separator first: more than an
  /// invoice's human-readable part takes ("lnbcrt", twenty digits and a multiplier).
  static let separatorWindow = 32

  /// `decodeValid` with the separator at `separator` (or -1 for none).
  private static func decodeValid(_ bytes: UnsafeBufferPointer<UInt8>, separator: Int)
    -> Decoded?
  {
    let count = bytes.count
    guard separator >= 1, count - separator - 1 >= checksumLength else { return nil }
    return foldTables.withUnsafeBufferPointer { tables in
      shiftTables.withUnsafeBufferPointer { shifts in
        // The lower-cased human-readable part, then the words, each where its character stands.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { output in
          fold(bytes, separator: separator, tables: tables, shifts: shifts, into: output)
        }
      }
    }
  }

  /// `decodeValid` with its tables and its output buffer (`bytes.count` bytes) at hand.
  ///
  /// - Precondition: `separator` is at least 1 and at least six bytes follow it.
  private static func fold(
    _ bytes: UnsafeBufferPointer<UInt8>, separator: Int, tables: UnsafeBufferPointer<UInt64>,
    shifts: UnsafeBufferPointer<UInt32>, into output: UnsafeMutableBufferPointer<UInt8>
  ) -> Decoded? {
    let count = bytes.count
    // The data part: first the characters beyond a multiple of twelve, with the human-readable
    // part, then steps of twelve up to the end. Wrapping below: indices stay within `count`.
    let blocksStart = separator + 1 + (count - separator - 1) % 12
    var (checksum, seen) = foldPrefix(
      bytes, separator: separator, end: blocksStart, tables: tables, into: output)
    var index = blocksStart
    while index < count {
      // Each character's class, word and share of the checksum in one load.
      var shares: UInt64 = 0
      for position in 0..<12 {
        let entry = tables[256 &* position &+ Int(bytes[index &+ position])]
        seen |= entry
        output[index &+ position] = UInt8(truncatingIfNeeded: entry)
        shares ^= entry
      }
      checksum = twelveSteps(checksum, shifts) ^ share(shares)
      index &+= 12
    }

    guard seen & notAllowed != notAllowed else { return nil }
    let variant: Variant
    switch checksum {
    case Variant.bech32.constant: variant = .bech32
    case Variant.bech32m.constant: variant = .bech32m
    default: return nil
    }
    return Decoded(
      hrp: Array(UnsafeBufferPointer(rebasing: output[0..<separator])),
      words: Array(
        UnsafeBufferPointer(rebasing: output[(separator + 1)..<(count - checksumLength)])),
      variant: variant, isUppercase: seen & upperLetter != 0)
  }

  /// The checksum and the classes seen over the human-readable part and the data characters
  /// before `end`, a word a step: a few words a string, so the code is kept small.
  ///
  /// - Returns: the checksum, and every class seen or-ed together: a byte not allowed, or both
  ///   cases, show as both bits (other bits are not classes).
  @_optimize(size) @inline(never)
  private static func foldPrefix(
    _ bytes: UnsafeBufferPointer<UInt8>, separator: Int, end: Int,
    tables: UnsafeBufferPointer<UInt64>, into output: UnsafeMutableBufferPointer<UInt8>
  ) -> (checksum: UInt32, seen: UInt64) {
    var seen: UInt64 = 0
    var checksum: UInt32 = 1
    // BIP-173's expansion of the human-readable part: each character's high bits, a zero, then
    // each character's low five bits.
    for index in 0..<separator {
      let byte = bytes[index]
      let entry = tables[FoldTable.prefixClasses + Int(byte)]
      seen |= entry
      let lower = byte | UInt8(truncatingIfNeeded: entry) & 0x20
      output[index] = lower
      checksum = step(checksum, tables) ^ UInt32(lower >> 5)
    }
    checksum = step(checksum, tables)
    for index in 0..<separator {
      checksum = step(checksum, tables) ^ UInt32(output[index] & 31)
    }
    for index in (separator + 1)..<end {
      let entry = tables[FoldTable.classes + Int(bytes[index])]
      seen |= entry
      output[index] = UInt8(truncatingIfNeeded: entry)
      checksum = step(checksum, tables) ^ share(entry)
    }
    return (checksum, seen)
  }

  /// Twelve `polymodStep`s with zero input, applied to `checksum` (below 2^30): the XOR of what
  /// each of its bytes alone becomes.
  @inline(__always)
  static func twelveSteps(_ checksum: UInt32, _ shifts: UnsafeBufferPointer<UInt32>) -> UInt32 {
    shifts[Int(checksum & 255)] ^ shifts[256 + Int(checksum >> 8 & 255)]
      ^ shifts[512 + Int(checksum >> 16 & 255)] ^ shifts[768 + Int(checksum >> 24)]
  }

  /// `polymodStep` with the tables at hand.
  @inline(__always)
  static func step(_ checksum: UInt32, _ tables: UnsafeBufferPointer<UInt64>) -> UInt32 {
    // `checksum >> 25` is below 32: the checksum stays below 2^30.
    ((checksum & 0x1ff_ffff) << 5)
      ^ UInt32(truncatingIfNeeded: tables[FoldTable.generators + Int(checksum >> 25)])
  }
}
