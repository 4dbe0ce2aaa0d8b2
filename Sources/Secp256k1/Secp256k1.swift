internal import CSecp256k1

/// Thin, allocation-light operations over libsecp256k1 for signature checking.
///
/// Inputs are serialized forms only (33-byte compressed keys, 64-byte compact signatures, 32-byte
/// hashes); no libsecp256k1 type leaves this module. Every size is checked before C sees a pointer.
public enum Secp256k1 {
  /// Bytes in a compressed public key.
  public static let publicKeyLength = 33
  /// Bytes in a compact signature: 32-byte r followed by 32-byte s.
  public static let compactSignatureLength = 64
  /// Bytes in a message hash.
  public static let hashLength = 32

  /// Recovers the compressed public key that made `signature` over `hash`.
  ///
  /// Accepts both low-S and high-S signatures, as BOLT #11 asks of recovery.
  /// Wraps `secp256k1_ecdsa_recoverable_signature_parse_compact`, `secp256k1_ecdsa_recover` and
  /// `secp256k1_ec_pubkey_serialize`.
  /// - Throws: `invalidLength`, `invalidRecoveryID`, `invalidSignature`, `unrecoverable`.
  public static func recoverPublicKey(
    compactSignature signature: [UInt8], recoveryID: Int, hash: [UInt8]
  ) throws(Secp256k1Error) -> [UInt8] {
    guard signature.count == compactSignatureLength, hash.count == hashLength else {
      throw Secp256k1Error(.invalidLength, "signature must be 64 bytes and hash 32 bytes")
    }
    guard (0...3).contains(recoveryID) else {
      throw Secp256k1Error(.invalidRecoveryID, "recovery id \(recoveryID) is not in 0...3")
    }
    let context = StaticContext.pointer
    var recoverable = secp256k1_ecdsa_recoverable_signature()
    let parsed = signature.withUnsafeBufferPointer {
      secp256k1_ecdsa_recoverable_signature_parse_compact(
        context, &recoverable, $0.baseAddress!, Int32(recoveryID))
    }
    guard parsed == 1 else {
      throw Secp256k1Error(.invalidSignature, "compact signature does not parse")
    }
    var key = secp256k1_pubkey()
    let recovered = hash.withUnsafeBufferPointer {
      secp256k1_ecdsa_recover(context, &key, &recoverable, $0.baseAddress!)
    }
    guard recovered == 1 else {
      throw Secp256k1Error(.unrecoverable, "no public key recovers from this signature")
    }
    return serializeCompressed(context, &key)
  }

  /// Whether `signature` is a valid low-S signature by `publicKey` over `hash`.
  ///
  /// A high-S signature is reported through `isHighS(compactSignature:)`; this function returns
  /// `false` for it, as libsecp256k1 verification does.
  /// Wraps `secp256k1_ecdsa_signature_parse_compact`, `secp256k1_ec_pubkey_parse` and
  /// `secp256k1_ecdsa_verify`.
  /// - Throws: `invalidLength`, `invalidSignature`, `invalidPublicKey`.
  public static func verify(
    compactSignature signature: [UInt8], hash: [UInt8], publicKey: [UInt8]
  ) throws(Secp256k1Error) -> Bool {
    guard signature.count == compactSignatureLength, hash.count == hashLength,
      publicKey.count == publicKeyLength
    else {
      throw Secp256k1Error(.invalidLength, "signature 64, hash 32 and key 33 bytes expected")
    }
    let context = StaticContext.pointer
    var parsedSignature = secp256k1_ecdsa_signature()
    let signatureParsed = signature.withUnsafeBufferPointer {
      secp256k1_ecdsa_signature_parse_compact(context, &parsedSignature, $0.baseAddress!)
    }
    guard signatureParsed == 1 else {
      throw Secp256k1Error(.invalidSignature, "compact signature does not parse")
    }
    var key = secp256k1_pubkey()
    let keyParsed = publicKey.withUnsafeBufferPointer {
      secp256k1_ec_pubkey_parse(context, &key, $0.baseAddress!, $0.count)
    }
    guard keyParsed == 1 else {
      throw Secp256k1Error(.invalidPublicKey, "public key does not parse")
    }
    let isValid = hash.withUnsafeBufferPointer {
      secp256k1_ecdsa_verify(context, &parsedSignature, $0.baseAddress!, &key)
    }
    return isValid == 1
  }

