import Testing

@testable import Bolt11

@Suite struct FeaturesTests {
  /// The 5-bit words that Bech32 characters stand for (BIP-173 alphabet).
  private static func words(_ characters: String) -> ArraySlice<UInt8> {
    let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    return ArraySlice(characters.utf8.map { UInt8(alphabet.firstIndex(of: $0)!) })
  }

  private static func bytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).map {
      UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
    }
  }

  /// Bit numbers and their minimal big-endian bytes (bit 0 is the lowest bit of the last byte).
  static let encodings: [(bits: [Int], hex: String)] = [
    ([], ""),
    ([0], "01"),
    ([7], "80"),
    ([8], "0100"),
    ([0, 15], "8001"),
    ([8, 14], "4100"),
    ([9, 15, 17], "028200"),
    ([8, 14, 48], "01000000004100"),
    // BOLT #11's "supports features 8, 14 and 99": 13 bytes, 0x08 first.
    ([8, 14, 99], "08000000000000000000004100"),
    ([255], "80" + String(repeating: "00", count: 31)),
  ]

  @Test("encodes bits as minimal big-endian bytes", arguments: encodings)
  func bitsToBytes(_ bits: [Int], _ hex: String) throws {
    let features = try Features(bits: bits)
    #expect(features.bytes == Self.bytes(hex))
    #expect(features.setBits == bits)
    #expect(features.isEmpty == bits.isEmpty)
    #expect(features.bytes.first != 0, "no leading zero byte")
  }

  @Test("reads bits back from big-endian bytes", arguments: encodings)
  func bytesToBits(_ bits: [Int], _ hex: String) throws {
    #expect(try Features(bytes: Self.bytes(hex)).setBits == bits)
    #expect(try Features(bytes: [0, 0] + Self.bytes(hex)) == Features(bits: bits))
  }

  @Test("refuses bytes that set a bit above the highest a 9 field holds")
  func bytesTooWide() {
    // 640 bytes: bit 5119 is the top bit of the first; a `9` field holds bits 0...5114.
    #expect(throws: InvoiceBuildError.self) {
      try Features(bytes: [0x80] + [UInt8](repeating: 0, count: 639))
    }
  }

  @Test("bit order and repetition in the input do not matter")
  func orderAndRepetition() throws {
    #expect(try Features(bits: [99, 8, 14, 8, 99]) == Features(bits: [8, 14, 99]))
    #expect(try Features(bits: [99, 8, 14, 8]).setBits == [8, 14, 99])
    #expect(try Features(bits: []) == Features())
    #expect(Features().bytes.isEmpty)
  }

  @Test("contains reports exactly the set bits")
  func contains() throws {
    let features = try Features(bits: [8, 14, 99])
    for bit in 0..<200 {
      #expect(features.contains(bit: bit) == [8, 14, 99].contains(bit), "bit \(bit)")
    }
    #expect(!features.contains(bit: -1))
    #expect(!features.contains(bit: Int.max))
    #expect(!Features().contains(bit: 0))
  }

  /// `9` field data from BOLT #11's examples and the bits the spec says they carry.
  static let fieldWords: [(characters: String, bits: [Int])] = [
    ("sgq", [8, 14]),  // "b100000100000000"
    ("gqqqqqqsgq", [8, 14, 48]),  // "8 + 14 + 48"
    ("sqqqqqqqqqqqqqqqqsgq", [8, 14, 99]),  // "supports features 8, 14 and 99"
    ("psqqqqqqqqqqqqqqqqsgq", [8, 14, 99, 100]),  // "adding invalid unknown feature 100"
    ("", []),
    ("q", []),
    ("qqq", []),
    ("p", [0]),
    ("l", [0, 1, 2, 3, 4]),
    ("pq", [5]),
  ]

  @Test("reads a 9 field's words", arguments: fieldWords)
  func fromWords(_ characters: String, _ bits: [Int]) throws {
    let features = Features(words: Self.words(characters))
    #expect(features.setBits == bits)
    #expect(try features == Features(bits: bits))
  }

  @Test("leading zero words do not change the features")
  func leadingZeroWords() {
    #expect(Features(words: Self.words("qqqsgq")) == Features(words: Self.words("sgq")))
    #expect(Features(words: Self.words("qqqsgq")).bytes == [0x41, 0x00])
  }

  @Test(
    "writes the minimal 9 field words",
    arguments: fieldWords.filter { !$0.characters.hasPrefix("q") || $0.bits.isEmpty })
  func toWords(_ characters: String, _ bits: [Int]) throws {
    let expected = bits.isEmpty ? [] : Array(Self.words(characters))
    #expect(try Features(bits: bits).words == expected)
  }

  @Test("words and bytes agree for every single bit", arguments: 0..<120)
  func singleBit(_ bit: Int) throws {
    let features = try Features(bits: [bit])
    #expect(features.words.count == bit / 5 + 1)
    #expect(features.words.first == UInt8(1 << (bit % 5)))
    #expect(features.bytes.count == bit / 8 + 1)
    #expect(features.bytes.first == UInt8(1 << (bit % 8)))
    #expect(Features(words: features.words[...]) == features)
  }

  /// Bit sets and the first unknown even (required) bit, per BOLT #9's invoice context (`9`):
  /// 8/9 var_onion_optin, 14/15 payment_secret, 16/17 basic_mpp, 24/25 option_route_blinding,
  /// 36/37 option_attribution_data, 48/49 option_payment_metadata.
  static let unknownRequired: [(bits: [Int], firstUnknown: Int?)] = [
    ([], nil),
    ([8, 14], nil),
    ([8, 14, 16, 24, 36, 48], nil),
    ([9, 15, 17, 25, 37, 49], nil),
    ([8, 14, 99], nil),  // odd: optional, ignored
    ([8, 14, 99, 100], 100),
    ([102, 100], 100),
    ([12], 12),  // option_static_remotekey: not an invoice feature
    ([0], 0),
    ([20], 20),
    ([8, 22, 14], 22),
    ([1, 3, 5, 7, 101], nil),
  ]

  @Test("finds the first unknown required bit", arguments: unknownRequired)
  func unknownRequiredBit(_ bits: [Int], _ firstUnknown: Int?) throws {
    #expect(try Features(bits: bits).firstUnknownRequiredBit == firstUnknown)
  }

  /// BOLT #9: basic_mpp (16/17) depends on payment_secret (14/15).
  static let dependencies: [(bits: [Int], missing: (feature: Int, requires: Int)?)] = [
    ([], nil),
    ([8], nil),
    ([14], nil),
    ([16], (16, 14)),
    ([17], (17, 14)),
    ([8, 16, 48], (16, 14)),
    ([14, 16], nil),
    ([15, 17], nil),
    ([14, 17], nil),
    ([15, 16], nil),
    ([16, 17], (16, 14)),
  ]

  @Test("finds basic_mpp without payment_secret", arguments: dependencies)
  func missingDependency(_ bits: [Int], _ missing: (feature: Int, requires: Int)?) throws {
    let found = try Features(bits: bits).firstMissingDependency
    #expect(found?.feature == missing?.feature)
    #expect(found?.requires == missing?.requires)
  }

  @Test("names invoice features by either bit of the pair")
  func names() {
    #expect(Features.name(ofBit: 14) == "payment_secret")
    #expect(Features.name(ofBit: 15) == "payment_secret")
    #expect(Features.name(ofBit: 16) == "basic_mpp")
    #expect(Features.name(ofBit: 17) == "basic_mpp")
    #expect(Features.name(ofBit: 8) == "var_onion_optin")
    #expect(Features.name(ofBit: 49) == "option_payment_metadata")
    #expect(Features.name(ofBit: 99) == nil)
    #expect(Features.name(ofBit: 12) == nil)
  }
}
