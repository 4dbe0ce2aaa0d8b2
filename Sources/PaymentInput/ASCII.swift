import Bech32Codec

/// The byte tests the payment-string readers share: all on ASCII, none allocating.
enum ASCII {
  /// Space, tab, line feed, vertical tab, form feed, carriage return.
  @inline(__always)
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0d).contains(byte)
  }

  /// `A`...`Z` as `a`...`z`; every other byte as it is.
  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte
  }

  @inline(__always)
  static func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7a).contains(lowercased(byte)) }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  @inline(__always)
  static func isUpper(_ byte: UInt8) -> Bool { (0x41...0x5a).contains(byte) }

  /// The value of a hexadecimal digit (either case), or nil.
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x61...0x66: byte - 0x61 + 10
    case 0x41...0x46: byte - 0x41 + 10
    default: nil
    }
  }

  /// Whether `range` of `bytes` starts with `prefix` (lower-case ASCII), letters in either case.
  static func hasPrefix<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ range: Range<Int>, _ prefix: StaticString
  ) -> Bool where Bytes.Index == Int {
    let count = prefix.utf8CodeUnitCount
    guard range.count >= count else { return false }
    let characters = prefix.utf8Start
    for offset in 0..<count
    where lowercased(bytes[range.lowerBound + offset]) != characters[offset] {
      return false
    }
    return true
  }

  /// The bytes as a `String`; the caller has checked they are UTF-8 (or ASCII).
  static func string(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `bytes` are valid UTF-8.
  static func isUTF8(_ bytes: some Collection<UInt8>) -> Bool {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  /// How a message names a byte: `character "x"` for printable ASCII, else its hexadecimal value.
  static func describe(_ byte: UInt8) -> String {
    (0x21...0x7e).contains(byte)
      ? "character \"\(string([byte]))\"" : "byte 0x" + String(byte, radix: 16)
  }

  /// The 5-bit word of a Bech32 data character in either case, or nil.
  @inline(__always)
  static func bech32Word(_ byte: UInt8) -> UInt8? {
    guard byte < 128 else { return nil }
    let word = bech32Reverse[Int(byte)]
    return word == 0xff ? nil : word
  }

  /// `Bech32.alphabet` reversed, both cases: 0xff for a byte not in it.
  private static let bech32Reverse: [UInt8] = {
    var table = [UInt8](repeating: 0xff, count: 128)
    for (word, character) in Bech32.alphabet.enumerated() {
      table[Int(character)] = UInt8(word)
      if isLetter(character) { table[Int(character) & ~0x20] = UInt8(word) }
    }
    return table
  }()
}
