/// An error from the secp256k1 layer.
///
/// `code` is stable; `message` is prose for people and may change.
public struct Secp256k1Error: Error, Equatable, Sendable, CustomStringConvertible {
  /// The stable reason for the failure.
  public enum Code: String, CaseIterable, Sendable {
    /// The 64-byte compact signature does not parse (r or s out of range).
    case invalidSignature = "secp256k1.invalid_signature"
    /// The recovery id is not in 0...3.
    case invalidRecoveryID = "secp256k1.invalid_recovery_id"
    /// No public key could be recovered from the signature and hash.
    case unrecoverable = "secp256k1.unrecoverable"
    /// The bytes are not a valid serialized public key.
    case invalidPublicKey = "secp256k1.invalid_public_key"
    /// The bytes are not a valid secret key (zero, or not below the group order).
    case invalidSecretKey = "secp256k1.invalid_secret_key"
    /// An input had the wrong size.
    case invalidLength = "secp256k1.invalid_length"
  }

  /// The stable reason; branch on this, never on `message`.
  public var code: Code
  /// What is wrong, for people; it may change between versions.
  public var message: String

  /// An error with its code and message.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(code.rawValue): \(message)" }
}
