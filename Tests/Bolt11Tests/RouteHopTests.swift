import Testing

@testable import Bolt11

/// A hop keeps its node id as given: 33 bytes inline, any other length as an array, so that
/// the builder can still refuse a wrong length.
@Suite struct RouteHopTests {
  static func hop(_ nodeID: [UInt8]) -> RouteHop {
    RouteHop(
      nodeID: nodeID, shortChannelID: ShortChannelID(rawValue: 7), feeBaseMsat: 1,
      feeProportionalMillionths: 2, cltvExpiryDelta: 3)
  }

  @Test("node ids of any length come back as given", arguments: [0, 1, 32, 33, 34, 65])
  func nodeIDComesBack(_ length: Int) {
    let nodeID = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 2) }
    var hop = Self.hop(nodeID)
    #expect(hop.nodeID == nodeID)
    // The bytes in place.
    var seen: [UInt8]?
    hop.withNodeID { seen = Array($0) }
    #expect(seen == nodeID)
    let other = [UInt8](repeating: 3, count: 33)
    hop.nodeID = other
    #expect(hop.nodeID == other)
    hop.nodeID = nodeID
    #expect(hop == Self.hop(nodeID))
  }

  @Test("equal and hashed by the node id's bytes, whichever way the hop was made")
  func equality() {
    let key = [0x02] + [UInt8](repeating: 0xab, count: 32)
    let bytes = key + [UInt8](repeating: 0, count: 7) + [7] + [0, 0, 0, 1, 0, 0, 0, 2, 0, 3]
    let parsed = bytes.withUnsafeBufferPointer { RouteHop(bytes: $0) }
    #expect(parsed == Self.hop(key))
    #expect(Set([parsed, Self.hop(key)]).count == 1)
    #expect(parsed.bytes == bytes)
    #expect(parsed != Self.hop([0x03] + key.dropFirst()))
  }

  /// BOLT 11's example: "`short_channel_id`: 66051x263430x1800" for the bytes 0102030405060708.
  @Test("reads BLOCKxTXxOUT back")
  func shortChannelIDText() throws {
    let id = try #require(ShortChannelID("66051x263430x1800"))
    #expect(id.rawValue == 0x0102_0304_0506_0708)
    #expect(ShortChannelID(id.description) == id)
    #expect(
      ShortChannelID("16777215x16777215x65535")
        == ShortChannelID(block: 16_777_215, transaction: 16_777_215, output: 65535))
  }

  /// A part beyond its width (2^24, 2^24, 2^16), a missing or extra part, a sign or a letter.
  @Test(
    "refuses text that is not three numbers of 24, 24 and 16 bits",
    arguments: [
      "16777216x0x0", "0x16777216x0", "0x0x65536", "1x2", "1x2x3x4", "1xx3", "-1x2x3", "1x2xa",
      "", "1:2:3",
    ])
  func badShortChannelID(_ text: String) {
    #expect(ShortChannelID(text) == nil)
  }
}
