import Bech32Codec
import Bolt11
import Bolt11Conformance
import Foundation
import PaymentInput
import Secp256k1
import TestSupport
import Testing

@testable import Bolt11JSON
@testable import Bolt11Tool

/// The contract JSON's byte writer (`invoice.json`, `decode --json`, `decode --batch`) against
/// the test oracle `ReferenceJSON`, a tree built from the public model and serialized by code of
/// its own: the same bytes for every vector, for seeded mutations of them, and for invoices
/// signed here with the text and fields the vectors have few of.
@Suite struct InvoiceJSONWriterTests {
  /// A small seeded generator (SplitMix64), so that a failure names a case that comes back.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Every invoice vector's input and the options it decodes with.
  static let vectorInputs: [(text: String, options: DecodeOptions)] =
    ((try? VectorFile.loadAll()) ?? []).compactMap { vector in
      guard vector.kind == "invoice", let text = vector.object["invoice"]?.stringValue,
        case .success(let options) = VectorFile.decodeOptions(vector.object["options"])
      else { return nil }
      return (text, options)
    }

  /// The reference: the oracle's tree, serialized by the oracle.
  static func reference(_ text: String, _ options: DecodeOptions) -> [UInt8] {
    let json: JSON
    do {
      json = ReferenceJSON.object(try Invoice.decode(text, options: options))
    } catch {
      json = ReferenceJSON.object(error)
    }
    return ReferenceJSON.serialize(json)
  }

  static func written(_ text: String, _ options: DecodeOptions) -> [UInt8] {
    var output: [UInt8] = []
    do {
      InvoiceJSON.write(try Invoice.decode(text, options: options), to: &output)
    } catch {
      InvoiceJSON.write(error, to: &output)
    }
    return output
  }

  /// `text` with one seeded change: a character replaced, dropped, doubled or case-flipped, or
  /// the text cut short.
  static func mutated(_ text: String, _ generator: inout SeededGenerator) -> String {
    var bytes = Array(text.utf8)
    guard !bytes.isEmpty else { return "q" }
    let index = Int.random(in: 0..<bytes.count, using: &generator)
    let pool = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l1QPZ\"\\\u{7f} \n".utf8) + [0xC3, 0xA9, 0xFF]
    switch Int.random(in: 0..<5, using: &generator) {
    case 0: bytes[index] = pool.randomElement(using: &generator)!
    case 1: bytes.remove(at: index)
    case 2: bytes.insert(bytes[index], at: index)
    case 3: bytes[index] ^= 0x20
    default: bytes.removeSubrange(index...)
    }
    // Invalid UTF-8 is read as the batch reads it: the decoder names the byte.
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("every vector: the same bytes as the reference")
  func vectors() {
    #expect(Self.vectorInputs.count > 200)
    for (text, options) in Self.vectorInputs {
      let expected = Self.reference(text, options)
      #expect(Self.written(text, options) == expected, "\(text)")
    }
  }

  @Test("seeded mutations of every vector: the same bytes as the reference")
  func mutations() {
    var generator = SeededGenerator(state: 16)
    for (text, options) in Self.vectorInputs {
      for _ in 0..<8 {
        let changed = Self.mutated(text, &generator)
        #expect(Self.written(changed, options) == Self.reference(changed, options), "\(changed)")
      }
    }
  }

