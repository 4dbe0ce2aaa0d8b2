import Chains

extension Offer {
  /// The offer as one line of JSON, with Core Lightning's `decode` names: `type`
  /// (`"bolt12 offer"`), `valid`, `offer_id`, each field present by its BOLT #12 name
  /// (`offer_amount` with a currency, `offer_amount_msat` without), `currency_minor_unit`,
  /// `offer_networks`, `unknown_offer_tlvs` and `warnings` (always present).
  ///
  /// Chain hashes are hex in the byte order the record carries them; a blinded path is
  /// `{first_node_id | first_scid + first_scid_dir, first_path_key, path: [{blinded_node_id,
  /// encrypted_recipient_data}]}`.
  public var json: String {
    var object = JSONText()
    object.string("type", "bolt12 offer")
    object.bool("valid", true)
    object.hex("offer_id", offerID.bytes)
    if let chains {
      object.raw("offer_chains", JSONText.array(chains.map { JSONText.quoted($0.description) }))
      object.raw(
        "offer_networks",
        JSONText.array(networks.map { $0.map { JSONText.quoted($0.name) } ?? "null" }))
    }
    if let metadata { object.hex("offer_metadata", metadata) }
    if let currency {
      object.string("offer_currency", currency)
      if let unit = currencyMinorUnit { object.number("currency_minor_unit", UInt64(unit)) }
    }
    if let amount { object.number(currency == nil ? "offer_amount_msat" : "offer_amount", amount) }
    if let description { object.string("offer_description", description) }
    if let features { object.hex("offer_features", features) }
    if let absoluteExpiry { object.number("offer_absolute_expiry", absoluteExpiry) }
    if let paths { object.raw("offer_paths", JSONText.array(paths.map(\.json))) }
    if let issuer { object.string("offer_issuer", issuer) }
    if let quantityMax { object.number("offer_quantity_max", quantityMax) }
    if let issuerID { object.string("offer_issuer_id", issuerID.description) }
    if !unknownRecords.isEmpty {
      object.raw(
        "unknown_offer_tlvs",
        JSONText.array(
          unknownRecords.map { record in
            var entry = JSONText()
            entry.number("type", record.type)
            entry.number("length", UInt64(record.value.count))
            entry.hex("value", record.value)
            return entry.text
          }))
    }
    object.raw("warnings", JSONText.array(warnings.map { JSONText.quoted($0.code.rawValue) }))
    return object.text
  }
}

extension BlindedPath {
  /// The path as Core Lightning's `decode` writes it.
  var json: String {
    var object = JSONText()
    switch firstNode {
    case .nodeID(let key): object.string("first_node_id", key.description)
    case .channel(let channel, let direction):
      object.string("first_scid", channel.description)
      object.number("first_scid_dir", UInt64(direction))
    }
    object.string("first_path_key", firstPathKey.description)
    object.raw(
      "path",
      JSONText.array(
        hops.map { hop in
          var entry = JSONText()
          entry.string("blinded_node_id", hop.blindedNodeID.description)
          entry.hex("encrypted_recipient_data", hop.encryptedRecipientData)
          return entry.text
        }))
    return object.text
  }
}

extension Bolt12Error {
  /// The error as the contract's JSON object: `{code, message, position?, tlv_offset?, type?,
  /// field?}`.
  public var json: String {
    var object = JSONText()
    object.string("code", code.rawValue)
    object.string("message", message)
    if let position { object.number("position", UInt64(position)) }
    if let tlvOffset { object.number("tlv_offset", UInt64(tlvOffset)) }
    if let type { object.number("type", type) }
    if let field { object.string("field", field) }
    return object.text
  }

  /// The object of a string that failed: `{type, valid: false, error, warnings}`.
  ///
  /// - Parameter kind: the kind of string it was read as.
  public func json(reading kind: StringForm.Kind) -> String {
    var object = JSONText()
    let type =
      switch kind {
      case .offer: "bolt12 offer"
      case .invoiceRequest: "bolt12 invoice_request"
      case .invoice: "bolt12 invoice"
      }
    object.string("type", type)
    object.bool("valid", false)
    object.raw("error", json)
    object.raw("warnings", "[]")
    return object.text
  }
}
