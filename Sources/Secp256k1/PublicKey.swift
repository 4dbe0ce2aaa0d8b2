import Bech32Codec

/// A public key in its 33-byte compressed form: a prefix byte, 02 or 03 (the parity of y), and
/// x. A Lightning node id is one, and so is each route hop's key.
///
/// The form is checked when the value is made; whether x is a point on secp256k1 is a separate,
/// costlier question (`isOnCurve`): a key recovered from a signature, or one a signature was
/// checked against, always is.
///
/// Held inline (no allocation), compared and hashed by its bytes, written as 66 lower-case
/// hexadecimal digits (`description`, and `Codable` as that string).
public struct PublicKey: Sendable, Hashable, CustomStringConvertible {
  /// The 33 bytes, inline.
  @usableFromInline
  var storage:
    (
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
    ) = (
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0
    )

  /// Bytes in the compressed form.
  public static let byteCount = 33

  /// The key of 33 bytes in compressed form, or nil when there are not 33 bytes or the first is
  /// neither 02 nor 03.
  public init?(bytes: some Collection<UInt8>) {
    guard
      let key = bytes.withContiguousBytes({ PublicKey(UnsafeRawBufferPointer($0)) })
    else { return nil }
    self = key
  }

  /// The key written as 66 hexadecimal digits (either case), or nil for any other text or a
  /// form that is not compressed.
  public init?(hex: String) {
    guard let bytes = Hex.decode(hex) else { return nil }
    self.init(bytes: bytes)
  }

  /// `init?(bytes:)` on borrowed bytes.
  public init?(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count == Self.byteCount, let base = bytes.baseAddress,
      bytes[0] == 0x02 || bytes[0] == 0x03
    else { return nil }
    Swift.withUnsafeMutableBytes(of: &storage) {
      $0.baseAddress!.copyMemory(from: base, byteCount: Self.byteCount)
    }
  }

  /// Calls `body` with the 33 bytes, in place.
  @inlinable
  public func withUnsafeBytes<Result, Failure>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try Swift.withUnsafeBytes(of: storage, body)
  }

  /// The 33 bytes, as a new array.
  public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

  /// The 66 lower-case hexadecimal digits.
  public var description: String { withUnsafeBytes { Hex.encode($0) } }

  /// Whether the key is a point on secp256k1 (a field square root in libsecp256k1).
  ///
  /// Wraps `secp256k1_ec_pubkey_parse`.
  public var isOnCurve: Bool { withUnsafeBytes { ECDSA.isValidPublicKey($0) } }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.elementsEqual(right) } }
  }

  public func hash(into hasher: inout Hasher) {
    withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}

extension PublicKey: Codable {
  /// Reads the key from a string of 66 hexadecimal digits.
  public init(from decoder: any Decoder) throws {
    self = try Hex.decode(decoder, as: "33-byte compressed public key") { PublicKey(hex: $0) }
  }

  /// Writes the key as a string of 66 lower-case hexadecimal digits.
  public func encode(to encoder: any Encoder) throws { try Hex.encode(description, to: encoder) }
}
