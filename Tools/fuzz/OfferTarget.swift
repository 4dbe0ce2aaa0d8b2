// libFuzzer target: the BOLT #12 offer reader on raw bytes.
//
// Byte 0 picks the form: even, the rest is the text as given (string form, cap, `+` joins); odd,
// the rest is a TLV stream written as an `lno1` string, so that mutations reach the record
// readers and the offer's rules. Bit 1 adds a clock, bit 2 a network.
//
// Properties: nothing traps; an error's position lies within the text and its record offset
// within the data; a valid offer rebuilds (OfferBuilder) to the same bytes and the same offer,
// reads back from its own text, and its JSON parses with `valid` and `warnings`.

import Bolt11JSON
import Bolt12

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
  guard let first = bytes.first else { return 0 }
  let rest = bytes.dropFirst()
  let text =
    first & 1 == 0
    ? String(decoding: rest, as: UTF8.self)
    : StringForm(kind: .offer, bytes: Array(rest)).text
  var options = ReadOptions(now: first & 2 == 0 ? nil : 1_800_000_000)
  if first & 4 != 0 { options.networks = ReadOptions(network: "tb")?.networks }
  let offer: Offer
  do {
    offer = try Offer.decode(text, options: options)
  } catch {
    if let position = error.position {
      check(position >= 0 && position <= text.unicodeScalars.count, "position \(position) outside")
    }
    if let offset = error.tlvOffset {
      check(offset >= 0 && offset < text.utf8.count, "record offset \(offset) outside the data")
    }
    check(JSON.parseable(error.json(reading: .offer)), "the error's JSON does not parse")
    return 0
  }
  do {
    let rebuilt = try OfferBuilder(offer).build()
    check(rebuilt.bytes == offer.bytes, "the rebuilt offer's bytes differ")
    check(rebuilt == offer, "the rebuilt offer differs")
    let reread = try Offer.decode(offer.text, options: options)
    check(reread == offer, "the offer's own text reads differently")
  } catch {
    fatalError("fuzz property broken: a valid offer does not rebuild or reread: \(error)")
  }
  guard let value = try? JSON.parse(offer.json) else {
    fatalError("fuzz property broken: the offer's JSON does not parse: \(offer.json)")
  }
  check(value["valid"]?.boolValue == true, "no valid in \(offer.json)")
  check(value["warnings"]?.arrayValue != nil, "no warnings in \(offer.json)")
  return 0
}

extension JSON {
  /// Whether `text` parses as JSON.
  static func parseable(_ text: String) -> Bool { (try? JSON.parse(text)) != nil }
}
