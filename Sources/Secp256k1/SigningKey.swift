internal import CSecp256k1

/// A secret key with its own randomized signing context.
///
/// The secret never leaves this type. Signatures are deterministic (RFC 6979 nonces, libsecp256k1's
/// default), so the same key and hash always give the same signature.
public final class SigningKey: @unchecked Sendable {
  // Invariant for @unchecked Sendable: `context` and `secret` are written only in `init` and
  // `deinit`; every other use reads them, and libsecp256k1 documents signing with a context as
  // safe from several threads once randomized.
  private let context: OpaquePointer
  private var secret: [UInt8]

  /// The compressed public key of this secret key.
  public let publicKey: [UInt8]

  /// Makes a signing key from 32 secret bytes.
  ///
  /// Wraps `secp256k1_context_create`, `secp256k1_context_randomize`, `secp256k1_ec_seckey_verify`
  /// and `secp256k1_ec_pubkey_create`.
  /// - Throws: `invalidLength`, `invalidSecretKey`.
  public init(secretKey: [UInt8]) throws(Secp256k1Error) {
    guard secretKey.count == 32 else {
      throw Secp256k1Error(.invalidLength, "a secret key is 32 bytes")
    }
    guard let context = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else {
      preconditionFailure("secp256k1_context_create failed")
    }
    var seed = [UInt8](repeating: 0, count: 32)
    var generator = SystemRandomNumberGenerator()
    for index in seed.indices { seed[index] = generator.next() }
    let randomized = secp256k1_context_randomize(context, seed)
    precondition(randomized == 1, "context randomization cannot fail on a fresh context")

    let isValidSecret = secretKey.withUnsafeBufferPointer {
      secp256k1_ec_seckey_verify(context, $0.baseAddress!)
    } == 1
    guard isValidSecret else {
      secp256k1_context_destroy(context)
      throw Secp256k1Error(.invalidSecretKey, "secret key is zero or not below the group order")
    }
    var key = secp256k1_pubkey()
    let created = secretKey.withUnsafeBufferPointer {
      secp256k1_ec_pubkey_create(context, &key, $0.baseAddress!)
    }
    precondition(created == 1, "a verified secret key always has a public key")
    self.context = context
    self.secret = secretKey
    self.publicKey = serializeCompressed(context, &key)
  }

  deinit {
    for index in secret.indices { secret[index] = 0 }
    secp256k1_context_destroy(context)
  }

  /// Signs a 32-byte hash, returning the 64-byte compact signature and its recovery id.
  ///
  /// Wraps `secp256k1_ecdsa_sign_recoverable` and
  /// `secp256k1_ecdsa_recoverable_signature_serialize_compact`.
  /// - Throws: `invalidLength`.
  public func signRecoverable(hash: [UInt8]) throws(Secp256k1Error) -> (
    compactSignature: [UInt8], recoveryID: Int
  ) {
    guard hash.count == ECDSA.hashLength else {
      throw Secp256k1Error(.invalidLength, "hash must be 32 bytes")
    }
    var signature = secp256k1_ecdsa_recoverable_signature()
    let signed = hash.withUnsafeBufferPointer { hashBuffer in
      secret.withUnsafeBufferPointer { secretBuffer in
        secp256k1_ecdsa_sign_recoverable(
          context, &signature, hashBuffer.baseAddress!, secretBuffer.baseAddress!, nil, nil)
      }
    }
    precondition(signed == 1, "signing with a verified key and the default nonce cannot fail")
    var output = [UInt8](repeating: 0, count: ECDSA.compactSignatureLength)
    var recoveryID: Int32 = 0
    output.withUnsafeMutableBufferPointer {
      _ = secp256k1_ecdsa_recoverable_signature_serialize_compact(
        context, $0.baseAddress!, &recoveryID, &signature)
    }
    return (output, Int(recoveryID))
  }
}
