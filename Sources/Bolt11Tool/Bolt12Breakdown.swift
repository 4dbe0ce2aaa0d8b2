import Bech32Codec
import Bolt11
import Bolt12
import PaymentInput

/// `bolt11 explain` of a BOLT #12 offer, invoice request or invoice: its TLV records (offset,
/// type, length, name, value, meaning), as BOLT #1 frames them, then the verdict of its reader.
enum Bolt12Breakdown {
  /// A record's field, by the kind of string it stands in.
  enum Field {
    case offer(OfferField)
    case request(InvoiceRequestField)
    case invoice(InvoiceField)
    /// The BIP-340 signature of an invoice request or invoice.
    case signature

    /// The field of a record of `type` in a string of `kind`; nil for a type that kind does not
    /// define.
    init?(_ type: UInt64, in kind: Bolt12String.Kind) {
      if let field = OfferField(rawValue: type) {
        self = .offer(field)
      } else if kind != .offer, let field = InvoiceRequestField(rawValue: type) {
        self = .request(field)
      } else if kind == .invoice, let field = InvoiceField(rawValue: type) {
        self = .invoice(field)
      } else if kind != .offer, type == Bolt12Signature.recordType {
        self = .signature
      } else {
        return nil
      }
    }

    /// Its BOLT #12 name.
    var name: String {
      switch self {
      case .offer(let field): field.name
      case .request(let field): field.name
      case .invoice(let field): field.name
      case .signature: "signature"
      }
    }
  }

  /// The breakdown of `string` (read with the caller's clock and network), its first line what
  /// it was `given` as and its last line the verdict: `valid: ...`, or `invalid: <code>:
  /// <message>` with where the fault lies.
  static func render(_ string: Bolt12String, given: String, color: Bool) -> String {
    let style = TerminalStyle(color: color)
    var output = "given: \(given), \(string.bytes.count) bytes of data\n\n"
    output += "  byte  type        length  field\n"
    if let stream = try? TLVStream(framing: string.bytes) {
      for record in stream.records {
        output += line(record, value: stream.value(of: record), kind: string.kind)
      }
    } else {
      output += "  (the records do not frame: see the verdict)\n"
    }
    output += "\n"
    if let error = string.error {
      output += style.bad("invalid") + ": \(error.code.rawValue): " + HumanOutput.errorWhere(error)
      return output + "\n"
    }
    for warning in string.warnings {
      output += "warning: \(warning.code.rawValue): \(SafeText.escape(warning.message))\n"
    }
    if case .success(let offer)? = string.offer {
      output += style.good("valid") + ": a BOLT #12 offer, " + HumanOutput.offerAmount(offer)
      output += offer.issuerID.map { ", issuer id \($0.description)" } ?? ", blinded paths only"
    } else if case .success(let request)? = string.invoiceRequest {
      output += "merkle root: \(Hex.encode(request.merkleRoot.bytes))\n"
      let amount = request.request.amount.map { HumanOutput.formatAmount(Millisatoshis($0)) }
      output += style.good("valid") + ": a BOLT #12 invoice request, "
      output += amount ?? "the offer's amount"
      output += ", payer id \(request.payerID.description)"
      output +=
        request.signature == nil
        ? ", unsigned (a refund)" : ", signature checked over the merkle root"
    } else if case .success(let invoice)? = string.invoice {
      output += "merkle root: \(Hex.encode(invoice.merkleRoot.bytes))\n"
      output += style.good("valid") + ": a BOLT #12 invoice, "
      output += HumanOutput.formatAmount(Millisatoshis(invoice.amountMsat))
      output += ", node id \(invoice.nodeID.description), signature checked over the merkle root"
    }
    return output + "\n"
  }

  /// One record: `  byte  type  length  name`, then its value and meaning, indented.
  static func line(_ record: TLVRecord, value: ArraySlice<UInt8>, kind: Bolt12String.Kind)
    -> String
  {
    let field = Field(record.type, in: kind)
    let name =
      field?.name
      ?? (record.type % 2 == 0 ? "unknown even record" : "unknown odd record")
    var text =
      "  " + pad(String(record.offset), 4) + "  " + pad(String(record.type), 10) + "  "
      + pad(String(record.length), 6) + "  " + name + "\n"
    text += "        value: " + valueText(field, value) + "\n"
    text += "        " + meaning(field, type: record.type, kind: kind) + "\n"
    return text
  }

