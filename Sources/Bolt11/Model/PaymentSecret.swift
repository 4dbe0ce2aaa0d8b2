import Bech32Codec

/// The payment secret of an invoice (`s`): 32 bytes the payer passes on to the payee with the
/// payment, so that nodes on the route cannot probe for or claim it.
///
/// Held inline (no allocation), compared and hashed by its bytes, written as 64 lower-case
/// hexadecimal digits (`description`, and `Codable` as that string): see ``Bytes32Value``.
public struct PaymentSecret: Bytes32Value {
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
  public static var valueName: String { "payment secret" }
}
