import Bolt11

/// The contract's JSON for invoices and errors: the only place snake_case names live.
public enum InvoiceJSON {
  /// The decoded invoice, keys in the contract's order.
  public static func object(_ invoice: Invoice) -> JSON {
    var members: [(String, JSON)] = [
      ("type", .string("bolt11 invoice")),
      ("valid", .bool(true)),
      ("currency", .string(invoice.currency.prefix)),
      ("network", invoice.currency.knownNetworkName.map(JSON.string) ?? .null),
    ]
    if let amount = invoice.amount { members.append(("amount_msat", .unsigned(amount.rawValue))) }
    members += [
      ("created_at", .unsigned(invoice.createdAt)),
      ("expiry", .unsigned(invoice.expirySeconds)),
      ("expires_at", .unsigned(invoice.expiresAt)),
      ("payee", .string(Hex.encode(invoice.payeeNodeID))),
      ("payment_hash", .string(Hex.encode(invoice.paymentHash))),
    ]
    if let secret = invoice.paymentSecret {
      members.append(("payment_secret", .string(Hex.encode(secret))))
    }
    switch invoice.description {
    case .text(let text): members.append(("description", .string(text)))
    case .hash(let hash): members.append(("description_hash", .string(Hex.encode(hash))))
    }
    if let metadata = invoice.paymentMetadata {
      members.append(("payment_metadata", .string(Hex.encode(metadata))))
    }
    members.append(("min_final_cltv_expiry", .unsigned(invoice.minFinalCLTVExpiryDelta)))
    if !invoice.features.isEmpty {
      members.append(("features", .string(Hex.encode(invoice.features.bytes))))
    }
    members.append(("feature_bits", .array(invoice.features.setBits.map { .integer(Int64($0)) })))
    members.append(
      (
        "fallbacks",
        .array(
          invoice.fallbacks.map { fallback in
            // `addr` is absent where the chain's address form is unknown.
            .object(
              [("type", .string(fallback.kind.rawValue))]
                + (fallback.address(on: invoice.currency).map { [("addr", .string($0))] } ?? [])
                + [("hex", .string(Hex.encode(fallback.scriptPubKey)))])
          })
      ))
    members.append(
      (
        "routes",
        .array(
          invoice.routeHints.map { hint in
            .array(
              hint.hops.map { hop in
                .object([
                  ("pubkey", .string(Hex.encode(hop.nodeID))),
                  ("short_channel_id", .string(hop.shortChannelID.description)),
                  ("fee_base_msat", .unsigned(UInt64(hop.feeBaseMsat))),
                  ("fee_proportional_millionths", .unsigned(UInt64(hop.feeProportionalMillionths))),
                  ("cltv_expiry_delta", .unsigned(UInt64(hop.cltvExpiryDelta))),
                ])
              })
          })
      ))
    members.append(
      (
        "extra",
        .array(
          invoice.extraFields.map { field in
            .object([("tag", .string(String(field.letter))), ("data", .string(field.bech32Data))])
          })
      ))
    if let der = invoice.signature.der {
      members.append(("signature", .string(Hex.encode(der))))
    }
    members += [
      ("signature_compact", .string(Hex.encode(invoice.signature.compact))),
      ("recovery_id", .integer(Int64(invoice.signature.recoveryID))),
      ("warnings", .array(invoice.warnings.map { .string($0.rawValue) })),
      // Extension: the fields' type letters in received order, so `encode` can rebuild the
      // same invoice.
      ("field_order", .array(invoice.raw.fields.map { .string(String($0.letter)) })),
    ]
    if !invoice.extraFields.isEmpty {
      // Extension: which places in field_order hold an extra field rather than a known field of
      // the same letter, so `encode` puts every field back where it was.
      let slots = InvoiceBuilder(reproducing: invoice).extraFieldSlots.sorted()
      members.append(("extra_field_slots", .array(slots.map { .integer(Int64($0)) })))
    }
    return .object(members)
  }

  /// `{"valid": false, "error": {"code", "message", "position"}}`.
  public static func object(_ error: InvoiceError) -> JSON {
    .object([("valid", .bool(false)), ("error", errorBody(error))])
  }

  /// `{"code", "message", "position"?}`.
  public static func errorBody(_ error: InvoiceError) -> JSON {
    var body: [(String, JSON)] = [
      ("code", .string(error.code.rawValue)), ("message", .string(error.message)),
    ]
    if let position = error.position { body.append(("position", .integer(Int64(position)))) }
    if let field = error.field { body.append(("field", .string(String(field)))) }
    return .object(body)
  }
}
