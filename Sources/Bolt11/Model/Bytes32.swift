import Bech32Codec

/// 32 bytes held inline, in memory order: the storage and behaviour that `PaymentHash`,
/// `PaymentSecret` and `DescriptionHash` share (each adds only its name and meaning).
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

  init?(bytes: some Collection<UInt8>) {
    guard let value = bytes.withContiguousBytes({ Bytes32(UnsafeRawBufferPointer($0)) }) else {
      return nil
    }
    self = value
  }

  init?(hex: String) {
    guard let bytes = Hex.decode(hex) else { return nil }
    self.init(bytes: bytes)
  }

  @inlinable
  func withUnsafeBytes<Result, Failure>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try Swift.withUnsafeBytes(of: storage, body)
  }

  var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

  /// 64 lower-case hexadecimal digits.
  var hex: String { withUnsafeBytes { Hex.encode($0) } }

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