  /// Scalars every escaping rule meets: plain and escaped ASCII, C0, DEL, C1, two-, three- and
  /// four-byte text, bidirectional and invisible marks, separators, private use, unassigned.
  static let scalarPool: [Unicode.Scalar] = [
    "a", "Z", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1B}",
    "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "ß", "€", "語", "\u{200B}", "\u{200D}", "\u{202E}",
    "\u{2066}", "\u{2028}", "\u{2029}", "\u{3000}", "\u{FE0E}", "\u{FE0F}", "\u{FEFF}", "\u{E000}",
    "\u{FFFD}", "😀", "\u{1F3FB}", "\u{E0041}", "\u{10FFFD}", "\u{0378}", "\u{1D11E}",
  ]

  static func randomText(_ generator: inout SeededGenerator, maximumBytes: Int) -> String {
    var text = ""
    let count = Int.random(in: 0...40, using: &generator)
    for _ in 0..<count {
      let scalar = scalarPool.randomElement(using: &generator)!
      guard text.utf8.count + String(scalar).utf8.count <= maximumBytes else { break }
      text.unicodeScalars.append(scalar)
    }
    return text
  }

  @Test("invoices signed here with every kind of text and field: the same bytes")
  func signedInvoices() throws {
    var generator = SeededGenerator(state: 1611)
    func bytes(_ count: Int) -> [UInt8] {
      (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
    let key = try SigningKey(secretKey: [UInt8](repeating: 0x01, count: 32))
    let hopKeys = try (2...4).map { try SigningKey(secretKey: [UInt8](repeating: $0, count: 32)) }
    for round in 0..<60 {
      var builder = InvoiceBuilder(
        currency: Currency.allCases[round % Currency.allCases.count],
        paymentHash: PaymentHash(bytes: bytes(32))!,
        paymentSecret: PaymentSecret(bytes: bytes(32))!,
        description: round % 7 == 6
          ? .hash(DescriptionHash(bytes: bytes(32))!)
          : .text(Self.randomText(&generator, maximumBytes: 639)),
        createdAt: UInt64.random(in: 0...(1 << 35 - 1), using: &generator))
      if round % 2 == 0 { builder.amount = Millisatoshis(rawValue: UInt64(round) * 10_000 + 1) }
      if round % 3 == 0 { builder.expirySeconds = UInt64(round) * 977 }
      if round % 4 == 1 {
        builder.features = try Features(bits: [8, 14, 99, 257, 1001][...(round % 5)])
      }
      if round % 5 == 2 { builder.paymentMetadata = bytes(round % 11) }
      if round % 3 == 1 {
        // Every kind; Base58 payloads with leading zero bytes now and then.
        builder.fallbacks = [
          Fallback(version: 17, program: bytes(20))!, Fallback(version: 0, program: bytes(32))!,
          Fallback(version: 1, program: bytes(32))!,
          Fallback(
            version: 18, program: [UInt8](repeating: 0, count: round % 4) + bytes(20 - round % 4))!,
          Fallback(version: 0, program: bytes(20))!,
          Fallback(version: UInt8(1 + round % 16), program: bytes(2 + round % 39))!,
        ]
      }
      if round % 4 == 3 {
        builder.routeHints = [
          RouteHint(hops: [
            RouteHop(
              nodeID: hopKeys[0].publicKey, shortChannelID: ShortChannelID(rawValue: .max),
              feeBaseMsat: 0, feeProportionalMillionths: .max, cltvExpiryDelta: .max)
          ]),
          RouteHint(
            hops: (0...(round % 3)).map { hop in
              RouteHop(
                nodeID: hopKeys[hop].publicKey,
                shortChannelID: ShortChannelID(
                  block: UInt32(round * 1000 + hop), transaction: 77, output: UInt16(hop)),
                feeBaseMsat: UInt32.max - UInt32(hop), feeProportionalMillionths: UInt32(round),
                cltvExpiryDelta: UInt16(40 + hop))
            }),
        ]
      }
      if round % 6 == 5 { builder.extraFields = [ExtraField(tag: 31, words: [1, 2, 3, 31])] }
      let invoice = try builder.build(signingWith: key)
      var output: [UInt8] = []
      InvoiceJSON.write(invoice, to: &output)
      #expect(output == ReferenceJSON.serialize(ReferenceJSON.object(invoice)), "round \(round)")
    }
  }

  @Test("text with every escaping case: the same bytes as the oracle's scalar loop")
  func strings() {
    var generator = SeededGenerator(state: 7)
    for _ in 0..<2000 {
      let text = Self.randomText(&generator, maximumBytes: 200)
      var fast: [UInt8] = []
      var reference: [UInt8] = []
      InvoiceJSON.writeString(text, to: &fast)
      reference = ReferenceJSON.string(text)
      #expect(fast == reference, "\(text.unicodeScalars.map { $0.value })")
    }
  }

  @Test("eight bytes at a time: flagged whenever a byte needs escaping, as a byte loop finds")
  func wordTest() {
    func needs(_ byte: UInt8) -> Bool {
      byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C
    }
    func check(_ word: UInt64) {
      let bytes = withUnsafeBytes(of: word) { Array($0) }
      if bytes.contains(where: needs) {
        #expect(InvoiceJSON.mayNeedEscape(word), "\(String(word, radix: 16))")
      }
    }
    // Every byte value at every place in clean words, then seeded words of mixed bytes.
    let clean: [UInt64] = [0x2020_2020_2020_2020, 0x7E7E_7E7E_7E7E_7E7E, 0x6162_6364_6566_6768]
    for base in clean {
      #expect(!InvoiceJSON.mayNeedEscape(base))
      for place in 0..<8 {
        for byte in UInt64(0)...255 {
          check(base & ~(0xFF << (8 * place)) | byte << (8 * place))
        }
      }
    }
    var generator = SeededGenerator(state: 88)
    let pool: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xFF]
    for _ in 0..<100_000 {
      var word: UInt64 = 0
      for _ in 0..<8 { word = word << 8 | UInt64(pool.randomElement(using: &generator)!) }
      check(word)
    }
  }

  @Test("decimal digits at every length: the same as String(value)")
  func decimals() {
    // Every value below 10^4 (each pair of digits, zeros among them), then the edges of lengths
    // in digits and in bits (the digit count is estimated from the bits).
    var values: [UInt64] = Array(0...10_000) + [UInt64.max, UInt64.max - 1]
    var power: UInt64 = 1
    for _ in 0...19 {
      values += [power - 1, power, power + 1]
      power &*= 10
    }
    for bit in 0..<64 {
      values += [(1 << bit) - 1, 1 << bit, (1 << bit) + 1]
    }
    var output: [UInt8] = []
    ByteWriter.collect(into: &output) { writer in
      for value in values {
        writer.appendDecimal(value)
        writer.append(" ")
      }
    }
    #expect(output == Array(values.map { "\($0) " }.joined().utf8))
  }

  @Test("hex digits: the same as String(_:radix:) for every byte, at every length")
  func hexDigits() {
    var generator = SeededGenerator(state: 16)
    // Every byte at each of the four places of a group of four, and in a last group of one,
    // two or three bytes.
    var cases: [[UInt8]] = (0...3).map { Array((0...255).dropFirst($0)) }
    cases.append(Array((0...255).reversed()))
    for byte in UInt8(0)...255 {
      cases += [[byte], [0xA5, byte], [0x5A, 0xFF, byte], [1, 2, 3, 4, 0, byte, 9]]
    }
    for length in 0...80 {
      cases.append((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
    for bytes in cases {
      var output: [UInt8] = []
      ByteWriter.collect(into: &output) { writer in
        bytes.withUnsafeBytes { InvoiceJSON.writeHex($0, to: &writer) }
      }
      let digits = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
      #expect(output == Array("\"\(digits)\"".utf8), "\(bytes)")
    }
  }

  @Test("the byte writer keeps every byte as it grows past its first storage")
  func byteWriterGrows() {
    var generator = SeededGenerator(state: 4096)
    var expected: [UInt8] = []
    var output: [UInt8] = [7]
    ByteWriter.collect(into: &output) { writer in
      for _ in 0..<3000 {
        let value = UInt64.random(in: 0...UInt64.max, using: &generator) >> (generator.next() % 64)
        writer.appendDecimal(value)
        expected += Array(String(value).utf8)
        let piece = (0..<Int.random(in: 0...40, using: &generator)).map { UInt8($0) }
        piece.withUnsafeBufferPointer { writer.append(contentsOf: $0) }
        writer.append(",")
        expected += piece + [UInt8(ascii: ",")]
      }
    }
    #expect(expected.count > 4 * 4096)
    #expect(output == [7] + expected)
  }

  @Test("short copies: every length up to 64, the same bytes as a byte loop, none past the end")
  func shortCopies() {
    let source = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    for length in 0...64 {
      // A guard byte after the target's `length` bytes must stay as it is.
      var target = [UInt8](repeating: 0xEE, count: 65)
      source.withUnsafeBytes { source in
        target.withUnsafeMutableBytes { target in
          ByteWriter.copy(source.baseAddress!, to: target.baseAddress!, count: length)
        }
      }
      var expected = [UInt8](repeating: 0xEE, count: 65)
      for index in 0..<length { expected[index] = source[index] }
      #expect(target == expected, "length \(length)")
    }
  }

  @Test("decode --batch writes the reference's lines, in order, on any number of workers")
  func batch() throws {
    var generator = SeededGenerator(state: 99)
    let texts = Self.vectorInputs.map(\.text)
    // A line holds no newline: a mutation that adds one gets a space instead.
    let lines = (texts + texts.map { Self.mutated($0, &generator) }).map {
      $0.replacingOccurrences(of: "\n", with: " ")
    }
    // The batch reads what a command that needs an invoice reads: a line that is no invoice is
    // refused as what it is, in the classifier's own JSON.
    let reference = lines.map { line -> ArraySlice<UInt8> in
      do throws(PaymentStringError) {
        _ = try PaymentString.invoice(in: line)
      } catch  where error.invoiceError == nil {
        return Array(error.json.utf8)[...]
      } catch {}
      return Self.reference(line, DecodeOptions())[...]
    }
    for jobs in [1, 2, 3] {
      var decoder = BatchDecoder(options: DecodeOptions(), jobs: jobs)
      // Chunks of lines that take long enough to decode for every worker to take some.
      decoder.linesPerChunk = 64
      let sink = BufferSink()
      _ = try decoder.run(input: BufferSource(lines.joined(separator: "\n")), output: sink)
      // Bytes, not strings: strings compare equal when only their normalization differs.
      let written = Array(sink.text.utf8).split(
        separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      #expect(written.count == reference.count + 1 && written.last == [], "jobs \(jobs)")
      let first = zip(written, reference).map { $0 == $1 }.firstIndex(of: false)
      #expect(first == nil, "jobs \(jobs): line \(first ?? -1) differs")
    }
  }
}
