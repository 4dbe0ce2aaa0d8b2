import Bech32Codec
import Testing

/// A valid string from BIP-173 or BIP-350 with what it must decode to.
struct ValidBech32: Sendable, CustomTestStringConvertible {
  var text: String
  var hrp: String
  var variant: Bech32.Variant
  /// Number of data words, checksum excluded.
  var wordCount: Int

  var testDescription: String { text }
}

/// Decodes `bytes` as given, without a detour through `String` (which would re-encode 0x80, 0xff).
private func decodeRaw(_ bytes: [UInt8]) throws(Bech32Error) -> Bech32.Decoded {
  let result = bytes.withUnsafeBufferPointer { buffer in
    Result { () throws(Bech32Error) in try Bech32.decode(bytes: buffer) }
  }
  return try result.get()
}

/// Catches the `Bech32Error` that decoding `text` throws, or nil when it decodes.
private func decodeError(_ text: String) -> Bech32Error? {
  do {
    _ = try Bech32.decode(text)
    return nil
  } catch {
    return error
  }
}

@Suite struct Bech32DecodeTests {
  /// BIP-173 "The following strings are valid Bech32" and BIP-350 "valid Bech32m".
  static let validStrings: [ValidBech32] = [
    ValidBech32(text: "A12UEL5L", hrp: "a", variant: .bech32, wordCount: 0),
    ValidBech32(text: "a12uel5l", hrp: "a", variant: .bech32, wordCount: 0),
    ValidBech32(
      text:
        "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
      hrp: "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio",
      variant: .bech32, wordCount: 0),
    ValidBech32(
      text: "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw", hrp: "abcdef", variant: .bech32,
      wordCount: 32),
    ValidBech32(
      text:
        "11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j",
      hrp: "1", variant: .bech32, wordCount: 82),
    ValidBech32(
      text: "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w", hrp: "split",
      variant: .bech32, wordCount: 48),
    ValidBech32(text: "?1ezyfcl", hrp: "?", variant: .bech32, wordCount: 0),
    ValidBech32(text: "A1LQFN3A", hrp: "a", variant: .bech32m, wordCount: 0),
    ValidBech32(text: "a1lqfn3a", hrp: "a", variant: .bech32m, wordCount: 0),
    ValidBech32(
      text:
        "an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6",
      hrp: "an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber1",
      variant: .bech32m, wordCount: 0),
    ValidBech32(
      text: "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx", hrp: "abcdef", variant: .bech32m,
      wordCount: 32),
    ValidBech32(
      text:
        "11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8",
      hrp: "1", variant: .bech32m, wordCount: 82),
    ValidBech32(
      text: "split1checkupstagehandshakeupstreamerranterredcaperredlc445v", hrp: "split",
      variant: .bech32m, wordCount: 48),
    ValidBech32(text: "?1v759aa", hrp: "?", variant: .bech32m, wordCount: 0),
    // BIP-173/350 list these as invalid only because they exceed 90 characters; their checksums
    // are right, and this library lifts the length limit (checked with the BIP reference code).
    ValidBech32(
      text:
        "an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx",
      hrp: "an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio",
      variant: .bech32, wordCount: 0),
    ValidBech32(
      text:
        "an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4",
      hrp: "an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber1",
      variant: .bech32m, wordCount: 0),
  ]

