import Bech32Codec

/// The payment hash of an invoice (`p`): the SHA-256 of the preimage that the payee reveals when
/// paid, so that a payer holding the preimage has proof of payment.
///
/// Held inline (no allocation), compared and hashed by its bytes, written as 64 lower-case
/// hexadecimal digits (`description`, and `Codable` as that string): see ``Bytes32Value``.
public struct PaymentHash: Bytes32Value {
  @usableFromInline
  let value: Bytes32

  /// The value of the 32 `bytes`, borrowed; nil for any other count.
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

  /// What the value is, for people.
  public static var valueName: String { "payment hash" }
}

extension PaymentHash {
  /// The payment hash of `preimage`: its SHA-256, as the payee commits to it.
  public init(preimage: some Collection<UInt8>) {
    let digest = preimage.withContiguousBytes { SHA256.hash(UnsafeRawBufferPointer($0)) }
    self = digest.withUnsafeBytes { PaymentHash($0)! }
  }
}
