import Hashing
public import Secp256k1

/// BOLT #12's signature: BIP-340 over a tagged hash of the Merkle root, in record type 240.
///
/// The tag is "lightning" ‖ the message name ‖ the field name: an invoice request is signed as
/// `lightninginvoice_requestsignature` by its `invreq_payer_id`, an invoice as
/// `lightninginvoicesignature` by its `invoice_node_id`.
public enum Bolt12Signature {
  /// The record type that holds the signature.
  public static let recordType: UInt64 = 240

  /// What a signature signs: which message it is part of.
  public enum Message: String, Sendable, CaseIterable {
    /// An invoice request, signed by its payer key.
    case invoiceRequest = "invoice_request"
    /// An invoice, signed by its node id.
    case invoice = "invoice"
  }

  /// The 32 bytes that are signed: H("lightning" ‖ message name ‖ "signature", root).
  public static func digest(of root: MerkleRoot, for message: Message) -> [UInt8] {
    (message == .invoice ? invoiceTag : invoiceRequestTag).hash(root.bytes)
  }

  /// The tag of `message`'s signatures: "lightning" ‖ message name ‖ "signature".
  static func tag(of message: Message) -> [UInt8] {
    Array("lightning\(message.rawValue)signature".utf8)
  }

  /// The two tags' hashes, each with its prefix compressed once for the process.
  private static let invoiceTag = TaggedHash(tag: tag(of: .invoice))
  private static let invoiceRequestTag = TaggedHash(tag: tag(of: .invoiceRequest))

  /// Whether `signature` is `key`'s BIP-340 signature of `root` as part of `message`.
  ///
  /// BIP-340 checks against the key's x alone (an odd y signs as its even twin).
  public static func verify(
    _ signature: SchnorrSignature, of root: MerkleRoot, for message: Message, by key: PublicKey
  ) -> Bool {
    Schnorr.verify(signature, of: digest(of: root, for: message), by: XOnlyPublicKey(key))
  }

  /// `key`'s BIP-340 signature of `root` as part of `message`.
  static func sign(
    _ root: MerkleRoot, for message: Message, with key: SchnorrSigningKey,
    auxiliaryRandomness: [UInt8]? = nil
  ) -> SchnorrSignature {
    do {
      return try key.sign(digest(of: root, for: message), auxiliaryRandomness: auxiliaryRandomness)
    } catch {
      preconditionFailure("auxiliary randomness is given as 32 bytes: \(error)")
    }
  }
}
