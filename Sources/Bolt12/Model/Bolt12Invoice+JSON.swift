import Bech32Codec
import Chains

extension OfferFields {
  /// Adds the offer fields present, by their BOLT #12 names, as ``Offer/json`` writes them.
  func addJSON(to object: inout JSONText) {
    if let chains {
      object.raw("offer_chains", JSONText.array(chains.map { JSONText.quoted($0.description) }))
      object.raw(
        "offer_networks",
        JSONText.array(
          chains.map { Chain.withGenesisHash($0).map { JSONText.quoted($0.name) } ?? "null" }))
    }
    if let metadata { object.hex("offer_metadata", metadata) }
    if let currency {
      object.string("offer_currency", currency)
      if let unit = CurrencyCode.minorUnit(currency) {
        object.number("currency_minor_unit", UInt64(unit))
      }
    }
    if let amount { object.number(currency == nil ? "offer_amount_msat" : "offer_amount", amount) }
    if let description { object.string("offer_description", description) }
    if let features { object.hex("offer_features", features) }
    if let absoluteExpiry { object.number("offer_absolute_expiry", absoluteExpiry) }
    if let paths { object.raw("offer_paths", JSONText.array(paths.map(\.json))) }
    if let issuer { object.string("offer_issuer", issuer) }
    if let quantityMax { object.number("offer_quantity_max", quantityMax) }
    if let issuerID { object.string("offer_issuer_id", issuerID.description) }
  }
}

extension InvoiceRequestFields {
  /// Adds the `invreq_*` fields present, by their BOLT #12 names.
  func addJSON(to object: inout JSONText) {
    object.hex("invreq_metadata", metadata)
    if let chain {
      object.string("invreq_chain", chain.description)
      object.raw("invreq_network", network.map { JSONText.quoted($0.name) } ?? "null")
    }
    if let amount { object.number("invreq_amount_msat", amount) }
    if let features { object.hex("invreq_features", features) }
    if let quantity { object.number("invreq_quantity", quantity) }
    if let payerID { object.string("invreq_payer_id", payerID.description) }
    if let payerNote { object.string("invreq_payer_note", payerNote) }
    if let paths { object.raw("invreq_paths", JSONText.array(paths.map(\.json))) }
    if let bip353Name {
      var name = JSONText()
      name.string("name", bip353Name.name)
      name.string("domain", bip353Name.domain)
      object.raw("invreq_bip_353_name", name.text)
    }
  }
}

extension [UnknownRecord] {
  /// The records as `[{type, length, value}]`.
  var json: String {
    JSONText.array(
      map { record in
        var entry = JSONText()
        entry.number("type", record.type)
        entry.number("length", UInt64(record.value.count))
        entry.hex("value", record.value)
        return entry.text
      })
  }
}

extension InvoiceRequest {
  /// The request as one line of JSON, with Core Lightning's `decode` names: `type`
  /// (`"bolt12 invoice_request"`), `valid`, `offer_id` (when it answers an offer), every field
  /// present by its BOLT #12 name, `invreq_network`, `signature`, `merkle_root`,
  /// `unknown_invoice_request_tlvs` and `warnings` (always present).
  public var json: String {
    var object = JSONText()
    object.string("type", "bolt12 invoice_request")
    object.bool("valid", true)
    if let offerID { object.hex("offer_id", offerID.bytes) }
    offer.addJSON(to: &object)
    request.addJSON(to: &object)
    if let signature { object.hex("signature", signature.bytes) }
    object.hex("merkle_root", merkleRoot.bytes)
    if !unknownRecords.isEmpty { object.raw("unknown_invoice_request_tlvs", unknownRecords.json) }
    object.raw("warnings", JSONText.array(warnings.map { JSONText.quoted($0.code.rawValue) }))
    return object.text
  }
}

extension Bolt12Invoice {
  /// The invoice as one line of JSON, with Core Lightning's `decode` names: `type`
  /// (`"bolt12 invoice"`), `valid`, `offer_id` (when its request answered an offer), every
  /// field present by its BOLT #12 name (each path's `payinfo` inside it), `invoice_expires_at`,
  /// `signature`, `merkle_root`, `unknown_invoice_tlvs` and `warnings` (always present).
  ///
  /// A fallback is `{version, hex, address?}`: `address` when the chain has a segwit prefix and
  /// the fallback is not one a payer must ignore.
  public var json: String {
    var object = JSONText()
    object.string("type", "bolt12 invoice")
    object.bool("valid", true)
    if let offerID { object.hex("offer_id", offerID.bytes) }
    offer.addJSON(to: &object)
    request.addJSON(to: &object)
    object.raw(
      "invoice_paths",
      JSONText.array(
        zip(paths, payinfo).map { path, info in
          var entry = path.json
          entry.removeLast()
          return entry + ",\"payinfo\":" + info.json + "}"
        }))
    object.number("invoice_created_at", createdAt)
    if let relativeExpiry { object.number("invoice_relative_expiry", UInt64(relativeExpiry)) }
    object.number("invoice_expires_at", expiresAt)
    object.hex("invoice_payment_hash", paymentHash)
    object.number("invoice_amount_msat", amountMsat)
    if let fallbacks {
      let hrp = request.network?.segwitHRP
      object.raw(
        "invoice_fallbacks",
        JSONText.array(
          fallbacks.map { fallback in
            var entry = JSONText()
            entry.number("version", UInt64(fallback.version))
            entry.hex("hex", fallback.program)
            if let hrp, !fallback.isIgnored {
              entry.string(
                "address",
                SegwitAddress.encode(hrp: hrp, version: fallback.version, program: fallback.program)
              )
            }
            return entry.text
          }))
    }
    if let features { object.hex("invoice_features", features) }
    object.string("invoice_node_id", nodeID.description)
    object.hex("signature", signature.bytes)
    object.hex("merkle_root", merkleRoot.bytes)
    if !unknownRecords.isEmpty { object.raw("unknown_invoice_tlvs", unknownRecords.json) }
    object.raw("warnings", JSONText.array(warnings.map { JSONText.quoted($0.code.rawValue) }))
    return object.text
  }
}

extension Payinfo {
  /// The payinfo as Core Lightning's `decode` writes it.
  var json: String {
    var object = JSONText()
    object.number("fee_base_msat", UInt64(feeBaseMsat))
    object.number("fee_proportional_millionths", UInt64(feeProportionalMillionths))
    object.number("cltv_expiry_delta", UInt64(cltvExpiryDelta))
    object.number("htlc_minimum_msat", htlcMinimumMsat)
    object.number("htlc_maximum_msat", htlcMaximumMsat)
    object.hex("features", features)
    return object.text
  }
}
