import Bech32Codec
import Bolt11
import Bolt12
import PaymentInput

/// `bolt11 explain` of a BOLT #12 offer: its TLV records (offset, type, length, name, value,
/// meaning), as BOLT #1 frames them, then the verdict of the offer reader.
enum OfferBreakdown {
  /// The breakdown of `string` (read with the caller's clock and network), its last line the
  /// verdict: `valid: ...`, or `invalid: <code>: <message>` with where the fault lies.
  static func render(_ string: Bolt12String, color: Bool) -> String {
    let style = TerminalStyle(color: color)
    var output = "given: a BOLT #12 offer, \(string.bytes.count) bytes of data\n\n"
    output += "  byte  type        length  field\n"
    if let stream = try? TLVStream(framing: string.bytes) {
      for record in stream.records {
        output += line(record, value: stream.value(of: record))
      }
    } else {
      output += "  (the records do not frame: see the verdict)\n"
    }
    output += "\n"
    switch string.offer {
    case .success(let offer)?:
      for warning in offer.warnings {
        output += "warning: \(warning.code.rawValue): \(SafeText.escape(warning.message))\n"
      }
      output += style.good("valid") + ": a BOLT #12 offer, " + HumanOutput.offerAmount(offer)
      output += offer.issuerID.map { ", issuer id \($0.description)" } ?? ", blinded paths only"
      output += "\n"
    case .failure(let error)?:
      output += style.bad("invalid") + ": \(error.code.rawValue): " + HumanOutput.errorWhere(error)
      output += "\n"
    case nil:
      output += "not an offer\n"
    }
    return output
  }

  /// One record: `  byte  type  length  name`, then its value and meaning, indented.
  static func line(_ record: TLVRecord, value: ArraySlice<UInt8>) -> String {
    let field = OfferField(rawValue: record.type)
    let name =
      field?.name
      ?? (record.type % 2 == 0 ? "unknown even record" : "unknown odd record")
    var text =
      "  " + pad(String(record.offset), 4) + "  " + pad(String(record.type), 10) + "  "
      + pad(String(record.length), 6) + "  " + name + "\n"
    text += "        value: " + valueText(field, value) + "\n"
    text += "        " + meaning(field, type: record.type) + "\n"
    return text
  }

  /// The value for people: text escaped and quoted, integers in decimal, the rest in hex.
  static func valueText(_ field: OfferField?, _ value: ArraySlice<UInt8>) -> String {
    switch field {
    case .currency?, .description?, .issuer?:
      guard let text = String(validating: value, as: UTF8.self) else {
        return "not UTF-8: " + Hex.encode(Array(value))
      }
      return "\"" + SafeText.escape(text) + "\""
    case .amount?, .absoluteExpiry?, .quantityMax?:
      guard value.count <= 8 else { return Hex.encode(Array(value)) }
      let number = value.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      return "\(number) (tu64, \(value.count) bytes)"
    default:
      return value.isEmpty ? "(empty)" : Hex.encode(Array(value))
    }
  }

  /// What a record means, in one sentence.
  static func meaning(_ field: OfferField?, type: UInt64) -> String {
    switch field {
    case .chains?: "the chains (32-byte genesis hashes) the offer may be paid on"
    case .metadata?: "bytes for the issuer's own use"
    case .currency?: "the ISO 4217 currency of the amount"
    case .amount?: "the amount per item: minor units of the currency, or msat without one"
    case .description?: "what the payment is for"
    case .features?: "the offer's feature bits"
    case .absoluteExpiry?: "seconds since 1970 after which the offer is not paid"
    case .paths?: "blinded paths to the issuer"
    case .issuer?: "who issues the offer"
    case .quantityMax?: "the most items one invoice may be for (0: no limit)"
    case .issuerID?: "the issuer's public key"
    case nil:
      if !OfferField.isInOfferRange(type) {
        "outside the ranges an offer may use (1-79, 1000000000-1999999999)"
      } else if type % 2 == 0 {
        "an even type this reader does not know: refused"
      } else {
        "an odd type this reader does not know: kept, and ignored"
      }
    }
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }
}
