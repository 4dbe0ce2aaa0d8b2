import Secp256k1
import TestSupport
import Testing

/// Fixed values from BOLT #11's examples and from independent computation.
///
/// The secret key is the one BOLT #11 signs all its examples with: public test data, not a real
/// key. Values marked "Python" were computed with the `coincurve` and `ecdsa` PyPI packages (which
/// agree with each other), never with this package.
enum Fixture {
  static let secretKey = hexBytes(
    "e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734")
  static let publicKey = hexBytes(
    "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad")
  /// The same key, uncompressed (Python).
  static let uncompressedPublicKey = hexBytes(
    "04e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad"
      + "6e0f4ec2fddba7ad976bdf18335e464f2608607e3b10a56e854ae081621ebde3")

  /// BOLT #11's first example: "hex of SHA256 of the preimage".
  static let hash = hexBytes("6daf4d488be41ce7cbb487cab1ef2975e5efcea879b20d421f0ef86b07cbb987")
  /// BOLT #11's first example: "hex of signature data (32-byte r, 32-byte s)", recovery flag 1.
  static let signature = hexBytes(
    "8d3ce9e28357337f62da0162d9454df827f83cfe499aeb1c1db349d4d8112742"
      + "5e434ca29929406c23bba1ae8ac6ca32880b38d4bf6ff874024cac34ba9625f1")
  static let recoveryID = 1
  /// BOLT #11's "Public-key recovery with high-S signature": the same r, s replaced by n - s.
  static let highS = hexBytes(
    "8d3ce9e28357337f62da0162d9454df827f83cfe499aeb1c1db349d4d8112742"
      + "a1bcb35d66d6bf93dc445e51753935cc32a3a411efd8a7c7bd85b25815a01b50")
  /// The key that the low-S signature recovers to under the other recovery id, 0 (Python).
  static let otherRecoveredKey = hexBytes(
    "02d0139ce7427d6dfffd26a326c18be754ef1e64672b42694ba5b23ef6e6e7803d")

  /// SHA-256 of "swift-bolt11 unit test" and the RFC 6979 signature of it (Python), recovery id 1.
  static let hash2 = hexBytes("ed02e1cf9c5a5738ca27fcf8f007d0f14ffc2b6ff63737e23ce231680661b86e")
  static let signature2 = hexBytes(
    "0385d7f31c51ec0b6470359baa26070c6eb401412bb293a639699d957537c06e"
      + "01745c3b3b28b965ab21b9dc4e7dcc1f5e5d3f414a4fa2ff1fcbb8d8c148833d")

  /// The generator G, compressed (SEC 2): the public key of secret 1. Its y is even.
  static let generator = hexBytes(
    "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
}

/// Catches the `Secp256k1Error` that `body` throws, or nil when it returns.
func secp256k1Error<T>(_ body: () throws(Secp256k1Error) -> T) -> Secp256k1Error? {
  do {
    _ = try body()
    return nil
  } catch {
    return error
  }
}

@Suite struct SigningKeyTests {
  @Test("derives BOLT #11's public key from its secret key")
  func publicKey() throws {
    let key = try SigningKey(secretKey: Fixture.secretKey)
    #expect(key.publicKey.bytes == Fixture.publicKey)
  }

  @Test("module-qualified names resolve: Secp256k1.SigningKey and Secp256k1.ECDSA")
  func moduleQualifiedNames() throws {
    // No type in the module may shadow the module's own name, or these do not compile.
    let key = try Secp256k1.SigningKey(secretKey: Fixture.secretKey)
    let signed = try key.signRecoverable(hash: Fixture.hash)
    #expect(
      try Secp256k1.ECDSA.recoverPublicKey(
        compactSignature: signed.compactSignature, recoveryID: signed.recoveryID,
        hash: Fixture.hash) == Fixture.publicKey)
  }

