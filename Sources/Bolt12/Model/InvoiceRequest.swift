public import Secp256k1

/// A BOLT #12 invoice request, read and checked in full: the offer's fields it copies, its own
/// fields, its signature and Merkle root.
///
/// The only ways to make one are ``decode(_:options:)`` and ``InvoiceRequestBuilder``: every rule
/// a reader applies holds for every value.
public struct InvoiceRequest: Sendable, Hashable {
  /// The offer's fields, as copied; a request that answers no offer (a refund) has neither
  /// `issuerID` nor `paths`.
  public let offer: OfferFields
  /// The request's own fields.
  public let request: InvoiceRequestFields
  /// The payer's BIP-340 signature; nil only for a refund, which may be unsigned (then
  /// ``warnings`` holds `bolt12.unsigned_request`).
  public let signature: SchnorrSignature?
  /// The root the signature covers.
  public let merkleRoot: MerkleRoot
  /// The id of the offer it answers (as the offer's own), when it answers one.
  public let offerID: OfferID?
  /// Records of odd types this reader does not know, in stream order, as received.
  public let unknownRecords: [UnknownRecord]
  /// The TLV stream, as received (or as the builder wrote it).
  public let bytes: [UInt8]
  /// What a wallet should know about this valid request.
  public let warnings: [Bolt12Warning]

  init(_ read: Bolt12Reading) {
    offer = read.offer
    request = read.request
    signature = read.signature
    merkleRoot = read.merkleRoot!  // set by the reader once the fields are checked
    offerID = read.offerID
    unknownRecords = read.unknownRecords
    bytes = read.bytes
    warnings = read.warnings
  }

  /// The payer's key.
  public var payerID: PublicKey { request.payerID! }  // present: the reader requires it

  /// The string form: `lnr1` and its bytes, lower case.
  public var text: String { StringForm(kind: .invoiceRequest, bytes: bytes).text }
}
