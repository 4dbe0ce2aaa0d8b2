/// Bech32 and Bech32m (BIP-173, BIP-350) over bytes, without the 90-character limit.
///
/// Upper-case input is accepted and mixed case refused, as BIP-173 says. The human-readable part
/// is returned lower-cased; the data part as 5-bit words, checksum removed.
public enum Bech32 {
  /// Which checksum constant a string carries.
  public enum Variant: String, Sendable, Hashable {
    /// BIP-173: constant 1.
    case bech32
    /// BIP-350: constant 0x2bc830a3.
    case bech32m

    @inline(__always) var constant: UInt32 { self == .bech32 ? 1 : 0x2bc8_30a3 }
  }

  /// A decoded Bech32 string.
  public struct Decoded: Equatable, Sendable {
    /// The human-readable part, lower-cased ASCII.
    public var hrp: [UInt8]
    /// The data part as 5-bit words (values 0...31), without the six checksum words.
    public var words: [UInt8]
    /// The checksum the string carries: Bech32 or Bech32m.
    public var variant: Variant
    /// Whether the input was all upper case.
    public var isUppercase: Bool

    /// Makes a decoded string from its parts.
    ///
    /// - Parameters:
    ///   - hrp: the human-readable part, lower-cased ASCII.
    ///   - words: the data part as 5-bit words, without the checksum.
    ///   - variant: the checksum the string carries.
    ///   - isUppercase: whether the string was written all in upper case.
    public init(hrp: [UInt8], words: [UInt8], variant: Variant, isUppercase: Bool) {
      self.hrp = hrp
      self.words = words
      self.variant = variant
      self.isUppercase = isUppercase
    }

    /// The human-readable part as a `String`.
    public var hrpString: String { String(decoding: hrp, as: UTF8.self) }
  }

  /// The 32 data characters, indexed by word value.
  public static let alphabet: [UInt8] = (0..<32).map { asciiCharacter(of: $0) }

  /// The ASCII byte of the character of a 5-bit word (its low five bits): `alphabet[word]`
  /// without the array, for writers that emit a character at a time. The one spelling of the
  /// alphabet.
  @inlinable
  public static func asciiCharacter(of word: UInt8) -> UInt8 {
    let characters: StaticString = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
    return characters.utf8Start[Int(word & 31)]
  }

  /// Maps an ASCII byte (either case) to its word value, or 0xff when it is not in the alphabet.
  /// 128 entries: bytes above 127 never index it.
  static let reverseAlphabet: [UInt8] = {
    var table = [UInt8](repeating: 0xff, count: 128)
    for (value, symbol) in alphabet.enumerated() {
      table[Int(symbol)] = UInt8(value)
      if symbol >= UInt8(ascii: "a") {  // letters only: `& ~0x20` would move a digit to 0x1_
        table[Int(symbol) & ~0x20] = UInt8(value)  // the upper-case letter
      }
    }
    return table
  }()

  /// The character of a 5-bit word (`alphabet[word]`), as an invoice's field type letter shows.
  ///
  /// - Precondition: `word` is below 32.
  public static func character(of word: UInt8) -> Character {
    Character(Unicode.Scalar(alphabet[Int(word)]))
  }

  /// The word value of a Bech32 data character in either case, or nil for any other character.
  public static func word(of character: Character) -> UInt8? {
    guard let ascii = character.asciiValue else { return nil }
    let value = reverseAlphabet[Int(ascii)]
    return value == 0xff ? nil : value
  }

