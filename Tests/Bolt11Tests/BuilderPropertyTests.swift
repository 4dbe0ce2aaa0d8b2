import Bech32Codec
import Foundation
import Secp256k1
import TestSupport
import Testing

@testable import Bolt11

extension SplitMix64 {
  mutating func bytes(_ count: Int) -> [UInt8] {
    (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
  }

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
}

/// One valid invoice vector from `Vectors/*.json` (kind `invoice`), with its mode.
struct ValidInvoiceVector: Sendable, CustomTestStringConvertible {
  var file: String
  var name: String
  var invoice: String
  var compat: Bool

  var testDescription: String { "\(file): \(name)" }

  /// Every valid invoice vector of every file in `Vectors/`, found by walking up from this file.
  static let all: [ValidInvoiceVector] = {
    guard let folder = try? PackageFolder.vectors() else { return [] }
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.sorted().flatMap { file -> [ValidInvoiceVector] in
      guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)),
        let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let vectors = root["vectors"] as? [[String: Any]]
      else { return [] }
      return vectors.compactMap { vector in
        guard (vector["kind"] as? String ?? "invoice") == "invoice",
          vector["valid"] as? Bool == true, let invoice = vector["invoice"] as? String
        else { return nil }
        let options = vector["options"] as? [String: Any]
        return ValidInvoiceVector(
          file: file, name: vector["name"] as? String ?? "?", invoice: invoice,
          compat: options?["mode"] as? String == "compat")
      }
    }
  }()

  /// The invoice without surrounding white space and `lightning:` prefix.
  var bare: String {
    var text = invoice.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.lowercased().hasPrefix("lightning:") { text.removeFirst("lightning:".count) }
    return text
  }

  var options: DecodeOptions { DecodeOptions(mode: compat ? .compat : .strict) }
}

@Suite struct BuilderPropertyTests {
  /// Secrets whose payees the vectors name: the spec examples' published key and the edge vectors'
  /// fake key (32 bytes of 0x01). Neither is a real key.
  static let knownKeys: [SigningKey] = [
    try! SigningKey(secretKey: FakeKeys.specSecret), FakeKeys.signingKey(),
  ]

  // MARK: (a) random builder invoices decode to what was built

  /// Feature bits BOLT #9 lets an invoice set, in pairs, plus unknown odd bits (which readers
  /// ignore). `basic_mpp` (16/17) needs `payment_secret` (14/15).
  static let featurePairs = [8, 14, 16, 24, 36, 48]
  static let unknownOddBits = [101, 255, 1001]

