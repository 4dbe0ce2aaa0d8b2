import Chains
import Hashing
import Secp256k1

extension Bolt12Reading {
  /// Pass 3: the stream as a whole, in the contract's order; then the signature, the clock and
  /// the network.
  mutating func checkWhole(_ stream: TLVStream, options: ReadOptions) throws(Bolt12Error) {
    let answersOffer = offer.answersOffer
    let isInvoice = message == .invoice

    // Required fields, the lowest missing type first.
    var missing: [(type: UInt64, name: String, why: String)] = []
    // BOLT 12: "MUST reject the invoice request if `invreq_payer_id` or `invreq_metadata` are
    // not present."
    if !hasMetadata { missing.append((0, "invreq_metadata", "invreq_metadata is required")) }
    if request.payerID == nil {
      missing.append((88, "invreq_payer_id", "invreq_payer_id is required"))
    }
    if offer.amount != nil && offer.description == nil {
      missing.append(
        (10, "offer_description", "an offer with an amount must have offer_description"))
    }
    if answersOffer {
      // BOLT 12: "MUST reject the invoice request if there is no `invreq_quantity` field."
      if offer.quantityMax != nil && request.quantity == nil {
        missing.append(
          (86, "invreq_quantity", "the offer has offer_quantity_max: invreq_quantity is required"))
      }
      // BOLT 12: "MUST reject the invoice request if it does not contain `invreq_amount`."
      if offer.amount == nil && request.amount == nil {
        missing.append((82, "invreq_amount", "the offer has no amount: invreq_amount is required"))
      }
    } else if request.amount == nil {
      // BOLT 12: "MUST reject the invoice request if `invreq_amount` is not present."
      missing.append((82, "invreq_amount", "a request that answers no offer needs invreq_amount"))
    }
    if isInvoice {
      // BOLT 12: "MUST reject the invoice if `invoice_paths` is not present or is empty."
      if invoicePaths == nil {
        missing.append((160, "invoice_paths", "invoice_paths is required"))
      } else if payinfo == nil {
        // BOLT 12: "MUST reject the invoice if `invoice_blindedpay` is not present."
        missing.append((162, "invoice_blindedpay", "invoice_blindedpay is required"))
      }
      // BOLT 12: "MUST reject the invoice if `invoice_created_at` is not present."
      if createdAt == nil {
        missing.append((164, "invoice_created_at", "invoice_created_at is required"))
      }
      // BOLT 12: "MUST reject the invoice if `invoice_payment_hash` is not present."
      if paymentHash == nil {
        missing.append((168, "invoice_payment_hash", "invoice_payment_hash is required"))
      }
      // BOLT 12: "MUST reject the invoice if `invoice_amount` is not present."
      if invoiceAmount == nil {
        missing.append((170, "invoice_amount", "invoice_amount is required"))
      }
      // BOLT 12: "MUST reject the invoice if `invoice_node_id` is not present."
      if nodeID == nil { missing.append((176, "invoice_node_id", "invoice_node_id is required")) }
    }
    if let first = missing.min(by: { $0.type < $1.type }) {
      throw Bolt12Error(.missingField, first.why, field: first.name)
    }

    // Fields this kind must not carry here, the lowest type first.
    if !answersOffer {
      // BOLT 12: "MUST reject the invoice request if any of the following are present:
      // `offer_chains`, `offer_features` or `offer_quantity_max`."
      let present: [(OfferField, Bool)] = [
        (.chains, offer.chains != nil), (.features, offer.features != nil),
        (.quantityMax, offer.quantityMax != nil),
      ]
      if let (field, _) = present.first(where: \.1) {
        throw Bolt12Error(
          .unexpectedField, "a request that answers no offer must not carry \(field.name)",
          field: field.name)
      }
    } else if offer.quantityMax == nil && request.quantity != nil {
      // BOLT 12: "MUST reject the invoice request if there is an `invreq_quantity` field."
      throw Bolt12Error(
        .unexpectedField, "invreq_quantity without offer_quantity_max", field: "invreq_quantity")
    }

    // The offer reader's rules on the copied fields.
    if offer.amount == 0 {
      throw Bolt12Error(.zeroAmount, "offer_amount is zero", field: OfferField.amount.name)
    }
    if offer.currency != nil && offer.amount == nil {
      throw Bolt12Error(
        .currencyWithoutAmount, "offer_currency without offer_amount",
        field: OfferField.currency.name)
    }
    if offer.chains?.isEmpty == true {
      throw Bolt12Error(.emptyChains, "offer_chains lists no chain", field: OfferField.chains.name)
    }
    let pathFields: [(String, [BlindedPath]?)] = [
      (OfferField.paths.name, offer.paths), (InvoiceRequestField.paths.name, request.paths),
      (InvoiceField.paths.name, invoicePaths),
    ]
    if let (name, _) = pathFields.first(where: { $0.1?.isEmpty == true }) {
      throw Bolt12Error(.emptyPaths, "\(name) holds no path", field: name)
    }

    try checkAgreement(answersOffer: answersOffer)
    try checkFeatures()
    // BOLT 12: "MUST reject the invoice if `invoice_blindedpay` does not contain exactly one
    // `blinded_payinfo` per `invoice_paths`.`blinded_path`."
    if isInvoice, let invoicePaths, let payinfo, invoicePaths.count != payinfo.count {
      throw Bolt12Error(
        .payinfoMismatch,
        "\(payinfo.count) payinfo for \(invoicePaths.count) path\(invoicePaths.count == 1 ? "" : "s")",
        field: InvoiceField.blindedPay.name)
    }

    merkleRoot = MerkleRoot(stream: stream)!  // invreq_metadata is present: one leaf at least
    try checkSignature(answersOffer: answersOffer)
    try checkOptions(options)
    offerID = answersOffer ? OfferID(stream) : nil
    collectWarnings()
  }

