internal import CSecp256k1

/// BIP-340 Schnorr signatures, through libsecp256k1's `schnorrsig` and `extrakeys` modules.
public enum Schnorr {
  /// Whether `signature` is a valid BIP-340 signature by `key` of `message` (of any length:
  /// BOLT #12 signs 32-byte Merkle roots).
  ///
  /// False for a key that is not the x of a point on the curve; never traps on any input.
  ///
  /// Wraps `secp256k1_xonly_pubkey_parse` and `secp256k1_schnorrsig_verify`.
  public static func verify(
    _ signature: SchnorrSignature, of message: some Collection<UInt8>, by key: XOnlyPublicKey
  ) -> Bool {
    var parsed = secp256k1_xonly_pubkey()
    guard key.parse(into: &parsed) else { return false }
    var verified = false
    withNonNullBytes(Array(message)) { messageBytes, messageCount in
      verified = signature.withUnsafeBytes { signatureBytes in
        secp256k1_schnorrsig_verify(
          StaticContext.pointer, signatureBytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
          messageBytes, messageCount, &parsed) == 1
      }
    }
    return verified
  }

  /// Calls `body` with a pointer to the bytes and their count; for an empty array a pointer to
  /// a spare byte, since libsecp256k1 refuses a null pointer even for a length of 0.
  private static func withNonNullBytes(
    _ bytes: [UInt8], _ body: (UnsafePointer<UInt8>, Int) -> Void
  ) {
    if bytes.isEmpty {
      var spare: UInt8 = 0
      withUnsafePointer(to: &spare) { body($0, 0) }
    } else {
      bytes.withUnsafeBufferPointer { body($0.baseAddress!, $0.count) }
    }
  }
}