  /// The word values of a string of Bech32 data characters in either case, or nil when one is not
  /// (mixed case is accepted: no checksum is involved).
  public static func words(ofCharacters text: some StringProtocol) -> [UInt8]? {
    var words: [UInt8] = []
    words.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      guard byte < 128, reverseAlphabet[Int(byte)] != 0xff else { return nil }
      words.append(reverseAlphabet[Int(byte)])
    }
    return words
  }

  /// Number of checksum characters at the end of every string.
  public static let checksumLength = 6

  /// Decodes a Bech32 or Bech32m string.
  ///
  /// - Parameter text: the string, with nothing around it.
  /// - Returns: the parts, with the variant the checksum matched.
  /// - Throws: `Bech32Error` with `noSeparator`, `mixedCase`, `invalidCharacter` (with position),
  ///   `malformed` (empty human-readable part, or fewer than six characters after the separator)
  ///   or `checksum`.
  /// - Complexity: O(n), one pass over the bytes plus one over the data part.
  public static func decode(_ text: String) throws(Bech32Error) -> Decoded {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(Bech32Error) in try decode(bytes: bytes) }
    }
    return try result.get()
  }

  /// Decodes a Bech32 or Bech32m string given as bytes. See `decode(_:)`.
  ///
  /// - Complexity: O(n). A valid string takes one pass over its bytes; an invalid one takes a
  ///   second, careful pass that finds the first failing rule and its position.
  public static func decode(bytes: UnsafeBufferPointer<UInt8>) throws(Bech32Error) -> Decoded {
    if let decoded = decodeValid(bytes) { return decoded }
    return try decodeReportingErrors(bytes)
  }

  /// The index of the last "1" in `bytes`, or -1.
  ///
  /// Eight bytes at a time from the end: `x ^ 0x3131...` has a zero byte where `x` has a "1", and
  /// `ByteLanes.zeroMarks` is non-zero exactly when a word has a zero byte. In the last word with
  /// one, `ByteLanes.exactZeroMarks` marks each zero byte, and the highest mark is the last "1".
  package static func lastSeparator(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return -1 }
    let raw = UnsafeRawPointer(base)
    var end = bytes.count
    // Four words a step while no "1" is in them: the separator is usually near the start.
    let ones = ByteLanes.repeating(0x31)
    while end >= 32 {
      let a = raw.loadUnaligned(fromByteOffset: end - 32, as: UInt64.self) ^ ones
      let b = raw.loadUnaligned(fromByteOffset: end - 24, as: UInt64.self) ^ ones
      let c = raw.loadUnaligned(fromByteOffset: end - 16, as: UInt64.self) ^ ones
      let d = raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self) ^ ones
      let zeros =
        ByteLanes.zeroMarks(a) | ByteLanes.zeroMarks(b) | ByteLanes.zeroMarks(c)
        | ByteLanes.zeroMarks(d)
      if zeros != 0 { break }
      end -= 32
    }
    while end >= 8 {
      // Little-endian: the byte at the highest address is the most significant.
      let word =
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)) ^ ones
      // The exact test: a byte's top bit is set in `zeros` exactly when the byte is zero.
      let zeros = ByteLanes.exactZeroMarks(word)
      if zeros != 0 { return end - 8 + (63 - zeros.leadingZeroBitCount) / 8 }
      end -= 8
    }
    var index = end - 1
    while index >= 0 && bytes[index] != 0x31 { index -= 1 }
    return index
  }

  /// Decodes step by step, checking each rule in order: the slow path, for invalid strings.
  static func decodeReportingErrors(_ bytes: UnsafeBufferPointer<UInt8>) throws(Bech32Error)
    -> Decoded
  {
    let count = bytes.count
    // BIP-173: "The '''human-readable part'''...MUST contain 1 to 83 US-ASCII characters, with
    // each character having a value in the range [33-126]." We lift the length limits only.
    var separator = -1
    var sawLower = false
    var sawUpper = false
    for index in 0..<count {
      let byte = bytes[index]
      guard byte >= 33 && byte <= 126 else {
        throw Bech32Error(
          .invalidCharacter, "\(describe(bytes, at: index)) is not allowed", position: index)
      }
      if byte >= 0x61 && byte <= 0x7a {
        if sawUpper {
          throw Bech32Error(
            .mixedCase, "lower-case letter in an upper-case string", position: index)
        }
        sawLower = true
      } else if byte >= 0x41 && byte <= 0x5a {
        if sawLower {
          throw Bech32Error(.mixedCase, "upper-case letter in a lower-case string", position: index)
        }
        sawUpper = true
      } else if byte == 0x31 {  // "1": the last one is the separator
        separator = index
      }
    }
    guard separator >= 0 else {
      throw Bech32Error(.noSeparator, "no \"1\" separator")
    }
    guard separator >= 1 else {
      throw Bech32Error(.malformed, "empty human-readable part", position: 0)
    }
    guard count - separator - 1 >= checksumLength else {
      throw Bech32Error(
        .malformed, "fewer than \(checksumLength) characters after the separator",
        position: separator)
    }

    var hrp = [UInt8](repeating: 0, count: separator)
    var checksum: UInt32 = 1
    for index in 0..<separator {
      let lower = lowercased(bytes[index])
      hrp[index] = lower
      checksum = polymodStep(checksum) ^ UInt32(lower >> 5)
    }
    checksum = polymodStep(checksum)
    for index in 0..<separator {
      checksum = polymodStep(checksum) ^ UInt32(hrp[index] & 31)
    }

    let wordCount = count - separator - 1 - checksumLength
    var words = [UInt8](repeating: 0, count: wordCount)
    let reverse = reverseAlphabet
    var position = separator + 1
    while position < count {
      // Bytes here are 33...126, so the table index is in range.
      let value = reverse[Int(bytes[position])]
      guard value != 0xff else {
        throw Bech32Error(
          .invalidCharacter, "\(describe(bytes, at: position)) is not in the Bech32 alphabet",
          position: position)
      }
      let wordIndex = position - separator - 1
      if wordIndex < wordCount { words[wordIndex] = value }
      checksum = polymodStep(checksum) ^ UInt32(value)
      position += 1
    }

    let variant: Variant
    switch checksum {
    case Variant.bech32.constant: variant = .bech32
    case Variant.bech32m.constant: variant = .bech32m
    default:
      throw Bech32Error(.checksum, "checksum does not match", position: nil)
    }
    return Decoded(hrp: hrp, words: words, variant: variant, isUppercase: sawUpper)
  }

  /// Encodes a human-readable part and 5-bit words, appending the checksum.
  ///
  /// - Precondition: `hrp` is lower-case printable ASCII without "1"... or with it (the last "1" is
  ///   the separator), and every word is below 32. These are the caller's values, not input.
  public static func encode(
    hrp: some Collection<UInt8>, words: some Collection<UInt8>, variant: Variant = .bech32,
    uppercase: Bool = false
  ) -> String {
    return String(unsafeUninitializedCapacity: hrp.count + 1 + words.count + checksumLength) {
      output in
      // Arrays and other contiguous collections are read in place; any other is copied once.
      let count = hrp.withContiguousBytes { hrp in
        words.withContiguousBytes { words in
          encode(hrp: hrp, words: words, variant: variant, into: output)
        }
      }
      if uppercase {
        for index in 0..<count where output[index] >= 0x61 && output[index] <= 0x7a {
          output[index] -= 0x20
        }
      }
      return count
    }
  }

  /// `encode(hrp:words:variant:)` written to `output`, which holds at least
  /// `hrp.count + 1 + words.count + checksumLength` bytes: returns the count written.
  ///
  /// - Precondition: as `encode(hrp:words:variant:uppercase:)`'s.
  package static func encode(
    hrp: UnsafeBufferPointer<UInt8>, words: UnsafeBufferPointer<UInt8>, variant: Variant,
    into output: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    precondition(output.count >= hrp.count + 1 + words.count + checksumLength, "output too small")
    var count = 0
    func append(_ byte: UInt8) {
      output[count] = byte
      count += 1
    }
    var checksum: UInt32 = 1
    for byte in hrp {
      precondition(byte >= 33 && byte <= 126, "human-readable part must be printable ASCII")
      checksum = polymodStep(checksum) ^ UInt32(lowercased(byte) >> 5)
    }
    checksum = polymodStep(checksum)
    for byte in hrp {
      checksum = polymodStep(checksum) ^ UInt32(lowercased(byte) & 31)
      append(lowercased(byte))
    }
    append(0x31)
    for word in words {
      precondition(word < 32, "words are 5-bit values")
      checksum = polymodStep(checksum) ^ UInt32(word)
      append(alphabet[Int(word)])
    }
    for _ in 0..<checksumLength { checksum = polymodStep(checksum) }
    checksum ^= variant.constant
    for index in 0..<checksumLength {
      let word = (checksum >> (5 * (5 - UInt32(index)))) & 31
      append(alphabet[Int(word)])
    }
    return count
  }

  /// One step of the BCH checksum: multiply by x and reduce by the generator (BIP-173 `polymod`).
  @inline(__always)
  static func polymodStep(_ checksum: UInt32) -> UInt32 {
    let top = checksum >> 25
    return ((checksum & 0x1ff_ffff) << 5) ^ generatorTable[Int(top)]
  }

  /// For each 5-bit top value, the XOR of the BIP-173 generator constants its bits select.
  static let generatorTable: [UInt32] = {
    let generators: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
    return (0..<32).map { top in
      var value: UInt32 = 0
      for bit in 0..<5 where (top >> bit) & 1 == 1 { value ^= generators[bit] }
      return value
    }
  }()

  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte
  }

  /// How a message names the input at `index`: `character "x"` (printable ASCII), `character
  /// 0x1b` (other ASCII), `character U+200B` (a UTF-8 sequence, named by its Unicode scalar), or
  /// `byte 0xff (not UTF-8)` (a byte that does not start a valid UTF-8 sequence).
  static func describe(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> String {
    let byte = bytes[index]
    if byte >= 33 && byte <= 126 {
      return "character \"\(String(decoding: [byte], as: UTF8.self))\""
    }
    if byte < 0x80 { return "character 0x" + String(byte, radix: 16) }
    var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "character U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return "byte 0x" + String(byte, radix: 16) + " (not UTF-8)"
  }
}
