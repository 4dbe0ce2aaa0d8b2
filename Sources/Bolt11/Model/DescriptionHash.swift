import Bech32Codec

/// The SHA-256 of a description given elsewhere (`h`), in place of the text itself: the payer
/// checks the text it was given against it (`DescriptionHash(of:)`).
///
/// Held inline (no allocation), compared and hashed by its bytes, written as 64 lower-case
/// hexadecimal digits (`description`, and `Codable` as that string).
public struct DescriptionHash: Sendable, Hashable, CustomStringConvertible {
  @usableFromInline
  let value: Bytes32

  /// Bytes in a description hash.
  public static let byteCount = 32

  /// The description hash of 32 bytes, or nil for any other count.
  public init?(bytes: some Collection<UInt8>) {
    guard let value = Bytes32(bytes: bytes) else { return nil }
    self.value = value
  }

  /// The description hash written as 64 hexadecimal digits (either case), or nil for any other text.
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

extension DescriptionHash: Codable {
  /// Reads the description hash from a string of 64 hexadecimal digits.
  public init(from decoder: any Decoder) throws {
    self = try Hex.decode(decoder, as: "32-byte description hash") { DescriptionHash(hex: $0) }
  }

  /// Writes the description hash as a string of 64 lower-case hexadecimal digits.
  public func encode(to encoder: any Encoder) throws { try Hex.encode(description, to: encoder) }
}

extension DescriptionHash {
  /// The hash of `text`: the SHA-256 of its UTF-8 bytes, as an `h` field carries it.
  public init(of text: String) {
    var text = text
    let digest = text.withUTF8 { SHA256.hash(UnsafeRawBufferPointer($0)) }
    self = digest.withUnsafeBytes { DescriptionHash($0)! }
  }
}