  @Test("derives G from 1 and -G from n - 1")
  func generatorKeys() throws {
    let one = [UInt8](repeating: 0, count: 31) + [1]
    #expect(try SigningKey(secretKey: one).publicKey.bytes == Fixture.generator)
    let minusOne = Scalar.subtract(Scalar.groupOrder, one)
    // -G has the same x and odd y.
    #expect(
      try SigningKey(secretKey: minusOne).publicKey.bytes == [0x03] + Fixture.generator.dropFirst())
  }

  @Test("signs BOLT #11's first example exactly (RFC 6979)")
  func boltSignature() throws {
    let key = try SigningKey(secretKey: Fixture.secretKey)
    let signed = try key.signRecoverable(hash: Fixture.hash)
    #expect(hexString(signed.compactSignature) == hexString(Fixture.signature))
    #expect(signed.recoveryID == Fixture.recoveryID)
  }

  @Test("signs another hash as coincurve and python-ecdsa do")
  func secondSignature() throws {
    let key = try SigningKey(secretKey: Fixture.secretKey)
    let signed = try key.signRecoverable(hash: Fixture.hash2)
    #expect(hexString(signed.compactSignature) == hexString(Fixture.signature2))
    #expect(signed.recoveryID == 1)
  }

  @Test("signing is deterministic across keys with differently randomized contexts")
  func deterministic() throws {
    let first = try SigningKey(secretKey: Fixture.secretKey)
    let second = try SigningKey(secretKey: Fixture.secretKey)
    for index in 0..<8 {
      let hash = (0..<32).map { UInt8(truncatingIfNeeded: $0 * 11 + index * 29 + 1) }
      let a = try first.signRecoverable(hash: hash)
      let b = try second.signRecoverable(hash: hash)
      let c = try first.signRecoverable(hash: hash)
      #expect(a.compactSignature == b.compactSignature && a.recoveryID == b.recoveryID)
      #expect(a.compactSignature == c.compactSignature && a.recoveryID == c.recoveryID)
    }
  }

  @Test(
    "refuses secret keys that are zero or not below the group order",
    arguments: [
      [UInt8](repeating: 0, count: 32),
      Scalar.groupOrder,
      [UInt8](repeating: 0xff, count: 32),
    ])
  func refusesInvalidSecret(_ secret: [UInt8]) {
    #expect(
      secp256k1Error { () throws(Secp256k1Error) in try SigningKey(secretKey: secret) }?.code
        == .invalidSecretKey)
  }

  @Test("refuses secret keys of the wrong length", arguments: [0, 31, 33, 64])
  func refusesWrongSecretLength(_ length: Int) {
    let secret = [UInt8](repeating: 1, count: length)
    #expect(
      secp256k1Error { () throws(Secp256k1Error) in try SigningKey(secretKey: secret) }?.code
        == .invalidLength)
  }

  @Test("refuses hashes that are not 32 bytes", arguments: [0, 31, 33])
  func refusesWrongHashLength(_ length: Int) throws {
    let key = try SigningKey(secretKey: Fixture.secretKey)
    let hash = [UInt8](repeating: 7, count: length)
    #expect(
      secp256k1Error { () throws(Secp256k1Error) in try key.signRecoverable(hash: hash) }?.code
        == .invalidLength)
  }
}

@Suite struct RecoveryTests {
  @Test("recovers BOLT #11's payee from the first example's signature")
  func recoversBoltPayee() throws {
    let key = try ECDSA.recoverPublicKey(
      compactSignature: Fixture.signature, recoveryID: Fixture.recoveryID, hash: Fixture.hash)
    #expect(key == Fixture.publicKey)
  }

  @Test("recovers a different key with the other recovery id")
  func otherRecoveryID() throws {
    let key = try ECDSA.recoverPublicKey(
      compactSignature: Fixture.signature, recoveryID: 0, hash: Fixture.hash)
    #expect(key == Fixture.otherRecoveredKey)
  }

  @Test("recovery ids 2 and 3 fail when r + n is not a field element", arguments: [2, 3])
  func highRecoveryIDs(_ recoveryID: Int) {
    // r = 8d3c... so r + n exceeds the field prime: no point has that x.
    let error = secp256k1Error { () throws(Secp256k1Error) in
      try ECDSA.recoverPublicKey(
        compactSignature: Fixture.signature, recoveryID: recoveryID, hash: Fixture.hash)
    }
    #expect(error?.code == .unrecoverable)
  }

  @Test("refuses recovery ids outside 0...3", arguments: [4, 5, -1, 255, Int.max, Int.min])
  func invalidRecoveryID(_ recoveryID: Int) {
    let error = secp256k1Error { () throws(Secp256k1Error) in
      try ECDSA.recoverPublicKey(
        compactSignature: Fixture.signature, recoveryID: recoveryID, hash: Fixture.hash)
    }
    #expect(error?.code == .invalidRecoveryID)
  }

  @Test("an all-zero signature throws instead of recovering", arguments: 0...3)
  func allZeroSignature(_ recoveryID: Int) {
    let error = secp256k1Error { () throws(Secp256k1Error) in
      try ECDSA.recoverPublicKey(
        compactSignature: [UInt8](repeating: 0, count: 64), recoveryID: recoveryID,
        hash: Fixture.hash)
    }
    // r = 0 parses as a scalar but no key recovers from it; either code is a refusal.
    #expect(error?.code == .unrecoverable || error?.code == .invalidSignature)
  }