  @Test("decodes the BIP-173 and BIP-350 valid strings", arguments: validStrings)
  func decodesValid(_ vector: ValidBech32) throws {
    let decoded = try Bech32.decode(vector.text)
    #expect(decoded.hrpString == vector.hrp)
    #expect(decoded.hrp == Array(vector.hrp.utf8))
    #expect(decoded.variant == vector.variant)
    #expect(decoded.words.count == vector.wordCount)
    #expect(
      decoded.isUppercase
        == (vector.text.uppercased() == vector.text && vector.text.lowercased() != vector.text))
  }

  @Test("returns the data words in order, without the checksum")
  func wordsInOrder() throws {
    // BIP-173's "abcdef1qpzry..." spells the alphabet, so its words are 0...31; BIP-350's
    // "abcdef1l7aum..." spells it backwards.
    let forward = try Bech32.decode("abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw")
    #expect(forward.words == Array(0...31))
    let backward = try Bech32.decode("abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx")
    #expect(backward.words == Array((0...31).reversed()))
    let zeros = try Bech32.decode(
      "11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j")
    #expect(zeros.words == [UInt8](repeating: 0, count: 82))
    let ones = try Bech32.decode(
      "11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8")
    #expect(ones.words == [UInt8](repeating: 31, count: 82))
  }

  @Test("accepts an all-upper-case string and reports it", arguments: validStrings)
  func acceptsUpperCase(_ vector: ValidBech32) throws {
    let upper = try Bech32.decode(vector.text.uppercased())
    let lower = try Bech32.decode(vector.text.lowercased())
    #expect(upper.hrp == lower.hrp)
    #expect(upper.words == lower.words)
    #expect(upper.variant == lower.variant)
    #expect(upper.hrpString == vector.hrp.lowercased())
    if vector.text.lowercased() != vector.text.uppercased() {
      #expect(upper.isUppercase)
      #expect(!lower.isUppercase)
    }
  }

  /// A mixed-case string and the offset of the first letter whose case disagrees with an earlier one.
  static let mixedCase: [(String, Int)] = [
    ("tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7", 58),  // BIP-173
    ("tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", 58),  // BIP-350
    ("Abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw", 1),
    ("a12uEl5l", 4),
    ("A12UEl5L", 5),
    ("A12uel5l", 3),
  ]

  @Test("refuses mixed case at the offending letter", arguments: mixedCase)
  func refusesMixedCase(_ text: String, _ position: Int) throws {
    let error = try #require(decodeError(text))
    #expect(error.code == .mixedCase)
    #expect(error.position == position)
  }

  /// Characters outside 33...126, or outside the Bech32 alphabet in the data part.
  static let invalidCharacters: [(bytes: [UInt8], position: Int)] = [
    ([0x20] + Array("1nwldj5".utf8), 0),  // BIP-173: HRP character out of range
    ([0x7f] + Array("1axkwrx".utf8), 0),
    ([0x80] + Array("1eym55h".utf8), 0),
    ([0x20] + Array("1xj0phk".utf8), 0),  // BIP-350
    ([0x7f] + Array("1g6xzxy".utf8), 0),
    ([0x80] + Array("1vctc34".utf8), 0),
    (Array("x1b4n0q5v".utf8), 2),  // BIP-173: invalid data character "b"
    (Array("de1lg7wt".utf8) + [0xff], 8),  // BIP-173: invalid character in checksum
    (Array("y1b0jsk6g".utf8), 2),  // BIP-350: "b"
    (Array("lt1igcx5c0".utf8), 3),  // BIP-350: "i"
    (Array("mm1crxm3i".utf8), 8),  // BIP-350: "i" in the checksum
    (Array("au1s5cgom".utf8), 7),  // BIP-350: "o" in the checksum
    (Array("a12ue l5l".utf8), 5),  // a space in the data part
    (Array("a1\u{0}2uel5l".utf8), 2),
    (Array("a12uel5l\n".utf8), 8),
  ]

  @Test("refuses invalid characters at their position", arguments: invalidCharacters)
  func refusesInvalidCharacters(_ bytes: [UInt8], _ position: Int) {
    #expect {
      _ = try decodeRaw(bytes)
    } throws: { error in
      let error = error as? Bech32Error
      return error?.code == .invalidCharacter && error?.position == position
    }
  }

  @Test("refuses non-ASCII text given as a String, at its first UTF-8 byte")
  func refusesNonASCIIString() throws {
    // "é" is two UTF-8 bytes; the fault is at byte offset 1 either way.
    let error = try #require(decodeError("aé1qqqqqq"))
    #expect(error.code == .invalidCharacter)
    #expect(error.position == 1)
    let data = try #require(decodeError("a1qqqéqqqqqq"))
    #expect(data.code == .invalidCharacter)
    #expect(data.position == 5)
  }

  @Test(
    "refuses a string without a separator",
    arguments: ["pzry9x0s0muk", "qyrz8wqd2c9m", "", "qqqqqqqq", "A"])
  func refusesNoSeparator(_ text: String) throws {
    let error = try #require(decodeError(text))
    #expect(error.code == .noSeparator)
  }

  @Test(
    "refuses an empty human-readable part as malformed",
    arguments: ["1pzry9x0s0muk", "10a06t8", "1qzzfhee", "1qyrz8wqd2c9m", "16plkw9", "1p2gdwpf"])
  func refusesEmptyHRP(_ text: String) throws {
    let error = try #require(decodeError(text))
    #expect(error.code == .malformed)
    #expect(error.position == 0)
  }

  @Test(
    "refuses fewer than six characters after the separator as malformed",
    arguments: ["li1dgmt3", "in1muywd", "a1", "a1q", "a1qqqqq", "bc1qqqq"])
  func refusesShortChecksum(_ text: String) throws {
    let error = try #require(decodeError(text))
    #expect(error.code == .malformed)
  }

  @Test(
    "refuses a checksum computed over the upper-case human-readable part",
    arguments: ["A1G7SGD8", "M1VUXWEZ"])
  func refusesUpperCaseChecksum(_ text: String) throws {
    let error = try #require(decodeError(text))
    #expect(error.code == .checksum)
  }

  @Test("has no 90-character limit: decodes an 1111-character string")
  func decodesLongString() throws {
    // Words (7i + 3) mod 32 for i in 0..<1100 under the human-readable part "long". The checksums
    // were computed with the BIP-173 reference code typed into Python:
    //   encode("long", [(i*7 + 3) % 32 for i in range(1100)], const)[-6:]
    // with const 1 ("l8nna8") and 0x2bc830a3 ("2mrlc9").
    let words = (0..<1100).map { UInt8(($0 * 7 + 3) % 32) }
    let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l")
    let data = String(words.map { alphabet[Int($0)] })
    for (checksum, variant) in [("l8nna8", Bech32.Variant.bech32), ("2mrlc9", .bech32m)] {
      let text = "long1" + data + checksum
      #expect(text.utf8.count == 1111)
      let decoded = try Bech32.decode(text)
      #expect(decoded.hrpString == "long")
      #expect(decoded.words == words)
      #expect(decoded.variant == variant)
      #expect(Bech32.encode(hrp: Array("long".utf8), words: words, variant: variant) == text)
      #expect(try Bech32.decode(text.uppercased()).words == words)
    }
  }

  @Test("decodes the same string given as bytes and as a String", arguments: validStrings)
  func bytesAndStringAgree(_ vector: ValidBech32) throws {
    let fromBytes = try decodeRaw(Array(vector.text.utf8))
    let fromString = try Bech32.decode(vector.text)
    #expect(fromBytes == fromString)
  }

  @Test("every truncation of a valid string errors instead of decoding or crashing")
  func truncations() {
    for vector in Self.validStrings {
      let bytes = Array(vector.text.utf8)
      for length in 0..<bytes.count {
        #expect(throws: Bech32Error.self) { _ = try decodeRaw(Array(bytes[..<length])) }
      }
    }
  }
}
