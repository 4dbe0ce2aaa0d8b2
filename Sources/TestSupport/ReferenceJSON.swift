import Bolt11
import Bolt11JSON
import Secp256k1

/// The test oracle of the contract's JSON: a `JSON` tree built from the public model, key by key,
/// and serialized. Independent of `InvoiceJSON`'s byte writer (different code from the model's
/// public API down), which the tests hold byte for byte to it; it was the CLI's encoder until the
/// byte writer became the only one.
package enum ReferenceJSON {
  /// The decoded invoice, keys in the contract's order.
  package static func object(_ invoice: Invoice) -> JSON {
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
      ("payee", .string(ReferenceJSON.hex(invoice.payeeNodeID.bytes))),
      ("payment_hash", .string(ReferenceJSON.hex(invoice.paymentHash.bytes))),
    ]
    if let secret = invoice.paymentSecret {
      members.append(("payment_secret", .string(ReferenceJSON.hex(secret.bytes))))
    }
    switch invoice.description {
    case .text(let text): members.append(("description", .string(text)))
    case .hash(let hash):
      members.append(("description_hash", .string(ReferenceJSON.hex(hash.bytes))))
    }
    if let metadata = invoice.paymentMetadata {
      members.append(("payment_metadata", .string(ReferenceJSON.hex(metadata))))
    }
    members.append(("min_final_cltv_expiry", .unsigned(invoice.minFinalCLTVExpiryDelta)))
    if !invoice.features.isEmpty {
      members.append(("features", .string(ReferenceJSON.hex(invoice.features.bytes))))
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
                + [("hex", .string(ReferenceJSON.hex(fallback.scriptPubKey)))])
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
                  ("pubkey", .string(ReferenceJSON.hex(hop.nodeID.bytes))),
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
    if let der = try? ECDSA.derSignature(compactSignature: invoice.signature.compact.bytes) {
      members.append(("signature", .string(ReferenceJSON.hex(der))))
    }
    members += [
      ("signature_compact", .string(ReferenceJSON.hex(invoice.signature.compact.bytes))),
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

  /// `{"valid": false, "error": {"code", "message", "position"}, "warnings": []}`.
  package static func object(_ error: InvoiceError) -> JSON {
    .object([("valid", .bool(false)), ("error", errorBody(error)), ("warnings", .array([]))])
  }

  /// `{"code", "message", "position"?}`.
  package static func errorBody(_ error: InvoiceError) -> JSON {
    var body: [(String, JSON)] = [
      ("code", .string(error.code.rawValue)), ("message", .string(error.message)),
    ]
    if let position = error.position { body.append(("position", .integer(Int64(position)))) }
    if let field = error.field { body.append(("field", .string(String(field)))) }
    return .object(body)
  }

  /// Lower-case hexadecimal, two digits a byte, by `String(_:radix:)`.
  package static func hex(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// A JSON string literal escaped scalar by scalar: what JSON requires, and every scalar
  /// `SafeText` finds unsafe as `\uXXXX` (a surrogate pair above U+FFFF).
  package static func string(_ value: String) -> [UInt8] {
    var output: [UInt8] = [UInt8(ascii: "\"")]
    func unicodeEscape(_ unit: UInt32) {
      let hex = String(unit, radix: 16)
      output += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += #"\""#.utf8
      case "\\": output += #"\\"#.utf8
      case "\n": output += #"\n"#.utf8
      case "\r": output += #"\r"#.utf8
      case "\t": output += #"\t"#.utf8
      case "\u{08}": output += #"\b"#.utf8
      case "\u{0C}": output += #"\f"#.utf8
      default:
        if scalar.value < 0x20 || SafeText.isUnsafe(scalar) {
          if scalar.value > 0xFFFF {
            let offset = scalar.value - 0x10000
            unicodeEscape(0xD800 + (offset >> 10))
            unicodeEscape(0xDC00 + (offset & 0x3FF))
          } else {
            unicodeEscape(scalar.value)
          }
        } else {
          output += UTF8.encode(scalar)!
        }
      }
    }
    output.append(UInt8(ascii: "\""))
    return output
  }

  /// Compact JSON text of `value`, strings through `string(_:)`, numbers by `String(_:)`: a
  /// serializer of its own, so that the oracle shares no code with the writer under test.
  package static func serialize(_ value: JSON) -> [UInt8] {
    switch value {
    case .null: return Array("null".utf8)
    case .bool(let flag): return Array((flag ? "true" : "false").utf8)
    case .integer(let number): return Array(String(number).utf8)
    case .unsigned(let number): return Array(String(number).utf8)
    case .double(let number): return Array((number.isFinite ? "\(number)" : "null").utf8)
    case .string(let text): return string(text)
    case .array(let values):
      return Array("[".utf8) + Array(values.map(serialize).joined(separator: [UInt8(ascii: ",")]))
        + Array("]".utf8)
    case .object(let members):
      let parts = members.map { string($0.0) + [UInt8(ascii: ":")] + serialize($0.1) }
      return Array("{".utf8) + Array(parts.joined(separator: [UInt8(ascii: ",")]))
        + Array("}".utf8)
    }
  }
}
