import Testing

@testable import Bolt11

/// A human-readable part that parses, with what it must give.
struct ValidHRP: Sendable, CustomTestStringConvertible {
  var hrp: String
  var currency: Currency
  var msat: UInt64?
  var warnings: Set<InvoiceWarning> = []

  var testDescription: String { hrp }
}

/// A human-readable part that must be refused, with the code and, where the fault is one
/// character, its index in the human-readable part.
struct InvalidHRP: Sendable, CustomTestStringConvertible {
  var hrp: String
  var code: InvoiceError.Code
  var index: Int?

  var testDescription: String { hrp }
}

@Suite struct HumanReadablePartTests {
  private static func parse(_ hrp: String, offset: Int = 0) throws(InvoiceError)
    -> HumanReadablePart
  {
    try HumanReadablePart.parse(Array(hrp.utf8), offset: offset)
  }

  // Amounts: BOLT #11 multipliers m = 10^-3, u = 10^-6, n = 10^-9, p = 10^-12 BTC, and
  // 1 BTC = 10^11 msat, so 1m = 10^8, 1u = 10^5, 1n = 100 msat and 10p = 1 msat.
  static let valid: [ValidHRP] = [
    // Every currency, without an amount.
    ValidHRP(hrp: "lnbc", currency: .bitcoin, msat: nil),
    ValidHRP(hrp: "lntb", currency: .testnet, msat: nil),
    ValidHRP(hrp: "lntbs", currency: .signet, msat: nil),
    ValidHRP(hrp: "lnbcrt", currency: .regtest, msat: nil),
    // Every currency with an amount.
    ValidHRP(hrp: "lntb20m", currency: .testnet, msat: 2_000_000_000),
    ValidHRP(hrp: "lntbs2500u", currency: .signet, msat: 250_000_000),
    ValidHRP(hrp: "lnbcrt1500n", currency: .regtest, msat: 150_000),
    ValidHRP(hrp: "lnbcrt1", currency: .regtest, msat: 100_000_000_000),
    // Every multiplier.
    ValidHRP(hrp: "lnbc1", currency: .bitcoin, msat: 100_000_000_000),
    ValidHRP(hrp: "lnbc1m", currency: .bitcoin, msat: 100_000_000),
    ValidHRP(hrp: "lnbc1u", currency: .bitcoin, msat: 100_000),
    ValidHRP(hrp: "lnbc1n", currency: .bitcoin, msat: 100),
    ValidHRP(hrp: "lnbc10p", currency: .bitcoin, msat: 1),
    // The BOLT #11 examples.
    ValidHRP(hrp: "lnbc2500u", currency: .bitcoin, msat: 250_000_000),
    ValidHRP(hrp: "lnbc20m", currency: .bitcoin, msat: 2_000_000_000),
    ValidHRP(hrp: "lnbc25m", currency: .bitcoin, msat: 2_500_000_000),
    ValidHRP(hrp: "lnbc10m", currency: .bitcoin, msat: 1_000_000_000),
    ValidHRP(hrp: "lnbc9678785340p", currency: .bitcoin, msat: 967_878_534),
    // Shortest forms need no warning.
    ValidHRP(hrp: "lnbc100p", currency: .bitcoin, msat: 10),
    ValidHRP(hrp: "lnbc10n", currency: .bitcoin, msat: 1000),
    ValidHRP(hrp: "lnbc1500m", currency: .bitcoin, msat: 150_000_000_000),
    // 21 million bitcoin is the most an invoice may ask.
    ValidHRP(hrp: "lnbc21000000", currency: .bitcoin, msat: 2_100_000_000_000_000_000),
    ValidHRP(
      hrp: "lnbc21000000000m", currency: .bitcoin, msat: 2_100_000_000_000_000_000,
      warnings: [.amountNonShortest]),
    ValidHRP(
      hrp: "lnbc21000000000000u", currency: .bitcoin, msat: 2_100_000_000_000_000_000,
      warnings: [.amountNonShortest]),
    ValidHRP(
      hrp: "lnbc21000000000000000n", currency: .bitcoin, msat: 2_100_000_000_000_000_000,
      warnings: [.amountNonShortest]),
    ValidHRP(hrp: "lnbc20999999999999999n", currency: .bitcoin, msat: 2_099_999_999_999_999_900),
    // The largest pico amount whose digits fit in 64 bits.
    ValidHRP(hrp: "lnbc18446744073709551610p", currency: .bitcoin, msat: 1_844_674_407_370_955_161),
    // Leading zeros: accepted with a warning.
    ValidHRP(
      hrp: "lnbc02500u", currency: .bitcoin, msat: 250_000_000, warnings: [.amountLeadingZeros]),
    ValidHRP(
      hrp: "lnbc001", currency: .bitcoin, msat: 100_000_000_000, warnings: [.amountLeadingZeros]),
    ValidHRP(hrp: "lnbc010p", currency: .bitcoin, msat: 1, warnings: [.amountLeadingZeros]),
    // Zero: accepted with a warning.
    ValidHRP(hrp: "lnbc0", currency: .bitcoin, msat: 0, warnings: [.amountZero]),
    ValidHRP(hrp: "lnbc0m", currency: .bitcoin, msat: 0, warnings: [.amountZero]),
    ValidHRP(hrp: "lnbc0p", currency: .bitcoin, msat: 0, warnings: [.amountZero]),
    ValidHRP(hrp: "lnbcrt0n", currency: .regtest, msat: 0, warnings: [.amountZero]),
    ValidHRP(
      hrp: "lnbc00", currency: .bitcoin, msat: 0, warnings: [.amountLeadingZeros, .amountZero]),
    ValidHRP(
      hrp: "lnbc000u", currency: .bitcoin, msat: 0, warnings: [.amountLeadingZeros, .amountZero]),
    // Not the shortest form: accepted with a warning.
    ValidHRP(
      hrp: "lnbc1000u", currency: .bitcoin, msat: 100_000_000, warnings: [.amountNonShortest]),
    ValidHRP(hrp: "lnbc1000n", currency: .bitcoin, msat: 100_000, warnings: [.amountNonShortest]),
    ValidHRP(hrp: "lnbc1000p", currency: .bitcoin, msat: 100, warnings: [.amountNonShortest]),
    ValidHRP(
      hrp: "lnbc1000m", currency: .bitcoin, msat: 100_000_000_000, warnings: [.amountNonShortest]),
    ValidHRP(
      hrp: "lnbc2500000u", currency: .bitcoin, msat: 250_000_000_000,
      warnings: [.amountNonShortest]),
    ValidHRP(
      hrp: "lnbc1000000000p", currency: .bitcoin, msat: 100_000_000,
      warnings: [.amountNonShortest]),
    ValidHRP(
      hrp: "lnbc01000u", currency: .bitcoin, msat: 100_000_000,
      warnings: [.amountLeadingZeros, .amountNonShortest]),
  ]

