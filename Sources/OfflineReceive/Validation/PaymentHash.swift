import Bolt11

/// The SHA-256 an invoice commits to, compared as 32 bytes.
///
/// Hashes compare as 32-byte values, never as text.
public struct PaymentHash: Hashable, Sendable, CustomStringConvertible {
  /// The 32 bytes.
  public let bytes: [UInt8]

  /// Bytes in a SHA-256.
  public static let length = 32

  /// A payment hash from exactly 32 bytes, or nil.
  public init?(bytes: [UInt8]) {
    guard bytes.count == Self.length else { return nil }
    self.bytes = bytes
  }

  /// A payment hash from 64 hexadecimal digits in either case, or nil.
  public init?(hex: String) {
    guard let bytes = Hex.decode(hex) else { return nil }
    self.init(bytes: bytes)
  }

  /// Lower-case hexadecimal, for display only; never compared.
  public var description: String { Hex.encode(bytes) }
}
