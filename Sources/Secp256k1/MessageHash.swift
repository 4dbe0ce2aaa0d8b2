import Bech32Codec

/// The 32-byte digest an ECDSA signature covers (libsecp256k1's `msghash32`): for an invoice,
/// the SHA-256 of its signing preimage.
///
/// Held inline (no allocation), compared and hashed by its bytes, written as 64 lower-case
/// hexadecimal digits (`description`, and `Codable` as that string).
public struct MessageHash: Sendable, Hashable, CustomStringConvertible, InlineBytes {
  /// The 32 bytes, inline.
  var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  /// Bytes in a message hash.
  public static let byteCount = 32

  /// The hash of 32 bytes, or nil for any other count.
  public init?(bytes: some Collection<UInt8>) { self.init(collecting: bytes) }

  /// The hash written as 64 hexadecimal digits (either case), or nil for any other text.
  public init?(hex: String) { self.init(hexDigits: hex) }

  /// `init?(bytes:)` on borrowed bytes.
  public init?(_ bytes: UnsafeRawBufferPointer) { self.init(copying: bytes) }

  init() {}

  /// Calls `body` with the 32 bytes, in place.
  public func withUnsafeBytes<Result, Failure>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try Swift.withUnsafeBytes(of: storage, body)
  }

  /// The 32 bytes, as a new array.
  public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

  /// The 64 lower-case hexadecimal digits.
  public var description: String { withUnsafeBytes { Hex.encode($0) } }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage.0 == rhs.storage.0 && lhs.storage.1 == rhs.storage.1
      && lhs.storage.2 == rhs.storage.2 && lhs.storage.3 == rhs.storage.3
  }

  public func hash(into hasher: inout Hasher) { withUnsafeBytes { hasher.combine(bytes: $0) } }
}

extension MessageHash: Codable {
  /// Reads the hash from a string of 64 hexadecimal digits.
  public init(from decoder: any Decoder) throws {
    self = try Hex.decode(decoder, as: "32-byte message hash") { MessageHash(hex: $0) }
  }

  /// Writes the hash as a string of 64 lower-case hexadecimal digits.
  public func encode(to encoder: any Encoder) throws { try Hex.encode(description, to: encoder) }
}
