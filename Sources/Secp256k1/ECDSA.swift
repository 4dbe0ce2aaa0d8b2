internal import CSecp256k1

/// Thin, allocation-light operations over libsecp256k1 for signature checking.
///
/// Inputs are serialized forms only (33-byte compressed keys, 64-byte compact signatures, 32-byte
/// hashes); no libsecp256k1 type leaves this module. Every size is checked before C sees a pointer.
public enum ECDSA {
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
    let result = signature.withUnsafeBytes { signature in
      hash.withUnsafeBytes { hash in
        Result { () throws(Secp256k1Error) in
          try recoverPublicKey(compactSignature: signature, recoveryID: recoveryID, hash: hash)
            .bytes
        }
      }
    }
    return try result.get()
  }

  /// `recoverPublicKey(compactSignature:recoveryID:hash:)` on borrowed bytes: no copies, and no
  /// allocation (the key is held inline).
  ///
  /// Wraps `secp256k1_ecdsa_recoverable_signature_parse_compact`, `secp256k1_ecdsa_recover` and
  /// `secp256k1_ec_pubkey_serialize`.
  /// - Throws: `invalidLength`, `invalidRecoveryID`, `invalidSignature`, `unrecoverable`.
  package static func recoverPublicKey(
    compactSignature signature: UnsafeRawBufferPointer, recoveryID: Int,
    hash: UnsafeRawBufferPointer
  ) throws(Secp256k1Error) -> PublicKey {
    guard signature.count == compactSignatureLength, hash.count == hashLength,
      let signatureBytes = signature.baseAddress, let hashBytes = hash.baseAddress
    else {
      throw Secp256k1Error(.invalidLength, "signature must be 64 bytes and hash 32 bytes")
    }
    guard (0...3).contains(recoveryID) else {
      throw Secp256k1Error(.invalidRecoveryID, "recovery id \(recoveryID) is not in 0...3")
    }
    let context = StaticContext.pointer
    var recoverable = secp256k1_ecdsa_recoverable_signature()
    let parsed = secp256k1_ecdsa_recoverable_signature_parse_compact(
      context, &recoverable, signatureBytes.assumingMemoryBound(to: UInt8.self), Int32(recoveryID))
    guard parsed == 1 else {
      throw Secp256k1Error(.invalidSignature, "compact signature does not parse")
    }
    var key = secp256k1_pubkey()
    let recovered = secp256k1_ecdsa_recover(
      context, &key, &recoverable, hashBytes.assumingMemoryBound(to: UInt8.self))
    guard recovered == 1 else {
      throw Secp256k1Error(.unrecoverable, "no public key recovers from this signature")
    }
    return serializeCompressed(context, &key)
  }

  /// What `verifyLowS` found.
  package enum Verification: Equatable, Sendable {
    /// A low-S signature by the key over the hash.
    case valid
    /// The signature's s is above half the group order; nothing else was checked.
    case highS
    /// A low-S signature, but not by the key over the hash.
    case invalid
  }

  /// Checks that `signature` is low-S, then that it is by `publicKey` over `hash`, parsing the
  /// signature once: what `isHighS` followed by `verify` do, in that order.
  ///
  /// Wraps `secp256k1_ecdsa_signature_parse_compact`, `secp256k1_ecdsa_signature_normalize`,
  /// `secp256k1_ec_pubkey_parse` and `secp256k1_ecdsa_verify`.
  /// - Throws: `invalidLength`, `invalidSignature` (r or s out of range), `invalidPublicKey`
  ///   (checked only for a low-S signature).
  package static func verifyLowS(
    compactSignature signature: UnsafeRawBufferPointer, hash: UnsafeRawBufferPointer,
    publicKey: UnsafeRawBufferPointer
  ) throws(Secp256k1Error) -> Verification {
    guard signature.count == compactSignatureLength, hash.count == hashLength,
      publicKey.count == publicKeyLength, let signatureBytes = signature.baseAddress,
      let hashBytes = hash.baseAddress, let keyBytes = publicKey.baseAddress
    else {
      throw Secp256k1Error(.invalidLength, "signature 64, hash 32 and key 33 bytes expected")
    }
    let context = StaticContext.pointer
    var parsedSignature = secp256k1_ecdsa_signature()
    let signatureParsed = secp256k1_ecdsa_signature_parse_compact(
      context, &parsedSignature, signatureBytes.assumingMemoryBound(to: UInt8.self))
    guard signatureParsed == 1 else {
      throw Secp256k1Error(.invalidSignature, "compact signature does not parse")
    }
    let wasHighS = secp256k1_ecdsa_signature_normalize(context, nil, &parsedSignature) == 1
    guard !wasHighS else { return .highS }
    var key = secp256k1_pubkey()
    let keyParsed = secp256k1_ec_pubkey_parse(
      context, &key, keyBytes.assumingMemoryBound(to: UInt8.self), publicKey.count)
    guard keyParsed == 1 else {
      throw Secp256k1Error(.invalidPublicKey, "public key does not parse")
    }
    let isValid =
      secp256k1_ecdsa_verify(
        context, &parsedSignature, hashBytes.assumingMemoryBound(to: UInt8.self), &key) == 1
    return isValid ? .valid : .invalid
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
    var parsedSignature = try parseCompact(signature)
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
    var parsedSignature = try parseCompact(signature)
    let wasHighS = secp256k1_ecdsa_signature_normalize(context, nil, &parsedSignature) == 1
    return wasHighS
  }

  /// Whether `bytes` is a valid serialized public key (33-byte compressed or 65-byte uncompressed).
  ///
  /// Wraps `secp256k1_ec_pubkey_parse`.
  public static func isValidPublicKey(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.withContiguousStorageIfAvailable { isValidPublicKey(UnsafeRawBufferPointer($0)) }
      ?? Array(bytes).withUnsafeBytes { isValidPublicKey($0) }
  }

  /// `isValidPublicKey(_:)` on borrowed bytes, without a copy.
  ///
  /// - Complexity: a compressed key costs a field square root (decompression), about as much as
  ///   a few hundred field multiplications; libsecp256k1 0.2.0 has no cheaper exact check.
  /// Wraps `secp256k1_ec_pubkey_parse`.
  package static func isValidPublicKey(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count == 33 || bytes.count == 65, let base = bytes.baseAddress else {
      return false
    }
    var key = secp256k1_pubkey()
    let parsed = secp256k1_ec_pubkey_parse(
      StaticContext.pointer, &key, base.assumingMemoryBound(to: UInt8.self), bytes.count)
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
    var parsedSignature = try parseCompact(signature)
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

/// A 64-byte compact signature (r ‖ s) parsed for libsecp256k1; the caller checks the length.
///
/// Wraps `secp256k1_ecdsa_signature_parse_compact`.
/// - Throws: `invalidSignature` when r or s is not below the group order.
private func parseCompact(_ signature: [UInt8]) throws(Secp256k1Error) -> secp256k1_ecdsa_signature
{
  precondition(signature.count == ECDSA.compactSignatureLength, "callers check the length")
  var parsedSignature = secp256k1_ecdsa_signature()
  let parsed = signature.withUnsafeBufferPointer {
    secp256k1_ecdsa_signature_parse_compact(
      StaticContext.pointer, &parsedSignature, $0.baseAddress!)
  }
  guard parsed == 1 else {
    throw Secp256k1Error(.invalidSignature, "compact signature does not parse")
  }
  return parsedSignature
}

/// Wraps `secp256k1_ec_pubkey_serialize` with `SECP256K1_EC_COMPRESSED`.
func serializeCompressed(_ context: OpaquePointer, _ key: inout secp256k1_pubkey) -> PublicKey {
  // Serialized on the stack and copied once into the key's inline storage.
  withUnsafeTemporaryAllocation(byteCount: ECDSA.publicKeyLength, alignment: 1) { output in
    var length = output.count
    let serialized = secp256k1_ec_pubkey_serialize(
      context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length, &key,
      UInt32(SECP256K1_EC_COMPRESSED))
    precondition(serialized == 1 && length == 33, "a parsed key always serializes to 33 bytes")
    guard let publicKey = PublicKey(UnsafeRawBufferPointer(output)) else {
      preconditionFailure("a compressed key starts with 02 or 03")
    }
    return publicKey
  }
}