  @Test("parses currency, amount and warnings", arguments: valid)
  func parsesValid(_ vector: ValidHRP) throws {
    let part = try Self.parse(vector.hrp)
    #expect(part.currency == vector.currency)
    #expect(part.amount?.rawValue == vector.msat)
    #expect(Set(part.warnings) == vector.warnings)
    #expect(part.warnings.count == vector.warnings.count, "no warning twice")
  }

  @Test("the offset does not change a valid result", arguments: valid)
  func offsetIsIrrelevantWhenValid(_ vector: ValidHRP) throws {
    #expect(try Self.parse(vector.hrp, offset: 1234) == Self.parse(vector.hrp))
  }

  static let invalid: [InvalidHRP] = [
    // Unknown prefixes.
    InvalidHRP(hrp: "lnxx", code: .hrpUnknownPrefix, index: 2),
    InvalidHRP(hrp: "bc2500u", code: .hrpUnknownPrefix, index: 0),
    InvalidHRP(hrp: "xnbc", code: .hrpUnknownPrefix, index: 0),
    InvalidHRP(hrp: "lnsb10u", code: .hrpUnknownPrefix, index: 2),
    InvalidHRP(hrp: "lnbcx", code: .hrpUnknownPrefix, index: 2),
    InvalidHRP(hrp: "lnbct1", code: .hrpUnknownPrefix, index: 2),
    InvalidHRP(hrp: "lnb1", code: .hrpUnknownPrefix, index: 2),
    InvalidHRP(hrp: "lnbcm", code: .hrpUnknownPrefix, index: 2),
    InvalidHRP(hrp: "ln", code: .hrpUnknownPrefix, index: 2),
    InvalidHRP(hrp: "ln1", code: .hrpUnknownPrefix, index: 2),
    InvalidHRP(hrp: "l", code: .hrpUnknownPrefix, index: 0),
    InvalidHRP(hrp: "", code: .hrpUnknownPrefix, index: 0),
    // Amount followed by something other than one multiplier, or with a non-digit in it.
    InvalidHRP(hrp: "lnbc2500x", code: .hrpInvalidAmount, index: 8),
    InvalidHRP(hrp: "lnbc25x0m", code: .hrpInvalidAmount, index: 6),
    InvalidHRP(hrp: "lnbc1a", code: .hrpInvalidAmount, index: 5),
    InvalidHRP(hrp: "lnbc2500mm", code: .hrpInvalidAmount, index: 8),
    InvalidHRP(hrp: "lnbc1um", code: .hrpInvalidAmount, index: 5),
    InvalidHRP(hrp: "lnbc1-", code: .hrpInvalidAmount, index: 5),
    InvalidHRP(hrp: "lntb2.5m", code: .hrpInvalidAmount, index: 5),
    // p with a last decimal other than 0.
    InvalidHRP(hrp: "lnbc1p", code: .amountSubMillisatoshi, index: nil),
    InvalidHRP(hrp: "lnbc15p", code: .amountSubMillisatoshi, index: nil),
    InvalidHRP(hrp: "lnbc2500000001p", code: .amountSubMillisatoshi, index: nil),
    InvalidHRP(hrp: "lnbc9678785341p", code: .amountSubMillisatoshi, index: nil),
    // Above 21 million bitcoin.
    InvalidHRP(hrp: "lnbc21000001", code: .amountOverflow, index: nil),
    InvalidHRP(hrp: "lnbc21000000001m", code: .amountOverflow, index: nil),
    InvalidHRP(hrp: "lnbc21000000000001u", code: .amountOverflow, index: nil),
    InvalidHRP(hrp: "lnbc21000000000000001n", code: .amountOverflow, index: nil),
    // 21 million bitcoin and one millisatoshi (its pico digits are also beyond 64 bits).
    InvalidHRP(hrp: "lnbc21000000000000000010p", code: .amountOverflow, index: nil),
    // Beyond 64 bits, in the digits or in the product with the multiplier.
    InvalidHRP(hrp: "lnbc99999999999999999999", code: .amountOverflow, index: nil),
    InvalidHRP(hrp: "lnbc18446744073709551616", code: .amountOverflow, index: nil),
    InvalidHRP(hrp: "lnbc18446744073709551615", code: .amountOverflow, index: nil),
    InvalidHRP(hrp: "lnbc200000000000m", code: .amountOverflow, index: nil),
    InvalidHRP(hrp: "lnbc184467440737095516160p", code: .amountOverflow, index: nil),
    InvalidHRP(hrp: "lnbc100000000000000000000p", code: .amountOverflow, index: nil),
    InvalidHRP(
      hrp: "lnbc" + String(repeating: "9", count: 100) + "n", code: .amountOverflow, index: nil),
  ]

