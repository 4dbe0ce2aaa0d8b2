/// The human-readable part of an invoice: `ln`, the currency prefix, and an optional amount.
public struct HumanReadablePart: Sendable, Equatable {
  /// The chain, from the prefix after `ln`.
  public let currency: Currency
  /// The amount asked for, or nil for "any amount".
  public let amount: Millisatoshis?
  /// Writer-rule breaches in the amount that readers accept.
  public let warnings: [InvoiceWarning]

  /// Makes a human-readable part from its parts.
  ///
  /// - Parameters:
  ///   - currency: the chain.
  ///   - amount: the amount asked for, or nil for any amount.
  ///   - warnings: the writer-rule breaches found in the amount.
  public init(currency: Currency, amount: Millisatoshis?, warnings: [InvoiceWarning] = []) {
    self.currency = currency
    self.amount = amount
    self.warnings = warnings
  }

  /// The units an amount counts, by rank (4: bitcoin, 3: `m`, 2: `u`, 1: `n`, 0: `p`): the
  /// multiplier letter (none for bitcoin), how many millisatoshis one unit is, and the unit's name.
  /// `p` is a tenth of a millisatoshi: its amounts are read without their last digit, so its unit
  /// here is 1. The one table of the multipliers: reading, the shortest form and the unit names
  /// all come from it.
  ///
  /// - Precondition: `rank` is in 0...4.
  @inline(__always)
  static func unit(rank: Int) -> (letter: UInt8?, msat: UInt64, name: String) {
    switch rank {
    case 4: (nil, Millisatoshis.perBitcoin, "bitcoin")  // 10^11 msat
    case 3: (UInt8(ascii: "m"), 100_000_000, "milli-bitcoin")  // 10^-3 BTC = 10^8 msat
    case 2: (UInt8(ascii: "u"), 100_000, "micro-bitcoin")  // 10^-6 BTC = 10^5 msat
    case 1: (UInt8(ascii: "n"), 100, "nano-bitcoin")  // 10^-9 BTC = 10^2 msat
    case 0: (UInt8(ascii: "p"), 1, "pico-bitcoin")  // 10^-12 BTC = 10^-1 msat
    default: preconditionFailure("a unit's rank is 0...4")
    }
  }

  /// The name of the unit an amount ending in `last` counts: `bitcoin` for a digit, the
  /// multiplier's unit for a multiplier letter, nil for any other byte.
  static func unitName(endingWith last: UInt8) -> String? {
    if isDigit(last) { return unit(rank: 4).name }
    return multiplier(last).map { unit(rank: $0.rank).name }
  }

