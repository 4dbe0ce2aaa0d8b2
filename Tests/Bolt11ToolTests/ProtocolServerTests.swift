import Bolt11JSON
import Bolt11ToolFixtures
import Testing

@testable import Bolt11Tool

/// `bolt11 decode --protocol`: one answer line per request line, in order.
@Suite struct ProtocolServerTests {
  static func request(_ id: Int, _ invoice: String, _ options: String = "{}") -> String {
    #"{"id": \#(id), "invoice": "\#(invoice)", "options": \#(options)}"#
  }

  @Test("each request gets its answer on its own line, in order")
  func answers() throws {
    let input = [
      Self.request(1, SpecInvoice.donation),
      "this is not a request",
      Self.request(2, SpecInvoice.badChecksum),
      Self.request(3, SpecInvoice.donation, #"{"network": "tb"}"#),
      Self.request(4, SpecInvoice.donation, #"{"network": "lnxyz"}"#),
      Self.request(5, SpecInvoice.coffee, #"{"mode": "compat", "now": 1496314658}"#),
    ].joined(separator: "\n")
    let run = runTool(["decode", "--protocol"], stdin: input + "\n")
    #expect(run.code == 0)
    let lines = try run.stdout.split(separator: "\n").map { try JSON.parse(String($0)) }
    try #require(lines.count == 6)
    #expect(lines[0]["valid"] == .bool(true))
    #expect(lines[0]["payee"]?.stringValue == SpecInvoice.payee)
    #expect(lines[1]["error"]?["code"]?.stringValue == "input.invalid_json")
    #expect(lines[2]["error"]?["code"]?.stringValue == "bech32.checksum")
    #expect(lines[3]["error"]?["code"]?.stringValue == "network.mismatch")
    #expect(lines[4]["unsupported"]?.stringValue == "network")
    // The coffee example expires one minute after it was made: at its own timestamp it is valid.
    #expect(lines[5]["valid"] == .bool(true))
  }

  /// `decode --protocol`'s answer lines to the request `lines`, parsed.
  static func answers(_ lines: [String]) throws -> [JSON] {
    let run = runTool(["decode", "--protocol"], stdin: lines.joined(separator: "\n") + "\n")
    #expect(run.code == 0)
    return try run.stdout.split(separator: "\n").map { try JSON.parse(String($0)) }
  }

  @Test("issue 40: a bolt12 request is read as an offer; another kind is unsupported")
  func offers() throws {
    // BOLT 12's offers-test.json: "Minimal bolt12 offer" (valid, its one field the issuer id)
    // and "Bech32 padding exceeds 4-bit limit" (invalid).
    let minimal = "lno1zcss9mk8y3wkklfvevcrszlmu23kfrxh49px20665dqwmn4p72pksese"
    let issuer = "02eec7245d6b7d2ccb30380bfbe2a3648cd7a942653f5aa340edcea1f283686619"
    func offer(_ id: Int, _ text: String, _ options: String = "{}") -> String {
      #"{"id": \#(id), "kind": "bolt12", "string": "\#(text)", "options": \#(options)}"#
    }
    let input = [
      offer(1, minimal),
      offer(2, minimal + "q"),
      offer(3, minimal, #"{"network": "tb"}"#),
      offer(4, minimal, #"{"network": "lnxyz"}"#),
      #"{"id": 5, "kind": "bolt13", "string": "x"}"#,
      #"{"id": 6, "kind": "bolt12"}"#,
    ]
    let lines = try Self.answers(input)
    try #require(lines.count == 6)
    #expect(lines[0]["valid"] == .bool(true))
    #expect(lines[0]["offer_issuer_id"]?.stringValue == issuer)
    #expect(lines[1]["valid"] == .bool(false))
    #expect(lines[1]["error"]?["code"]?.stringValue == "bolt12.malformed")
    #expect(lines[2]["error"]?["code"]?.stringValue == "bolt12.network_mismatch")
    #expect(lines[3]["unsupported"]?.stringValue == "network")
    #expect(lines[4]["unsupported"]?.stringValue == "bolt13")
    #expect(lines[5]["error"]?["code"]?.stringValue == "input.invalid_json")
  }

  @Test("--protocol takes its options from each request, none on the command line")
  func noOtherOptions() {
    #expect(runTool(["decode", "--protocol", "--json"]).code == 2)
    #expect(runTool(["decode", "--protocol", "--network", "bc"]).code == 2)
    #expect(runTool(["decode", "--protocol", SpecInvoice.donation]).code == 2)
  }
}
