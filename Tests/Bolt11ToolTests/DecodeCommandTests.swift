import Bolt11JSON
import Bolt11Tool
import Bolt11ToolFixtures
import Testing

@Suite struct DecodeCommandTests {
  @Test("--json gives the contract's object with the spec's values")
  func json() throws {
    let run = runTool(["decode", "--json", SpecInvoice.coffee])
    #expect(run.code == 0)
    #expect(run.stderr.isEmpty)
    let object = try JSON.parse(run.stdout)
    // The spec: 2500u = 2500 * 10^-6 BTC = 250,000,000 msat; "1 cup coffee"; expiry 60 (`pu`).
    #expect(object["amount_msat"] == .unsigned(250_000_000))
    #expect(object["description"] == .string("1 cup coffee"))
    #expect(object["expiry"] == .unsigned(60))
    #expect(object["created_at"] == .unsigned(SpecInvoice.timestamp))
    #expect(object["payee"] == .string(SpecInvoice.payee))
    #expect(
      object["payment_hash"]
        == .string("0001020304050607080900010203040506070809000102030405060708090102"))
    #expect(run.stdout.lines.count == 1)
  }

  @Test("--check-route-keys refuses a route hop key off the curve; without it the hop is kept")
  func checkRouteKeys() throws {
    // From Vectors/bolt11-edge.json: the second hop's key is 02 with x = 5, which has no point
    // on secp256k1 (5^3 + 7 is not a square mod p; checked in Python).
    let invoice =
      "lnbc1pvjluezpp5qqqsyqcyq5rqwzqfpg9scrgwpugpzysnzs23v9ccrydpk8qarc0ssp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsdq0v4jxwefqvdshxegr9yqff3lesxsy69q0f8yvfnyf7gv7kglfkg83fhaxjyc0zmm0wtrl3nwz4wvqqqqqqqqqqqqqlgqqqqqqqq9qpqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqpg24essqqqpqqqsqqqrayqqqqq2qq5skpm5h06k4a4x6mj8akzjsfz2kgy8xtlgupfczl8yx0hlkxaud934z9ht5fchyxr5yr60j2xx0ppd2zp6gthxp766fuqrmpqwkyxrg8qpszjmtw"
    let plain = runTool(["decode", "--json", invoice])
    #expect(plain.code == 0)
    let hops = try JSON.parse(plain.stdout)["routes"]?.arrayValue?.first?.arrayValue
    #expect(hops?.count == 2)
    #expect(hops?.last?["pubkey"] == .string("02" + String(repeating: "00", count: 31) + "05"))
    let checked = runTool(["decode", "--json", "--check-route-keys", invoice])
    #expect(checked.code == 1)
    #expect(checked.stderr.hasPrefix("error: field.invalid_pubkey: "))
  }

  @Test("- reads the invoice from stdin, with a lightning: prefix and white space")
  func standardInput() throws {
    let run = runTool(["decode", "--json", "-"], stdin: "  LIGHTNING:\(SpecInvoice.coffee)\n")
    #expect(run.code == 0)
    #expect(try JSON.parse(run.stdout)["amount_msat"] == .unsigned(250_000_000))
  }

  @Test("the human summary: sats and msat, network, payee, description, times against the clock")
  func humanSummary() {
    // Created 18 minutes before the clock, default expiry 3600 s: 42 minutes left.
    let run = runTool(["decode", SpecInvoice.donation], now: SpecInvoice.timestamp + 18 * 60)
    #expect(run.code == 0)
    let text = run.stdout
    #expect(text.hasPrefix("valid bolt11 invoice\n"))
    #expect(text.contains("any (not specified)"))
    #expect(text.contains("bitcoin (bc)"))
    #expect(text.contains(SpecInvoice.payee))
    #expect(text.contains("\"Please consider supporting this project\""))
    #expect(text.contains("2017-06-01 10:57:38 UTC (18 min ago)"))
    #expect(text.contains("2017-06-01 11:57:38 UTC (expires in 42 min"))
    #expect(text.contains("var_onion_optin"))
    #expect(text.contains("payment_secret"))
    #expect(!text.contains("\u{1B}"))
  }

  @Test("amounts in sats and msat; relative expiry in the past")
  func amountAndExpired() {
    // Expiry 60 s; the clock 3 hours later.
    let run = runTool(["decode", SpecInvoice.coffee], now: SpecInvoice.timestamp + 60 + 3 * 3600)
    #expect(run.stdout.contains("250,000 sat (250,000,000 msat)"))
    #expect(run.stdout.contains("expired 3 h ago"))
  }

  @Test("--now is the clock of the summary")
  func nowOption() {
    let run = runTool(
      ["decode", "--now", String(SpecInvoice.timestamp + 30), SpecInvoice.coffee], now: 0)
    #expect(run.code == 0)
    #expect(run.stdout.contains("expires in 30 s"))
  }

  @Test("route hints and fallbacks are listed")
  func routesAndFallbacks() {
    let run = runTool(["decode", SpecInvoice.routed])
    #expect(run.stdout.contains("1RustyRX2oai4EYYDpQGWvEL62BBGqN9T (P2PKH)"))
    #expect(
      run.stdout.contains(
        "029e03a901b85534ff1e92c43c74431f7ce72046060fcf7a95c37e148f78c77255 via 66051x263430x1800"))
    #expect(
      run.stdout.contains(
        "039e03a901b85534ff1e92c43c74431f7ce72046060fcf7a95c37e148f78c77255 via 197637x395016x2314")
    )
  }

  @Test("colour only on a terminal, and never with NO_COLOR")
  func colour() {
    #expect(
      runTool(["decode", SpecInvoice.coffee], stdoutIsTerminal: true).stdout.contains("\u{1B}["))
    #expect(
      !runTool(["decode", SpecInvoice.coffee], stdoutIsTerminal: false).stdout.contains("\u{1B}"))
    #expect(
      !runTool(
        ["decode", SpecInvoice.coffee], stdoutIsTerminal: true, environment: ["NO_COLOR": "1"]
      )
      .stdout.contains("\u{1B}"))
  }

  @Test("an invalid invoice: exit 1, `error: <code>: <message>` on stderr, nothing on stdout")
  func invalid() {
    let run = runTool(["decode", SpecInvoice.badChecksum])
    #expect(run.code == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("error: bech32.checksum: "))
    #expect(run.stderr.lines.count == 1)
  }

  @Test("an invalid invoice with --json: also the error object on stdout, with its position")
  func invalidJSON() throws {
    let run = runTool(["decode", "--json", SpecInvoice.badMultiplier])
    #expect(run.code == 1)
    let object = try JSON.parse(run.stdout)
    #expect(object["valid"] == .bool(false))
    #expect(object["error"]?["code"] == .string("hrp.invalid_amount"))
    // "lnbc2500x": the x is character 8.
    #expect(object["error"]?["position"] == .unsigned(8))
  }

  @Test("the caller's expectations: --network, --now")
  func expectations() {
    #expect(
      runTool(["decode", "--network", "tb", SpecInvoice.coffee]).stderr.hasPrefix(
        "error: network.mismatch"))
    #expect(runTool(["decode", "--network", "bitcoin", SpecInvoice.coffee]).code == 0)
    let expired = runTool([
      "decode", "--now", String(SpecInvoice.timestamp + 60), SpecInvoice.coffee,
    ])
    #expect(expired.code == 1)
    #expect(expired.stderr.hasPrefix("error: invoice.expired"))
  }
}
