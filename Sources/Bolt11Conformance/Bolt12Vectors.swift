import Bech32Codec
import Bolt11JSON
import Bolt12

/// Runs `kind: "bolt12"` vectors: a BOLT #12 offer, invoice request or invoice (by its prefix)
/// read and checked by `Offer.decode`, `InvoiceRequest.decode` or `Bolt12Invoice.decode`.
///
/// `string` is the string; `options` give `now` and `network`. `valid` is the verdict; `expect`
/// is compared with the offer's JSON (Core Lightning's `decode` names); `records` (BOLT #12's
/// `fields`: `{"type", "length", "hex"}`) with the string's TLV records, each listed one present
/// with that length and value; `error` with the error's code, and `position` and `tlv_offset`,
/// when given, with where it was found.
enum Bolt12Vectors {
  static func run(_ object: JSON, wantsValid: Bool) -> DisplayText? {
    guard let text = object["string"]?.stringValue else { return "no \"string\"" }
    var options = ReadOptions()
    if let network = object["options"]?["network"]?.stringValue {
      guard let named = ReadOptions(network: network) else {
        return "unknown network \(network)"
      }
      options = named
    }
    options.now = object["options"]?["now"]?.unsignedValue
    let json: String
    do {
      let prefix = text.prefix(3).lowercased()
      json =
        prefix == "lnr"
        ? try InvoiceRequest.decode(text, options: options).json
        : prefix == "lni"
          ? try Bolt12Invoice.decode(text, options: options).json
          : try Offer.decode(text, options: options).json
    } catch {
      if let problem = VectorFile.checkError(
        error.code.rawValue, object: object, wantsValid: wantsValid)
      {
        return problem
      }
      if let problem = VectorFile.checkPosition(error.position, object: object) { return problem }
      guard let expected = object["tlv_offset"]?.unsignedValue else { return nil }
      return error.tlvOffset.map(UInt64.init) == expected
        ? nil : "expected tlv_offset \(expected), got \(error.tlvOffset.map(String.init) ?? "none")"
    }
    guard wantsValid else {
      return
        "expected error \(VectorFile.expectedErrors(object).joined(separator: " or ")), but it decoded"
    }
    if let records = object["records"]?.arrayValue, let problem = check(records, of: text) {
      return problem
    }
    do {
      return VectorFile.compare(expected: object["expect"], actual: try JSON.parse(json))
    } catch {
      return "the decoded JSON does not parse"
    }
  }

  /// Whether each of `records` (`{"type", "length", "hex"}`) is a record of the decoded `text`,
  /// with that length and value.
  static func check(_ records: [JSON], of text: String) -> DisplayText? {
    let stream: TLVStream
    do { stream = try TLVStream(framing: try StringForm(parsing: text).bytes) } catch {
      return "the decoded string does not frame: \(error.code.rawValue)"
    }
    for listed in records {
      guard let type = listed["type"]?.unsignedValue, let length = listed["length"]?.unsignedValue,
        let hex = listed["hex"]?.stringValue
      else { return "a record without type, length and hex: \(listed)" }
      guard let record = stream.records.first(where: { $0.type == type }) else {
        return "no record of type \(type)"
      }
      if UInt64(record.length) != length {
        return "type \(type): length \(record.length), expected \(length)"
      }
      let value = Hex.encode(stream.value(of: record))
      if value != hex.lowercased() { return "type \(type): value \(value), expected \(hex)" }
    }
    return nil
  }
}
