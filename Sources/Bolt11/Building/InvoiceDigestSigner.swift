public import Secp256k1

/// Whatever holds a node's key and signs for it: an in-process `SigningKey`, a hardware
/// security module, a validating or remote signer.
///
/// The builder hands it the 32-byte SHA-256 digest of the invoice's signing preimage (the
/// human-readable part's bytes, then the timestamp and fields regrouped to bytes) and takes back
/// a recoverable ECDSA signature: r ‖ s in compact form and the recovery id. Whatever the signer
/// returns is checked before anything is written: the recovery id is in 0...3, the signature is
/// low-S, and it recovers to ``publicKey``; anything else is `build.invalid_signature`.
///
/// ```swift
/// struct HSMSigner: InvoiceDigestSigner {
///   let publicKey: PublicKey
///   func sign(digest: MessageHash) throws -> InvoiceSignature {
///     let (signature, recoveryID) = try hsm.signRecoverable(digest)  // the device's own call
///     return InvoiceSignature(compact: signature, recoveryID: recoveryID)
///   }
/// }
/// let invoice = try builder.build(signingWith: HSMSigner(publicKey: nodeID))
/// ```
///
/// Sendable, so one signer serves every task; for a closure instead of a type, see
/// `InvoiceBuilder.build(payee:signing:)`.
public protocol InvoiceDigestSigner: Sendable {
  /// The key the signatures recover to: the invoice's payee, written in `n` when the builder
  /// states its payee.
  var publicKey: PublicKey { get }

  /// Signs `digest` with the key of ``publicKey``.
  ///
  /// - Returns: the compact signature (low-S, as libsecp256k1 and every node make them) and its
  ///   recovery id (0...3).
  /// - Throws: anything; the builder reports it as `build.signer_failed`, its text in the
  ///   message.
  func sign(digest: MessageHash) throws -> InvoiceSignature
}

/// An ``InvoiceDigestSigner`` that answers asynchronously: a signer across a network, or one
/// that asks a person to approve.
///
/// ```swift
/// let invoice = try await builder.build(signingWith: remoteSigner)
/// ```
public protocol AsyncInvoiceDigestSigner: Sendable {
  /// The key the signatures recover to: the invoice's payee.
  var publicKey: PublicKey { get }

  /// Signs `digest` with the key of ``publicKey``.
  ///
  /// - Returns: the compact signature (low-S) and its recovery id (0...3).
  /// - Throws: anything; the builder reports it as `build.signer_failed`.
  func sign(digest: MessageHash) async throws -> InvoiceSignature
}

extension SigningKey: InvoiceDigestSigner {
  /// Signs `digest` with this key: RFC 6979 nonces, so the same digest always gives the same
  /// signature, which is low-S.
  ///
  /// Wraps `secp256k1_ecdsa_sign_recoverable` (through `signRecoverable(_:)`).
  public func sign(digest: MessageHash) -> InvoiceSignature {
    let signed = signRecoverable(digest)
    return InvoiceSignature(compact: signed.signature, recoveryID: signed.recoveryID)
  }
}
