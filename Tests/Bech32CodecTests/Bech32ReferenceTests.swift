import TestSupport
import Testing

@testable import Bech32Codec

/// BIP-173's reference decoder, written as the BIP's Python is (with BIP-350's second constant
/// and without the 90-character limit): a slow reference that shares no code or table with the
/// codec.
enum ReferenceBech32 {
  static let charset = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)

  /// BIP-173 `bech32_polymod`, bit by bit.
  static func polymod(_ values: [UInt8], from start: UInt32 = 1) -> UInt32 {
    let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
    var checksum = start
    for value in values {
      let top = checksum >> 25
      checksum = (checksum & 0x1ff_ffff) << 5 ^ UInt32(value)
      for bit in 0..<5 where (top >> bit) & 1 == 1 { checksum ^= generator[bit] }
    }
    return checksum
  }

  /// BIP-173 `bech32_hrp_expand`.
  static func expand(_ hrp: [UInt8]) -> [UInt8] {
    hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
  }

  /// BIP-173 `bech32_decode`, answering as `Bech32.decodeValid` does.
  static func decode(_ bytes: [UInt8]) -> Bech32.Decoded? {
    guard bytes.allSatisfy({ (33...126).contains($0) }) else { return nil }
    let hasLower = bytes.contains { (0x61...0x7a).contains($0) }
    let hasUpper = bytes.contains { (0x41...0x5a).contains($0) }
    guard !(hasLower && hasUpper) else { return nil }
    let lowered = bytes.map { (0x41...0x5a).contains($0) ? $0 | 0x20 : $0 }
    guard let separator = lowered.lastIndex(of: UInt8(ascii: "1")), separator >= 1,
      separator + 7 <= lowered.count
    else { return nil }
    let hrp = Array(lowered[..<separator])
    var data: [UInt8] = []
    for character in lowered[(separator + 1)...] {
      guard let value = charset.firstIndex(of: character) else { return nil }
      data.append(UInt8(value))
    }
    let variant: Bech32.Variant
    switch polymod(expand(hrp) + data) {
    case 1: variant = .bech32
    case 0x2bc8_30a3: variant = .bech32m
    default: return nil
    }
    return Bech32.Decoded(
      hrp: hrp, words: Array(data.dropLast(6)), variant: variant, isUppercase: hasUpper)
  }

  /// BIP-173 `bech32_create_checksum` appended to `hrp`, "1" and `words`, in lower case.
  static func encode(hrp: [UInt8], words: [UInt8], variant: Bech32.Variant) -> [UInt8] {
    let constant: UInt32 = variant == .bech32 ? 1 : 0x2bc8_30a3
    let checksum = polymod(expand(hrp) + words + [0, 0, 0, 0, 0, 0]) ^ constant
    let tail = (0..<6).map { UInt8(checksum >> (5 * (5 - UInt32($0))) & 31) }
    return hrp + [UInt8(ascii: "1")] + (words + tail).map { charset[Int($0)] }
  }
}

/// The fast path's tables and its twelve-characters-a-step pass against the reference.
@Suite struct Bech32ReferenceTests {
  /// The fast path's answer for `bytes`.
  static func fast(_ bytes: [UInt8]) -> Bech32.Decoded? {
    bytes.withUnsafeBufferPointer { Bech32.decodeValid($0) }
  }

  @Test("twelve steps at once are twelve plain polymod steps")
  func twelveSteps() {
    var generator = SplitMix64(seed: 6)
    var checksums: [UInt32] = [0, 1, 0x3fff_ffff, 0x2bc8_30a3]
    checksums += (0..<30).map { UInt32(1) << $0 }
    checksums += (0..<2000).map { _ in UInt32(truncatingIfNeeded: generator.next()) & 0x3fff_ffff }
    Bech32.shiftTables.withUnsafeBufferPointer { shifts in
      for checksum in checksums {
        let expected = ReferenceBech32.polymod([UInt8](repeating: 0, count: 12), from: checksum)
        #expect(Bech32.twelveSteps(checksum, shifts) == expected, "checksum \(checksum)")
      }
    }
  }

