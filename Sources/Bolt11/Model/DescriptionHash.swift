import Bech32Codec

/// The SHA-256 of a description given elsewhere (`h`), in place of the text itself: the payer
/// checks the text it was given against it (`DescriptionHash(of:)`).
///
/// Held inline (no allocation), compared and hashed by its bytes, written as 64 lower-case
/// hexadecimal digits (`description`, and `Codable` as that string): see ``Bytes32Value``.
public struct DescriptionHash: Bytes32Value {
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
  public static var valueName: String { "description hash" }
}

extension DescriptionHash {
  /// The hash of `text`: the SHA-256 of its UTF-8 bytes, as an `h` field carries it.
  public init(of text: String) {
    var text = text
    let digest = text.withUTF8 { SHA256.hash(UnsafeRawBufferPointer($0)) }
    self = digest.withUnsafeBytes { DescriptionHash($0)! }
  }
}
