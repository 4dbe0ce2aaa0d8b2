public import Secp256k1

/// A BOLT #12 invoice, read and checked in full: the offer's and the request's fields it copies,
/// its own fields, its signature and Merkle root.
///
/// The only ways to make one are ``decode(_:options:)`` and ``Bolt12InvoiceBuilder``: every rule
/// a reader applies holds for every value.
public struct Bolt12Invoice: Sendable, Hashable {
  /// The offer's fields, as copied.
  public let offer: OfferFields
  /// The request's fields, as copied.
  public let request: InvoiceRequestFields
  /// `invoice_paths`: blinded paths to the payee, at least one.
  public let paths: [BlindedPath]
  /// `invoice_blindedpay`: one payinfo per path, in the same order.
  public let payinfo: [Payinfo]
  /// `invoice_created_at`, in seconds since 1970.
  public let createdAt: UInt64
  /// `invoice_relative_expiry`, in seconds; nil when absent (then 7200).
  public let relativeExpiry: UInt32?
  /// `invoice_payment_hash`.
  public let paymentHash: [UInt8]
  /// `invoice_amount`, in millisatoshis.
  public let amountMsat: UInt64
  /// `invoice_fallbacks`, in the order given.
  public let fallbacks: [Bolt12Fallback]?
  /// `invoice_features`, as received.
  public let features: [UInt8]?
  /// `invoice_node_id`: the key that signs the invoice.
  public let nodeID: PublicKey
  /// The BIP-340 signature by ``nodeID``.
  public let signature: SchnorrSignature
  /// The root the signature covers.
  public let merkleRoot: MerkleRoot
  /// The id of the offer the request answered, when it answered one.
  public let offerID: OfferID?
  /// Records of odd types this reader does not know, in stream order, as received.
  public let unknownRecords: [UnknownRecord]
  /// The TLV stream, as received (or as the builder wrote it).
  public let bytes: [UInt8]
  /// What a wallet should know about this valid invoice.
  public let warnings: [Bolt12Warning]

  /// Seconds an invoice lasts without `invoice_relative_expiry`.
  public static let defaultRelativeExpiry: UInt64 = 7200

  init(_ read: Bolt12Reading) {
    offer = read.offer
    request = read.request
    paths = read.invoicePaths ?? []
    payinfo = read.payinfo ?? []
    createdAt = read.createdAt!  // present: the reader requires it
    relativeExpiry = read.relativeExpiry
    paymentHash = read.paymentHash!  // present: the reader requires it
    amountMsat = read.invoiceAmount!  // present: the reader requires it
    fallbacks = read.fallbacks
    features = read.invoiceFeatures
    nodeID = read.nodeID!  // present: the reader requires it
    signature = read.signature!  // present: the reader requires it
    merkleRoot = read.merkleRoot!  // set by the reader once the fields are checked
    offerID = read.offerID
    unknownRecords = read.unknownRecords
    bytes = read.bytes
    warnings = read.warnings
  }

  /// When the invoice stops, in seconds since 1970: ``createdAt`` plus the relative expiry (7200
  /// when absent), at most 2^64 − 1 (such an invoice never expires).
  public var expiresAt: UInt64 {
    Self.expiry(createdAt: createdAt, relativeExpiry: relativeExpiry)
  }

  /// `createdAt` plus `relativeExpiry` (7200 when nil), at most 2^64 − 1.
  static func expiry(createdAt: UInt64, relativeExpiry: UInt32?) -> UInt64 {
    let (sum, overflow) = createdAt.addingReportingOverflow(
      relativeExpiry.map(UInt64.init) ?? defaultRelativeExpiry)
    return overflow ? .max : sum
  }

  /// Which of ``paths`` a payer may use: those whose payinfo has no unknown even feature.
  public var usablePaths: [BlindedPath] {
    zip(paths, payinfo).filter { $0.1.isUsable }.map(\.0)
  }

  /// The string form: `lni1` and its bytes, lower case.
  public var text: String { StringForm(kind: .invoice, bytes: bytes).text }
}