  @Test("a signature with r or s not below n does not parse")
  func outOfRangeSignature() {
    let overflowingR = [UInt8](repeating: 0xff, count: 32) + Array(Fixture.signature[32...])
    let overflowingS = Array(Fixture.signature[..<32]) + Scalar.groupOrder
    for signature in [overflowingR, overflowingS] {
      let error = secp256k1Error { () throws(Secp256k1Error) in
        try ECDSA.recoverPublicKey(
          compactSignature: signature, recoveryID: 1, hash: Fixture.hash)
      }
      #expect(error?.code == .invalidSignature)
    }
  }

  @Test(
    "refuses wrong sizes before calling C",
    arguments: [(63, 32), (65, 32), (64, 31), (64, 33), (0, 0)])
  func wrongSizes(_ signatureLength: Int, _ hashLength: Int) {
    let error = secp256k1Error { () throws(Secp256k1Error) in
      try ECDSA.recoverPublicKey(
        compactSignature: [UInt8](repeating: 1, count: signatureLength), recoveryID: 0,
        hash: [UInt8](repeating: 1, count: hashLength))
    }
    #expect(error?.code == .invalidLength)
  }

  @Test("sign then recover gives the signer's key, for both S forms", arguments: 0..<16)
  func signAndRecover(_ index: Int) throws {
    let key = try SigningKey(secretKey: Fixture.secretKey)
    let hash = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ index &* 101 &+ 5) }
    let signed = try key.signRecoverable(hash: hash)
    #expect((0...3).contains(signed.recoveryID))
    #expect(
      try ECDSA.recoverPublicKey(
        compactSignature: signed.compactSignature, recoveryID: signed.recoveryID, hash: hash)
        == key.publicKey.bytes)
    // libsecp256k1 always signs low-S.
    #expect(try !ECDSA.isHighS(compactSignature: signed.compactSignature))
    #expect(
      try ECDSA.verify(
        compactSignature: signed.compactSignature, hash: hash, publicKey: key.publicKey.bytes))

    // n - s recovers the same key with the other parity bit, and verification refuses it.
    let flipped = Scalar.flipS(signed.compactSignature)
    #expect(try ECDSA.isHighS(compactSignature: flipped))
    #expect(
      try ECDSA.recoverPublicKey(
        compactSignature: flipped, recoveryID: signed.recoveryID ^ 1, hash: hash)
        == key.publicKey.bytes)
    #expect(
      try !ECDSA.verify(compactSignature: flipped, hash: hash, publicKey: key.publicKey.bytes))
  }
}

@Suite struct HighSTests {
  @Test("n - s of BOLT #11's signature is the spec's high-S signature")
  func flipMatchesSpec() {
    #expect(Scalar.flipS(Fixture.signature) == Fixture.highS)
    #expect(Scalar.flipS(Fixture.highS) == Fixture.signature)
  }

  @Test("detects high S")
  func detects() throws {
    #expect(try !ECDSA.isHighS(compactSignature: Fixture.signature))
    #expect(try ECDSA.isHighS(compactSignature: Fixture.highS))
    #expect(try !ECDSA.isHighS(compactSignature: Fixture.signature2))
    #expect(try ECDSA.isHighS(compactSignature: Scalar.flipS(Fixture.signature2)))
  }

  @Test("the boundary: s = (n - 1) / 2 is low, s = (n + 1) / 2 is high")
  func boundary() throws {
    let r = Array(Fixture.signature[..<32])
    // (n - 1) / 2, computed in Python: 7fff...5d576e7357a4501ddfe92f46681b20a0.
    let half = hexBytes("7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0")
    var halfPlusOne = half
    halfPlusOne[31] += 1
    #expect(try !ECDSA.isHighS(compactSignature: r + half))
    #expect(try ECDSA.isHighS(compactSignature: r + halfPlusOne))
  }

