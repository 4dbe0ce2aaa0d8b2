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

  @Test("--protocol takes its options from each request, none on the command line")
  func noOtherOptions() {
    #expect(runTool(["decode", "--protocol", "--json"]).code == 2)
    #expect(runTool(["decode", "--protocol", "--network", "bc"]).code == 2)
    #expect(runTool(["decode", "--protocol", SpecInvoice.donation]).code == 2)
  }
}
