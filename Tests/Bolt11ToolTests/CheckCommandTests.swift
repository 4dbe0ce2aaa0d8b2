import Bolt11JSON
import Bolt11ToolFixtures
import Testing

/// `bolt11 check`: the verdict's two forms, exit codes, decode errors first, repeatable and
/// refused options. The invoice is BOLT #11's coffee example (250,000,000 msat, "1 cup coffee",
/// created 1496314658, 60 s of expiry).
@Suite struct CheckCommandTests {
  static let now = String(SpecInvoice.timestamp + 10)

  @Test("met: exit 0, `ok` on stdout, nothing on stderr")
  func met() {
    let run = runTool([
      "check", SpecInvoice.coffee, "--now", Self.now, "--amount-msat", "250000000",
      "--payee", SpecInvoice.payee, "--network", "bc", "--description", "1 cup coffee",
    ])
    #expect(run.code == 0)
    #expect(run.stdout == "ok: the invoice meets every expectation\n")
    #expect(run.stderr == "")
  }

  @Test("violated: exit 1, one line per violation in order, the first on stderr")
  func violated() {
    let run = runTool([
      "check", SpecInvoice.coffee, "--now", Self.now, "--amount-msat", "250000001",
      "--own-node-id", SpecInvoice.payee, "--network", "tb",
    ])
    #expect(run.code == 1)
    let lines = run.stdout.lines
    #expect(lines.first == "rejected: 3 violations")
    #expect(
      lines.dropFirst().map { $0.split(separator: ":").first.map(String.init) ?? "" } == [
        "  check.amount_mismatch", "  check.self_payment", "  check.network_mismatch",
      ])
    #expect(run.stderr.hasPrefix("error: check.amount_mismatch: "))
    #expect(run.stderr.hasSuffix("(and 2 more)\n"))
  }

  @Test("--json: the verdict object with expected and found values and the decoded invoice")
  func json() throws {
    let run = runTool([
      "check", SpecInvoice.coffee, "--json", "--now", Self.now, "--amount-msat", "250000001",
      "--description-hash", String(repeating: "ab", count: 32),
    ])
    #expect(run.code == 1)
    let verdict = try JSON.parse(run.stdout)
    #expect(verdict["ok"] == .bool(false))
    #expect(verdict["warnings"] == .array([]))
    let violations = try #require(verdict["violations"]?.arrayValue)
    #expect(violations.count == 2)
    #expect(violations.first?["code"] == .string("check.amount_mismatch"))
    #expect(violations.first?["expected"] == .unsigned(250_000_001))
    #expect(violations.first?["found"] == .unsigned(250_000_000))
    #expect(violations.last?["code"] == .string("check.description_hash_mismatch"))
    #expect(violations.last?["found"] == .null)
    #expect(verdict["invoice"]?["amount_msat"] == .unsigned(250_000_000))
  }

  @Test("without --now the environment's clock is used, and an expired invoice is reported")
  func systemClock() {
    // The harness's clock is the spec's timestamp; a minute later the invoice has expired.
    let run = runTool(["check", SpecInvoice.coffee], now: SpecInvoice.timestamp + 60)
    #expect(run.code == 1)
    #expect(run.stdout.lines.dropFirst().first?.hasPrefix("  check.expired:") == true)
  }

  @Test("an invoice that does not decode gives its decode error alone; --compat reads it")
  func decodeFirst() throws {
    let strict = runTool([
      "check", SpecInvoice.missingSecret, "--json", "--now", Self.now, "--amount-msat", "1",
    ])
    #expect(strict.code == 1)
    #expect(strict.stderr.hasPrefix("error: field.missing_payment_secret: "))
    #expect(
      try JSON.parse(strict.stdout)["error"]?["code"] == .string("field.missing_payment_secret"))
    let compat = runTool([
      "check", SpecInvoice.missingSecret, "--compat", "--now", Self.now,
      "--amount-msat", "2000000000",
    ])
    #expect(compat.code == 0, "\(compat.stderr)")
  }

  @Test("--payee repeats; any one of them passes")
  func repeatedPayee() {
    let other = "031b84c5567b126440995d3ed5aaba0565d71e1834604819ff9c17f5e9d5dd078f"
    let one = runTool(["check", SpecInvoice.coffee, "--now", Self.now, "--payee", other])
    #expect(one.code == 1)
    let two = runTool([
      "check", SpecInvoice.coffee, "--now", Self.now, "--payee", other, "--payee",
      SpecInvoice.payee,
    ])
    #expect(two.code == 0)
  }

  @Test(
    "bad expectations are usage errors (exit 2)",
    arguments: [
      ["--payee", "03ab"], ["--payment-hash", "zz"], ["--allow-amountless"],
      ["--network", "litecoin"], ["--max-cltv", "-1"], ["--now", "1", "--now", "2"],
    ])
  func usage(arguments: [String]) {
    let run = runTool(["check", SpecInvoice.coffee] + arguments)
    #expect(run.code == 2)
    #expect(run.stderr.hasPrefix("error: usage: "))
  }
}
