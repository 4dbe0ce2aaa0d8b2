import Chains
import Hashing
import Secp256k1

extension Offer {
  /// The largest amount in millisatoshis: 21 million bitcoin.
  static let maximumMsat: UInt64 = 21_000_000 * 100_000_000 * 1_000

  /// Reads an offer and checks every rule a reader can decide from the string and the options.
  ///
  /// The first failing rule wins, judged in three passes: the string and the framing of the
  /// whole stream (`too_long`, `malformed`, `truncated`, `non_minimal`, `tlv_order`); then each
  /// record alone, in stream order (`tlv_out_of_range`, `unknown_even`, `invalid_field`,
  /// `invalid_utf8`); then the offer as a whole (`missing_field`, `zero_amount`,
  /// `currency_without_amount`, `empty_chains`, `empty_paths`, `unknown_required_feature`, then
  /// `expired` with a clock and `network_mismatch` with networks).
  ///
  /// ```swift
  /// let offer = try Offer.decode("lno1zcss9mk8y3wkklfvevcrszlmu23kfrxh49px20665dqwmn4p72pksese")
  /// offer.issuerID  // 02eec7245d6b7d2ccb30380bfbe2a3648cd7a942653f5aa340edcea1f283686619
  /// ```
  ///
  /// - Parameters:
  ///   - text: the offer exactly as given (`lno1...`, either case, `+` joins allowed).
  ///   - options: the caller's clock and networks; without them expiry and chains are not
  ///     judged.
  /// - Throws: `Bolt12Error` with the code of the first failing rule and where it failed.
  /// - Complexity: O(n), with one `secp256k1_ec_pubkey_parse` per key.
  public static func decode(_ text: String, options: ReadOptions = ReadOptions())
    throws(Bolt12Error) -> Offer
  {
    let form = try StringForm(parsing: text)
    guard form.kind == .offer else {
      throw Bolt12Error(
        .malformed,
        "a BOLT #12 \(form.kind == .invoice ? "invoice" : "invoice request"), not an offer",
        position: 0)
    }
    return try Offer(checking: TLVStream(framing: form.bytes), options: options)
  }