  /// Reads a lower-case human-readable part.
  ///
  /// - Parameters:
  ///   - hrp: the bytes before the separator, lower-cased.
  ///   - offset: where `hrp` starts in the caller's input, for error positions.
  ///   - mode: in compat mode a currency prefix of lower-case letters other than the four Bitcoin
  ///     ones is read as `Currency.unknown`, with the warning `hrp.unknown_prefix`.
  /// - Throws: `hrp.unknown_prefix`, `hrp.invalid_amount`, `amount.sub_millisatoshi`,
  ///   `amount.overflow`.
  static func parse(_ hrp: [UInt8], offset: Int, mode: DecodeOptions.Mode = .strict)
    throws(InvoiceError) -> HumanReadablePart
  {
    // BOLT 11: "if it does NOT understand the `prefix`: MUST fail the payment."
    guard hrp.count >= 2, hrp[0] == UInt8(ascii: "l"), hrp[1] == UInt8(ascii: "n") else {
      throw InvoiceError(.hrpUnknownPrefix, "prefix must start with \"ln\"", position: offset)
    }
    let amountStart = amountStart(in: hrp)
    var warnings: [InvoiceWarning] = []
    let currency: Currency
    if let known = Currency(prefixBytes: hrp[2..<amountStart]) {
      currency = known
    } else {
      let name = String(decoding: hrp[2..<amountStart], as: UTF8.self)
      let isLetters =
        amountStart > 2
        && hrp[2..<amountStart].allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
      guard mode == .compat, isLetters else {
        throw InvoiceError(
          .hrpUnknownPrefix, "unknown currency prefix \"\(name)\"", position: offset + 2)
      }
      currency = .unknown(prefix: name)
      warnings.append(.hrpUnknownPrefix)
    }
    guard amountStart < hrp.count else {
      return HumanReadablePart(currency: currency, amount: nil, warnings: warnings)
    }

    // BOLT 11: "if `amount` contains a non-digit OR is followed by anything except a
    // `multiplier` (see table above): MUST fail the payment."
    let last = hrp[hrp.count - 1]
    let digitsEnd = isDigit(last) ? hrp.count : hrp.count - 1
    if let nonDigit = hrp[amountStart..<digitsEnd].firstIndex(where: { !isDigit($0) }) {
      throw InvoiceError(
        .hrpInvalidAmount, "amount must be digits followed by at most one of m, u, n, p",
        position: offset + nonDigit)
    }
    let givenRank: Int  // 4: no multiplier, 3: m, 2: u, 1: n, 0: p
    let unit: UInt64
    if digitsEnd == hrp.count {
      (givenRank, unit) = (4, Self.unit(rank: 4).msat)
    } else if let multiplier = multiplier(last) {
      (givenRank, unit) = multiplier
    } else {
      throw InvoiceError(
        .hrpInvalidAmount, "unknown multiplier \"\(String(decoding: [last], as: UTF8.self))\"",
        position: offset + hrp.count - 1)
    }

    if digitsEnd - amountStart > 1 && hrp[amountStart] == UInt8(ascii: "0") {
      warnings.append(.amountLeadingZeros)
    }

    // A `p` amount counts tenths of a millisatoshi: its last digit must be 0 and the others are
    // millisatoshis. Reading them without the last digit keeps amounts up to 21 million BTC
    // (2.1 * 10^19 pico-bitcoin, beyond 64 bits) exact.
    var valueEnd = digitsEnd
    if givenRank == 0 {
      // BOLT 11: "if multiplier is `p` and the last decimal of `amount` is not 0:
      // MUST fail the payment."
      guard hrp[digitsEnd - 1] == UInt8(ascii: "0") else {
        throw InvoiceError(
          .amountSubMillisatoshi, "a pico-bitcoin amount must end in 0 (whole millisatoshis)",
          position: offset + digitsEnd - 1)
      }
      valueEnd -= 1
    }
    var value: UInt64 = 0
    for byte in hrp[amountStart..<valueEnd] {
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
      guard !overflow1, !overflow2 else {
        throw InvoiceError(
          .amountOverflow, "amount does not fit in 64 bits", position: offset + amountStart)
      }
      value = sum
    }
    let (msat, overflow) = value.multipliedReportingOverflow(by: unit)
    guard !overflow else {
      throw InvoiceError(
        .amountOverflow, "amount is above 21 million bitcoin", position: offset + amountStart)
    }
    guard msat <= Millisatoshis.maximum.rawValue else {
      throw InvoiceError(
        .amountOverflow, "amount is above 21 million bitcoin", position: offset + amountStart)
    }
    if msat == 0 {
      warnings.append(.amountZero)
    } else if shortestRank(of: msat) > givenRank {
      warnings.append(.amountNonShortest)
    }
    return HumanReadablePart(
      currency: currency, amount: Millisatoshis(msat), warnings: warnings)
  }

  /// Where the amount starts in a human-readable part that starts with `ln`: at the first digit
  /// after `ln`, or at the end when there is none.
  ///
  /// The currency prefix is what stands between `ln` and the amount's first digit (BIP-173
  /// prefixes are letters), as lnd splits `lnsb10u` into `sb` and `10u`.
  static func amountStart(in hrp: [UInt8]) -> Int {
    hrp[2...].firstIndex(where: isDigit) ?? hrp.count
  }

  /// The rank of the largest unit that expresses `msat` as a whole number (4: bitcoin ... 0: p).
  static func shortestRank(of msat: UInt64) -> Int {
    // Written out rather than looped, so that each is a division by a constant: no table and no
    // loop on the path every amount takes.
    func isWhole(_ rank: Int) -> Bool { msat % unit(rank: rank).msat == 0 }
    return isWhole(4) ? 4 : isWhole(3) ? 3 : isWhole(2) ? 2 : isWhole(1) ? 1 : 0
  }

  /// The rank and the millisatoshis of one unit (as `unit(rank:)` has them) of the multiplier
  /// `letter`, or nil for any other byte.
  @inline(__always)
  static func multiplier(_ letter: UInt8) -> (rank: Int, msat: UInt64)? {
    // Written out rather than looped, so that each case is a comparison with a constant.
    let rank: Int
    switch letter {
    case unit(rank: 3).letter: rank = 3
    case unit(rank: 2).letter: rank = 2
    case unit(rank: 1).letter: rank = 1
    case unit(rank: 0).letter: rank = 0
    default: return nil
    }
    return (rank, unit(rank: rank).msat)
  }

  /// The amount as a writer must put it: no leading zeros, the largest multiplier that keeps it a
  /// whole number (BOLT 11: "SHOULD use the shortest representation possible").
  static func amountText(_ amount: Millisatoshis) -> String {
    let msat = amount.rawValue
    let rank = shortestRank(of: msat)
    let chosen = unit(rank: rank)
    // Tenths of a millisatoshi: append the digit rather than multiply (msat * 10 may overflow).
    let digits = rank == 0 ? String(msat) + "0" : String(msat / chosen.msat)
    return digits + (chosen.letter.map { String(UnicodeScalar($0)) } ?? "")
  }

  /// The human-readable part as a writer puts it: `ln`, the prefix, the shortest amount.
  var encoded: String {
    "ln" + currency.prefix + (amount.map(Self.amountText) ?? "")
  }
}

@inline(__always)
func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
