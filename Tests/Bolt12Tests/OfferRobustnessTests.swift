import Bolt12
import TestSupport
import Testing

/// Offers cut or mutated anywhere: an error with its place inside the input, or a valid offer that
/// rebuilds to its own bytes; never a trap.
@Suite struct OfferRobustnessTests {
  static let valid = SpecOffers.rows.filter(\.valid)

  /// Decodes `bytes` written as an offer string; checks what any outcome must satisfy.
  static func judge(_ bytes: [UInt8]) {
    let text = StringForm(kind: .offer, bytes: bytes).text
    do {
      let offer = try Offer.decode(text)
      #expect(offer.bytes == bytes)
      #expect(try OfferBuilder(offer).build().bytes == bytes)
    } catch {
      #expect(error.position == nil || error.code == .malformed)
      if let offset = error.tlvOffset { #expect(offset < bytes.count) }
    }
  }

  @Test("every truncation of a valid offer's bytes and text", arguments: valid)
  func truncations(_ row: SpecOffers.Row) throws {
    let bytes = try Offer.decode(row.string).bytes
    for end in 0..<bytes.count { Self.judge(Array(bytes[..<end])) }
    for end in 0..<row.string.utf8.count {
      let cut = String(decoding: row.string.utf8.prefix(end), as: UTF8.self)
      do {
        // A cut offer may still be one: its bytes then end on a record's boundary.
        _ = try Offer.decode(cut)
      } catch {
        if let position = error.position { #expect(position <= end) }
      }
    }
  }

  @Test("a seeded mutation loop over the valid offers' bytes") func mutations() throws {
    var random = SplitMix64(seed: 12)
    for row in Self.valid {
      let original = try Offer.decode(row.string).bytes
      for _ in 0..<200 {
        var bytes = original
        for _ in 0...Int(random.next() % 3) {
          let index = Int(random.next() % UInt64(bytes.count))
          switch random.next() % 3 {
          case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
          case 1: bytes.remove(at: index)
          default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: index)
          }
          if bytes.isEmpty { bytes = [0] }
        }
        Self.judge(bytes)
      }
    }
  }
}