  static func randomBuilder(_ random: inout SplitMix64) throws -> (InvoiceBuilder, SigningKey) {
    let key = try SigningKey(secretKey: randomSecret(&random))
    let description: InvoiceDescription
    if random.chance(70) {
      description = .text(
        randomText(&random, maximumBytes: Int.random(in: 0...639, using: &random)))
    } else {
      description = .hash(DescriptionHash(bytes: random.bytes(32))!)
    }
    var builder = InvoiceBuilder(
      currency: Currency.allCases.randomElement(using: &random)!,
      paymentHash: PaymentHash(bytes: random.bytes(32))!,
      paymentSecret: PaymentSecret(bytes: random.bytes(32))!, description: description,
      createdAt: UInt64.random(in: 0...InvoiceBuilder.maximumTimestamp, using: &random))
    if random.chance(80) {
      let limit = [UInt64(999), 100_000_000, Millisatoshis.maximum.rawValue].randomElement(
        using: &random)!
      builder.amount = Millisatoshis(UInt64.random(in: 1...limit, using: &random))
    }
    if random.chance(50) {
      builder.expirySeconds = UInt64.random(
        in: 0...(random.chance(80) ? 1_000_000 : UInt64.max - builder.createdAt), using: &random)
    }
    if random.chance(50) {
      builder.minFinalCLTVExpiryDelta =
        random.chance(80) ? UInt64.random(in: 0...2016, using: &random) : random.next()
      // Above 2^32 - 1 only when asked for (build.cltv_unusable otherwise).
      builder.allowsUnusableCLTV = true
    }
    builder.statesPayee = random.chance(30)
    var bits: [Int] = []
    for pair in featurePairs where random.chance(40) {
      bits.append(pair + Int.random(in: 0...1, using: &random))
    }
    if bits.contains(where: { $0 == 16 || $0 == 17 })
      && !bits.contains(where: { $0 == 14 || $0 == 15 })
    {
      bits.append(14 + Int.random(in: 0...1, using: &random))
    }
    for bit in unknownOddBits where random.chance(15) { bits.append(bit) }
    builder.features = try Features(bits: bits)
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      builder.fallbacks.append(randomFallback(&random))
    }
    for _ in 0..<(random.chance(50) ? Int.random(in: 1...3, using: &random) : 0) {
      var hops: [RouteHop] = []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        hops.append(try randomHop(&random))
      }
      builder.routeHints.append(RouteHint(hops: hops))
    }
    if random.chance(30) {
      builder.paymentMetadata = random.bytes(Int.random(in: 0...64, using: &random))
    }
    // Unknown types: any tag BOLT #11 does not define.
    let unknownTags: [UInt8] = [
      0, 2, 4, 7, 8, 10, 11, 12, 14, 15, 17, 18, 20, 21, 22, 25, 26, 28, 29, 30, 31,
    ]
    for _ in 0..<(random.chance(30) ? Int.random(in: 1...2, using: &random) : 0) {
      builder.extraFields.append(
        ExtraField(
          tag: unknownTags.randomElement(using: &random)!,
          words: (0..<Int.random(in: 0...20, using: &random)).map { _ in
            UInt8.random(in: 0...31, using: &random)
          }))
    }
    if random.chance(70) { builder.fieldOrder = letters(of: builder).shuffled(using: &random) }
    return (builder, key)
  }

  /// The type letters of every field `builder` writes, in its default order.
  static func letters(of builder: InvoiceBuilder) -> [Character] {
    var letters: [Character] = ["p", "s", builder.description.text == nil ? "h" : "d"]
    if builder.statesPayee { letters.append("n") }
    if builder.expirySeconds != nil { letters.append("x") }
    if builder.minFinalCLTVExpiryDelta != nil { letters.append("c") }
    if builder.paymentMetadata != nil { letters.append("m") }
    if !builder.features.isEmpty { letters.append("9") }
    letters += builder.fallbacks.map { _ in "f" }
    letters += builder.routeHints.map { _ in "r" }
    letters += builder.extraFields.map(\.letter)
    return letters
  }

  /// The extra fields in the order the builder writes them: as `fieldOrder` names their letters
  /// (each letter taking that type's next extra field), then the rest in the builder's order.
  static func expectedExtraFields(_ builder: InvoiceBuilder) -> [ExtraField] {
    guard let order = builder.fieldOrder else { return builder.extraFields }
    var remaining = builder.extraFields
    var result: [ExtraField] = []
    for letter in order {
      if let index = remaining.firstIndex(where: { $0.letter == letter }) {
        result.append(remaining.remove(at: index))
      }
    }
    return result + remaining
  }

  static func randomSecret(_ random: inout SplitMix64) -> [UInt8] {
    // Below the group order with overwhelming probability; the first byte keeps it certain.
    [UInt8.random(in: 1...0xfe, using: &random)] + random.bytes(31)
  }

  static func randomText(_ random: inout SplitMix64, maximumBytes: Int) -> String {
    let pool: [String] = ["a", "Z", " ", "0", "é", "ナ", "☕", "杯", "\u{1F600}", "\n", "\""]
    var text = ""
    while true {
      let next = pool.randomElement(using: &random)!
      if text.utf8.count + next.utf8.count > maximumBytes { return text }
      text += next
    }
  }

  static func randomFallback(_ random: inout SplitMix64) -> Fallback {
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return Fallback(version: 0, program: random.bytes(20))!
    case 1: return Fallback(version: 0, program: random.bytes(32))!
    case 2:
      return Fallback(
        version: UInt8.random(in: 1...16, using: &random),
        program: random.bytes(Int.random(in: 2...40, using: &random)))!
    case 3: return Fallback(version: Fallback.p2pkhVersion, program: random.bytes(20))!
    default: return Fallback(version: Fallback.p2shVersion, program: random.bytes(20))!
    }
  }

  static func randomHop(_ random: inout SplitMix64) throws -> RouteHop {
    RouteHop(
      nodeID: try SigningKey(secretKey: randomSecret(&random)).publicKey,
      shortChannelID: ShortChannelID(rawValue: random.next()),
      feeBaseMsat: UInt32.random(in: 0...UInt32.max, using: &random),
      feeProportionalMillionths: UInt32.random(in: 0...UInt32.max, using: &random),
      cltvExpiryDelta: UInt16.random(in: 0...UInt16.max, using: &random))
  }

  static let randomInvoiceSeeds: [UInt64] = Array(1...8)
  static let invoicesPerSeed = 60

  @Test("random builder invoices decode to exactly what was built", arguments: randomInvoiceSeeds)
  func randomInvoicesDecodeToWhatWasBuilt(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for iteration in 0..<Self.invoicesPerSeed {
      let (builder, key) = try Self.randomBuilder(&random)
      let context = "seed \(seed), iteration \(iteration)"
      let built = try builder.build(signingWith: key)
      let invoice = try Invoice.decode(built.string)
      #expect(invoice == built, "\(context)")
      #expect(invoice.currency == builder.currency, "\(context)")
      #expect(invoice.amount == builder.amount, "\(context)")
      #expect(invoice.createdAt == builder.createdAt, "\(context)")
      #expect(invoice.paymentHash == builder.paymentHash, "\(context)")
      #expect(invoice.paymentSecret == builder.paymentSecret, "\(context)")
      #expect(invoice.description == builder.description, "\(context)")
      #expect(invoice.payeeNodeID == key.publicKey, "\(context)")
      #expect(invoice.statedPayee == (builder.statesPayee ? key.publicKey : nil), "\(context)")
      #expect(invoice.expirySeconds == builder.expirySeconds ?? 3600, "\(context)")
      #expect(invoice.expiresAt == invoice.createdAt + invoice.expirySeconds, "\(context)")
      #expect(
        invoice.minFinalCLTVExpiryDelta == builder.minFinalCLTVExpiryDelta ?? 18, "\(context)")
      #expect(invoice.features == builder.features, "\(context)")
      #expect(invoice.fallbacks == builder.fallbacks, "\(context)")
      #expect(invoice.routeHints == builder.routeHints, "\(context)")
      #expect(invoice.paymentMetadata == builder.paymentMetadata, "\(context)")
      #expect(invoice.extraFields == Self.expectedExtraFields(builder), "\(context)")
      // Contract: only a `c` above 2^32 - 1 draws a warning from a builder's invoice.
      let unusable = (builder.minFinalCLTVExpiryDelta ?? 0) > UInt64(UInt32.max)
      #expect(invoice.warnings == (unusable ? [.cltvUnusable] : []), "\(context)")
      if let order = builder.fieldOrder {
        #expect(invoice.raw.fields.map(\.letter) == order, "\(context)")
      }
      // (c) on the same invoice: decode -> encode -> decode is identity.
      #expect(try Invoice.decode(invoice.raw.encoded()) == invoice, "\(context)")
    }
  }

  // MARK: (b), (c) every valid vector

  @Test("every valid vector re-encodes byte for byte", arguments: ValidInvoiceVector.all)
  func validVectorReencodes(vector: ValidInvoiceVector) throws {
    let invoice = try Invoice.decode(vector.invoice, options: vector.options)
    #expect(invoice.raw.encoded() == vector.bare)
    #expect(invoice.string.count <= vector.invoice.count)
    let again = try Invoice.decode(invoice.raw.encoded(), options: vector.options)
    #expect(again == invoice)
    #expect(again.raw.encoded() == invoice.raw.encoded())
  }

  /// Whether a builder can write an invoice with these warnings: none, or only `cltv.unusable`
  /// (the others come from a non-shortest amount or from what compat mode relaxed).
  static func builderWrites(_ warnings: [InvoiceWarning]) -> Bool {
    warnings.allSatisfy { $0 == .cltvUnusable }
  }

  @Test("most valid vectors are signed by a key these tests know, so reproduction is exercised")
  func reproductionCoverage() throws {
    let reproducible = try ValidInvoiceVector.all.filter { vector in
      let invoice = try Invoice.decode(vector.invoice, options: vector.options)
      return Self.builderWrites(invoice.warnings)
        && Self.knownKeys.contains { $0.publicKey.bytes == invoice.payeeNodeID.bytes }
    }
    // 15 spec examples (all but high-S) and the edge vectors by the fake key without warnings.
    #expect(reproducible.count >= 60)
  }

  @Test(
    "valid vectors signed by a known key are reproduced by InvoiceBuilder(reproducing:)",
    arguments: ValidInvoiceVector.all)
  func validVectorReproduces(vector: ValidInvoiceVector) throws {
    let invoice = try Invoice.decode(vector.invoice, options: vector.options)
    guard
      let key = Self.knownKeys.first(where: { $0.publicKey.bytes == invoice.payeeNodeID.bytes }),
      Self.builderWrites(invoice.warnings)
    else { return }  // another signer, or an amount not written as the builder writes it
    // A writer never puts a key off the curve in a route; readers need not check it.
    if invoice.routeHints.contains(where: { $0.hops.contains { !$0.hasValidNodeID } }) {
      #expect(throws: InvoiceBuildError.self) {
        try InvoiceBuilder(reproducing: invoice).build(signingWith: key)
      }
      return
    }
    try checkReproduction(vector: vector, invoice: invoice, key: key)
  }

  func checkReproduction(vector: ValidInvoiceVector, invoice: Invoice, key: SigningKey) throws {
    let rebuilt = try InvoiceBuilder(reproducing: invoice).build(signingWith: key)
    // The signed part (prefix, timestamp, fields in order) is reproduced exactly.
    #expect(rebuilt.raw.hrp == invoice.raw.hrp)
    #expect(rebuilt.raw.signedWords == invoice.raw.signedWords)
    // Same key, same hash, RFC 6979: the same nonce, hence the same r.
    #expect(
      rebuilt.signature.compact.bytes.prefix(32) == invoice.signature.compact.bytes.prefix(32))
    if rebuilt.signature != invoice.signature {
      // Only a vector whose signature was altered on purpose may differ: its high-S twin, or
      // another recovery id.
      let isHighS = try ECDSA.isHighS(compactSignature: invoice.signature.compact.bytes)
      #expect(
        isHighS || rebuilt.signature.compact == invoice.signature.compact,
        "the signature differs in s without being high-S")
    } else {
      #expect(rebuilt.string == vector.bare)  // in its case: upper stays upper
    }
  }

  // MARK: (d) builder refusals

  static func baseBuilder() -> InvoiceBuilder {
    InvoiceBuilder(
      currency: .bitcoin, paymentHash: PaymentHash(bytes: [UInt8](repeating: 1, count: 32))!,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 2, count: 32))!,
      description: .text("refusal"),
      createdAt: 1_700_000_000)
  }

  static let validHop = RouteHop(
    nodeID: FakeKeys.signingKey(0x03).publicKey,
    shortChannelID: ShortChannelID(rawValue: 1), feeBaseMsat: 1, feeProportionalMillionths: 1,
    cltvExpiryDelta: 40)

  struct Refusal: Sendable, CustomTestStringConvertible {
    var name: String
    var code: InvoiceBuildError.Code
    var change: @Sendable (inout InvoiceBuilder) -> Void
    var testDescription: String { name }
  }

  static let refusals: [Refusal] = [
    Refusal(name: "description of 640 bytes", code: .descriptionTooLong) {
      $0.description = .text(String(repeating: "a", count: 640))
    },
    Refusal(name: "description of 640 bytes in 3-byte characters", code: .descriptionTooLong) {
      $0.description = .text(String(repeating: "ナ", count: 213) + "a")
    },
    Refusal(name: "amount zero", code: .invalidAmount) { $0.amount = Millisatoshis(0) },
    Refusal(name: "amount 21 million bitcoin + 1 msat", code: .invalidAmount) {
      $0.amount = Millisatoshis(Millisatoshis.maximum.rawValue + 1)
    },
    Refusal(name: "amount 2^64 - 1 msat", code: .invalidAmount) {
      $0.amount = Millisatoshis(UInt64.max)
    },
    Refusal(name: "timestamp 2^35", code: .invalidTimestamp) { $0.createdAt = 1 << 35 },
    Refusal(name: "c of 2^32, not asked for", code: .cltvUnusable) {
      $0.minFinalCLTVExpiryDelta = UInt64(UInt32.max) + 1
    },
    Refusal(name: "basic_mpp (16) without payment_secret", code: .invalidFeatures) {
      $0.features = try! Features(bits: [8, 16])
    },
    Refusal(name: "expiry that overflows expires_at", code: .invalidExpiry) {
      $0.expirySeconds = UInt64.max - $0.createdAt + 1
    },
    Refusal(name: "empty route", code: .invalidRoute) { $0.routeHints = [RouteHint(hops: [])] },
    Refusal(name: "13-hop route", code: .invalidRoute) {
      $0.routeHints = [RouteHint(hops: Array(repeating: validHop, count: 13))]
    },
    Refusal(name: "route key not on the curve", code: .invalidRoute) {
      var hop = validHop
      // x = 5: no point.
      hop.nodeID = PublicKey(bytes: [0x02] + [UInt8](repeating: 0, count: 31) + [0x05])!
      $0.routeHints = [RouteHint(hops: [validHop, hop])]
    },
    // A key, hash or secret of the wrong length cannot be made (TypedValueTests); a builder
    // reproducing an invoice read without `s` has none.
    Refusal(name: "no payment secret", code: .invalidPaymentSecret) { $0.paymentSecret = nil },
    Refusal(name: "metadata of 640 bytes", code: .invalidMetadata) {
      $0.paymentMetadata = [UInt8](repeating: 7, count: 640)
    },
    Refusal(name: "extra field of a known type", code: .invalidExtraField) {
      $0.extraFields = [ExtraField(tag: 13, words: [1, 2])]  // d
    },
    Refusal(name: "field order naming an absent field", code: .invalidFieldOrder) {
      $0.fieldOrder = ["p", "s", "d", "x"]
    },
    Refusal(name: "7090 characters", code: .tooLong) {
      // 7 unknown fields of 1023 words (7 * 1026 = 7182 words) alone exceed 7089 characters.
      $0.extraFields = (0..<7).map { _ in
        ExtraField(tag: 0, words: [UInt8](repeating: 0, count: 1023))
      }
    },
  ]

  @Test("the builder refuses what a strict reader would refuse", arguments: refusals)
  func builderRefuses(refusal: Refusal) throws {
    var builder = Self.baseBuilder()
    _ = try builder.build(signingWith: Self.knownKeys[1])  // the unchanged builder builds
    refusal.change(&builder)
    #expect(throws: InvoiceBuildError.self) { try builder.build(signingWith: Self.knownKeys[1]) }
    do {
      _ = try builder.build(signingWith: Self.knownKeys[1])
    } catch {
      #expect(error.code == refusal.code, "\(error)")
    }
  }

  @Test("the builder accepts the edge of every limit")
  func builderAcceptsLimits() throws {
    var builder = Self.baseBuilder()
    builder.description = .text(String(repeating: "ナ", count: 213))  // 639 bytes
    builder.amount = Millisatoshis.maximum
    builder.createdAt = InvoiceBuilder.maximumTimestamp
    builder.expirySeconds = UInt64.max - builder.createdAt
    builder.minFinalCLTVExpiryDelta = UInt64(UInt32.max)  // the largest usable, not asked for
    _ = try builder.build(signingWith: Self.knownKeys[1])
    builder.minFinalCLTVExpiryDelta = UInt64.max
    builder.allowsUnusableCLTV = true
    builder.paymentMetadata = [UInt8](repeating: 7, count: 639)
    builder.routeHints = [RouteHint(hops: Array(repeating: Self.validHop, count: 12))]
    let invoice = try builder.build(signingWith: Self.knownKeys[1])
    #expect(invoice.expiresAt == UInt64.max)
    #expect(invoice.routeHints[0].hops.count == 12)
    #expect(invoice.amount == Millisatoshis(2_100_000_000_000_000_000))
  }

  // MARK: mutation loop

  static let mutationSeeds: [UInt64] = [11, 12, 13, 14]
  static let mutationsPerSeed = 2500

  @Test(
    "mutated, re-checksummed invoices never trap and only throw InvoiceError",
    arguments: mutationSeeds)
  func mutationLoop(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let corpus = try ValidInvoiceVector.all.map { vector in
      (try Bech32.decode(vector.bare), vector.options.mode)
    }
    try #require(!corpus.isEmpty)
    var decoded = 0
    for _ in 0..<Self.mutationsPerSeed {
      let (original, mode) = corpus.randomElement(using: &random)!
      var words = original.words
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let index = Int.random(in: 0...words.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where index < words.count: words[index] = UInt8.random(in: 0...31, using: &random)
        case 1: words.insert(UInt8.random(in: 0...31, using: &random), at: index)
        default: if index < words.count { words.remove(at: index) }
        }
      }
      let text = Bech32.encode(hrp: original.hrp, words: words)
      // Typed throws: anything thrown is an InvoiceError; a trap would end the test process.
      do {
        _ = try Invoice.decode(text, options: DecodeOptions(mode: mode))
        decoded += 1
      } catch {
        #expect(InvoiceError.Code.allCases.contains(error.code))
      }
    }
    // Some mutations only touch data that any value fits (descriptions, unknown fields), but most
    // break the signature, the framing or a field rule.
    #expect(decoded < Self.mutationsPerSeed)
  }
}
