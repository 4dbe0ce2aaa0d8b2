import Bolt11JSON
import Bolt11ToolFixtures
import Bolt12
import Foundation
import Secp256k1
import TestSupport
import Testing

/// `bolt11 inspect` of BOLT #12 offers: the decoded object under `bolt12`, a broken offer's
/// error at the top level and in `bolt12`, the clock and the network, and the human output.
/// Strings and fields are BOLT #12's own vectors (`Vectors/spec/bolt12/offers-test.json`).
@Suite struct InspectOfferTests {
  @Test("bolt12-issue40: inspect --json of an offer holds the decoded object under bolt12")
  func decoded() throws {
    let text = try Bolt12VectorFiles.string("with currency")
    let run = runTool(["inspect", "--json", "lightning:" + text])
    #expect(run.code == 0, "\(run.stderr)")
    let json = try JSON.parse(run.stdout)
    #expect(json["kind"] == .string("bolt12_offer") && json["valid"] == .bool(true))
    let offer = try #require(json["bolt12"])
    #expect(offer["type"] == .string("bolt12 offer") && offer["valid"] == .bool(true))
    // Fields 6 ("USD") and 8 (0x2710); ISO 4217 gives USD two decimals.
    #expect(offer["offer_currency"] == .string("USD"))
    #expect(offer["offer_amount"] == .unsigned(10_000))
    #expect(offer["currency_minor_unit"] == .unsigned(2))
    #expect(offer["offer_description"] == .string("Test vectors"))
    // The vector's note: "amount is USD $100.00".
    let human = runTool(["inspect", text])
    #expect(human.code == 0)
    #expect(human.stdout.contains("100.00 USD"), "\(human.stdout)")
    #expect(human.stdout.contains("\"Test vectors\""))
  }

  @Test("bolt12-issue40: a broken offer: valid false, the error at the top level and in bolt12")
  func broken() throws {
    let run = runTool([
      "inspect", "--json", try Bolt12VectorFiles.string("Malformed: unknown even TLV type 78"),
    ])
    #expect(run.code == 1)
    let json = try JSON.parse(run.stdout)
    #expect(json["valid"] == .bool(false))
    #expect(json["hrp"] == .string("lno"))
    #expect(json["error"]?["code"] == .string("bolt12.unknown_even"))
    // Records 10 (2 + 5 bytes) and 22 (2 + 33 bytes) come first: the even one starts at 42.
    #expect(json["error"]?["tlv_offset"] == .unsigned(42))
    let bolt12 = try #require(json["bolt12"])
    #expect(bolt12.objectValue?.map(\.0) == ["type", "valid", "error", "warnings"])
    #expect(bolt12["error"] == json["error"])
    #expect(run.stderr.hasPrefix("error: bolt12.unknown_even: "), "\(run.stderr)")
  }

  @Test("bolt12-issue40: --now and --network judge the offer")
  func clockAndNetwork() throws {
    let expiring = try Bolt12VectorFiles.string("with expiry")
    // Field 14 is 0x7a4297d8: 2035-01-01.
    let expiry: UInt64 = 0x7a42_97d8
    #expect(runTool(["inspect", "--json", expiring, "--now", String(expiry - 1)]).code == 0)
    let expired = runTool(["inspect", "--json", expiring, "--now", String(expiry)])
    #expect(expired.code == 1)
    #expect(try JSON.parse(expired.stdout)["error"]?["code"] == .string("bolt12.expired"))
    let testnet = try Bolt12VectorFiles.string("for testnet")
    #expect(runTool(["inspect", "--json", testnet, "--network", "tb"]).code == 0)
    let mainnet = runTool(["inspect", "--json", testnet, "--network", "bitcoin"])
    #expect(mainnet.code == 1)
    #expect(try JSON.parse(mainnet.stdout)["error"]?["code"] == .string("bolt12.network_mismatch"))
    // In a URI's lno= too.
    let uri = runTool(["inspect", "--json", "bitcoin:?lno=" + testnet, "--network", "bc"])
    #expect(uri.code == 1)
    let entry = try JSON.parse(uri.stdout)["lno"]?.arrayValue?.first
    #expect(entry?["bolt12"]?["error"]?["code"] == .string("bolt12.network_mismatch"))
  }

  @Test("bolt12-issue40: hostile text in an offer never reaches the terminal raw")
  func hostileText() throws {
    var builder = OfferBuilder()
    builder.description = "pay\u{1B}[2J\u{202E}me"
    builder.issuer = "evil\u{07}"
    builder.issuerID = try #require(
      PublicKey(
        hex: "02eec7245d6b7d2ccb30380bfbe2a3648cd7a942653f5aa340edcea1f283686619"))
    let offer = try builder.build()
    let human = runTool(["inspect", offer.text])
    #expect(human.code == 0, "\(human.stderr)")
    for raw in ["\u{1B}", "\u{202E}", "\u{07}"] { #expect(!human.stdout.contains(raw)) }
    #expect(human.stdout.contains("pay"))
  }
}

/// The README's `inspect` of an offer shows what the command prints.
@Suite struct ReadmeOfferExampleTests {
  @Test("bolt12-issue40: the README's inspect output of an offer is the command's")
  func readmeMatches() throws {
    let readme = try String(
      contentsOf: PackageFolder.root().appendingPathComponent("README.md"), encoding: .utf8)
    let command = "swift run bolt11 inspect "
    let start = try #require(readme.range(of: command))
    let offer = String(readme[start.upperBound...].prefix { !$0.isNewline })
    let shown = try #require(
      readme.range(of: "```text\n", range: start.upperBound..<readme.endIndex))
    let end = try #require(readme.range(of: "```", range: shown.upperBound..<readme.endIndex))
    let run = runTool(["inspect", offer])
    #expect(run.code == 0)
    #expect(run.stdout == String(readme[shown.upperBound..<end.lowerBound]))
  }
}
