/// A chain's identity in BOLT #12: the 32 bytes of its genesis block hash, in the byte order the
/// TLV stream carries them.
///
/// Equal when the bytes are; `description` is the hex of the bytes in that order, as Core
/// Lightning's `decode` prints `offer_chains`.
public struct ChainHash: Sendable, Hashable, CustomStringConvertible {
  /// The 32 bytes as four little-endian words, so that comparing two hashes is four compares.
  private let words: (UInt64, UInt64, UInt64, UInt64)

  /// The hash whose bytes these are, or nil unless there are exactly 32 of them.
  public init?(bytes: some Collection<UInt8>) {
    guard bytes.count == ChainHash.byteCount else { return nil }
    var words = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    for (index, byte) in bytes.enumerated() {
      let shift = UInt64(index % 8) * 8
      switch index / 8 {
      case 0: words.0 |= UInt64(byte) << shift
      case 1: words.1 |= UInt64(byte) << shift
      case 2: words.2 |= UInt64(byte) << shift
      default: words.3 |= UInt64(byte) << shift
      }
    }
    self.words = words
  }

  /// The hash written as 64 hex digits in TLV byte order; our own constants only.
  init(hex: StaticString) {
    let text = hex.withUTF8Buffer { Array($0) }
    precondition(text.count == 2 * ChainHash.byteCount, "a chain hash is 64 hex digits")
    func nibble(_ character: UInt8) -> UInt8 {
      switch character {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
      default: preconditionFailure("a chain hash is lower-case hex")
      }
    }
    let bytes = (0..<ChainHash.byteCount).map {
      nibble(text[2 * $0]) << 4 | nibble(text[2 * $0 + 1])
    }
    self.init(bytes: bytes)!
  }

  /// The length of a chain hash: a SHA-256 digest.
  public static let byteCount = 32

  /// The 32 bytes, in TLV order.
  public var bytes: [UInt8] {
    [words.0, words.1, words.2, words.3].flatMap { word in
      (0..<8).map { UInt8(truncatingIfNeeded: word >> (UInt64($0) * 8)) }
    }
  }

  /// The bytes as 64 lower-case hex digits, in TLV order.
  public var description: String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(2 * ChainHash.byteCount)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Whether the two hashes have the same bytes.
  public static func == (lhs: ChainHash, rhs: ChainHash) -> Bool {
    lhs.words == rhs.words
  }

  /// Feeds the 32 bytes to `hasher`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(words.0)
    hasher.combine(words.1)
    hasher.combine(words.2)
    hasher.combine(words.3)
  }
}