  @Test(
    "each byte's entries: its word, its share at each position of twelve, its class",
    arguments: 0..<256)
  func characterEntries(_ byte: Int) {
    let lower = (0x41...0x5a).contains(byte) ? byte | 0x20 : byte
    let word = ReferenceBech32.charset.firstIndex(of: UInt8(truncatingIfNeeded: lower))
    let table = Bech32.foldTables
    let expectedClass: UInt64 =
      word == nil
      ? Bech32.notAllowed
      : (0x61...0x7a).contains(byte)
        ? Bech32.lowerLetter : (0x41...0x5a).contains(byte) ? Bech32.upperLetter : 0
    for position in 0..<12 {
      let entry = table[256 * position + byte]
      #expect(entry & 0xc000_0000_0000_0000 == expectedClass, "position \(position)")
      // Nothing between the share and the class.
      #expect(entry & 0x3fff_ffc0_0000_0000 == 0, "position \(position)")
      #expect(entry & 0xff == UInt64(word ?? 0), "position \(position)")
      // The word, then a zero word for each position after it in the step of twelve.
      let share = word.map {
        ReferenceBech32.polymod([UInt8($0)] + [UInt8](repeating: 0, count: 11 - position), from: 0)
      }
      #expect(Bech32.share(entry) == share ?? 0, "position \(position)")
    }
    // In a human-readable part: any printable ASCII, and 0x20 to lower-case a capital.
    let prefixEntry = table[Bech32.FoldTable.prefixClasses + byte]
    let prefixClass: UInt64 =
      !(33...126).contains(byte)
      ? Bech32.notAllowed
      : (0x61...0x7a).contains(byte)
        ? Bech32.lowerLetter : (0x41...0x5a).contains(byte) ? Bech32.upperLetter | 0x20 : 0
    #expect(prefixEntry == prefixClass)
  }

  /// A random human-readable part of `length` printable characters, "1" among them.
  static func randomPrefix(_ length: Int, _ generator: inout SplitMix64) -> [UInt8] {
    (0..<length).map { _ in
      generator.next() % 4 == 0 ? UInt8(ascii: "1") : UInt8(33 + generator.next() % 94)
    }.map { (0x41...0x5a).contains($0) ? $0 | 0x20 : $0 }
  }

  @Test(
    "decodes as the reference at every data length, both variants and cases", arguments: 0...200)
  func everyLength(_ length: Int) {
    var generator = SplitMix64(seed: 0xb0_0000 + UInt64(length))
    for variant in [Bech32.Variant.bech32, .bech32m] {
      let hrp = Self.randomPrefix(1 + Int(generator.next() % 12), &generator)
      let words = (0..<length).map { _ in UInt8(generator.next() % 32) }
      let text = ReferenceBech32.encode(hrp: hrp, words: words, variant: variant)
      let upper = text.map { (0x61...0x7a).contains($0) ? $0 - 0x20 : $0 }
      for bytes in [text, upper] {
        let decoded = Self.fast(bytes)
        #expect(decoded != nil)
        #expect(decoded == ReferenceBech32.decode(bytes))
        // One byte changed, one letter's case flipped, the string cut short.
        var changed = bytes
        let index = Int(generator.next() % UInt64(bytes.count))
        changed[index] = UInt8(truncatingIfNeeded: generator.next())
        #expect(Self.fast(changed) == ReferenceBech32.decode(changed), "\(changed)")
        var flipped = bytes
        let letter = Int(generator.next() % UInt64(bytes.count))
        if (0x41...0x5a).contains(flipped[letter]) || (0x61...0x7a).contains(flipped[letter]) {
          flipped[letter] ^= 0x20
          #expect(Self.fast(flipped) == ReferenceBech32.decode(flipped), "\(flipped)")
        }
        let cut = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
        #expect(Self.fast(cut) == ReferenceBech32.decode(cut), "\(cut)")
      }
    }
  }

  /// The separator is looked for in the first bytes only, then in the whole string when the data
  /// part refuses a "1" after the guess: human-readable parts of every length around that
  /// window, with "1"s in them.
  @Test("finds the separator in human-readable parts longer than the first search")
  func longPrefixes() {
    var generator = SplitMix64(seed: 64)
    for length in 1...(2 * Bech32.separatorWindow + 8) {
      for _ in 0..<4 {
        let hrp = Self.randomPrefix(length, &generator)
        let words = (0..<Int(generator.next() % 40)).map { _ in UInt8(generator.next() % 32) }
        let text = ReferenceBech32.encode(hrp: hrp, words: words, variant: .bech32)
        let decoded = Self.fast(text)
        #expect(decoded?.hrp == hrp, "\(String(decoding: text, as: UTF8.self))")
        #expect(decoded == ReferenceBech32.decode(text))
        var changed = text
        changed[Int(generator.next() % UInt64(text.count))] = UInt8(ascii: "1")
        #expect(Self.fast(changed) == ReferenceBech32.decode(changed))
      }
    }
  }
}
