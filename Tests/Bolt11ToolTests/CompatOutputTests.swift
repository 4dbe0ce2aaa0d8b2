import Bolt11JSON
import Bolt11Tool
import Bolt11ToolFixtures
import Testing

/// What `--compat` shows for invoices strict mode refuses only because a payer must not pay them.
@Suite struct CompatOutputTests {
  /// lnd's simnet prefix, 10u = 10 * 10^-6 BTC = 1,000,000 msat, signed by the fixture key.
  static let simnet = Fixture.invoice(description: "simnet", hrp: "lnsb10u")

  @Test("decode --compat --json: currency as written, network simnet, the strict code as warning")
  func simnetJSON() throws {
    let strict = runTool(["decode", "--json", Self.simnet])
    #expect(strict.code == 1)
    #expect(try JSON.parse(strict.stdout)["error"]?["code"] == .string("hrp.unknown_prefix"))
    let run = runTool(["decode", "--compat", "--json", Self.simnet])
    #expect(run.code == 0)
    let object = try JSON.parse(run.stdout)
    #expect(object["currency"] == .string("sb"))
    #expect(object["network"] == .string("simnet"))
    #expect(object["amount_msat"] == .unsigned(1_000_000))
    #expect(object["payee"] == .string(Fixture.payee))
    #expect(object["warnings"] == .array([.string("hrp.unknown_prefix")]))
  }

  @Test("an unknown prefix whose network is not known: network is null")
  func unknownNetworkIsNull() throws {
    let run = runTool([
      "decode", "--compat", "--json", Fixture.invoice(description: "x", hrp: "lnxy"),
    ])
    #expect(run.code == 0)
    let object = try JSON.parse(run.stdout)
    #expect(object["currency"] == .string("xy"))
    #expect(object["network"] == .null)
  }

  @Test("--network is checked against an unknown prefix too: network.mismatch")
  func networkMismatch() {
    let run = runTool(["decode", "--compat", "--network", "bc", Self.simnet])
    #expect(run.code == 1)
    #expect(run.stderr.hasPrefix("error: network.mismatch: "))
  }

  @Test("the spec's invoice without s: no payment_secret key, warning field.missing_payment_secret")
  func missingSecret() throws {
    let run = runTool(["decode", "--compat", "--json", SpecInvoice.missingSecret])
    #expect(run.code == 0)
    let object = try JSON.parse(run.stdout)
    #expect(object["payment_secret"] == nil)
    #expect(object["warnings"] == .array([.string("field.missing_payment_secret")]))
    // 20m = 20 * 10^-3 BTC = 2,000,000,000 msat.
    #expect(object["amount_msat"] == .unsigned(2_000_000_000))
  }

  @Test("explain --compat lists the warnings just before the verdict, which stays the last line")
  func explainWarnings() {
    let run = runTool(["explain", "--compat", Self.simnet])
    #expect(run.code == 0)
    #expect(run.stdout.contains("unknown currency \"sb\""))
    let lines = run.stdout.lines.filter { !$0.isEmpty }
    #expect(lines.last?.hasPrefix("valid: ") == true)
    #expect(lines.dropLast().last == "warning: hrp.unknown_prefix")
    let strict = runTool(["explain", Self.simnet])
    #expect(strict.code == 1)
    #expect(strict.stdout.contains("invalid: hrp.unknown_prefix: "))
  }

  @Test("the human summary names the network and the missing secret")
  func humanSummary() {
    let simnet = runTool(["decode", "--compat", Self.simnet])
    #expect(simnet.code == 0)
    #expect(simnet.stdout.contains("simnet (sb)"))
    let noSecret = runTool(["decode", "--compat", SpecInvoice.missingSecret])
    #expect(noSecret.code == 0)
    let secretRow = noSecret.stdout.lines.first { $0.contains("payment secret") }
    #expect(secretRow?.hasSuffix(" none") == true)
    #expect(noSecret.stdout.contains("field.missing_payment_secret"))
  }

  @Test("validate stays strict: an lnsb invoice is refused with hrp.unknown_prefix")
  func validateStaysStrict() throws {
    let run = runTool([
      "validate", Self.simnet, "--amount-msat", "1000000", "--node-id", Fixture.payee,
      "--now", "1700000000",
    ])
    #expect(run.code == 1)
    let verdict = try JSON.parse(String(run.stdout.lines[0]))
    #expect(verdict["ok"] == .bool(false))
    #expect(verdict["error"]?["code"] == .string("hrp.unknown_prefix"))
    #expect(runTool(["validate", "--compat", Self.simnet]).code == 2)
  }
}
