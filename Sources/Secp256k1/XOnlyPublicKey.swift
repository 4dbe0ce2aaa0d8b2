import Bech32Codec
internal import CSecp256k1

/// A public key as BIP-340 writes it: the 32 bytes of x alone, y taken even.
///
/// BOLT #12 signatures are checked against one: the x of a node id or payer id. Any 32 bytes
/// make the value; whether they are the x of a point on secp256k1 is `isOnCurve`.
///
/// Held inline, compared and hashed by its bytes, written as 64 lower-case hexadecimal digits.
public struct XOnlyPublicKey: Sendable, Hashable, CustomStringConvertible, InlineBytes {
  /// The 32 bytes, inline.
  @usableFromInline
  var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  /// Bytes in the x-only form.
  public static let byteCount = 32

  /// The key of these 32 bytes, or nil for any other count.
  public init?(bytes: some Collection<UInt8>) { self.init(collecting: bytes) }

  /// The x coordinate of a compressed key: the key BIP-340 checks a signature by `publicKey` with.
  public init(_ publicKey: PublicKey) {
    self = publicKey.withUnsafeBytes { XOnlyPublicKey(bytes: $0.dropFirst())! }
  }

  /// The key written as 64 hexadecimal digits (either case), or nil for any other text.
  public init?(hex: String) { self.init(hexDigits: hex) }

  init() {}

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

  /// Whether the bytes are the x of a point on secp256k1.
  ///
  /// Wraps `secp256k1_xonly_pubkey_parse`.
  public var isOnCurve: Bool {
    var parsed = secp256k1_xonly_pubkey()
    return parse(into: &parsed)
  }

  /// Parses the key for libsecp256k1; false when it is not on the curve.
  func parse(into parsed: inout secp256k1_xonly_pubkey) -> Bool {
    withUnsafeBytes {
      secp256k1_xonly_pubkey_parse(
        StaticContext.pointer, &parsed, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) == 1
    }
  }

  /// Whether the two keys have the same bytes.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }

  /// Feeds the 32 bytes to `hasher`.
  public func hash(into hasher: inout Hasher) { withUnsafeBytes { hasher.combine(bytes: $0) } }
}
