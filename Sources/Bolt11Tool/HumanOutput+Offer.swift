import Bech32Codec
import Bolt11
import Bolt12
import PaymentInput

extension HumanOutput {
  /// The rows of a BOLT #12 string: its prefix and size, then the fields of the offer, invoice
  /// request or invoice it holds (every text through `SafeText.escape`), or the rule it breaks.
  static func bolt12Rows(_ string: Bolt12String, now: UInt64, style: TerminalStyle)
    -> Rows
  {
    var rows: Rows = [("prefix", string.hrp), ("data", "\(string.bytes.count) bytes")]
    if let error = string.error {
      rows.append(("invalid", style.bad(error.code.rawValue) + ": " + errorWhere(error)))
    } else if case .success(let offer)? = string.offer {
      rows += offerRows(offer, now: now, style: style)
    } else if case .success(let request)? = string.invoiceRequest {
      rows += invoiceRequestRows(request, style: style)
    } else if case .success(let invoice)? = string.invoice {
      rows += invoiceRows(invoice, now: now, style: style)
    }
    return rows
  }

  /// `message (at byte N of the data, type T)`, the message escaped.
  static func errorWhere(_ error: Bolt12Error) -> String {
    var text = SafeText.escape(error.message)
    if let position = error.position { text += " (at character \(position))" }
    if let offset = error.tlvOffset {
      text += " (at byte \(offset) of the data" + (error.type.map { ", type \($0)" } ?? "") + ")"
    }
    if let field = error.field { text += " (field \(field))" }
    return text
  }

  /// The amount of an offer for people: `12.50 USD`, `1,000 sat (1,000,000 msat)`, or the
  /// minor units of a currency ISO 4217 does not list.
  static func offerAmount(_ offer: Offer) -> String {
    guard let amount = offer.amount else { return "any (not specified)" }
    if let msat = offer.amountMsat { return formatAmount(Millisatoshis(msat)) }
    if let text = offer.amountText { return SafeText.escape(text) }
    return "\(amount) minor units of \(SafeText.escape(offer.currency ?? "")) (unknown currency)"
  }

  /// An offer's fields, one row each, in the order a payer reads them.
  static func offerRows(_ offer: Offer, now: UInt64, style: TerminalStyle) -> Rows {
    var rows: Rows = [("amount", offerAmount(offer))]
    if let description = offer.description {
      rows.append(("description", "\"" + SafeText.escape(description) + "\""))
    }
    if let issuer = offer.issuer { rows.append(("issuer", "\"" + SafeText.escape(issuer) + "\"")) }
    if let issuerID = offer.issuerID { rows.append(("issuer id", issuerID.description)) }
    let networks = offer.networks.map { $0?.name ?? "unknown chain" }.joined(separator: ", ")
    rows.append(("network", offer.chains == nil ? "\(networks) (no chains given)" : networks))
    if let expiry = offer.absoluteExpiry {
      let state =
        now >= expiry
        ? style.bad("expired \(UnixTime.durationText(now - expiry)) ago")
        : "expires in \(UnixTime.durationText(expiry - now))"
      rows.append(("expires", "\(UnixTime.text(expiry)) (\(state))"))
    } else {
      rows.append(("expires", "never"))
    }
    if let quantityMax = offer.quantityMax {
      rows.append(("quantity", quantityMax == 0 ? "any number of items" : "at most \(quantityMax)"))
    }
    for path in offer.paths ?? [] {
      rows.append(("blinded path", "\(path.hops.count) hops"))
    }
    if let features = offer.features { rows.append(("features", Hex.encode(features))) }
    if let metadata = offer.metadata { rows.append(("metadata", Hex.encode(metadata))) }
    for record in offer.unknownRecords {
      rows.append(("unknown record", "type \(record.type), \(record.value.count) bytes"))
    }
    rows.append(("offer id", offer.offerID.description))
    for warning in offer.warnings {
      rows.append(
        ("warning", style.warn(warning.code.rawValue) + ": " + SafeText.escape(warning.message)))
    }
    return rows
  }
}
