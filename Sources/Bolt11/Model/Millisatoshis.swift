/// An amount in millisatoshis, the unit of Lightning payments.
public struct Millisatoshis: RawRepresentable, Hashable, Comparable, Sendable,
  CustomStringConvertible
{
  /// The amount as a number of millisatoshis.
  public var rawValue: UInt64

  /// Makes an amount of `rawValue` millisatoshis.
  public init(rawValue: UInt64) { self.rawValue = rawValue }
  /// Makes an amount of `value` millisatoshis.
  public init(_ value: UInt64) { self.rawValue = value }

  /// Millisatoshis in one bitcoin: 10^8 satoshis of 10^3 millisatoshis.
  public static let perBitcoin: UInt64 = 100_000_000_000
  /// The most any invoice may ask: 21 million bitcoin.
  public static let maximum = Millisatoshis(21_000_000 * perBitcoin)

  /// `sats` satoshis, or nil when that does not fit in 64 bits.
  public init?(satoshis sats: UInt64) {
    let (value, overflow) = sats.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return nil }
    self.rawValue = value
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "\(rawValue) msat" }
}
