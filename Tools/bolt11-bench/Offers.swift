// The BOLT #12 offer measurement: Offer.decode against its floor, the string-to-bytes regrouping
// plus one `secp256k1_ec_pubkey_parse` per key the offer carries.

import Bech32Codec
import Bolt12
import Foundation
import Secp256k1

#if !DEBUG
  enum OfferBench {
    /// One offer and the inputs of its floor, prepared untimed.
    struct Item {
      var text: String
      /// The data characters as 5-bit words (what the string form reads).
      var words: [UInt8]
      /// Every key: the issuer id, and each path's first node, path key and hop keys.
      var keys: [[UInt8]]
    }

    /// The valid offers of BOLT #12's `offers-test.json`, with their floor inputs.
    static func corpus() -> [Item] {
      let list = packageJSON("Vectors/spec/bolt12/offers-test.json", as: [[String: Any]].self)
      return list.compactMap { entry -> Item? in
        guard entry["valid"] as? Bool == true, let text = entry["bolt12"] as? String,
          let offer = try? Offer.decode(text),
          let words = Bech32.words(ofCharacters: text.dropFirst(4))
        else { return nil }
        let keys =
          (offer.issuerID.map { [$0.bytes] } ?? []) + (offer.paths ?? []).flatMap(\.pointBytes)
        return Item(text: text, words: words, keys: keys)
      }
    }

    /// The floor of one pass: regroup each offer's words, parse each of its keys.
    @inline(never)
    static func floorPass(_ items: [Item]) -> UInt64 {
      var sum: UInt64 = 0
      for item in items { sum &+= bytesAndPointsFloor(words: item.words, points: item.keys) }
      return sum
    }

    /// Decodes `text` `count` times; prints its record count and a checksum.
    static func repeatDecode(_ text: String, count: Int) {
      var sum: UInt64 = 0
      var records = 0
      for _ in 0..<count {
        guard let offer = try? Offer.decode(text) else {
          FileHandle.standardError.write(Data("bolt11-bench: not a valid offer\n".utf8))
          exit(1)
        }
        records = (try? TLVStream(framing: offer.bytes))?.records.count ?? 0
        sum &+= UInt64(offer.bytes.count) &+ UInt64(offer.paths?.count ?? 0)
      }
      print("records \(records) decodes \(count) checksum \(sum)")
    }

    /// Prints one JSON line: nanoseconds per offer of the floor and of `Offer.decode` (medians of
    /// the timed passes, each 100 corpus rounds, the two taking turns) and the median ratio.
    static func report(passes: Int = 21) {
      let items = corpus()
      var turns = TurnTaking(items, rounds: 100)
      let timings = turns.timings(turns: passes, [floorPass, decodePass])
      let (floor, decode) = (timings[0], timings[1])
      let ratios = zip(decode, floor).map { $0 / $1 }
      let median = TurnTaking<Item>.median
      print(
        "{\"offers\": \(items.count), \"offer_floor_ns\": \(Int(median(floor))), "
          + "\"offer_ns\": \(Int(median(decode))), "
          + "\"offer_over_floor\": \(String(format: "%.3f", median(ratios))), "
          + "\"checksum\": \(turns.checksum)}")
    }

    /// One pass of `Offer.decode` over every offer.
    @inline(never)
    static func decodePass(_ items: [Item]) -> UInt64 {
      var sum: UInt64 = 0
      for item in items {
        guard let offer = try? Offer.decode(item.text) else { continue }
        sum &+= UInt64(offer.bytes.count) &+ UInt64(offer.paths?.count ?? 0)
      }
      return sum
    }
  }
#endif
