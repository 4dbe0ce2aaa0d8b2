import Bech32Codec
import Secp256k1
import TestSupport
import Testing

/// ECDSA and SigningKey on the typed values (`MessageHash`, `CompactSignature`, `PublicKey`): the
/// same answers as the byte-array entry points, with no length left to get wrong.
@Suite struct TypedECDSATests {
  /// A test key (every byte 0x01), never a real one.
  static let key = FakeKeys.signingKey(0x01)
  static let other = FakeKeys.signingKey(0x02)

  @Test("a message hash is 32 bytes: other lengths and non-hex text are refused")
  func messageHashLengths() {
    for count in [0, 31, 33, 64] {
      #expect(MessageHash(bytes: [UInt8](repeating: 7, count: count)) == nil)
    }
    let bytes = (0..<32).map { UInt8($0 * 7 & 0xff) }
    let hash = MessageHash(bytes: bytes)
    #expect(hash?.bytes == bytes)
    #expect(MessageHash(hex: hash!.description) == hash)
    #expect(hash?.description == Hex.encode(bytes))
    #expect(MessageHash(hex: "zz" + String(repeating: "0", count: 62)) == nil)
  }

  @Test("signRecoverable on a MessageHash gives the byte-array signature; it recovers the key")
  func typedAgreesWithBytes() throws {
    var generator = SplitMix64(seed: 38)
    for _ in 0..<50 {
      let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let hash = MessageHash(bytes: bytes)!
      let typed = Self.key.signRecoverable(hash)
      let untyped = try Self.key.signRecoverable(hash: bytes)
      #expect(typed.signature.bytes == untyped.compactSignature)
      #expect(typed.recoveryID == untyped.recoveryID)
      #expect(
        try ECDSA.recoverPublicKey(typed.signature, recoveryID: typed.recoveryID, hash: hash)
          == Self.key.publicKey)
      #expect(try ECDSA.verify(typed.signature, hash: hash, publicKey: Self.key.publicKey))
      #expect(!(try ECDSA.verify(typed.signature, hash: hash, publicKey: Self.other.publicKey)))
      #expect(!(try ECDSA.isHighS(typed.signature)))
    }
  }

  @Test("typed recovery refuses a recovery id outside 0...3 and r of zero, never traps")
  func typedRefusals() throws {
    let hash = MessageHash(bytes: [UInt8](repeating: 9, count: 32))!
    let made = Self.key.signRecoverable(hash)
    #expect(throws: Secp256k1Error.self) {
      try ECDSA.recoverPublicKey(made.signature, recoveryID: 4, hash: hash)
    }
    let zeroR = CompactSignature(
      bytes: [UInt8](repeating: 0, count: 32) + made.signature.bytes[32...])!
    #expect(throws: Secp256k1Error.self) {
      try ECDSA.recoverPublicKey(zeroR, recoveryID: made.recoveryID, hash: hash)
    }
    // High-S: s -> n - s is the same signature in its other form.
    let high = CompactSignature(bytes: Scalar.flipS(made.signature.bytes))!
    #expect(try ECDSA.isHighS(high))
    #expect(!(try ECDSA.verify(high, hash: hash, publicKey: Self.key.publicKey)))
  }
}