  @Test("recovers the payee from the high-S form with the recovery id flipped")
  func recoversHighS() throws {
    #expect(
      try ECDSA.recoverPublicKey(
        compactSignature: Fixture.highS, recoveryID: Fixture.recoveryID ^ 1, hash: Fixture.hash)
        == Fixture.publicKey)
    // With the same recovery id, the high-S form names the other key.
    #expect(
      try ECDSA.recoverPublicKey(
        compactSignature: Fixture.highS, recoveryID: Fixture.recoveryID, hash: Fixture.hash)
        == Fixture.otherRecoveredKey)
  }

  @Test("verification refuses the high-S form")
  func verifyRefusesHighS() throws {
    #expect(
      try !ECDSA.verify(
        compactSignature: Fixture.highS, hash: Fixture.hash, publicKey: Fixture.publicKey))
  }

  @Test("isHighS refuses wrong lengths and unparsable signatures")
  func isHighSErrors() {
    #expect(
      secp256k1Error { () throws(Secp256k1Error) in
        try ECDSA.isHighS(compactSignature: [UInt8](repeating: 1, count: 63))
      }?.code == .invalidLength)
    #expect(
      secp256k1Error { () throws(Secp256k1Error) in
        try ECDSA.isHighS(compactSignature: [UInt8](repeating: 0xff, count: 64))
      }?.code == .invalidSignature)
  }
}

@Suite struct VerifyTests {
  @Test("verifies BOLT #11's signature")
  func verifiesBolt() throws {
    #expect(
      try ECDSA.verify(
        compactSignature: Fixture.signature, hash: Fixture.hash, publicKey: Fixture.publicKey))
    #expect(
      try ECDSA.verify(
        compactSignature: Fixture.signature2, hash: Fixture.hash2, publicKey: Fixture.publicKey))
  }

  @Test("refuses another hash, another key, another signature")
  func refusesMismatch() throws {
    #expect(
      try !ECDSA.verify(
        compactSignature: Fixture.signature, hash: Fixture.hash2, publicKey: Fixture.publicKey))
    #expect(
      try !ECDSA.verify(
        compactSignature: Fixture.signature, hash: Fixture.hash, publicKey: Fixture.generator))
    #expect(
      try !ECDSA.verify(
        compactSignature: Fixture.signature2, hash: Fixture.hash, publicKey: Fixture.publicKey))
    var tamperedHash = Fixture.hash
    tamperedHash[31] ^= 1
    #expect(
      try !ECDSA.verify(
        compactSignature: Fixture.signature, hash: tamperedHash, publicKey: Fixture.publicKey))
  }

  @Test("refuses wrong sizes")
  func wrongSizes() {
    let cases: [([UInt8], [UInt8], [UInt8])] = [
      (Array(Fixture.signature.dropLast()), Fixture.hash, Fixture.publicKey),
      (Fixture.signature, Array(Fixture.hash.dropLast()), Fixture.publicKey),
      (Fixture.signature, Fixture.hash, Array(Fixture.publicKey.dropLast())),
      // A valid 65-byte key is still the wrong size here: verify takes 33-byte keys.
      (Fixture.signature, Fixture.hash, Fixture.uncompressedPublicKey),
    ]
    for (signature, hash, key) in cases {
      let error = secp256k1Error { () throws(Secp256k1Error) in
        try ECDSA.verify(compactSignature: signature, hash: hash, publicKey: key)
      }
      #expect(error?.code == .invalidLength)
    }
  }

  @Test("refuses a key that is not on the curve, and a signature that does not parse")
  func unparsable() {
    // x = 5: 5^3 + 7 = 132 is not a square modulo p (Python), so no point has x = 5.
    let offCurve = [0x02] + [UInt8](repeating: 0, count: 31) + [5]
    #expect(
      secp256k1Error { () throws(Secp256k1Error) in
        try ECDSA.verify(
          compactSignature: Fixture.signature, hash: Fixture.hash, publicKey: offCurve)
      }?.code == .invalidPublicKey)
    #expect(
      secp256k1Error { () throws(Secp256k1Error) in
        try ECDSA.verify(
          compactSignature: [UInt8](repeating: 0xff, count: 64), hash: Fixture.hash,
          publicKey: Fixture.publicKey)
      }?.code == .invalidSignature)
  }
}

@Suite struct PublicKeyValidationTests {
  static let valid: [[UInt8]] = [
    Fixture.publicKey,
    Fixture.uncompressedPublicKey,
    Fixture.generator,
    [0x03] + Fixture.generator.dropFirst(),
    Fixture.otherRecoveredKey,
    // x = 1: 1 + 7 = 8 is a square modulo p (Python), so both parities are points.
    [0x02] + [UInt8](repeating: 0, count: 31) + [1],
    [0x03] + [UInt8](repeating: 0, count: 31) + [1],
  ]

  @Test("accepts valid keys", arguments: valid)
  func acceptsValid(_ key: [UInt8]) {
    #expect(ECDSA.isValidPublicKey(key))
    #expect(ECDSA.isValidPublicKey(key[...]))
  }

