public import Chains
public import Secp256k1

/// Writes and signs an invoice request: one that answers an offer (every record of the offer
/// copied, unknown ones included), or one that answers none (a refund, left unsigned as BOLT #12's
/// writer must).
///
/// ``build(auxiliaryRandomness:)`` reads what it wrote with the reader's rules, so it refuses
/// every request a reader would refuse, with the reader's code.
///
/// ```swift
/// var builder = InvoiceRequestBuilder(offer: offer, metadata: nonce, payerKey: payer)
/// builder.quantity = 2
/// let request = try builder.build()
/// request.text  // lnr1...
/// ```
public struct InvoiceRequestBuilder: Sendable {
  /// The offer answered; nil for a refund.
  public let offer: Offer?
  /// `invreq_metadata`: bytes the payer chooses, unpredictable and unique.
  public var metadata: [UInt8]
  /// The key that signs; its public key is `invreq_payer_id`.
  public let payerKey: SchnorrSigningKey
  /// `invreq_chain`: nil for bitcoin.
  public var chain: ChainHash?
  /// `invreq_amount`, in millisatoshis.
  public var amountMsat: UInt64?
  /// `invreq_features`.
  public var features: [UInt8]?
  /// `invreq_quantity`.
  public var quantity: UInt64?
  /// `invreq_payer_note`.
  public var payerNote: String?
  /// `invreq_paths`.
  public var paths: [BlindedPath]?
  /// `invreq_bip_353_name`: the name resolved to find the offer.
  public var bip353Name: BIP353Name?
  /// For a refund: `offer_description`, what the refund is for.
  public var refundDescription: String?
  /// For a refund: `offer_issuer`.
  public var refundIssuer: String?
  /// For a refund: `offer_absolute_expiry`.
  public var refundAbsoluteExpiry: UInt64?
  /// Records of odd types to add (in the request's ranges, 0 to 159 and 1,000,000,000 to
  /// 2,999,999,999).
  public var unknownRecords: [UnknownRecord] = []

  /// A request that answers `offer`.
  public init(offer: Offer, metadata: [UInt8], payerKey: SchnorrSigningKey) {
    self.offer = offer
    self.metadata = metadata
    self.payerKey = payerKey
  }

  /// A request that answers no offer: a refund of `amountMsat`, for `description`.
  public init(
    refundOf amountMsat: UInt64, description: String, metadata: [UInt8],
    payerKey: SchnorrSigningKey
  ) {
    offer = nil
    self.metadata = metadata
    self.payerKey = payerKey
    self.amountMsat = amountMsat
    refundDescription = description
  }

  /// Writes the request, signs it (unless it is a refund) and reads it back.
  ///
  /// - Parameter auxiliaryRandomness: BIP-340's 32 bytes; fresh random bytes when nil (give
  ///   fixed bytes only to reproduce a signature).
  /// - Throws: `Bolt12Error` with the reader's code for a request it would refuse, or
  ///   `bolt12.invalid_field` for a path that cannot be written or auxiliary randomness that is
  ///   not 32 bytes.
  public func build(auxiliaryRandomness: [UInt8]? = nil) throws(Bolt12Error) -> InvoiceRequest {
    var list = RecordList()
    if let offer {
      // BOLT 12: "MUST copy all fields from the offer (including unknown fields)."
      let stream = try TLVStream(framing: offer.bytes)
      for record in stream.records { list.add(record.type, Array(stream.value(of: record))) }
    } else {
      list.add(OfferField.description.rawValue, refundDescription.map { Array($0.utf8) })
      list.add(OfferField.issuer.rawValue, refundIssuer.map { Array($0.utf8) })
      list.add(OfferField.absoluteExpiry.rawValue, number: refundAbsoluteExpiry)
    }
    list.add(InvoiceRequestField.metadata.rawValue, metadata)
    list.add(InvoiceRequestField.chain.rawValue, chain?.bytes)
    list.add(InvoiceRequestField.amount.rawValue, number: amountMsat)
    list.add(InvoiceRequestField.features.rawValue, features)
    list.add(InvoiceRequestField.quantity.rawValue, number: quantity)
    list.add(InvoiceRequestField.payerID.rawValue, payerKey.publicKey.bytes)
    list.add(InvoiceRequestField.payerNote.rawValue, payerNote.map { Array($0.utf8) })
    try list.add(
      InvoiceRequestField.paths.rawValue, paths: paths, name: InvoiceRequestField.paths.name)
    if let bip353Name {
      let name = Array(bip353Name.name.utf8)
      let domain = Array(bip353Name.domain.utf8)
      list.add(
        InvoiceRequestField.bip353Name.rawValue,
        [UInt8(name.count)] + name + [UInt8(domain.count)] + domain)
    }
    for record in unknownRecords { list.add(record.type, record.value) }
    // BOLT 12: "MUST NOT include `signature`, `offer_metadata`, `offer_chains`, `offer_amount`,
    // `offer_currency`, `offer_features`, `offer_quantity_max`, `offer_paths` or
    // `offer_issuer_id`"
    let bytes =
      offer == nil
      ? list.bytes
      : try list.signed(
        as: .invoiceRequest, with: payerKey, auxiliaryRandomness: auxiliaryRandomness)
    return InvoiceRequest(
      try Bolt12Reading(TLVStream(framing: bytes), as: .invoiceRequest, options: ReadOptions()))
  }
}
