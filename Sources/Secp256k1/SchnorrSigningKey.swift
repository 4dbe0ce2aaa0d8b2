internal import CSecp256k1

/// A secret key that makes BIP-340 signatures, with its own randomized signing context.
///
/// The secret never leaves this type: the key keeps its own copy of the 32 bytes in memory it
/// allocates and overwrites that copy with zeros when it is released. The array handed to `init`
/// belongs to the caller, who wipes it (`SigningKey.wipe(_:)`) once the key is made.
public final class SchnorrSigningKey: @unchecked Sendable {
  // Invariant for @unchecked Sendable: `context` and `secret` are written only in `init` and
  // `deinit`; every other use reads them, and libsecp256k1 documents signing with a randomized
  // context as safe from several threads.
  private let context: OpaquePointer
  /// The key's own copy of the secret, wiped and freed in `deinit`.
  private let secret: UnsafeMutableBufferPointer<UInt8>

  /// The compressed public key of this secret key (its y may be odd).
  public let publicKey: PublicKey

  /// The x-only key that checks this key's signatures.
  public var xOnlyPublicKey: XOnlyPublicKey { XOnlyPublicKey(publicKey) }

  /// Makes a signing key from 32 secret bytes.
  ///
  /// Wraps `secp256k1_context_create`, `secp256k1_context_randomize`, `secp256k1_keypair_create`
  /// and `secp256k1_keypair_pub`.
  /// - Throws: `invalidLength`, `invalidSecretKey` (zero, or not below the group order).
  public init(secretKey: [UInt8]) throws(Secp256k1Error) {
    guard secretKey.count == 32 else {
      throw Secp256k1Error(.invalidLength, "a secret key is 32 bytes")
    }
    let context = SigningContext.create()
    var keypair = secp256k1_keypair()
    let isValidSecret =
      secretKey.withUnsafeBufferPointer {
        secp256k1_keypair_create(context, &keypair, $0.baseAddress!)
      } == 1
    guard isValidSecret else {
      secp256k1_context_destroy(context)
      throw Secp256k1Error(.invalidSecretKey, "secret key is zero or not below the group order")
    }
    var key = secp256k1_pubkey()
    let extracted = secp256k1_keypair_pub(context, &key, &keypair)
    precondition(extracted == 1, "a key pair always has a public key")
    withUnsafeMutableBytes(of: &keypair) { CSecp256k1_wipe($0.baseAddress, $0.count) }
    self.context = context
    secret = .allocate(capacity: secretKey.count)
    _ = secret.initialize(from: secretKey)
    publicKey = serializeCompressed(context, &key)
  }

  deinit {
    CSecp256k1_wipe(secret.baseAddress, secret.count)
    secret.deallocate()
    secp256k1_context_destroy(context)
  }

  /// Signs a message of any length (BOLT #12 signs a 32-byte tagged hash of its Merkle root).
  ///
  /// Wraps `secp256k1_keypair_create` and `secp256k1_schnorrsig_sign_custom` (BIP-340's nonce
  /// function, the auxiliary randomness as its data).
  /// - Parameters:
  ///   - message: the bytes to sign.
  ///   - auxiliaryRandomness: BIP-340's 32 bytes of auxiliary randomness; fresh random bytes
  ///     when nil (pass fixed bytes only to reproduce a known signature).
  /// - Throws: `invalidLength` for auxiliary randomness that is not 32 bytes.
  public func sign(_ message: some Collection<UInt8>, auxiliaryRandomness: [UInt8]? = nil)
    throws(Secp256k1Error) -> SchnorrSignature
  {
    var random: [UInt8]
    if let auxiliaryRandomness {
      random = auxiliaryRandomness
    } else {
      var generator = SystemRandomNumberGenerator()
      random = (0..<32).map { _ in generator.next() }
    }
    guard random.count == 32 else {
      throw Secp256k1Error(.invalidLength, "BIP-340 auxiliary randomness is 32 bytes")
    }
    var keypair = secp256k1_keypair()
    defer { withUnsafeMutableBytes(of: &keypair) { CSecp256k1_wipe($0.baseAddress, $0.count) } }
    let created = secp256k1_keypair_create(context, &keypair, secret.baseAddress!)
    precondition(created == 1, "the secret was checked when the key was made")
    // A spare byte keeps the message pointer non-null for an empty message.
    let bytes = message.isEmpty ? [0] : Array(message)
    var output = [UInt8](repeating: 0, count: SchnorrSignature.byteCount)
    let signed = output.withUnsafeMutableBufferPointer { signature in
      bytes.withUnsafeBufferPointer { messageBytes in
        random.withUnsafeMutableBytes { randomBytes in
          // SECP256K1_SCHNORRSIG_EXTRAPARAMS_MAGIC, written out: Swift imports no C macro
          // initializer.
          var parameters = secp256k1_schnorrsig_extraparams(
            magic: (0xda, 0x6f, 0xb3, 0x8c), noncefp: nil, ndata: randomBytes.baseAddress)
          return secp256k1_schnorrsig_sign_custom(
            context, signature.baseAddress!, messageBytes.baseAddress!, message.count, &keypair,
            &parameters)
        }
      }
    }
    precondition(signed == 1, "signing with a valid key pair cannot fail")
    return SchnorrSignature(bytes: output)!  // 64 bytes: the array above
  }
}