  @Test("refuses invalid human-readable parts", arguments: invalid)
  func refusesInvalid(_ vector: InvalidHRP) {
    let offset = 17
    do {
      let part = try Self.parse(vector.hrp, offset: offset)
      Issue.record("parsed as \(part)")
    } catch {
      #expect(error.code == vector.code)
      if let index = vector.index {
        #expect(error.position == offset + index)
      } else if let position = error.position {
        // The fault lies somewhere in the human-readable part.
        #expect((offset..<(offset + max(vector.hrp.utf8.count, 1))).contains(position))
      }
    }
  }

  /// Amounts and the shortest text a writer must give them.
  static let shortestText: [(msat: UInt64, text: String)] = [
    (1, "10p"),
    (9, "90p"),
    (10, "100p"),
    (99, "990p"),
    (100, "1n"),
    (150, "1500p"),
    (12_300, "123n"),
    (100_000, "1u"),
    (150_000, "1500n"),
    (250_000_000, "2500u"),
    (100_000_000, "1m"),
    (2_000_000_000, "20m"),
    (2_500_000_000, "25m"),
    (967_878_534, "9678785340p"),
    (100_000_000_000, "1"),
    (150_000_000_000, "1500m"),
    (2_100_000_000_000_000_000, "21000000"),
    (2_099_999_999_999_999_900, "20999999999999999n"),
    (1_844_674_407_370_955_161, "18446744073709551610p"),
    // Above 1.8e18 msat, msat * 10 does not fit in 64 bits.
    (1_844_674_407_370_955_162, "18446744073709551620p"),
    (1_999_999_999_999_999_999, "19999999999999999990p"),
    (2_099_999_999_999_999_999, "20999999999999999990p"),
    (UInt64.max, "184467440737095516150p"),
  ]

  @Test("amountText gives the shortest form", arguments: shortestText)
  func amountText(_ msat: UInt64, _ text: String) {
    #expect(HumanReadablePart.amountText(Millisatoshis(msat)) == text)
  }

  @Test(
    "the shortest form parses back to the amount, without warnings",
    arguments: shortestText.filter { $0.msat <= Millisatoshis.maximum.rawValue })
  func shortestTextRoundTrip(_ msat: UInt64, _ text: String) throws {
    let part = try Self.parse("lnbc" + text)
    #expect(part.amount == Millisatoshis(msat))
    #expect(part.warnings.isEmpty)
  }

