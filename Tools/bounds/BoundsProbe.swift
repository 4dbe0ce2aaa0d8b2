// The worst-case inputs of Tools/bounds.sh: builds one invoice of a given shape and length, signed
// with a fake key, and decodes it once inside `measuredDecode`, the one function callgrind counts
// (--toggle-collect). Building the input is not counted.
//
//   bounds-probe KIND LENGTH     print the invoice's length and decode it (strict, full check)
//   bounds-probe --print KIND LENGTH
//
// Kinds (each as many fields as fit in LENGTH characters):
//   tiny         empty fields of unknown types (3 characters each: the most fields per character)
//   descriptions the longest `d` and `m` that fit (up to 1023 characters), then 1023-character
//                unknown fields
//   routes       `r` fields of 12 hops (the most a field holds)
//   fallbacks    `f` fields (P2WSH, 53 characters each)
//   features     a `9` of up to 1023 characters with every odd bit set, then empty unknown fields
//   mixed        a repeating mix of all of the above, small
//   late-error   `tiny`, with the payment hash missing (fails after reading every field)
//   too-long     LENGTH characters that are not an invoice (refused by the length cap)
//
// Payment strings (`PaymentString(parsing:)`, no length cap: measured at 100 times LENGTH):
//   uri-params   a `bitcoin:` URI of many short unknown parameters
//   uri-percent  a URI whose `label` is all percent-escapes
//   offer-plus   a BOLT #12 offer cut into one-character parts joined by `+`
//   lnurl        a `lnurl1` string of LENGTH data characters (its checksum fails at the end)
//   address-at   a Lightning Address whose user part is LENGTH characters

import Bech32Codec
import Bolt11
import PaymentInput
import TestSupport

/// A fake key for measurements only: 32 bytes of 0x01. Not a real key.
let key = FakeKeys.signingKey()
let hrp = "lnbc"

/// Characters an invoice takes besides its tagged fields: "lnbc", "1", timestamp, signature,
/// checksum.
let overhead = hrp.utf8.count + 1 + 7 + 104 + 6

typealias Field = (tag: UInt8, words: [UInt8])

func letter(_ character: Character) -> UInt8 { Bech32.word(of: character)! }

func words(_ bytes: [UInt8]) -> [UInt8] { Bech32.words(fromBytes: bytes) }

let required: [Field] = [
  (letter("p"), words([UInt8](repeating: 0x01, count: 32))),
  (letter("s"), words([UInt8](repeating: 0x11, count: 32))),
]
let shortDescription: Field = (letter("d"), words(Array("bounds".utf8)))
/// Types no reader interprets: every letter but `p r 9 x f d s n h c m`.
let unknownTags: [UInt8] = Bech32.words(ofCharacters: "qzygt2vw03j54ke6ual7")!

/// The secp256k1 generator: a valid compressed key for route hops.
let generator: [UInt8] = [
  0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0, 0x62, 0x95, 0xce, 0x87, 0x0b,
  0x07, 0x02, 0x9b, 0xfc, 0xdb, 0x2d, 0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16, 0xf8, 0x17,
  0x98,
]

func routeField(hops: Int) -> Field {
  let hop = generator + [UInt8](repeating: 0x07, count: 18)  // scid, fees, cltv: 8 + 4 + 4 + 2
  return (letter("r"), words(Array(Array(repeating: hop, count: hops).joined())))
}

func fallbackField() -> Field { (letter("f"), [0] + words([UInt8](repeating: 0x5a, count: 32))) }

/// A `9` field of `count` words with every odd bit set (odd bits are optional, so no unknown
/// required bit fails the invoice).
func featuresField(count: Int) -> Field {
  (
    letter("9"),
    (0..<count).map { index in
      let lowestBit = (count - 1 - index) * 5
      return lowestBit % 2 == 0 ? 0b01010 : 0b10101
    }
  )
}

/// Appends fields made by `next` while the invoice stays within `length` characters, then pads
/// with empty unknown fields (3 characters each) as far as they fit.
func fill(_ fields: inout [Field], length: Int, _ next: (_ index: Int, _ room: Int) -> Field?) {
  var used = overhead + fields.reduce(0) { $0 + 3 + $1.words.count }
  var index = 0
  while let field = next(index, length - used - 3), used + 3 + field.words.count <= length {
    fields.append(field)
    used += 3 + field.words.count
    index += 1
  }
  while used + 3 <= length {
    fields.append((unknownTags[index % unknownTags.count], []))
    used += 3
    index += 1
  }
}

