public import Secp256k1

/// Writes and signs an invoice that answers an invoice request: every record of the request
/// in its ranges copied, then the invoice's own fields, signed by the node key.
///
/// ``build(auxiliaryRandomness:)`` reads what it wrote with the reader's rules, so it refuses
/// every invoice a reader would refuse, with the reader's code.
public struct Bolt12InvoiceBuilder: Sendable {
  /// The request answered.
  public let request: InvoiceRequest
  /// The key that signs; its public key is `invoice_node_id` (for a request that answers an
  /// offer with `offer_issuer_id`, that key).
  public let nodeKey: SchnorrSigningKey
  /// `invoice_paths`: blinded paths to the payee.
  public var paths: [BlindedPath]
  /// `invoice_blindedpay`: one per path.
  public var payinfo: [Payinfo]
  /// `invoice_created_at`, in seconds since 1970.
  public var createdAt: UInt64
  /// `invoice_relative_expiry`, in seconds; nil to leave it out (then 7200).
  public var relativeExpiry: UInt32?
  /// `invoice_payment_hash`: 32 bytes.
  public var paymentHash: [UInt8]
  /// `invoice_amount`, in millisatoshis: `invreq_amount` when the request has one.
  public var amountMsat: UInt64
  /// `invoice_fallbacks`.
  public var fallbacks: [Bolt12Fallback]?
  /// `invoice_features`.
  public var features: [UInt8]?
  /// Records of odd types to add (0 to 239, 1,000,000,000 to 3,999,999,999).
  public var unknownRecords: [UnknownRecord] = []

  /// An invoice for `request`, its amount `invreq_amount`, or the offer's msat amount times
  /// the quantity, or `amountMsat` when given.
  public init(
    request: InvoiceRequest, nodeKey: SchnorrSigningKey, paths: [BlindedPath],
    payinfo: [Payinfo], createdAt: UInt64, paymentHash: [UInt8], amountMsat: UInt64? = nil
  ) {
    self.request = request
    self.nodeKey = nodeKey
    self.paths = paths
    self.payinfo = payinfo
    self.createdAt = createdAt
    self.paymentHash = paymentHash
    let offered = request.offer.amountMsat.map {
      $0.multipliedReportingOverflow(by: request.request.quantity ?? 1).partialValue
    }
    self.amountMsat = amountMsat ?? request.request.amount ?? offered ?? 0
  }

  /// Writes the invoice, signs it and reads it back.
  ///
  /// - Parameter auxiliaryRandomness: BIP-340's 32 bytes; fresh random bytes when nil.
  /// - Throws: `Bolt12Error` with the reader's code for an invoice it would refuse, or
  ///   `bolt12.invalid_field` for a path or payinfo that cannot be written.
  public func build(auxiliaryRandomness: [UInt8]? = nil) throws(Bolt12Error) -> Bolt12Invoice {
    var list = RecordList()
    let stream = try TLVStream(framing: request.bytes)
    // BOLT 12: "MUST copy all non-signature fields from the invoice request (including unknown
    // fields)."
    for record in stream.records where !MerkleRoot.isSignatureType(record.type) {
      list.add(record.type, Array(stream.value(of: record)))
    }
    try list.add(InvoiceField.paths.rawValue, paths: paths, name: InvoiceField.paths.name)
    var pay: [UInt8] = []
    for info in payinfo {
      guard info.features.count <= Int(UInt16.max) else {
        throw Bolt12Error(
          .invalidField, "invoice_blindedpay: features over 65535 bytes",
          field: InvoiceField.blindedPay.name)
      }
      BigSize.appendBigEndian(UInt64(info.feeBaseMsat), width: 4, to: &pay)
      BigSize.appendBigEndian(UInt64(info.feeProportionalMillionths), width: 4, to: &pay)
      BigSize.appendBigEndian(UInt64(info.cltvExpiryDelta), width: 2, to: &pay)
      BigSize.appendBigEndian(info.htlcMinimumMsat, width: 8, to: &pay)
      BigSize.appendBigEndian(info.htlcMaximumMsat, width: 8, to: &pay)
      BigSize.appendBigEndian(UInt64(info.features.count), width: 2, to: &pay)
      pay += info.features
    }
    list.add(InvoiceField.blindedPay.rawValue, pay)
    list.add(InvoiceField.createdAt.rawValue, number: createdAt)
    list.add(InvoiceField.relativeExpiry.rawValue, number: relativeExpiry.map(UInt64.init))
    list.add(InvoiceField.paymentHash.rawValue, paymentHash)
    list.add(InvoiceField.amount.rawValue, number: amountMsat)
    if let fallbacks {
      var bytes: [UInt8] = []
      for fallback in fallbacks {
        guard fallback.program.count <= Int(UInt16.max) else {
          throw Bolt12Error(
            .invalidField, "invoice_fallbacks: a program over 65535 bytes",
            field: InvoiceField.fallbacks.name)
        }
        bytes.append(fallback.version)
        BigSize.appendBigEndian(UInt64(fallback.program.count), width: 2, to: &bytes)
        bytes += fallback.program
      }
      list.add(InvoiceField.fallbacks.rawValue, bytes)
    }
    list.add(InvoiceField.features.rawValue, features)
    list.add(InvoiceField.nodeID.rawValue, nodeKey.publicKey.bytes)
    for record in unknownRecords { list.add(record.type, record.value) }
    let bytes = try list.signed(
      as: .invoice, with: nodeKey, auxiliaryRandomness: auxiliaryRandomness)
    return Bolt12Invoice(
      try Bolt12Reading(TLVStream(framing: bytes), as: .invoice, options: ReadOptions()))
  }
}