  /// Amounts at most 21 million bitcoin whose pico digits do not fit in 64 bits although the
  /// amount in millisatoshis does. `amountText` writes the first three (only `p` expresses them),
  /// so a reader must accept them, or an encoded invoice would not decode.
  @Test(
    "a pico amount above 1.8e18 msat and at most 21M BTC parses",
    arguments: [
      (1_844_674_407_370_955_162, "18446744073709551620p"),
      (1_999_999_999_999_999_999, "19999999999999999990p"),
      (2_099_999_999_999_999_999, "20999999999999999990p"),
      (2_100_000_000_000_000_000, "21000000000000000000p"),
    ] as [(UInt64, String)])
  func largePicoAmount(_ msat: UInt64, _ text: String) throws {
    let part = try Self.parse("lnbc" + text)
    #expect(part.amount == Millisatoshis(msat))
  }

  @Test("encoded puts the prefix and the shortest amount after ln")
  func encoded() {
    #expect(
      HumanReadablePart(currency: .signet, amount: Millisatoshis(250_000_000)).encoded
        == "lntbs2500u")
    #expect(HumanReadablePart(currency: .regtest, amount: nil).encoded == "lnbcrt")
    #expect(
      HumanReadablePart(currency: .bitcoin, amount: Millisatoshis(967_878_534)).encoded
        == "lnbc9678785340p")
    #expect(
      HumanReadablePart(currency: .testnet, amount: Millisatoshis(100_000_000_000)).encoded
        == "lntb1")
  }

  @Test("every currency's prefix parses back to it", arguments: Currency.allCases)
  func everyCurrency(_ currency: Currency) throws {
    let part = try Self.parse("ln" + currency.prefix + "1u")
    #expect(part.currency == currency)
    #expect(part.amount == Millisatoshis(100_000))
    #expect(try Self.parse("ln" + currency.prefix).amount == nil)
  }

  /// BOLT #11's multipliers, written out here as the reference: the letter, its rank (3 for the
  /// largest), the millisatoshis of one unit (`p`: a tenth, so its amounts are read without their
  /// last digit and its unit is 1) and the unit's name.
  static let specMultipliers: [(letter: Character, rank: Int, msat: UInt64, name: String)] = [
    ("m", 3, 100_000_000, "milli-bitcoin"),  // 10^-3 BTC
    ("u", 2, 100_000, "micro-bitcoin"),  // 10^-6 BTC
    ("n", 1, 100, "nano-bitcoin"),  // 10^-9 BTC
    ("p", 0, 1, "pico-bitcoin"),  // 10^-12 BTC, a tenth of a millisatoshi
  ]

  @Test("multiplier(_:) gives the spec's four letters their rank and unit, and no other byte")
  func multiplierMatchesSpec() {
    for byte in UInt8.min...UInt8.max {
      let expected = Self.specMultipliers.first { $0.letter.asciiValue == byte }
      let found = HumanReadablePart.multiplier(byte)
      #expect(found?.rank == expected?.rank && found?.msat == expected?.msat, "byte \(byte)")
    }
  }

  @Test("unitName(endingWith:) names bitcoin for a digit and each multiplier's unit")
  func unitNameMatchesSpec() {
    for byte in UInt8.min...UInt8.max {
      var expected = Self.specMultipliers.first { $0.letter.asciiValue == byte }?.name
      if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { expected = "bitcoin" }
      #expect(HumanReadablePart.unitName(endingWith: byte) == expected, "byte \(byte)")
    }
  }

  @Test("shortestRank(of:) gives the largest unit of the spec that divides the amount")
  func shortestRankMatchesSpec() {
    // BOLT #11: 1 BTC is 10^11 msat; m, u and n are 10^8, 10^5 and 10^2 msat.
    var values: [UInt64] = [0, 1, 10, 99, UInt64.max, Millisatoshis.maximum.rawValue]
    var power: UInt64 = 1
    for _ in 0..<19 {
      values += [power, power &* 3, power &+ 1, power &- 1, power &* 7 &+ 100]
      power &*= 10
    }
    // Multiples of 100 spread over 64 bits (a fixed linear congruential sequence).
    var state: UInt64 = 0x2545_f491_4f6c_dd1d
    for _ in 0..<1000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(state / 1000 * 100)
    }
    let units = [(4, 100_000_000_000 as UInt64)] + Self.specMultipliers.map { ($0.rank, $0.msat) }
    for msat in values {
      let expected = units.first { msat % $0.1 == 0 }?.0
      #expect(HumanReadablePart.shortestRank(of: msat) == expected, "msat \(msat)")
    }
  }
}