  /// Reads the records of a framed stream and checks them (passes 2 and 3).
  init(checking stream: TLVStream, options: ReadOptions) throws(Bolt12Error) {
    var fields = OfferFields()
    var unknownRecords: [UnknownRecord] = []
    // The list of kept unknown records allocates once, not at each growth.
    unknownRecords.reserveCapacity(stream.records.count { OfferField(rawValue: $0.type) == nil })

    // Pass 2: each record alone, in stream order.
    for record in stream.records {
      let value = stream.value(of: record)
      // BOLT 12: "if the offer contains any TLV fields outside the inclusive ranges: 1 to 79 and
      // 1000000000 to 1999999999: MUST NOT respond to the offer."
      guard OfferField.isInOfferRange(record.type) else {
        throw Bolt12Error(
          .tlvOutOfRange,
          "type \(record.type) is outside an offer's ranges (1 to 79, 1000000000 to 1999999999)",
          tlvOffset: record.offset, type: record.type)
      }
      guard let field = OfferField(rawValue: record.type) else {
        // BOLT 1: "otherwise, if `type` is unknown: if `type` is even: MUST fail to parse the
        // `tlv_stream`."
        guard record.type % 2 == 1 else {
          throw Bolt12Error(
            .unknownEven, "type \(record.type) is even and unknown", tlvOffset: record.offset,
            type: record.type)
        }
        unknownRecords.append(UnknownRecord(type: record.type, value: Array(value)))
        continue
      }
      do throws(FieldFault) {
        try fields.read(field, value)
      } catch {
        throw Bolt12Error(
          error.code, "\(field.name): \(error.message)", tlvOffset: record.offset,
          type: record.type, field: field.name)
      }
    }
    let chains = fields.chains
    let currency = fields.currency
    let amount = fields.amount
    let description = fields.description
    let features = fields.features
    let absoluteExpiry = fields.absoluteExpiry
    let paths = fields.paths
    let issuerID = fields.issuerID

    // Pass 3: the offer as a whole.
    func missing(_ field: OfferField, _ message: String) -> Bolt12Error {
      Bolt12Error(.missingField, message, field: field.name)
    }
    // BOLT 12: "if `offer_amount` is set and `offer_description` is not set: MUST NOT respond to
    // the offer."
    if amount != nil && description == nil {
      throw missing(.description, "an offer with an amount must have offer_description")
    }
    // BOLT 12: "if neither `offer_issuer_id` nor `offer_paths` are set: MUST NOT respond to the
    // offer."
    if issuerID == nil && paths == nil {
      throw missing(.issuerID, "an offer needs offer_issuer_id or offer_paths")
    }
    // BOLT 12: "if `offer_amount` is set and is not greater than zero: MUST NOT respond to the
    // offer."
    if amount == 0 {
      throw Bolt12Error(.zeroAmount, "offer_amount is zero", field: OfferField.amount.name)
    }
    // BOLT 12: "if `offer_currency` is set and `offer_amount` is not set: MUST NOT respond to the
    // offer."
    if currency != nil && amount == nil {
      throw Bolt12Error(
        .currencyWithoutAmount, "offer_currency without offer_amount",
        field: OfferField.currency.name)
    }
    if chains?.isEmpty == true {
      throw Bolt12Error(
        .emptyChains, "offer_chains lists no chain", field: OfferField.chains.name)
    }
    if paths?.isEmpty == true {
      throw Bolt12Error(.emptyPaths, "offer_paths holds no path", field: OfferField.paths.name)
    }
    // BOLT 12: "if `offer_features` contains unknown _even_ bits that are non-zero: MUST NOT
    // respond to the offer. SHOULD indicate the unknown bit to the user."
    if let features, let bit = Self.lowestEvenBit(features) {
      throw Bolt12Error(
        .unknownRequiredFeature, "offer_features sets bit \(bit), required and unknown",
        field: OfferField.features.name)
    }
    // BOLT 12: "if the current time is after `offer_absolute_expiry`: MUST NOT respond to the
    // offer."
    if let now = options.now, let absoluteExpiry,
      ExpiryRule.isExpired(expiresAt: absoluteExpiry, at: now)
    {
      throw Bolt12Error(
        .expired, "the offer expired at \(absoluteExpiry) (now \(now))",
        field: OfferField.absoluteExpiry.name)
    }
    // BOLT 12: "otherwise: (`offer_chains` is set): if the node does not accept invoices for at
    // least one of the `chains`: MUST NOT respond to the offer"
    if let accepted = options.networks {
      let offered = chains ?? [Chain.bitcoin.genesisHash]
      if !offered.contains(where: { hash in accepted.contains { $0.genesisHash == hash } }) {
        throw Bolt12Error(
          .networkMismatch,
          "the offer is for none of \(accepted.map(\.name).joined(separator: ", "))",
          field: OfferField.chains.name)
      }
    }

    var warnings: [Bolt12Warning] = []
    if let currency, !CurrencyCode.isListed(currency) {
      warnings.append(
        Bolt12Warning(
          code: .unknownCurrency, message: "ISO 4217 does not list \(currency): its unit is unknown"
        ))
    }
    // The id covers every record in the offer's ranges; pass 2 refused any other, so here it is
    // the whole stream, hashed without a copy.
    self.init(
      chains: chains, metadata: fields.metadata, currency: currency, amount: amount,
      description: description, features: features, absoluteExpiry: absoluteExpiry, paths: paths,
      issuer: fields.issuer, quantityMax: fields.quantityMax, issuerID: issuerID,
      unknownRecords: unknownRecords,
      offerID: OfferID(digest: SHA256.hash(stream.bytes)), bytes: stream.bytes, warnings: warnings)
  }

  /// The lowest even bit set in a big-endian feature bitmap, or nil: no even bit is known in an
  /// offer.
  static func lowestEvenBit(_ features: [UInt8]) -> Int? {
    for (index, byte) in features.reversed().enumerated() where byte & 0x55 != 0 {
      return index * 8 + (byte & 0x55).trailingZeroBitCount
    }
    return nil
  }
}
