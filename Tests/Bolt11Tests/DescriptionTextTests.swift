import TestSupport
import Testing

@testable import Bolt11

/// A `d` field's text is checked by its own UTF-8 validator (no `String` is built): it must accept
/// exactly what `String(validating:as:)` accepts, for any bytes.
@Suite struct DescriptionTextTests {
  /// Bytes worth trying at each position: ASCII edges, continuation and lead bytes, invalid ones.
  static let interesting: [UInt8] = [
    0x00, 0x20, 0x41, 0x7e, 0x7f, 0x80, 0xbf, 0xc2, 0xe2, 0xf0, 0xff,
  ]

  static func check(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      #expect(
        FieldReader.isValidUTF8(buffer) == (String(validating: buffer, as: UTF8.self) != nil),
        "\(bytes)")
    }
  }

  /// Lengths past two of the 32-byte steps the ASCII check takes, and the 8-byte ones after.
  @Test("agrees with String(validating:) for one odd byte anywhere", arguments: 0...80)
  func oneByteAnywhere(_ length: Int) {
    let ascii = (0..<length).map { UInt8(0x61 + $0 % 26) }
    Self.check(ascii)
    for index in 0..<length {
      for byte in Self.interesting {
        var bytes = ascii
        bytes[index] = byte
        Self.check(bytes)
      }
    }
  }

  @Test("agrees with String(validating:) on random bytes and UTF-8 text")
  func random() {
    var generator = SplitMix64(seed: 0x6465_7363)
    for _ in 0..<2000 {
      let length = Int(generator.next() % 70)
      var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next() % 0x80) }
      if length > 0, generator.next() % 2 == 0 {
        bytes[Int(generator.next() % UInt64(length))] = UInt8(truncatingIfNeeded: generator.next())
      }
      Self.check(bytes)
    }
    Self.check(Array("caf\u{e9} \u{2615} \u{1f4a1}".utf8))
  }

  /// Sequences UTF-8 forbids, and U+FFFD itself (what decoding puts for them).
  static let edges: [[UInt8]] = [
    [0xc0, 0x80], [0xc1, 0xbf], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80],
    [0xf5, 0x80, 0x80, 0x80], [0xe2, 0x82], [0xf0, 0x9f, 0x92], [0x80], [0xbf, 0xbd],
    [0xef, 0xbf, 0xbd], [0xef, 0xbf, 0xbd, 0xef, 0xbf], [0xf4, 0x8f, 0xbf, 0xbf],
    [0xed, 0x9f, 0xbf],
  ]

  @Test("agrees with String(validating:) on forbidden sequences and U+FFFD", arguments: edges)
  func forbiddenSequences(_ sequence: [UInt8]) {
    for prefix in 0...9 {
      let text = Array("0123456789".utf8.prefix(prefix))
      Self.check(text + sequence)
      Self.check(text + sequence + text)
      Self.check(Array("\u{e9}".utf8) + text + sequence)
    }
  }

  @Test("agrees with String(validating:) on every two-byte start of a sequence")
  func everyPair() {
    for lead in UInt8(0x80)...0xff {
      for second in UInt8(0)...0xff {
        // Each pair alone, then followed by continuation bytes at each edge of their range.
        Self.check([lead, second])
        for third in [0x7f, 0x80, 0xbf, 0xc0] as [UInt8] {
          Self.check([0x61, lead, second, third])
          Self.check([lead, second, third, 0x80, 0x61, 0x62, 0x63, 0x64, 0x65])
        }
      }
    }
  }

  @Test("agrees with String(validating:) on random mixes of scalars and stray bytes")
  func randomScalars() {
    var generator = SplitMix64(seed: 0x7574_6638)
    // One scalar from each length and edge of UTF-8, then random ones of every length.
    let edges: [Unicode.Scalar] = [
      "\u{7f}", "\u{80}", "\u{7ff}", "\u{800}", "\u{d7ff}", "\u{e000}",
    ]
    for _ in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(generator.next() % 12) {
        switch generator.next() % 6 {
        case 0: bytes.append(UInt8(truncatingIfNeeded: generator.next()))
        case 1: bytes += Array(String(edges[Int(generator.next() % 6)]).utf8)
        case 2: bytes += Array("abcdefghi".utf8.prefix(Int(generator.next() % 10)))
        default:
          let limits: [UInt32] = [0x80, 0x800, 0x1_0000, 0x11_0000]
          let value =
            UInt32(truncatingIfNeeded: generator.next()) % limits[Int(generator.next() % 4)]
          if let scalar = Unicode.Scalar(value) { bytes += Array(String(scalar).utf8) }
        }
      }
      Self.check(bytes)
      guard !bytes.isEmpty else { continue }
      // The same bytes cut short, which may end inside a sequence, and with one byte changed.
      Self.check(Array(bytes.dropLast()))
      bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(
        truncatingIfNeeded: generator.next())
      Self.check(bytes)
    }
  }

  /// Decodes an invoice whose `d` is `text`, signed by the fake key.
  static func decoded(_ description: InvoiceDescription) throws -> Invoice {
    let builder = InvoiceBuilder(
      currency: .bitcoin, paymentHash: PaymentHash(bytes: [UInt8](repeating: 1, count: 32))!,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 0x11, count: 32))!,
      description: description,
      createdAt: 1_496_314_658)
    return try Invoice.decode(builder.build(signingWith: FakeKeys.signingKey()).string)
  }

  /// The text `withDescriptionUTF8` gives, or nil when it does not call its closure.
  static func text(of fields: InvoiceFields) -> [UInt8]? {
    var text: [UInt8]?
    let called = fields.withDescriptionUTF8 { text = Array($0) }
    #expect(called == (text != nil))
    return text
  }

  @Test(
    "a decoded description reads back as written, and its UTF-8 as the text's",
    arguments: [
      "", "x", "coffee", "caf\u{e9} \u{2615} \u{1f4a1}", String(repeating: "ab", count: 300),
    ])
  func storedText(_ text: String) throws {
    let invoice = try Self.decoded(.text(text))
    #expect(invoice.description == .text(text))
    #expect(Self.text(of: invoice.fields) == Array(text.utf8))
    #expect(invoice.fields.descriptionHash == nil)
  }

  /// A valid `d` is kept as its place in the data part and regrouped when read: every length
  /// from none to the longest a field holds, so every count of words after the last whole block
  /// of eight.
  @Test(
    "a description kept as words reads back byte for byte at every length",
    arguments: Array(0...80) + Array(631...639))
  func everyLength(_ length: Int) throws {
    let bytes = (0..<length).map { UInt8(0x21 + ($0 * 7 + length) % 94) }
    let text = String(decoding: bytes, as: UTF8.self)
    let invoice = try Self.decoded(.text(text))
    #expect(Self.text(of: invoice.fields) == bytes)
    #expect(invoice.description == .text(text))
    let parsed = try SignedRawInvoice.parse(invoice.string)
    #expect(Self.text(of: parsed.fields) == bytes)
  }

  @Test("a decoded description hash reads back as written")
  func storedHash() throws {
    let bytes = (0..<32).map { UInt8($0 * 7) }
    let hash = try #require(DescriptionHash(bytes: bytes))
    let invoice = try Self.decoded(.hash(hash))
    #expect(invoice.description == .hash(hash))
    #expect(Self.text(of: invoice.fields) == nil)
    let stored = try #require(invoice.fields.descriptionHash)
    #expect(stored.bytes == bytes)
  }

  @Test("fields compare descriptions as strings: canonically equivalent texts are equal")
  func canonicalEquivalence() throws {
    let composed = try Self.decoded(.text("caf\u{e9}"))
    let decomposed = try Self.decoded(.text("cafe\u{301}"))
    #expect(Self.text(of: composed.fields) != Self.text(of: decomposed.fields))
    #expect(composed.fields == decomposed.fields)
    #expect(composed.fields != (try Self.decoded(.text("cafe"))).fields)
    #expect(
      composed.fields
        != (try Self.decoded(.hash(DescriptionHash(bytes: [UInt8](repeating: 0, count: 32))!)))
        .fields)
  }
}
