import Bech32Codec
import TestSupport
import Testing

@testable import Bolt11

/// The length cap and the worst inputs within it. No timing here: `Tools/bounds.sh` shows with
/// instruction counts that cost grows linearly up to the cap; these tests show that the cap comes
/// first and that the worst shapes decode to the right values.
@Suite struct BoundsTests {
  typealias Fixture = SignedInvoiceFixture

  /// Types no reader interprets: every letter but `p r 9 x f d s n h c m`.
  static let unknownLetters = Array("qzygt2vw03j54ke6ual7")

  /// The secp256k1 generator point, compressed: a valid key for route hops.
  static let generator = hexBytes(
    "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")

  /// `required` followed by as many empty unknown fields (3 characters each) as fit in `length`,
  /// the last one given the one or two characters left over.
  static func tinyFields(upTo length: Int) -> [Fixture.Field] {
    var fields = Fixture.required
    let used = Fixture.overhead + fields.reduce(0) { $0 + 3 + $1.words.count }
    for index in 0..<((length - used) / 3) {
      fields.append((unknownLetters[index % unknownLetters.count], []))
    }
    fields[fields.count - 1].words = [UInt8](repeating: 1, count: (length - used) % 3)
    return fields
  }

  @Test(
    "more than 7089 characters is invoice.too_long at character 7089, before any Bech32 work",
    arguments: [7090, 7091, 100_000, 10_000_000])
  func tooLong(length: Int) {
    // Mixed case at character 5: the Bech32 layer would refuse this with bech32.mixed_case, so
    // getting invoice.too_long shows the length cap ran first.
    let text = "lnbc1Q" + String(repeating: "q", count: length - 6)
    #expect {
      try Invoice.decode(text)
    } throws: { error in
      let error = error as? InvoiceError
      return error?.code == .invoiceTooLong && error?.position == 7089 && error?.cause == nil
    }
  }

  @Test("the cap counts the invoice itself, not white space or a lightning: prefix around it")
  func capAfterTrimming() throws {
    let text = Fixture.signed(Self.tinyFields(upTo: 7089))
    #expect(text.utf8.count == 7089)
    let wrapped = "  lightning:" + text + "\n"
    #expect(try Invoice.decode(wrapped).raw.encoded() == text)

    let tooLong = "  lightning:" + text + "q\n"
    #expect {
      try Invoice.decode(tooLong)
    } throws: { error in
      (error as? InvoiceError)?.code == .invoiceTooLong
        && (error as? InvoiceError)?.position == 12 + 7089
    }
  }

  @Test("the most fields that fit in 7089 characters (2285) all decode, in order")
  func mostTinyFields() throws {
    let fields = Self.tinyFields(upTo: 7089)
    #expect(fields.count == 2285)
    let invoice = try Invoice.decode(Fixture.signed(fields))
    #expect(invoice.raw.fields.count == fields.count)
    #expect(invoice.extraFields.count == fields.count - 3)
    #expect(invoice.extraFields.map(\.letter) == fields.dropFirst(3).map(\.letter))
  }

  @Test("10,000 tiny unknown fields do not fit: the cap refuses them before reading any")
  func tenThousandTinyFields() {
    var fields = Fixture.required
    for index in 0..<10_000 { fields.append((Self.unknownLetters[index % 20], [])) }
    let text = Fixture.signed(fields)
    #expect(text.utf8.count == Fixture.overhead + 55 + 55 + 10 + 10_000 * 3)
    #expect {
      try Invoice.decode(text)
    } throws: { error in
      (error as? InvoiceError)?.code == .invoiceTooLong
    }
  }

  @Test("deep routes: six `r` fields of 12 hops and one of 11 (83 hops) decode hop by hop")
  func deepRoutes() throws {
    func route(hops: Int) -> Fixture.Field {
      var bytes: [UInt8] = []
      for index in 0..<hops {
        bytes += Self.generator + [UInt8](repeating: UInt8(index), count: 8)  // scid
        bytes += [0, 0, 3, 0xe8, 0, 0, 0, 1, 0, 40]  // fee base 1000, 1 ppm, cltv delta 40
      }
      return ("r", Fixture.words(bytes))
    }
    #expect(route(hops: 12).words.count == 980)  // 612 bytes: the most a field holds is 639
    let fields = Fixture.required + Array(repeating: route(hops: 12), count: 6) + [route(hops: 11)]
    let text = Fixture.signed(fields)
    #expect(text.utf8.count <= 7089)
    let invoice = try Invoice.decode(text)
    #expect(invoice.routeHints.map(\.hops.count) == [12, 12, 12, 12, 12, 12, 11])
    #expect(invoice.routeHints[5].hops[11].shortChannelID.rawValue == 0x0b0b_0b0b_0b0b_0b0b)
    #expect(invoice.routeHints[6].hops[10].feeBaseMsat == 1000)
    #expect(invoice.routeHints[6].hops[10].cltvExpiryDelta == 40)
  }

  @Test("a 639-byte description, 639 bytes of metadata and 1023-character unknown fields decode")
  func longestFields() throws {
    let text = String(repeating: "ü", count: 319) + "a"  // 639 bytes of UTF-8
    var fields: [Fixture.Field] = [
      Fixture.paymentHash, Fixture.paymentSecret, ("d", Fixture.words(Array(text.utf8))),
      ("m", Fixture.words([UInt8](repeating: 0x6d, count: 639))),
    ]
    #expect(fields[2].words.count == 1023 && fields[3].words.count == 1023)
    for letter in Self.unknownLetters.prefix(3) {
      fields.append((letter, [UInt8](repeating: 7, count: 1023)))
    }
    let invoice = try Invoice.decode(Fixture.signed(fields))
    #expect(invoice.description == .text(text))
    #expect(invoice.paymentMetadata?.count == 639)
    #expect(invoice.extraFields.map(\.words.count) == [1023, 1023, 1023])
  }

  @Test("a 1023-character `9` field with every odd bit set decodes to 2557 optional bits")
  func longestFeatureField() throws {
    let words: [UInt8] = (0..<1023).map { index in
      (1022 - index) * 5 % 2 == 0 ? 0b01010 : 0b10101
    }
    let invoice = try Invoice.decode(Fixture.signed(Fixture.required + [("9", words)]))
    let bits = invoice.features.setBits
    #expect(bits.count == 2557)
    #expect(bits.allSatisfy { $0 % 2 == 1 })
    #expect(bits.last == 5113)
  }
}
