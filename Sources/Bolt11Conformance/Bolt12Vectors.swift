import Bolt11JSON
import Bolt12

/// Runs `kind: "bolt12"` vectors: a BOLT #12 offer read and checked by `Offer.decode`.
///
/// `string` is the offer; `options` give `now` and `network`. `valid` is the verdict; `expect`
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
    let offer: Offer
    do {
      offer = try Offer.decode(text, options: options)
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
      return VectorFile.compare(expected: object["expect"], actual: try JSON.parse(offer.json))
    } catch {
      return "the offer's JSON does not parse"
    }
  }
}
