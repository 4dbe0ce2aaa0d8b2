extension Millisatoshis {
  /// The units an amount is written in for people.
  public enum Unit: Sendable, Hashable, CaseIterable {
    /// `msat`: whole millisatoshis.
    case millisatoshis
    /// `sat`: up to three decimals (1,500 msat is `1.5 sat`).
    case satoshis
    /// `BTC`: up to eleven decimals (1 msat is `0.00000000001 BTC`).
    case bitcoin

    /// The symbol written after the number: `msat`, `sat` or `BTC`.
    public var symbol: String {
      switch self {
      case .millisatoshis: "msat"
      case .satoshis: "sat"
      case .bitcoin: "BTC"
      }
    }

    /// How many decimals of the unit one millisatoshi is: 0, 3 or 11.
    var decimals: Int {
      switch self {
      case .millisatoshis: 0
      case .satoshis: 3
      case .bitcoin: 11
      }
    }
  }

  /// Whole satoshis: a sub-satoshi amount rounds down (1,500 msat is 1 sat; 999 msat is 0).
  ///
  /// An invoice may ask for an amount that is not whole satoshis; ``isWholeSatoshis`` says
  /// whether this rounded, and ``text(in:)`` writes the exact amount.
  public var satoshis: UInt64 { rawValue / 1000 }

  /// Whether the amount is a whole number of satoshis (``satoshis`` is then exact).
  public var isWholeSatoshis: Bool { rawValue % 1000 == 0 }

  /// The exact amount in `unit`, for people: the whole part grouped by thousands with commas,
  /// then the decimals the amount has, trailing zeros removed, then the unit's symbol.
  ///
  /// `250,000 sat`, `1.5 sat`, `0.0025 BTC`, `250,000,000 msat`. The same in every locale: the
  /// text is made from the integer, never through a floating-point number or a formatter.
  public func text(in unit: Unit) -> String {
    var divisor: UInt64 = 1
    for _ in 0..<unit.decimals { divisor *= 10 }
    let whole = rawValue / divisor
    var fraction = rawValue % divisor
    var text = Self.grouped(whole)
    if fraction > 0 {
      var places = unit.decimals
      while fraction % 10 == 0 {
        fraction /= 10
        places -= 1
      }
      let digits = String(fraction)
      text += "." + String(repeating: "0", count: places - digits.count) + digits
    }
    return text + " " + unit.symbol
  }

  /// `value` in decimal, grouped by thousands with commas (`250,000`).
  private static func grouped(_ value: UInt64) -> String {
    let digits = Array(String(value).utf8)
    var grouped: [UInt8] = []
    grouped.reserveCapacity(digits.count + digits.count / 3)
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(UInt8(ascii: ",")) }
      grouped.append(digit)
    }
    return String(decoding: grouped, as: UTF8.self)
  }
}