  /// The `field_mismatch` rules, in the contract's order.
  private func checkAgreement(answersOffer: Bool) throws(Bolt12Error) {
    func mismatch(_ field: String, _ message: String) -> Bolt12Error {
      Bolt12Error(.fieldMismatch, message, field: field)
    }
    if answersOffer {
      // BOLT 12: "MUST reject the invoice request if `invreq_quantity` is zero, OR greater than
      // `offer_quantity_max`."
      if let maximum = offer.quantityMax, maximum != 0, let quantity = request.quantity,
        quantity == 0 || quantity > maximum
      {
        throw mismatch(
          "invreq_quantity", "invreq_quantity \(quantity) is not in 1...\(maximum)")
      }
      // BOLT 12: "MUST reject the invoice request if `invreq_amount`.`msat` is less than the
      // *expected amount*."
      if let perItem = offer.amountMsat, let amount = request.amount {
        let (expected, overflow) = perItem.multipliedReportingOverflow(by: request.quantity ?? 1)
        if overflow || amount < expected {
          throw mismatch(
            "invreq_amount",
            "invreq_amount \(amount) msat is below offer_amount × quantity"
              + (overflow ? "" : " (\(expected) msat)"))
        }
      }
    }
    guard message == .invoice else { return }
    // BOLT 12: "MUST reject the invoice if `invoice_amount` is not equal to `invreq_amount`"
    if let requested = request.amount, let invoiceAmount, requested != invoiceAmount {
      throw mismatch(
        "invoice_amount", "invoice_amount \(invoiceAmount) msat is not invreq_amount \(requested)")
    }
    // BOLT 12: "MUST reject the invoice if `invoice_node_id` is not equal to `offer_issuer_id`"
    if let issuerID = offer.issuerID, let nodeID, issuerID != nodeID {
      throw mismatch("invoice_node_id", "invoice_node_id is not offer_issuer_id")
    }
  }

  /// Unknown even features: the lowest type's field first, then its lowest bit; no usable path
  /// last.
  private func checkFeatures() throws(Bolt12Error) {
    func refuse(_ name: String, _ bit: Int) -> Bolt12Error {
      Bolt12Error(
        .unknownRequiredFeature, "\(name) sets bit \(bit), required and unknown", field: name)
    }
    if let features = offer.features, let bit = Offer.lowestEvenBit(features) {
      throw refuse(OfferField.features.name, bit)
    }
    // BOLT 12: "if `invreq_features` contains unknown _even_ bits that are non-zero:"
    if let features = request.features, let bit = Offer.lowestEvenBit(features) {
      throw refuse(InvoiceRequestField.features.name, bit)
    }
    guard message == .invoice else { return }
    // BOLT 12: "if `invoice_features` contains unknown _even_ bits that are non-zero:"
    if let features = invoiceFeatures,
      let bit = Self.evenBits(features).first(where: { !Self.knownInvoiceEvenBits.contains($0) })
    {
      throw refuse(InvoiceField.features.name, bit)
    }
    // BOLT 12: "MUST reject the invoice if this leaves no usable paths."
    if let invoicePaths, let payinfo, invoicePaths.count == payinfo.count,
      !payinfo.isEmpty, !payinfo.contains(where: \.isUsable)
    {
      throw Bolt12Error(
        .unknownRequiredFeature,
        "every path's payinfo sets an unknown even feature: no usable path",
        field: InvoiceField.blindedPay.name)
    }
  }

