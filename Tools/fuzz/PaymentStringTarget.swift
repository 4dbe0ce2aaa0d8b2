// libFuzzer target: the payment-string classifier and its JSON on raw bytes, as a wallet's scanner
// receives them.
//
// Properties: nothing traps; `PaymentString.kind(ofUTF8:)` agrees with `kind(of:)` on valid UTF-8
// and with the kind that parsing gives (in its value or its error); an error's position lies
// within the input; the inspect JSON parses, says `valid`, and always has `warnings`; the invoice a
// command needs (`PaymentString.invoice(inUTF8:)`, the batch's reading) comes from an invoice or
// a URI, and its refusal's position lies within the input.

import Bolt11
import Bolt11JSON
import PaymentInput

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
  let text = String(decoding: bytes, as: UTF8.self)
  let kind = PaymentString.kind(of: text)
  if text.utf8.elementsEqual(bytes) {
    check(PaymentString.kind(ofUTF8: bytes) == kind, "byte and string recognition disagree")
  }
  // The clock and the mode from the first byte, so that expiry warnings and compat run too.
  let first = count > 0 ? bytes[0] : 0
  let options = DecodeOptions(
    mode: first & 1 == 0 ? .strict : .compat, now: first & 2 == 0 ? nil : 1_496_314_718)
  let json: String
  do {
    let string = try PaymentString(parsing: text, options: options)
    check(
      string.kind == kind, "parsed as \(string.kind), recognised as \(String(describing: kind))")
    json = string.json
  } catch {
    check(error.kind == kind, "failed as \(String(describing: error.kind)), recognised otherwise")
    if let position = error.position {
      check(position >= 0 && position <= text.utf8.count, "position \(position) outside the input")
    }
    json = error.json
  }
  do throws(PaymentStringError) {
    let (_, uri) = try PaymentString.invoice(inUTF8: bytes, options: options)
    let byteKind = PaymentString.kind(ofUTF8: bytes)
    check(
      (uri == nil) == (byteKind == .bolt11) && (byteKind == .bolt11 || byteKind == .bip321),
      "an invoice from a string recognised as \(String(describing: byteKind))")
  } catch {
    if let position = error.position {
      check(position >= 0 && position <= count, "invoice refusal at \(position), outside")
    }
  }
  guard let value = try? JSON.parse(json) else {
    fatalError("fuzz property broken: the inspect JSON does not parse: \(json)")
  }
  check(value["valid"]?.boolValue != nil, "no valid in \(json)")
  check(value["warnings"]?.arrayValue != nil, "no warnings in \(json)")
  return 0
}