  /// Whether `signature`'s s is above half the group order (the "high-S" form).
  ///
  /// Wraps `secp256k1_ecdsa_signature_parse_compact` and `secp256k1_ecdsa_signature_normalize`.
  /// - Throws: `invalidLength`, `invalidSignature`.
  public static func isHighS(compactSignature signature: [UInt8]) throws(Secp256k1Error) -> Bool {
    guard signature.count == compactSignatureLength else {
      throw Secp256k1Error(.invalidLength, "signature must be 64 bytes")
    }
    let context = StaticContext.pointer
    var parsedSignature = secp256k1_ecdsa_signature()
    let parsed = signature.withUnsafeBufferPointer {
      secp256k1_ecdsa_signature_parse_compact(context, &parsedSignature, $0.baseAddress!)
    }
    guard parsed == 1 else {
      throw Secp256k1Error(.invalidSignature, "compact signature does not parse")
    }
    let wasHighS = secp256k1_ecdsa_signature_normalize(context, nil, &parsedSignature) == 1
    return wasHighS
  }

  /// Whether `bytes` is a valid serialized public key (33-byte compressed or 65-byte uncompressed).
  ///
  /// Wraps `secp256k1_ec_pubkey_parse`.
  public static func isValidPublicKey(_ bytes: some Collection<UInt8>) -> Bool {
    guard bytes.count == 33 || bytes.count == 65 else { return false }
    let context = StaticContext.pointer
    var key = secp256k1_pubkey()
    let parsed = Array(bytes).withUnsafeBufferPointer {
      secp256k1_ec_pubkey_parse(context, &key, $0.baseAddress!, $0.count)
    }
    return parsed == 1
  }

  /// The DER encoding of a compact signature, as Core Lightning prints it.
  ///
  /// Wraps `secp256k1_ecdsa_signature_parse_compact` and `secp256k1_ecdsa_signature_serialize_der`.
  /// - Throws: `invalidLength`, `invalidSignature`.
  public static func derSignature(compactSignature signature: [UInt8]) throws(Secp256k1Error)
    -> [UInt8]
  {
    guard signature.count == compactSignatureLength else {
      throw Secp256k1Error(.invalidLength, "signature must be 64 bytes")
    }
    let context = StaticContext.pointer
    var parsedSignature = secp256k1_ecdsa_signature()
    let parsed = signature.withUnsafeBufferPointer {
      secp256k1_ecdsa_signature_parse_compact(context, &parsedSignature, $0.baseAddress!)
    }
    guard parsed == 1 else {
      throw Secp256k1Error(.invalidSignature, "compact signature does not parse")
    }
    // 72 bytes: the longest DER signature (two 33-byte integers plus six header bytes).
    var output = [UInt8](repeating: 0, count: 72)
    var length = output.count
    let serialized = output.withUnsafeMutableBufferPointer {
      secp256k1_ecdsa_signature_serialize_der(context, $0.baseAddress!, &length, &parsedSignature)
    }
    precondition(serialized == 1, "72 bytes always hold a DER signature")
    output.removeLast(output.count - length)
    return output
  }
}

/// Wraps `secp256k1_ec_pubkey_serialize` with `SECP256K1_EC_COMPRESSED`.
func serializeCompressed(_ context: OpaquePointer, _ key: inout secp256k1_pubkey) -> [UInt8] {
  var output = [UInt8](repeating: 0, count: Secp256k1.publicKeyLength)
  var length = output.count
  let serialized = output.withUnsafeMutableBufferPointer {
    secp256k1_ec_pubkey_serialize(
      context, $0.baseAddress!, &length, &key, UInt32(SECP256K1_EC_COMPRESSED))
  }
  precondition(serialized == 1 && length == 33, "a parsed key always serializes to 33 bytes")
  return output
}
