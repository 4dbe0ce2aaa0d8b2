extension ECDSA {
  /// Recovers the public key that made `signature` over `hash`, with no length to get wrong.
  ///
  /// Accepts both low-S and high-S signatures, as BOLT #11 asks of recovery.
  /// Wraps `secp256k1_ecdsa_recoverable_signature_parse_compact`, `secp256k1_ecdsa_recover` and
  /// `secp256k1_ec_pubkey_serialize`.
  /// - Throws: `invalidRecoveryID` (outside 0...3), `invalidSignature` (r or s not below the
  ///   group order), `unrecoverable`.
  public static func recoverPublicKey(
    _ signature: CompactSignature, recoveryID: Int, hash: MessageHash
  ) throws(Secp256k1Error) -> PublicKey {
    try signature.withUnsafeBytes { (signature) throws(Secp256k1Error) in
      try hash.withUnsafeBytes { (hash) throws(Secp256k1Error) in
        try recoverPublicKey(compactSignature: signature, recoveryID: recoveryID, hash: hash)
      }
    }
  }

  /// Whether `signature` is a valid low-S signature by `publicKey` over `hash`.
  ///
  /// A high-S signature gives `false`, as libsecp256k1 verification does (``isHighS(_:)`` tells
  /// it apart). Wraps `secp256k1_ecdsa_signature_parse_compact`, `secp256k1_ec_pubkey_parse` and
  /// `secp256k1_ecdsa_verify`.
  /// - Throws: `invalidSignature` (r or s not below the group order), `invalidPublicKey` (not a
  ///   point on the curve).
  public static func verify(_ signature: CompactSignature, hash: MessageHash, publicKey: PublicKey)
    throws(Secp256k1Error) -> Bool
  {
    try verify(compactSignature: signature.bytes, hash: hash.bytes, publicKey: publicKey.bytes)
  }

  /// Whether `signature`'s s is above half the group order (the "high-S" form).
  ///
  /// Wraps `secp256k1_ecdsa_signature_parse_compact` and `secp256k1_ecdsa_signature_normalize`.
  /// - Throws: `invalidSignature` (r or s not below the group order).
  public static func isHighS(_ signature: CompactSignature) throws(Secp256k1Error) -> Bool {
    try isHighS(compactSignature: signature.bytes)
  }
}

extension SigningKey {
  /// Signs `hash`, returning the compact signature (low-S) and its recovery id (0...3).
  ///
  /// RFC 6979 nonces: the same key and hash always give the same signature.
  /// Wraps `secp256k1_ecdsa_sign_recoverable` and
  /// `secp256k1_ecdsa_recoverable_signature_serialize_compact`.
  public func signRecoverable(_ hash: MessageHash) -> (signature: CompactSignature, recoveryID: Int)
  {
    let signed: (compactSignature: [UInt8], recoveryID: Int)
    do {
      signed = try signRecoverable(hash: hash.bytes)
    } catch {
      preconditionFailure("a MessageHash is 32 bytes: \(error)")
    }
    guard let signature = CompactSignature(bytes: signed.compactSignature) else {
      preconditionFailure("libsecp256k1 writes 64-byte compact signatures")
    }
    return (signature, signed.recoveryID)
  }
}
