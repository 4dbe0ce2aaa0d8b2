import Bolt11Tool
import Bolt11ToolFixtures
import Testing

@Suite struct UsageTests {
  @Test(
    "help is printed to stdout with exit 0",
    arguments: [
      ["--help"], ["-h"], ["help"], ["help", "decode"], ["decode", "--help"], ["explain", "-h"],
      ["help", "explain"], ["decode", "--batch", "x", "--help"],
    ])
  func help(_ arguments: [String]) {
    let run = runTool(arguments)
    #expect(run.code == 0)
    #expect(run.stdout.hasPrefix("bolt11") || run.stdout.hasPrefix("Usage: bolt11"))
    #expect(run.stderr.isEmpty)
  }

  @Test("command help describes that command")
  func commandHelp() {
    #expect(runTool(["help", "decode"]).stdout.contains("--batch FILE|-"))
    #expect(runTool(["decode", "--help"]).stdout == runTool(["help", "decode"]).stdout)
    #expect(runTool(["help", "explain"]).stdout.hasPrefix("Usage: bolt11 explain"))
  }

  @Test("--version")
  func version() {
    let run = runTool(["--version"])
    #expect(run.code == 0)
    // A plain build records no libsecp256k1 release (Tools/package.sh does; check-package.sh
    // checks the shipped binary names it).
    #expect(
      run.stdout
        == "bolt11 \(Bolt11Tool.version) (libsecp256k1 from the system, version not recorded by "
        + "this build)\n")
  }

  struct Misuse: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    /// What the one line must say.
    var says: String
    /// Which help it must point to.
    var help: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let misuses: [Misuse] = [
    Misuse(
      arguments: ["decode", "--bogus", "x"], says: "unknown option --bogus",
      help: "bolt11 decode --help"),
    Misuse(
      arguments: ["decode", "--now"], says: "option --now needs a value",
      help: "bolt11 decode --help"),
    Misuse(
      arguments: ["decode", "--json=yes", "x"], says: "option --json takes no value",
      help: "bolt11 decode --help"),
    Misuse(arguments: ["decode"], says: "missing INVOICE", help: "bolt11 decode --help"),
    Misuse(
      arguments: ["decode", "a", "b"], says: "expected one INVOICE", help: "bolt11 decode --help"),
    Misuse(
      arguments: ["decode", "--now", "soon", "x"], says: "--now takes a whole number",
      help: "bolt11 decode --help"),
    Misuse(
      arguments: ["decode", "--network", "ltc", "x"], says: "unknown network ltc",
      help: "bolt11 decode --help"),
    Misuse(
      arguments: ["decode", "--jobs", "2", "x"], says: "--jobs goes with --batch",
      help: "bolt11 decode --help"),
    Misuse(
      arguments: ["decode", "--batch", "f", "--jobs", "0"], says: "--jobs takes 1 to 1024",
      help: "bolt11 decode --help"),
    Misuse(
      arguments: ["decode", "--batch", "f", "x"],
      says: "--batch reads invoices from FILE; no INVOICE argument", help: "bolt11 decode --help"),
    Misuse(
      arguments: ["decode", "--now", "1", "--now", "2", "x"], says: "option --now is given twice",
      help: "bolt11 decode --help"),
    Misuse(
      arguments: ["explain", "--json", "x"], says: "unknown option --json",
      help: "bolt11 explain --help"),
    // The verdict of validate is always JSON, and encode reads JSON and prints an invoice: --json
    // would change nothing, so it is refused rather than ignored.
    Misuse(
      arguments: ["validate", "--json", "--amount-msat", "1", "--node-id", "02", "x"],
      says: "unknown option --json", help: "bolt11 validate --help"),
    Misuse(
      arguments: ["encode", "--json", "--key", String(repeating: "01", count: 32)],
      says: "unknown option --json", help: "bolt11 encode --help"),
    Misuse(arguments: ["frobnicate"], says: "unknown command frobnicate", help: "bolt11 --help"),
    Misuse(arguments: ["--frobnicate"], says: "unknown option --frobnicate", help: "bolt11 --help"),
    Misuse(
      arguments: ["help", "nothing"], says: "no command named nothing", help: "bolt11 --help"),
  ]

  @Test(
    "a usage error is exit 2 and one line on stderr saying what and where to look",
    arguments: misuses)
  func misuse(_ misuse: Misuse) {
    let run = runTool(misuse.arguments)
    #expect(run.code == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.lines.count == 1)
    #expect(run.stderr.hasPrefix("error: usage: " + misuse.says))
    #expect(run.stderr.contains("see '\(misuse.help)'"))
  }

  @Test("no arguments: the overview on stderr, exit 2")
  func noArguments() {
    let run = runTool([])
    #expect(run.code == 2)
    #expect(run.stderr.contains("Usage:"))
  }

  @Test("arguments echoed in errors are escaped")
  func escapedArgument() {
    let run = runTool(["decode", "--\u{1B}[31mred"])
    #expect(run.code == 2)
    #expect(!run.stderr.contains("\u{1B}"))
    #expect(run.stderr.contains("\\u{1b}"))
  }

  @Test("-- ends options: what follows is the invoice, even --help")
  func doubleDash() {
    let run = runTool(["decode", "--", "--help"])
    #expect(run.code == 1)
    #expect(run.stderr.hasPrefix("error: input.unrecognized: "))
  }
}
