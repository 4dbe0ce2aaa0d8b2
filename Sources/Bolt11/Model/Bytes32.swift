import Bech32Codec

/// 32 bytes held inline, in memory order: the storage that `PaymentHash`, `PaymentSecret` and
/// `DescriptionHash` share; `Bytes32Value` gives them the rest of their behaviour.
@usableFromInline
struct Bytes32: Sendable, Hashable {
  /// The bytes, four words in memory order.
  @usableFromInline
  var storage: (UInt64, UInt64, UInt64, UInt64)

  static let count = 32

  /// Exactly 32 bytes, or nil.
  init?(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count == Self.count, let base = bytes.baseAddress else { return nil }
    // Four loads in memory order rather than a call to `memcpy` for 32 bytes.
    storage = (
      base.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
      base.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
      base.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
      base.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
    )
  }

  @inlinable
  func withUnsafeBytes<Result, Failure>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try Swift.withUnsafeBytes(of: storage, body)
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage.0 == rhs.storage.0 && lhs.storage.1 == rhs.storage.1
      && lhs.storage.2 == rhs.storage.2 && lhs.storage.3 == rhs.storage.3
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}

/// A value of exactly 32 bytes with a meaning (`PaymentHash`, `PaymentSecret`,
/// `DescriptionHash`): held inline, compared and hashed by its bytes, written as 64 lower-case
/// hexadecimal digits (`description`, and `Codable` as that string).
///
/// A conforming type gives its bytes in place and reads them back; every other member comes
/// from this protocol, the same for each.
public protocol Bytes32Value: Sendable, Hashable, CustomStringConvertible, Codable {
  /// The value of the 32 `bytes`, borrowed; nil for any other count.
  init?(_ bytes: UnsafeRawBufferPointer)

  /// Calls `body` with the 32 bytes, in place.
  func withUnsafeBytes<Result, Failure>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result

  /// What the value is, for people: `payment hash`.
  static var valueName: String { get }
}

extension Bytes32Value {
  /// Bytes in the value.
  public static var byteCount: Int { Bytes32.count }

  /// The value of 32 bytes, or nil for any other count.
  public init?(bytes: some Collection<UInt8>) {
    guard let value = bytes.withContiguousBytes({ Self(UnsafeRawBufferPointer($0)) }) else {
      return nil
    }
    self = value
  }

  /// The value written as 64 hexadecimal digits (either case), or nil for any other text.
  public init?(hex: String) {
    guard let bytes = Hex.decode(hex) else { return nil }
    self.init(bytes: bytes)
  }

  /// The 32 bytes, as a new array.
  public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

  /// The 64 lower-case hexadecimal digits.
  public var description: String { withUnsafeBytes { Hex.encode($0) } }

  /// Reads the value from a string of 64 hexadecimal digits.
  public init(from decoder: any Decoder) throws {
    self = try Hex.decode(decoder, as: "32-byte \(Self.valueName)") { Self(hex: $0) }
  }

  /// Writes the value as a string of 64 lower-case hexadecimal digits.
  public func encode(to encoder: any Encoder) throws { try Hex.encode(description, to: encoder) }
}
