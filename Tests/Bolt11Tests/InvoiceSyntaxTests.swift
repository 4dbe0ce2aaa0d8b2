import Bech32Codec
import TestSupport
import Testing

@testable import Bolt11

/// The syntax stage on the spec's examples: every piece where the spec's Breakdown puts it, and
/// the first fault where the decoder finds it.
@Suite struct InvoiceSyntaxTests {
  /// "Please send $3 for a cup of coffee to the same peer, within one minute", cut as the spec's
  /// Breakdown cuts it: each piece's characters, in order.
  static let coffeePieces = [
    "lnbc", "2500u", "1", "pvjluez",
    "sp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs",
    "pp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypq",
    "dq5xysxxatsyp3k7enxv4js", "xqzpu", "9qrsgq",
    "uk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgp",
    "fna3rh",
  ]
  static let coffee = coffeePieces.joined()

  /// Each piece's range, from the lengths of the pieces before it.
  static let coffeeRanges: [Range<Int>] = {
    var start = 0
    return coffeePieces.map { piece in
      defer { start += piece.utf8.count }
      return start..<(start + piece.utf8.count)
    }
  }()

  @Test("the coffee example: every piece at the spec's place, with the spec's values")
  func coffee() throws {
    let syntax = InvoiceSyntax(Self.coffee, mode: .strict)
    let ranges = Self.coffeeRanges
    #expect(syntax.fault == nil)
    #expect(syntax.scheme == nil)
    #expect(syntax.invoice == 0..<Self.coffee.utf8.count)
    #expect(syntax.prefix == ranges[0])
    #expect(syntax.currency == .bitcoin)
    let amount = try #require(syntax.amount)
    #expect(amount.range == ranges[1])
    #expect(amount.digits == 4..<8)
    #expect(amount.multiplier == 8..<9)
    // 2500 micro-bitcoin: 2500 * 10^-6 BTC * 10^11 msat/BTC.
    #expect(amount.value == Millisatoshis(250_000_000))
    #expect(syntax.separator == ranges[2].lowerBound)
    #expect(syntax.timestamp == ranges[3])
    #expect(syntax.timestampValue == 1_496_314_658)
    #expect(syntax.fields.map(\.letter) == ["s", "p", "d", "x", "9"])
    #expect(syntax.fields.map(\.range) == Array(ranges[4...8]))
    #expect(syntax.fields.map(\.declaredLength) == [52, 52, 20, 2, 3])
    #expect(syntax.fields.allSatisfy { $0.isComplete })
    #expect(syntax.fields.map(\.tag) == [16, 1, 13, 6, 5])
    // `x`: `qz` then `pu`.
    let expiry = syntax.fields[3]
    #expect(expiry.lengthRange == (ranges[7].lowerBound + 1)..<(ranges[7].lowerBound + 3))
    #expect(expiry.data == (ranges[7].lowerBound + 3)..<ranges[7].upperBound)
    #expect(InvoiceSyntax.value(of: expiry) == .integer(60))
    #expect(InvoiceSyntax.value(of: syntax.fields[2]) == .text("1 cup coffee", isUTF8: true))
    // `sgq`: b100000100000000, bits 8 and 14.
    guard case .features(let features) = InvoiceSyntax.value(of: syntax.fields[4]) else {
      Issue.record("`9` is not read as features")
      return
    }
    #expect(features.setBits == [8, 14])
    let signature = try #require(syntax.signature)
    #expect(signature.range == ranges[9])
    #expect(signature.recoveryIDRange == (ranges[9].upperBound - 2)..<ranges[9].upperBound)
    #expect(signature.value?.recoveryID == 1)
    #expect(
      signature.value.map { $0.compact.description }
        == "e59e3ffbd3945e4334879158d31e89b076dff54f3fa7979ae79df2db9dcaf5896cbfe1a478b8d2307e92c88139464cb7e6ef26e414c4abe33337961ddc5e8ab1"
    )
    #expect(
      syntax.raw.map { Hex.encode($0.signatureHash) }
        == "047e24bf270b25d42a56d57b2578faa3a10684641bab817c2851a871cb41dbc0")
    #expect(syntax.checksum == ranges[10])
    #expect(syntax.trailing == nil)
  }

  @Test("white space and lightning: before it move every piece, upper case changes none")
  func trimmedAndUpperCase() {
    let text = " \tLIGHTNING:" + Self.coffee.uppercased() + "\n"
    let syntax = InvoiceSyntax(text, mode: .strict)
    #expect(syntax.fault == nil)
    #expect(syntax.scheme == 2..<12)
    #expect(syntax.invoice == 12..<(12 + Self.coffee.utf8.count))
    #expect(syntax.fields.map(\.range) == Self.coffeeRanges[4...8].map { $0.shifted(12) })
    #expect(syntax.checksum == Self.coffeeRanges[10].shifted(12))
    #expect(syntax.timestampValue == 1_496_314_658)
  }

  @Test("a checksum that does not match: every piece, the fault located at the checksum")
  func badChecksum() throws {
    // The spec's coffee invoice with the checksum's last character changed.
    let text = String(Self.coffee.dropLast()) + "q"
    let syntax = InvoiceSyntax(text, mode: .strict)
    #expect(syntax.fault?.code == .bech32Checksum)
    #expect(syntax.fault?.position == nil)
    #expect(syntax.faultRange == Self.coffeeRanges[10])
    #expect(syntax.fields.count == 5)
    #expect(syntax.raw != nil)
  }

  @Test("the spec's invalid multiplier: the prefix and amount, nothing after the fault")
  func invalidMultiplier() throws {
    // From the spec: "Invalid multiplier", `lnbc2500x1...`.
    let text =
      "lnbc2500x1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgqrrzc4cvfue4zp3hggxp47ag7xnrlr8vgcmkjxk3j5jqethnumgkpqp23z9jclu3v0a7e0aruz366e9wqdykw6dxhdzcjjhldxq0w6wgqcnu43j"
    let syntax = InvoiceSyntax(text, mode: .strict)
    #expect(syntax.fault?.code == .hrpInvalidAmount)
    #expect(syntax.fault?.position == 8)
    #expect(syntax.faultRange == 8..<9)
    #expect(syntax.prefix == 0..<4)
    #expect(syntax.currency == .bitcoin)
    #expect(syntax.amount?.multiplier == 8..<9)
    #expect(syntax.amount?.value == nil)
    #expect(syntax.separator == nil)
    #expect(syntax.timestamp == nil)
    #expect(syntax.fields.isEmpty)
    #expect(syntax.signature == nil)
    #expect(syntax.checksum == nil)
  }

  @Test("a character outside the alphabet: pieces before it, its field without words")
  func invalidCharacter() throws {
    // `b` is not a Bech32 character; put it in the `d` field's data (offset 135).
    var bytes = Array(Self.coffee.utf8)
    let position = Self.coffeeRanges[6].lowerBound + 5
    bytes[position] = UInt8(ascii: "b")
    let syntax = InvoiceSyntax(bytes: bytes, mode: .strict)
    #expect(syntax.fault?.code == .bech32InvalidCharacter)
    #expect(syntax.fault?.position == position)
    #expect(syntax.fields.map(\.letter) == ["s", "p", "d"])
    #expect(syntax.fields[2].words == nil)
    #expect(InvoiceSyntax.value(of: syntax.fields[2]) == nil)
    #expect(syntax.fields[1].words != nil)
    #expect(syntax.signature == nil)
    #expect(syntax.raw == nil)
  }

  @Test("a non-ASCII character: the fault at its first byte, as decode reports it")
  func nonASCII() {
    let text = "lnbc2500u1pvjluezé"
    let syntax = InvoiceSyntax(text, mode: .strict)
    #expect(syntax.fault?.code == .bech32InvalidCharacter)
    #expect(syntax.fault?.position == 17)
    #expect(syntax.separator == 9)
    #expect(syntax.timestamp == nil)
  }

  @Test("no separator: nothing cut, the decoder's code")
  func noSeparator() {
    let syntax = InvoiceSyntax("lnbcpvjluez", mode: .strict)
    #expect(syntax.fault?.code == .bech32NoSeparator)
    #expect(syntax.prefix == nil)
    #expect(syntax.separator == nil)
  }

  @Test("a prefix that is not ln: the human-readable part alone, hrp.unknown_prefix at 0")
  func notLightning() throws {
    let words = try Bech32.decode(Self.coffee).words
    let text = Bech32.encode(hrp: Array("xxbc2500u".utf8), words: words)
    let syntax = InvoiceSyntax(text, mode: .strict)
    #expect(syntax.fault?.code == .hrpUnknownPrefix)
    #expect(syntax.fault?.position == 0)
    #expect(syntax.prefix == nil)
    #expect(syntax.humanReadablePart == 0..<9)
  }

  /// The spec's coffee invoice with its data words changed, re-checksummed (not re-signed).
  static func coffee(changing change: (inout [UInt8]) -> Void) throws -> String {
    let decoded = try Bech32.decode(coffee)
    var words = decoded.words
    change(&words)
    return Bech32.encode(hrp: decoded.hrp, words: words)
  }

  @Test("a field that overruns the signature: cut to the signature, the framing's fault")
  func overrun() throws {
    // The `x` field (word 150 - 10 = 140) declares 1023 characters.
    let start = Self.coffeeRanges[7].lowerBound
    let text = try Self.coffee { words in
      words[start - 10 + 1] = 31
      words[start - 10 + 2] = 31
    }
    let syntax = InvoiceSyntax(text, mode: .strict)
    #expect(syntax.fault?.code == .fieldInvalidLength)
    #expect(syntax.fault?.position == start)
    let field = try #require(syntax.fields.last)
    #expect(field.letter == "x")
    #expect(field.declaredLength == 1023)
    #expect(!field.isComplete)
    #expect(field.data == (start + 3)..<Self.coffeeRanges[9].lowerBound)
    #expect(syntax.signature == nil)
  }

  @Test("two characters before the signature: trailing, invoice.trailing_data at them")
  func trailing() throws {
    let signatureStart = Self.coffeeRanges[9].lowerBound
    let text = try Self.coffee { words in
      words.insert(contentsOf: [0, 0], at: signatureStart - 10)
    }
    let syntax = InvoiceSyntax(text, mode: .strict)
    #expect(syntax.fault?.code == .invoiceTrailingData)
    #expect(syntax.fault?.position == signatureStart)
    #expect(syntax.trailing == signatureStart..<(signatureStart + 2))
    #expect(syntax.fields.count == 5)
  }

  @Test("the fault is the decoder's on every spec example", arguments: SpecVector.all)
  func specExamples(_ vector: SpecVector) {
    Self.checkAgainstDecoder(
      Array(vector.invoice.utf8), mode: vector.compat ? .compat : .strict)
  }

  @Test(
    "the fault is the decoder's on every one-byte change of the coffee example",
    arguments: [0x00, 0x20, 0x31, 0x41, 0x62, 0x71, 0xc3, 0xff] as [UInt8])
  func oneByteChanges(_ byte: UInt8) {
    let invoice = Array(Self.coffee.utf8)
    for position in invoice.indices {
      var changed = invoice
      changed[position] = byte
      Self.checkAgainstDecoder(changed, mode: .strict)
      changed.remove(at: position)
      Self.checkAgainstDecoder(changed, mode: .compat)
    }
  }

  /// The syntax stage's fault, where it finds one, is the decoder's, and the pieces lie in order
  /// inside the invoice.
  static func checkAgainstDecoder(_ bytes: [UInt8], mode: DecodeOptions.Mode) {
    let syntax = InvoiceSyntax(bytes: bytes, mode: mode)
    let verdict = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(InvoiceError) in
        try Invoice.decode(bytes: buffer, options: DecodeOptions(mode: mode))
      }
    }
    switch verdict {
    case .success: #expect(syntax.fault == nil)
    case .failure(let error): if let fault = syntax.fault { #expect(fault == error) }
    }
    // Whatever the verdict, the pieces lie in order and inside the invoice.
    let pieces =
      [
        syntax.prefix, syntax.amount?.range, syntax.separator.map { $0..<($0 + 1) },
        syntax.timestamp,
      ]
      .compactMap { $0 } + syntax.fields.map(\.range)
      + [syntax.trailing, syntax.signature?.range, syntax.checksum].compactMap { $0 }
    for (earlier, later) in zip(pieces, pieces.dropFirst()) {
      #expect(earlier.upperBound <= later.lowerBound)
    }
    #expect(pieces.allSatisfy { syntax.invoice.contains($0.lowerBound) })
  }
}

extension Range<Int> {
  /// The range moved `offset` positions on.
  fileprivate func shifted(_ offset: Int) -> Range<Int> {
    (lowerBound + offset)..<(upperBound + offset)
  }
}
