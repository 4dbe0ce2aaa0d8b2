import Bolt12
import Foundation
import Secp256k1
import Testing

@Suite struct OfferJSONTests {
  static func object(_ json: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  @Test("control characters, quotes and line separators are escaped, and read back as given")
  func escaping() throws {
    var builder = OfferBuilder()
    builder.issuerID = OfferBuilderTests.issuer
    let hostile = "a\u{1b}[31mred\u{7}\"\\\u{2028}\u{202e}b"
    builder.description = hostile
    let json = try builder.build().json
    #expect(!json.contains("\u{1b}") && !json.contains("\u{7}") && !json.contains("\u{2028}"))
    #expect(json.contains(#"\u001b"#) && json.contains(#"\u2028"#))
    #expect(try Self.object(json)["offer_description"] as? String == hostile)
  }

  @Test("a path whose first node is a channel: first_scid as BLOCKxTXxOUT and first_scid_dir")
  func channelPath() throws {
    let offer = try OfferDecodingTests.spec("same, with blinded path first_node_id using sciddir")
    let paths = try #require(try Self.object(offer.json)["offer_paths"] as? [[String: Any]])
    #expect(paths.first?["first_scid"] as? String == "0x0x42")
    #expect(paths.first?["first_scid_dir"] as? Int == 0)
    #expect(paths.first?["first_node_id"] == nil)
    #expect((paths.first?["path"] as? [Any])?.count == 2)
  }

  @Test("a refused offer: type, valid false, the error with its code and where, warnings")
  func refused() throws {
    do {
      _ = try Offer.decode("lno1pgx9getnwss8vetrw3hhyuc")
      Issue.record("decoded")
    } catch {
      let object = try Self.object(error.json(reading: .offer))
      #expect(object["type"] as? String == "bolt12 offer")
      #expect(object["valid"] as? Bool == false)
      #expect((object["warnings"] as? [Any])?.isEmpty == true)
      let inner = try #require(object["error"] as? [String: Any])
      #expect(inner["code"] as? String == "bolt12.missing_field")
      #expect(inner["field"] as? String == "offer_issuer_id")
      #expect(inner["position"] == nil && inner["tlv_offset"] == nil)
    }
  }
}
