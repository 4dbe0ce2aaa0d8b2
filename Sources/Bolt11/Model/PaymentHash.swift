import Bech32Codec

/// The payment hash of an invoice (`p`): the SHA-256 of the preimage that the payee reveals when
/// paid, so that a payer holding the preimage has proof of payment.
///
/// Held inline (no allocation), compared and hashed by its bytes, written as 64 lower-case
/// hexadecimal digits (`description`, and `Codable` as that string).
public struct PaymentHash: Sendable, Hashable, CustomStringConvertible {
  @usableFromInline
  let value: Bytes32

  /// Bytes in a payment hash.
  public static let byteCount = 32

  /// The payment hash of 32 bytes, or nil for any other count.
  public init?(bytes: some Collection<UInt8>) {
    guard let value = Bytes32(bytes: bytes) else { return nil }
    self.value = value
  }

  /// The payment hash written as 64 hexadecimal digits (either case), or nil for any other text.
  public init?(hex: String) {
    guard let value = Bytes32(hex: hex) else { return nil }
    self.value = value
  }

  /// `init?(bytes:)` on borrowed bytes.
  public init?(_ bytes: UnsafeRawBufferPointer) {
    guard let value = Bytes32(bytes) else { return nil }
    self.value = value
  }

  /// Calls `body` with the 32 bytes, in place.
  @inlinable
  public func withUnsafeBytes<Result, Failure>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try value.withUnsafeBytes(body)
  }

  /// The 32 bytes, as a new array.
  public var bytes: [UInt8] { value.bytes }

  /// The 64 lower-case hexadecimal digits.
  public var description: String { value.hex }
}

extension PaymentHash: Codable {
  /// Reads the payment hash from a string of 64 hexadecimal digits.
  public init(from decoder: any Decoder) throws {
    self = try Hex.decode(decoder, as: "32-byte payment hash") { PaymentHash(hex: $0) }
  }

  /// Writes the payment hash as a string of 64 lower-case hexadecimal digits.
  public func encode(to encoder: any Encoder) throws { try Hex.encode(description, to: encoder) }
}

extension PaymentHash {
  /// The payment hash of `preimage`: its SHA-256, as the payee commits to it.
  public init(preimage: some Collection<UInt8>) {
    let digest = preimage.withContiguousBytes { SHA256.hash(UnsafeRawBufferPointer($0)) }
    self = digest.withUnsafeBytes { PaymentHash($0)! }
  }
}
