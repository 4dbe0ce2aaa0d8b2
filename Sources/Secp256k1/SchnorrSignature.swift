import Bech32Codec

/// A BIP-340 signature: 64 bytes, the x of the nonce point R then s.
///
/// Any 64 bytes make the value; whether it verifies is `Schnorr.verify`'s question.
/// Held inline, compared and hashed by its bytes, written as 128 lower-case hexadecimal digits.
public struct SchnorrSignature: Sendable, Hashable, CustomStringConvertible {
  /// The 64 bytes as they are written, in a compact signature's inline storage.
  private let compact: CompactSignature

  /// Bytes in a signature.
  public static let byteCount = 64

  /// The signature of these 64 bytes, or nil for any other count.
  public init?(bytes: some Collection<UInt8>) {
    guard let compact = CompactSignature(bytes: bytes) else { return nil }
    self.compact = compact
  }

  /// The signature written as 128 hexadecimal digits (either case), or nil for any other text.
  public init?(hex: String) {
    guard let bytes = Hex.decode(hex) else { return nil }
    self.init(bytes: bytes)
  }

  /// Calls `body` with the 64 bytes, in place.
  public func withUnsafeBytes<Result, Failure>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try compact.withUnsafeBytes(body)
  }

  /// The 64 bytes, as a new array.
  public var bytes: [UInt8] { compact.bytes }

  /// The 128 lower-case hexadecimal digits.
  public var description: String { compact.description }
}