  static let invalid: [[UInt8]] = [
    [],
    [0x02],
    Array(Fixture.publicKey.dropLast()),  // 32 bytes
    Fixture.publicKey + [0],  // 34 bytes
    Array(Fixture.uncompressedPublicKey.dropLast()),  // 64 bytes
    Fixture.uncompressedPublicKey + [0],  // 66 bytes
    [0x04] + Fixture.publicKey.dropFirst(),  // uncompressed prefix on 33 bytes
    [0x05] + Fixture.publicKey.dropFirst(),
    [0x00] + Fixture.publicKey.dropFirst(),
    [0x02] + [UInt8](repeating: 0, count: 31) + [5],  // x not on the curve
    [0x03] + [UInt8](repeating: 0, count: 31) + [5],
    [0x02] + [UInt8](repeating: 0xff, count: 32),  // x not below the field prime
    [0x02] + [UInt8](repeating: 0, count: 32),  // x = 0: 7 is not a square modulo p
    [0x02] + Fixture.uncompressedPublicKey.dropFirst(),  // compressed prefix on 65 bytes
    Array(Fixture.uncompressedPublicKey.dropLast()) + [Fixture.uncompressedPublicKey[64] ^ 1],
  ]

  @Test("refuses invalid keys", arguments: invalid)
  func refusesInvalid(_ key: [UInt8]) {
    #expect(!ECDSA.isValidPublicKey(key))
  }
}

@Suite struct DERTests {
  /// Compact signatures and their DER encodings, computed with python-ecdsa's `sigencode_der`.
  static let cases: [(compact: String, der: String)] = [
    (
      "8d3ce9e28357337f62da0162d9454df827f83cfe499aeb1c1db349d4d8112742"
        + "5e434ca29929406c23bba1ae8ac6ca32880b38d4bf6ff874024cac34ba9625f1",
      "30450221008d3ce9e28357337f62da0162d9454df827f83cfe499aeb1c1db349d4d8112742"
        + "02205e434ca29929406c23bba1ae8ac6ca32880b38d4bf6ff874024cac34ba9625f1"
    ),
    (
      "8d3ce9e28357337f62da0162d9454df827f83cfe499aeb1c1db349d4d8112742"
        + "a1bcb35d66d6bf93dc445e51753935cc32a3a411efd8a7c7bd85b25815a01b50",
      "30460221008d3ce9e28357337f62da0162d9454df827f83cfe499aeb1c1db349d4d8112742"
        + "022100a1bcb35d66d6bf93dc445e51753935cc32a3a411efd8a7c7bd85b25815a01b50"
    ),
    (
      String(repeating: "0", count: 63) + "1" + String(repeating: "0", count: 63) + "1",
      "3006020101020101"
    ),
    (
      String(repeating: "0", count: 62) + "80" + String(repeating: "0", count: 62) + "7f",
      "30070202008002017f"
    ),
    (
      "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140"
        + "7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0",
      "3045022100fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140"
        + "02207fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0"
    ),
  ]

  @Test("encodes compact signatures as DER", arguments: cases)
  func encodes(_ compact: String, _ der: String) throws {
    #expect(hexString(try ECDSA.derSignature(compactSignature: hexBytes(compact))) == der)
  }

  @Test("refuses wrong lengths and unparsable signatures")
  func errors() {
    #expect(
      secp256k1Error { () throws(Secp256k1Error) in
        try ECDSA.derSignature(compactSignature: Array(Fixture.signature.dropLast()))
      }?.code == .invalidLength)
    #expect(
      secp256k1Error { () throws(Secp256k1Error) in
        try ECDSA.derSignature(compactSignature: [UInt8](repeating: 0xff, count: 64))
      }?.code == .invalidSignature)
  }
}

@Suite struct WipeTests {
  @Test("wipe overwrites every byte of the array in place")
  func wipe() {
    // Storage of its own (not shared with the fixture), as a key read from a file has.
    var secret = Fixture.secretKey.map { $0 }
    let before = secret.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    SigningKey.wipe(&secret)
    #expect(secret == [UInt8](repeating: 0, count: Fixture.secretKey.count))
    // The same storage, not a fresh zeroed copy.
    #expect(secret.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == before)
  }

  @Test("a key made from an array signs the same after the array is wiped: it keeps its own copy")
  func keyKeepsItsCopy() throws {
    var secret = Fixture.secretKey
    let key = try SigningKey(secretKey: secret)
    SigningKey.wipe(&secret)
    let signed = try key.signRecoverable(hash: Fixture.hash)
    #expect(hexString(signed.compactSignature) == hexString(Fixture.signature))
  }
}
