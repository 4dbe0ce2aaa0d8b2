internal import CSecp256k1

/// A secret key with its own randomized signing context.
///
/// The secret never leaves this type. Signatures are deterministic (RFC 6979 nonces, libsecp256k1's
/// default), so the same key and hash always give the same signature.
///
/// What is wiped: the key keeps its own copy of the 32 secret bytes in memory it allocates, and
/// overwrites that copy with zeros when it is released (`deinit`), through stores the compiler
/// cannot remove. libsecp256k1 clears the secret values it derives while signing (its own
/// guarantee). What is not: the array handed to `init` belongs to the caller, who wipes it
/// (`SigningKey.wipe(_:)`) once the key is made; and nothing here can reach copies made before
/// that (a command line, an environment variable, a string, pages swapped to disk).
public final class SigningKey: @unchecked Sendable {
  // Invariant for @unchecked Sendable: `context` and `secret` are written only in `init` and
  // `deinit`; every other use reads them, and libsecp256k1 documents signing with a context as
  // safe from several threads once randomized.
  private let context: OpaquePointer
  /// The key's own copy of the secret, wiped and freed in `deinit`.
  private let secret: UnsafeMutableBufferPointer<UInt8>

  /// The public key of this secret key.
  public let publicKey: PublicKey

  /// Overwrites every byte of `bytes` with zero, through stores the compiler cannot remove.
  ///
  /// For the caller's copies of a secret: after `SigningKey(secretKey:)`, the array it was made
  /// from. Only `bytes`'s own storage is wiped; an array shares storage until it is written, so
  /// wipe the last copy (earlier copies, and storage left behind when an array grew, are not
  /// reached).
  public static func wipe(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes { CSecp256k1_wipe($0.baseAddress, $0.count) }
  }

  /// Makes a signing key from 32 secret bytes.
  ///
  /// Wraps `secp256k1_context_create`, `secp256k1_context_randomize`, `secp256k1_ec_seckey_verify`
  /// and `secp256k1_ec_pubkey_create`.
  /// - Throws: `invalidLength`, `invalidSecretKey`.
  public init(secretKey: [UInt8]) throws(Secp256k1Error) {
    guard secretKey.count == 32 else {
      throw Secp256k1Error(.invalidLength, "a secret key is 32 bytes")
    }
    let context = SigningContext.create()

    let isValidSecret =
      secretKey.withUnsafeBufferPointer {
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
    secret = .allocate(capacity: secretKey.count)
    _ = secret.initialize(from: secretKey)
    self.publicKey = serializeCompressed(context, &key)
  }

  deinit {
    CSecp256k1_wipe(secret.baseAddress, secret.count)
    secret.deallocate()
    secp256k1_context_destroy(context)
  }

  /// Signs a 32-byte hash, returning the 64-byte compact signature and its recovery id: the
  /// byte-array form of ``signRecoverable(_:)``, which takes a ``MessageHash``.
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
      secp256k1_ecdsa_sign_recoverable(
        context, &signature, hashBuffer.baseAddress!, secret.baseAddress!, nil, nil)
    }
    precondition(signed == 1, "signing with a verified key and the default nonce cannot fail")
    var output = [UInt8](repeating: 0, count: ECDSA.compactSignatureLength)
    var recoveryID: Int32 = 0
    let serialized = output.withUnsafeMutableBufferPointer {
      secp256k1_ecdsa_recoverable_signature_serialize_compact(
        context, $0.baseAddress!, &recoveryID, &signature)
    }
    // libsecp256k1 documents this call as always returning 1.
    precondition(serialized == 1, "serializing a signature libsecp256k1 made cannot fail")
    return (output, Int(recoveryID))
  }
}