  /// The value for people: text escaped and quoted, integers in decimal, the rest in hex.
  static func valueText(_ field: Field?, _ value: ArraySlice<UInt8>) -> String {
    switch field {
    case .offer(.currency)?, .offer(.description)?, .offer(.issuer)?, .request(.payerNote)?:
      guard let text = String(validating: value, as: UTF8.self) else {
        return "not UTF-8: " + Hex.encode(Array(value))
      }
      return "\"" + SafeText.escape(text) + "\""
    case .offer(.amount)?, .offer(.absoluteExpiry)?, .offer(.quantityMax)?, .request(.amount)?,
      .request(.quantity)?, .invoice(.createdAt)?, .invoice(.amount)?:
      return integer(value, "tu64")
    case .invoice(.relativeExpiry)?:
      return integer(value, "tu32")
    default:
      return value.isEmpty ? "(empty)" : Hex.encode(Array(value))
    }
  }

  /// `N (tu64, k bytes)`, or the hex of a value too long for 64 bits.
  private static func integer(_ value: ArraySlice<UInt8>, _ type: String) -> String {
    guard value.count <= 8 else { return Hex.encode(Array(value)) }
    let number = value.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    return "\(number) (\(type), \(value.count) bytes)"
  }

  /// What a record means, in one sentence.
  static func meaning(_ field: Field?, type: UInt64, kind: Bolt12String.Kind) -> String {
    switch field {
    case .offer(let field)?: offerMeaning(field)
    case .request(let field)?: requestMeaning(field)
    case .invoice(let field)?: invoiceMeaning(field)
    case .signature?:
      kind == .invoice
        ? "the BIP-340 signature by invoice_node_id over the merkle root of the other records"
        : "the BIP-340 signature by invreq_payer_id over the merkle root of the other records"
    case nil:
      if !kind.allowsRecord(ofType: type) {
        "outside the ranges an \(kind.rawValue) string may use (\(ranges(kind)))"
      } else if type % 2 == 0 {
        "an even type this reader does not know: refused"
      } else if MerkleRoot.isSignatureType(type) {
        "an odd signature type this reader does not know: kept, and left out of the merkle root"
      } else {
        "an odd type this reader does not know: kept, and ignored"
      }
    }
  }

  private static func offerMeaning(_ field: OfferField) -> String {
    switch field {
    case .chains: "the chains (32-byte genesis hashes) the offer may be paid on"
    case .metadata: "bytes for the issuer's own use"
    case .currency: "the ISO 4217 currency of the amount"
    case .amount: "the amount per item: minor units of the currency, or msat without one"
    case .description: "what the payment is for"
    case .features: "the offer's feature bits"
    case .absoluteExpiry: "seconds since 1970 after which the offer is not paid"
    case .paths: "blinded paths to the issuer"
    case .issuer: "who issues the offer"
    case .quantityMax: "the most items one invoice may be for (0: no limit)"
    case .issuerID: "the issuer's public key"
    }
  }

  private static func requestMeaning(_ field: InvoiceRequestField) -> String {
    switch field {
    case .metadata: "bytes for the payer's own use, unpredictable and unique"
    case .chain: "the chain (a 32-byte genesis hash) the request pays on; bitcoin when absent"
    case .amount: "the amount the payer offers, in msat"
    case .features: "the request's feature bits"
    case .quantity: "how many items"
    case .payerID: "the payer's public key, which signs the request"
    case .payerNote: "a note from the payer"
    case .paths: "blinded paths to the payer"
    case .bip353Name: "the BIP-353 name (length, name, length, domain) the payer looked up"
    }
  }

  private static func invoiceMeaning(_ field: InvoiceField) -> String {
    switch field {
    case .paths: "blinded paths to the payee"
    case .blindedPay: "each path's fees, CLTV delta, HTLC limits and features, one per path"
    case .createdAt: "seconds since 1970 when the invoice was made"
    case .relativeExpiry: "seconds after invoice_created_at the invoice stops (7200 when absent)"
    case .paymentHash: "the SHA-256 of the payment preimage"
    case .amount: "the amount to pay, in msat"
    case .fallbacks: "on-chain addresses (version, program) to pay instead"
    case .features: "the invoice's feature bits"
    case .nodeID: "the payee's public key, which signs the invoice"
    }
  }

  /// The ranges of `kind`, for people: `1-79, 1000000000-1999999999`.
  private static func ranges(_ kind: Bolt12String.Kind) -> String {
    kind.recordTypeRanges.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ", ")
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }
}