  /// The even bits set in a big-endian feature bitmap, lowest first.
  static func evenBits(_ features: [UInt8]) -> [Int] {
    var bits: [Int] = []
    for (index, byte) in features.reversed().enumerated() {
      for shift in stride(from: 0, to: 8, by: 2) where byte & (1 << shift) != 0 {
        bits.append(index * 8 + shift)
      }
    }
    return bits
  }

  /// The signature: required but for a refund request, and correct when present.
  private func checkSignature(answersOffer: Bool) throws(Bolt12Error) {
    let key = message == .invoice ? nodeID! : request.payerID!  // required: checked above
    guard let signature else {
      if message == .invoiceRequest && !answersOffer { return }
      throw Bolt12Error(
        .missingSignature, "\(kindName) must be signed", field: "signature")
    }
    // BOLT 12: "MUST reject the invoice request if `signature` is not correct as detailed in
    // [Signature Calculation](#signature-calculation) using the `invreq_payer_id`."
    guard Bolt12Signature.verify(signature, of: merkleRoot, for: message, by: key) else {
      throw Bolt12Error(
        .signatureInvalid,
        "the signature is not \(message == .invoice ? "invoice_node_id" : "invreq_payer_id")'s",
        field: "signature")
    }
  }

  /// The caller's clock and networks.
  private func checkOptions(_ options: ReadOptions) throws(Bolt12Error) {
    if let now = options.now {
      if message == .invoice, let createdAt {
        let expiresAt = Bolt12Invoice.expiry(createdAt: createdAt, relativeExpiry: relativeExpiry)
        // BOLT 12: "MUST reject the invoice if the current time since 1970-01-01 UTC is greater
        // than `invoice_created_at` plus 7200."
        // A saturated expiry never comes: the contract's reading.
        if expiresAt != .max && now >= expiresAt {
          throw Bolt12Error(
            .expired, "the invoice expired at \(expiresAt) (now \(now))",
            field: InvoiceField.createdAt.name)
        }
      } else if message == .invoiceRequest, let expiry = offer.absoluteExpiry, now >= expiry {
        throw Bolt12Error(
          .expired, "the offer expired at \(expiry) (now \(now))",
          field: OfferField.absoluteExpiry.name)
      }
    }
    // BOLT 12: "MUST reject the invoice request if `invreq_chain`.`chain` is not a supported
    // chain."
    if let accepted = options.networks {
      let chain = request.chain ?? Chain.bitcoin.genesisHash
      if !accepted.contains(where: { $0.genesisHash == chain }) {
        throw Bolt12Error(
          .networkMismatch,
          "\(kindName) is for none of \(accepted.map(\.name).joined(separator: ", "))",
          field: InvoiceRequestField.chain.name)
      }
    }
  }

  /// The warnings of a valid string.
  private mutating func collectWarnings() {
    if let currency = offer.currency, !CurrencyCode.isListed(currency) {
      warnings.append(
        Bolt12Warning(
          code: .unknownCurrency, message: "ISO 4217 does not list \(currency): its unit is unknown"
        ))
    }
    if message == .invoiceRequest && signature == nil {
      warnings.append(
        Bolt12Warning(
          code: .unsignedRequest, message: "the request answers no offer and is not signed"))
    }
    if let payinfo, payinfo.contains(where: { !$0.isUsable }) {
      warnings.append(
        Bolt12Warning(
          code: .pathUnusable,
          message: "some paths' payinfo set an unknown even feature: those paths are not used"))
    }
    if let fallbacks, fallbacks.contains(where: \.isIgnored) {
      warnings.append(
        Bolt12Warning(
          code: .fallbackIgnored, message: "a fallback a payer must ignore is kept without address"
        ))
    }
  }
}

extension OfferID {
  /// The id of the offer whose fields a stream copies: the SHA-256 of every record in the
  /// offer's ranges, as received and in stream order.
  init(_ stream: TLVStream) {
    var identity: [UInt8] = []
    identity.reserveCapacity(stream.bytes.count)
    for record in stream.records where OfferField.isInOfferRange(record.type) {
      identity.append(contentsOf: stream.bytes[record.offset..<record.valueRange.upperBound])
    }
    self.init(digest: SHA256.hash(identity))
  }
}