func invoice(kind: String, length: Int) -> String {
  var fields = required
  switch kind {
  case "tiny", "late-error":
    fields.append(shortDescription)
    if kind == "late-error" { fields.removeFirst() }
    fill(&fields, length: length) { _, _ in nil }
  case "descriptions":
    // The longest `d` and `m` that fit (639 bytes: 1023 words), then 1023-word unknown fields.
    fill(&fields, length: length) { index, room in
      let bytes = max(0, min(639, room * 5 / 8))
      switch index {
      case 0: return (letter("d"), words([UInt8](repeating: 0x61, count: bytes)))
      case 1: return (letter("m"), words([UInt8](repeating: 0x6d, count: bytes)))
      default: return (unknownTags[index % unknownTags.count], [UInt8](repeating: 7, count: 1023))
      }
    }
  case "routes":
    fields.append(shortDescription)
    fill(&fields, length: length) { _, _ in routeField(hops: 12) }
  case "fallbacks":
    fields.append(shortDescription)
    fill(&fields, length: length) { _, _ in fallbackField() }
  case "features":
    fields.append(shortDescription)
    let room = length - overhead - fields.reduce(0) { $0 + 3 + $1.words.count } - 3
    fields.append(featuresField(count: max(1, min(1023, room))))
    fill(&fields, length: length) { _, _ in nil }
  case "mixed":
    fields.append(shortDescription)
    fill(&fields, length: length) { index, _ in
      switch index % 4 {
      case 0: routeField(hops: 2)
      case 1: fallbackField()
      case 2: (unknownTags[index % unknownTags.count], [1, 2, 3])
      default: (letter("f"), [19, 1, 2, 3])  // a fallback of unknown version: skipped
      }
    }
  default:
    fatalError("unknown kind \(kind)")
  }
  var data = (0..<7).map { UInt8((1_700_000_000 >> (5 * (6 - $0))) & 31) }
  for field in fields {
    data += [field.tag, UInt8(field.words.count >> 5), UInt8(field.words.count & 31)]
    data += field.words
  }
  return InvoiceSigner.sign(hrp: hrp, dataWords: data, key: key)
}

/// A payment string of `kind` and about `length` characters, or nil for an invoice kind.
func paymentString(kind: String, length: Int) -> String? {
  switch kind {
  case "uri-params": "bitcoin:?" + String(repeating: "ab=c&", count: length / 5)
  case "uri-percent": "bitcoin:?label=" + String(repeating: "%41", count: length / 3)
  case "offer-plus": "lno1" + String(repeating: "q+", count: length / 2) + "q"
  case "lnurl": "lnurl1" + String(repeating: "q", count: length)
  case "address-at": String(repeating: "a", count: length) + "@example.com"
  default: nil
  }
}

/// The decode that callgrind measures: an invoice, or a payment string when `isPaymentString`.
@inline(never)
func measuredDecode(_ text: String, isPaymentString: Bool = false) -> Int {
  if isPaymentString {
    do {
      return try PaymentString(parsing: text).kind.rawValue.utf8.count
    } catch {
      return -(error.position ?? 0) - 1
    }
  }
  do {
    let decoded = try Invoice.decode(text)
    return decoded.extraFields.count + decoded.routeHints.count + decoded.fallbacks.count
  } catch {
    return -Int(error.position ?? 0) - 1
  }
}

var arguments = Array(CommandLine.arguments.dropFirst())
let printOnly = arguments.first == "--print"
if printOnly { arguments.removeFirst() }
guard arguments.count == 2, let length = Int(arguments[1]) else {
  fatalError("usage: bounds-probe [--print] KIND LENGTH")
}
let text: String
let payment = paymentString(kind: arguments[0], length: 100 * length)
if let payment {
  text = payment
} else if arguments[0] == "too-long" {
  // Mixed case at character 5: the Bech32 layer would refuse this with bech32.mixed_case.
  text = "lnbc1Q" + String(repeating: "q", count: max(0, length - 6))
} else {
  text = invoice(kind: arguments[0], length: length)
}
if printOnly {
  print(text)
} else {
  print(text.utf8.count, measuredDecode(text, isPaymentString: payment != nil))
}
