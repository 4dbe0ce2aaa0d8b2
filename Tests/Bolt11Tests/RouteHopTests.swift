import Secp256k1
import Testing

@testable import Bolt11

/// A hop's key is a `PublicKey`; a hop read from 51 bytes is the same hop as one made from its
/// parts, and writes the same bytes back.
@Suite struct RouteHopTests {
  static func hop(_ nodeID: PublicKey) -> RouteHop {
    RouteHop(
      nodeID: nodeID, shortChannelID: ShortChannelID(rawValue: 7), feeBaseMsat: 1,
      feeProportionalMillionths: 2, cltvExpiryDelta: 3)
  }

  @Test("equal and hashed by the node id's bytes, whichever way the hop was made")
  func equality() throws {
    let keyBytes: [UInt8] = [0x02] + [UInt8](repeating: 0xab, count: 32)
    let key = try #require(PublicKey(bytes: keyBytes))
    let bytes = keyBytes + [UInt8](repeating: 0, count: 7) + [7] + [0, 0, 0, 1, 0, 0, 0, 2, 0, 3]
    let parsed = try #require(bytes.withUnsafeBufferPointer { RouteHop(bytes: $0) })
    #expect(parsed == Self.hop(key))
    #expect(Set([parsed, Self.hop(key)]).count == 1)
    #expect(parsed.bytes == bytes)
    #expect(parsed != Self.hop(PublicKey(bytes: [0x03] + keyBytes.dropFirst())!))
  }

  @Test("51 bytes whose key starts neither 02 nor 03 make no hop", arguments: [0x00, 0x04, 0x05])
  func malformedKey(_ prefix: UInt8) {
    let bytes = [prefix] + [UInt8](repeating: 0xab, count: 32) + [UInt8](repeating: 1, count: 18)
    #expect(bytes.withUnsafeBufferPointer { RouteHop(bytes: $0) } == nil)
  }

  @Test(
    "BLOCKxTXxOUT is the three numbers in decimal, at every width",
    arguments: [0, 1, 9, 10, 0x0102_0304_0506_0708, 0x0000_0A00_0009_0064, UInt64.max])
  func shortChannelIDText(_ rawValue: UInt64) {
    let id = ShortChannelID(rawValue: rawValue)
    // Independently: the raw value's top 24, next 24 and low 16 bits, by String(_:).
    let expected = "\(rawValue >> 40)x\((rawValue >> 16) & 0xff_ffff)x\(rawValue & 0xffff)"
    #expect(id.description == expected)
    var bytes: [UInt8] = []
    id.withText { bytes = Array($0) }
    #expect(bytes == Array(expected.utf8))
    #expect(bytes.count <= ShortChannelID.maximumTextLength)
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
