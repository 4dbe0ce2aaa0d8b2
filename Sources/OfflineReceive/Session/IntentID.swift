import Bech32Codec
import Bolt11

/// The library-issued identity of one receive intent.
///
/// Callers resume by intent id explicitly; a new intent never reuses an old node request.
public struct IntentID: Hashable, Sendable, CustomStringConvertible {
  /// The identifier text, which is also the id the node knows the intent's request by (an
  /// intent has one node request, never moved to another).
  public let rawValue: String

  /// An intent id from its text, e.g. one read back from storage.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// A fresh 128-bit identifier, as 32 hexadecimal digits, from `generator`.
  public static func random(using generator: inout some RandomNumberGenerator) -> IntentID {
    let high = generator.next() as UInt64
    let low = generator.next() as UInt64
    return IntentID(hex128(high, low))
  }

  /// The identifier text.
  public var description: String { rawValue }
}

/// 32 lower-case hexadecimal digits of a 128-bit value given as two halves.
func hex128(_ high: UInt64, _ low: UInt64) -> String {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(16)
  for half in [high, low] {
    for shift in stride(from: 56, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: half >> UInt64(shift)))
    }
  }
  return Hex.encode(bytes)
}
