import Bech32Codec

/// The payment secret of an invoice (`s`): 32 bytes the payer passes on to the payee with the
/// payment, so that nodes on the route cannot probe for or claim it.
///
/// Held inline (no allocation), compared and hashed by its bytes, written as 64 lower-case
/// hexadecimal digits (`description`, and `Codable` as that string).
public struct PaymentSecret: Sendable, Hashable, CustomStringConvertible {
  /// The 32 bytes, inline, in memory order.
  @usableFromInline
  var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  /// Bytes in a payment secret.
  public static let byteCount = 32

  /// The payment secret of 32 bytes, or nil for any other count.
  public init?(bytes: some Collection<UInt8>) {
    guard let value = bytes.withContiguousBytes({ PaymentSecret(UnsafeRawBufferPointer($0)) })
    else {
      return nil
    }
    self = value
  }

  /// The payment secret written as 64 hexadecimal digits (either case), or nil for any other text.
  public init?(hex: String) {
    guard let bytes = Hex.decode(hex) else { return nil }
    self.init(bytes: bytes)
  }

  /// `init?(bytes:)` on borrowed bytes.
  public init?(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count == Self.byteCount, let base = bytes.baseAddress else { return nil }
    // Four loads in memory order rather than a call to `memcpy` for 32 bytes.
    storage = (
      base.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
      base.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
      base.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
      base.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
    )
  }

  /// Calls `body` with the 32 bytes, in place.
  @inlinable
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

  public func hash(into hasher: inout Hasher) {
    withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}

extension PaymentSecret: Codable {
  /// Reads the payment secret from a string of 64 hexadecimal digits.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let value = PaymentSecret(hex: text) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "not 32 bytes in hexadecimal"))
    }
    self = value
  }

  /// Writes the payment secret as a string of 64 lower-case hexadecimal digits.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
