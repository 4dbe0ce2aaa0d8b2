import Bolt11JSON
import Bolt12

/// Runs `kind: "bolt12"` vectors: a BOLT #12 offer, invoice request or invoice (by its prefix)
/// read and checked by `Offer.decode`, `InvoiceRequest.decode` or `Bolt12Invoice.decode`.
///
/// `string` is the string; `options` give `now` and `network`. `valid` is the verdict; `expect`
/// is compared with the offer's JSON (Core Lightning's `decode` names); `error` with the error's
/// code, and `position` and `tlv_offset`, when given, with where it was found.
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
    do {
      return VectorFile.compare(expected: object["expect"], actual: try JSON.parse(json))
    } catch {
      return "the decoded JSON does not parse"
    }
  }
}
