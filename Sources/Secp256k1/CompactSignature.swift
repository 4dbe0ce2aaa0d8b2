import Bech32Codec
internal import CSecp256k1

/// An ECDSA signature in its 64-byte compact form: r then s, 32 big-endian bytes each.
///
/// Any 64 bytes make one; whether r and s are below the group order (so that the signature
/// parses) is a question for `der` and for the functions that check it.
///
/// Held inline (no allocation), compared and hashed by its bytes, written as 128 lower-case
/// hexadecimal digits (`description`, and `Codable` as that string).
public struct CompactSignature: Sendable, Hashable, CustomStringConvertible, InlineBytes {
  /// The 64 bytes, inline.
  @usableFromInline
  var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
    0, 0, 0, 0, 0, 0, 0, 0
  )

  /// Bytes in the compact form.
  public static let byteCount = 64

  /// The signature of 64 bytes, r then s, or nil for any other count.
  public init?(bytes: some Collection<UInt8>) { self.init(collecting: bytes) }

  /// The signature written as 128 hexadecimal digits (either case), or nil for any other text.
  public init?(hex: String) { self.init(hexDigits: hex) }

  /// `init?(bytes:)` on borrowed bytes.
  public init?(_ bytes: UnsafeRawBufferPointer) { self.init(copying: bytes) }

  init() {}

  /// Calls `body` with the 64 bytes, r then s, in place.
  @inlinable
  public func withUnsafeBytes<Result, Failure>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try Swift.withUnsafeBytes(of: storage, body)
  }

  /// The 64 bytes, as a new array.
  public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

  /// The 128 lower-case hexadecimal digits.
  public var description: String { withUnsafeBytes { Hex.encode($0) } }

  /// The signature in DER, as Core Lightning prints it, or nil when r or s is not below the
  /// group order.
  ///
  /// Wraps `secp256k1_ecdsa_signature_parse_compact` and
  /// `secp256k1_ecdsa_signature_serialize_der`.
  public var der: [UInt8]? { withDER { $0.map(Array.init) } }

  /// Calls `body` with the DER bytes, made on the stack, or with nil when r or s is not below
  /// the group order: `der` without an array.
  ///
  /// Wraps `secp256k1_ecdsa_signature_parse_compact` and
  /// `secp256k1_ecdsa_signature_serialize_der`.
  public func withDER<Result>(_ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
    let context = StaticContext.pointer
    var parsed = secp256k1_ecdsa_signature()
    let parses = withUnsafeBytes {
      secp256k1_ecdsa_signature_parse_compact(
        context, &parsed, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) == 1
    }
    guard parses else { return body(nil) }
    // 72 bytes: the longest DER signature (two 33-byte integers plus six header bytes).
    return withUnsafeTemporaryAllocation(byteCount: 72, alignment: 8) { output in
      var length = output.count
      let serialized = secp256k1_ecdsa_signature_serialize_der(
        context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length, &parsed)
      precondition(serialized == 1, "72 bytes always hold a DER signature")
      return body(UnsafeRawBufferPointer(rebasing: output[0..<length]))
    }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.elementsEqual(right) } }
  }

  public func hash(into hasher: inout Hasher) {
    withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}

extension CompactSignature: Codable {
  /// Reads the signature from a string of 128 hexadecimal digits.
  public init(from decoder: any Decoder) throws {
    self = try Hex.decode(decoder, as: "64-byte compact signature") { CompactSignature(hex: $0) }
  }

  /// Writes the signature as a string of 128 lower-case hexadecimal digits.
  public func encode(to encoder: any Encoder) throws { try Hex.encode(description, to: encoder) }
}
