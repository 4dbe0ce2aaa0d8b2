import Bech32Codec
import Bolt11
import Bolt12
import Chains

extension HumanOutput {
  /// An invoice request's fields, one row each: what it asks, then who asks, then its offer's
  /// fields, every text through `SafeText.escape`.
  static func invoiceRequestRows(_ request: InvoiceRequest, style: TerminalStyle)
    -> Rows
  {
    let fields = request.request
    var rows: Rows = [
      ("amount", fields.amount.map { formatAmount(Millisatoshis($0)) } ?? "the offer's")
    ]
    if let quantity = fields.quantity { rows.append(("quantity", String(quantity))) }
    rows += copiedOfferRows(request.offer)
    if !request.offer.answersOffer {
      rows.append(("answers", "no offer: a refund, the payer asks to be paid"))
    }
    rows.append(("payer id", request.payerID.description))
    if let note = fields.payerNote { rows.append(("payer note", quoted(note))) }
    if let name = fields.bip353Name {
      rows.append(("bip353 name", "₿" + SafeText.escape(name.name + "@" + name.domain)))
    }
    rows += requestRows(fields)
    for path in fields.paths ?? [] {
      rows.append(("payer path", "\(path.hops.count) hops"))
    }
    if let offerID = request.offerID { rows.append(("offer id", offerID.description)) }
    rows.append(("merkle root", Hex.encode(request.merkleRoot.bytes)))
    rows.append(
      (
        "signature",
        request.signature == nil ? "none (an unsigned refund)" : "checked against the payer id"
      ))
    return rows + warningRows(request.warnings, request.unknownRecords, style: style)
  }

  /// A BOLT #12 invoice's fields, one row each, in the order a payer reads them.
  static func invoiceRows(_ invoice: Bolt12Invoice, now: UInt64, style: TerminalStyle)
    -> Rows
  {
    var rows: Rows = [("amount", formatAmount(Millisatoshis(invoice.amountMsat)))]
    if let quantity = invoice.request.quantity { rows.append(("quantity", String(quantity))) }
    rows += copiedOfferRows(invoice.offer)
    rows.append(("node id", invoice.nodeID.description + " (the payee; it signed the invoice)"))
    rows.append(("payment hash", Hex.encode(invoice.paymentHash)))
    rows.append(("created", UnixTime.text(invoice.createdAt)))
    if invoice.expiresAt == .max {
      rows.append(("expires", "never (beyond 2^64 - 1 seconds)"))
    } else {
      let expiry = invoice.expiresAt
      let state =
        ExpiryRule.isExpired(expiresAt: expiry, at: now)
        ? style.bad("expired \(UnixTime.durationText(now - expiry)) ago")
        : "expires in \(UnixTime.durationText(expiry - now))"
      rows.append(("expires", "\(UnixTime.text(expiry)) (\(state))"))
    }
    let usable = invoice.usablePaths.count
    rows.append(
      (
        "paths",
        "\(invoice.paths.count) blinded "
          + (invoice.paths.count == 1 ? "path" : "paths")
          + (usable == invoice.paths.count ? "" : ", \(usable) usable")
      ))
    for (path, info) in zip(invoice.paths, invoice.payinfo) {
      rows.append(
        (
          "  path",
          "\(path.hops.count) hops, fee \(info.feeBaseMsat) msat + "
            + "\(info.feeProportionalMillionths) ppm, cltv delta \(info.cltvExpiryDelta)"
            + (info.isUsable ? "" : ", " + style.bad("unusable (unknown even feature)"))
        ))
    }
    for fallback in invoice.fallbacks ?? [] {
      rows.append(
        (
          "fallback",
          "version \(fallback.version), \(Hex.encode(fallback.program))"
            + (fallback.isIgnored ? " (ignored)" : "")
        ))
    }
    if let features = invoice.features { rows.append(("features", Hex.encode(features))) }
    rows.append(("payer id", invoice.request.payerID.map(\.description) ?? "none"))
    if let note = invoice.request.payerNote { rows.append(("payer note", quoted(note))) }
    rows += requestRows(invoice.request)
    if let offerID = invoice.offerID { rows.append(("offer id", offerID.description)) }
    rows.append(("merkle root", Hex.encode(invoice.merkleRoot.bytes)))
    rows.append(("signature", "checked against the node id"))
    return rows + warningRows(invoice.warnings, invoice.unknownRecords, style: style)
  }

  /// The offer's fields a request or invoice copies that a payer reads: description, issuer,
  /// issuer id, the offer's amount and quantity limit.
  private static func copiedOfferRows(_ offer: OfferFields) -> Rows {
    var rows = Rows()
    if let description = offer.description { rows.append(("description", quoted(description))) }
    if let issuer = offer.issuer { rows.append(("issuer", quoted(issuer))) }
    if let issuerID = offer.issuerID { rows.append(("issuer id", issuerID.description)) }
    if let amount = offer.amount {
      let text =
        offer.amountMsat.map { formatAmount(Millisatoshis($0)) }
        ?? "\(amount) minor units of \(SafeText.escape(offer.currency ?? ""))"
      rows.append(("offer amount", text + " per item"))
    }
    return rows
  }

  /// The request's chain and its other fields a payer seldom reads.
  private static func requestRows(_ fields: InvoiceRequestFields) -> Rows {
    var rows: Rows = [
      (
        "network",
        (fields.network?.name ?? "unknown chain") + (fields.chain == nil ? " (no chain given)" : "")
      )
    ]
    if let features = fields.features { rows.append(("payer features", Hex.encode(features))) }
    rows.append(("payer metadata", Hex.encode(fields.metadata)))
    return rows
  }

  /// One row per unknown odd record, then one per warning.
  private static func warningRows(
    _ warnings: [Bolt12Warning], _ unknown: [UnknownRecord], style: TerminalStyle
  ) -> Rows {
    var rows = Rows()
    for record in unknown {
      rows.append(("unknown record", "type \(record.type), \(record.value.count) bytes"))
    }
    for warning in warnings {
      rows.append(
        ("warning", style.warn(warning.code.rawValue) + ": " + SafeText.escape(warning.message)))
    }
    return rows
  }

  /// A text as received, escaped and quoted.
  private static func quoted(_ text: String) -> String { "\"" + SafeText.escape(text) + "\"" }
}
