// The BOLT #12 invoice measurement: Bolt12Invoice.decode (signature included) against two floors:
// the signature floor (libsecp256k1's BIP-340 tagged hashes of the Merkle tree and one
// `secp256k1_schnorrsig_verify`, timed alone) and the full floor (that, plus the string-to-bytes
// regrouping and one `secp256k1_ec_pubkey_parse` per point the invoice carries, which the reader
// must also do). Each floor is libsecp256k1 called the plain way, a reference rather than a lower
// bound: the decoder hashes each tag once (its midstate kept) and comes in under it.
//
//   swift run -c release bolt11-bench --bolt12-invoices

import Bech32Codec
import Bolt12
import Foundation
import Secp256k1
import TestSupport

#if !DEBUG
  enum Bolt12InvoiceBench {
    /// One invoice and the inputs of its floors, prepared untimed.
    struct Item {
      var text: String
      var words: [UInt8]
      /// Each record whole, with the length of its type, signature records left out.
      var records: [(typeLength: Int, bytes: [UInt8])]
      var signature: SchnorrSignature
      var key: XOnlyPublicKey
      /// Every point the reader parses.
      var points: [[UInt8]]
    }

    /// The valid invoices of Vectors/bolt12-invoices.json.
    static func corpus() -> [Item] {
      let document = packageJSON("Vectors/bolt12-invoices.json", as: [String: Any].self)
      let list = document["vectors"] as? [[String: Any]] ?? []
      return list.compactMap { entry -> Item? in
        guard entry["valid"] as? Bool == true, entry["options"] == nil,
          let text = entry["string"] as? String, let invoice = try? Bolt12Invoice.decode(text),
          let words = Bech32.words(ofCharacters: text.dropFirst(4)),
          let stream = try? TLVStream(framing: invoice.bytes)
        else { return nil }
        let records = stream.records.filter { !MerkleRoot.isSignatureType($0.type) }.map {
          record in
          (
            typeLength: record.type < 0xfd
              ? 1 : record.type <= 0xffff ? 3 : record.type <= 0xffff_ffff ? 5 : 9,
            bytes: Array(stream.bytes[record.offset..<record.valueRange.upperBound])
          )
        }
        var points: [[UInt8]] = [invoice.nodeID.bytes, invoice.request.payerID!.bytes]
        if let issuer = invoice.offer.issuerID { points.append(issuer.bytes) }
        points += ((invoice.offer.paths ?? []) + (invoice.request.paths ?? []) + invoice.paths)
          .flatMap(\.pointBytes)
        return Item(
          text: text, words: words, records: records, signature: invoice.signature,
          key: XOnlyPublicKey(invoice.nodeID), points: points)
      }
    }

    private static let leafTag = Array("LnLeaf".utf8)
    private static let nonceTag = Array("LnNonce".utf8)
    private static let branchTag = Array("LnBranch".utf8)
    private static let signatureTag = Array("lightninginvoicesignature".utf8)

    /// The signature floor of one invoice: the tree's tagged hashes and one verification.
    @inline(__always)
    static func signatureFloor(_ item: Item) -> Bool {
      func branch(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        ReferenceTaggedHash.hash(
          tag: branchTag, message: a.lexicographicallyPrecedes(b) ? a + b : b + a)
      }
      let tag = nonceTag + item.records[0].bytes
      var level = item.records.map { record in
        branch(
          ReferenceTaggedHash.hash(tag: leafTag, message: record.bytes),
          ReferenceTaggedHash.hash(
            tag: tag, message: Array(record.bytes.prefix(record.typeLength))))
      }
      while level.count > 1 {
        var next: [[UInt8]] = []
        var index = 0
        while index + 1 < level.count {
          next.append(branch(level[index], level[index + 1]))
          index += 2
        }
        if index < level.count { next.append(level[index]) }
        level = next
      }
      let digest = ReferenceTaggedHash.hash(tag: signatureTag, message: level[0])
      return Schnorr.verify(item.signature, of: digest, by: item.key)
    }

    @inline(never)
    static func signatureFloorPass(_ items: [Item]) -> UInt64 {
      var sum: UInt64 = 0
      for item in items where signatureFloor(item) { sum &+= 1 }
      return sum
    }

    @inline(never)
    static func fullFloorPass(_ items: [Item]) -> UInt64 {
      var sum: UInt64 = 0
      for item in items {
        sum &+= bytesAndPointsFloor(words: item.words, points: item.points)
        if signatureFloor(item) { sum &+= 1 }
      }
      return sum
    }

    @inline(never)
    static func decodePass(_ items: [Item]) -> UInt64 {
      var sum: UInt64 = 0
      for item in items {
        guard let invoice = try? Bolt12Invoice.decode(item.text) else { continue }
        sum &+= invoice.amountMsat &+ UInt64(invoice.bytes.count)
      }
      return sum
    }

    /// The passes `--only` runs alone, by name.
    static let passes: [String: @Sendable ([Item]) -> UInt64] = [
      "invoice12": decodePass, "invoice12-signature-floor": signatureFloorPass,
      "invoice12-full-floor": fullFloorPass,
    ]

    /// Runs one pass `passes` times over the corpus, for a profiler such as
    /// `valgrind --tool=callgrind`, and prints its checksum.
    static func profile(_ pass: ([Item]) -> UInt64, name: String, passes: Int) {
      let items = corpus()
      var checksum: UInt64 = 0
      for _ in 0..<passes { checksum = checksum &* 31 &+ pass(items) }
      print("\(name): \(passes) passes over \(items.count) invoices; checksum \(checksum)")
    }

    /// Prints one JSON line: nanoseconds per invoice (medians of the timed passes, each 50 corpus
    /// rounds, the three taking turns) and the ratios.
    static func report(passes: Int = 21) {
      let items = corpus()
      var turns = TurnTaking(items, rounds: 50)
      let timings = turns.timings(turns: passes, [signatureFloorPass, fullFloorPass, decodePass])
      let medians = timings.map(TurnTaking<Item>.median)
      let (s, f, d) = (medians[0], medians[1], medians[2])
      print(
        "{\"bolt12_invoices\": \(items.count), \"invoice12_signature_floor_ns\": \(Int(s)), "
          + "\"invoice12_full_floor_ns\": \(Int(f)), \"invoice12_ns\": \(Int(d)), "
          + "\"invoice12_over_signature_floor\": \(String(format: "%.3f", d / s)), "
          + "\"invoice12_over_full_floor\": \(String(format: "%.3f", d / f)), "
          + "\"checksum\": \(turns.checksum)}")
    }
  }
#endif
