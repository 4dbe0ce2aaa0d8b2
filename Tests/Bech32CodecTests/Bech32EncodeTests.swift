import Bech32Codec
import TestSupport
import Testing

@Suite struct Bech32EncodeTests {
  /// Lower-case valid strings from BIP-173 (Bech32) and BIP-350 (Bech32m).
  static let lowerCaseValid: [String] = [
    "a12uel5l",
    "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
    "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
    "11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j",
    "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w",
    "?1ezyfcl",
    "a1lqfn3a",
    "an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6",
    "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
    "11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8",
    "split1checkupstagehandshakeupstreamerranterredcaperredlc445v",
    "?1v759aa",
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
  ]

  @Test("encode(decode(x)) is x for lower-case strings", arguments: lowerCaseValid)
  func roundTrip(_ text: String) throws {
    let decoded = try Bech32.decode(text)
    let encoded = Bech32.encode(hrp: decoded.hrp, words: decoded.words, variant: decoded.variant)
    #expect(encoded == text)
    #expect(try Bech32.decode(encoded) == decoded)
  }

  @Test("encodes upper case on request", arguments: lowerCaseValid)
  func upperCase(_ text: String) throws {
    let decoded = try Bech32.decode(text)
    let encoded = Bech32.encode(
      hrp: decoded.hrp, words: decoded.words, variant: decoded.variant, uppercase: true)
    #expect(encoded == text.uppercased())
  }

  @Test("encodes known strings from their parts")
  func knownStrings() {
    #expect(Bech32.encode(hrp: Array("a".utf8), words: [UInt8]()) == "a12uel5l")
    #expect(Bech32.encode(hrp: Array("a".utf8), words: [UInt8](), variant: .bech32m) == "a1lqfn3a")
    #expect(
      Bech32.encode(hrp: Array("abcdef".utf8), words: Array(0...31))
        == "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw")
    #expect(
      Bech32.encode(
        hrp: Array("abcdef".utf8), words: Array((0...31).reversed()), variant: .bech32m)
        == "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx")
    #expect(
      Bech32.encode(
        hrp: Array("1".utf8), words: [UInt8](repeating: 31, count: 82), variant: .bech32m)
        == "11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8"
    )
  }

  /// BIP-173's and BIP-350's vectors from collections read in place (a string's bytes, a slice)
  /// and from ones that are not contiguous (a range, a reversed range), which are copied.
  @Test("encodes known strings from any collection of bytes and words")
  func knownStringsFromAnyCollection() {
    #expect(
      Bech32.encode(hrp: "abcdef".utf8, words: UInt8(0)...31)
        == "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw")
    #expect(
      Bech32.encode(
        hrp: Array("xabcdef".utf8)[1...], words: (UInt8(0)...31).reversed(), variant: .bech32m)
        == "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx")
    #expect(
      Bech32.encode(hrp: "A".utf8.lazy.map { $0 | 0x20 }, words: EmptyCollection())
        == "a12uel5l")
  }

  @Test("the default variant is Bech32 (BIP-173)")
  func defaultVariant() throws {
    let text = Bech32.encode(hrp: Array("x".utf8), words: [1, 2, 3])
    #expect(try Bech32.decode(text).variant == .bech32)
  }

  @Test(
    "every single-character substitution in the data part gives bech32.checksum",
    arguments: lowerCaseValid)
  func singleSubstitutionIsDetected(_ text: String) throws {
    // BCH guarantee (BIP-173, BIP-350): any error affecting at most 4 characters is detected.
    let bytes = Array(text.utf8)
    let separator = try #require(bytes.lastIndex(of: UInt8(ascii: "1")))
    let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    for position in (separator + 1)..<bytes.count {
      for symbol in alphabet where symbol != bytes[position] {
        var mutated = bytes
        mutated[position] = symbol
        let mutatedText = String(decoding: mutated, as: UTF8.self)
        do {
          let decoded = try Bech32.decode(mutatedText)
          Issue.record("decoded \(mutatedText) as \(decoded.variant)")
        } catch {
          #expect(error.code == .checksum, "\(mutatedText)")
        }
      }
    }
  }

  @Test("changing the case of one letter gives bech32.mixed_case")
  func singleCaseFlip() throws {
    let text = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
    let bytes = Array(text.utf8)
    for position in bytes.indices where bytes[position] >= 0x61 && bytes[position] <= 0x7a {
      var mutated = bytes
      mutated[position] -= 0x20
      do {
        _ = try Bech32.decode(String(decoding: mutated, as: UTF8.self))
        Issue.record("decoded a mixed-case string, flipped at \(position)")
      } catch {
        #expect(error.code == .mixedCase)
        // The first letter is lower case, so the flipped one is where the case first disagrees,
        // unless it is the first letter itself: then the second letter disagrees.
        let firstLetter = bytes.firstIndex { $0 >= 0x61 && $0 <= 0x7a }!
        let secondLetter = bytes[(firstLetter + 1)...].firstIndex { $0 >= 0x61 && $0 <= 0x7a }!
        #expect(error.position == (position == firstLetter ? secondLetter : position))
      }
    }
  }

  @Test("encode then decode is identity for random words", arguments: [0, 1, 5, 8, 40, 200, 1000])
  func encodeDecode(_ count: Int) throws {
    var generator = SplitMix64(seed: UInt64(count) &+ 0x5eed)
    let words = (0..<count).map { _ in UInt8(generator.next() % 32) }
    for variant in [Bech32.Variant.bech32, .bech32m] {
      let text = Bech32.encode(hrp: Array("lntb".utf8), words: words, variant: variant)
      #expect(text.utf8.count == 4 + 1 + count + 6)
      let decoded = try Bech32.decode(text)
      #expect(decoded.words == words)
      #expect(decoded.variant == variant)
      #expect(decoded.hrpString == "lntb")
    }
  }
}
