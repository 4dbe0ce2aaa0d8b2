import Bolt11ToolFixtures
import Foundation
import TestSupport
import Testing

@testable import Bolt11Tool

/// Help a person reads: lines that fit 80 columns, a manual without Markdown, a suggestion for a
/// typo, and `--network` by name.
@Suite struct ReadableHelpTests {
  static let helpCommands = [["--help"]] + CommandTable.commands.map { [$0.name, "--help"] }

  @Test("every line of help fits 80 columns", arguments: helpCommands)
  func helpWidth(_ arguments: [String]) {
    let run = runTool(arguments)
    #expect(run.code == 0)
    for line in run.stdout.split(separator: "\n") {
      #expect(line.count <= 80, "\(line.count) columns: \(line)")
    }
  }

  @Test("a usage line is never broken inside [an option group]", arguments: helpCommands)
  func usageGroupsWhole(_ arguments: [String]) {
    let text = runTool(arguments).stdout
    let usage = text.components(separatedBy: "\n\n").filter {
      $0.hasPrefix("Usage") || $0.hasPrefix("bolt11:")
    }
    #expect(!usage.isEmpty)
    for line in usage.joined(separator: "\n").split(separator: "\n") {
      let opened = line.filter { $0 == "[" }.count
      #expect(opened == line.filter { $0 == "]" }.count, "\(line)")
    }
  }

  @Test("the manual page has no Markdown backticks, in roff or as man renders it")
  func manualWithoutBackticks() throws {
    let page = runTool(["--generate-manual"]).stdout
    #expect(!page.contains("`"))
    // A code span of the table is set in bold.
    #expect(page.contains("\\fBlightning:\\fR"))
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { return }
    let directory = try TemporaryDirectory(prefix: "bolt11-manual-")
    defer { directory.remove() }
    let file = try directory.write("bolt11.1", page)
    let rendered = try Self.run(
      "/usr/bin/man", ["-l", file], environment: ["MANWIDTH": "80", "MANPAGER": "cat"])
    #expect(rendered.contains("BOLT11(1)"))
    #expect(rendered.contains("--network"))
    #expect(!rendered.contains("`"))
  }

  struct Typo: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var suggestion: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(
    "a typo gets a suggestion",
    arguments: [
      Typo(arguments: ["decod", "x"], suggestion: "decode"),
      Typo(arguments: ["--verison"], suggestion: "--version"),
      Typo(arguments: ["help", "explian"], suggestion: "explain"),
      Typo(arguments: ["decode", "--jsn", "x"], suggestion: "--json"),
      Typo(arguments: ["check", "--netwrok", "bc", "x"], suggestion: "--network"),
      Typo(arguments: ["vectors", "--decodr", "x"], suggestion: "--decoder"),
      Typo(arguments: ["decode", "--network", "testnt", "x"], suggestion: "testnet"),
      Typo(arguments: ["decode", "--network", "mainet", "x"], suggestion: "mainnet"),
      // A short option this tool does not have: the one long option of its letter.
      Typo(arguments: ["-V"], suggestion: "--version"),
      Typo(arguments: ["vectors", "-r", "x"], suggestion: "--report"),
    ])
  func didYouMean(_ typo: Typo) {
    let run = runTool(typo.arguments)
    #expect(run.code == 2)
    #expect(run.stderr.contains("; did you mean \(typo.suggestion)? (see 'bolt11 "))
    #expect(run.stderr.split(separator: "\n").count == 1)
  }

  @Test("the manual's example payee is BOLT #11's, shortened at both ends")
  func examplePayee() {
    let manual = runTool(["--generate-manual"]).stdout
    let payee = SpecInvoice.payee
    // roff writes each "-" as "\\-".
    #expect(manual.contains("\\-\\-payee \(payee.prefix(8))...\(payee.suffix(5)) "))
  }

  @Test("help help and help --help are the general help, exit 0", arguments: ["help", "--help"])
  func helpHelp(_ topic: String) {
    let run = runTool(["help", topic])
    #expect(run.code == 0)
    #expect(run.stdout == runTool(["--help"]).stdout)
    #expect(run.stderr.isEmpty)
  }

  @Test("nothing is suggested for a word near nothing", arguments: ["frobnicate", "--bogus", "x"])
  func noSuggestion(_ word: String) {
    #expect(runTool([word]).stderr.contains("did you mean") == false)
    #expect(Suggestion.nearest(word, among: ["decode", "--version", "explain"]) == nil)
  }

  struct Network: Sendable, CustomTestStringConvertible {
    var name: String
    /// Whether the coffee invoice (lnbc) is for it.
    var isMainnet: Bool
    var testDescription: String { name }
  }

  @Test(
    "--network takes names and prefixes",
    arguments: [
      Network(name: "bitcoin", isMainnet: true), Network(name: "mainnet", isMainnet: true),
      Network(name: "bc", isMainnet: true), Network(name: "testnet", isMainnet: false),
      Network(name: "tb", isMainnet: false), Network(name: "signet", isMainnet: false),
      Network(name: "tbs", isMainnet: false), Network(name: "regtest", isMainnet: false),
      Network(name: "bcrt", isMainnet: false), Network(name: "testnet3", isMainnet: false),
      Network(name: "testnet4", isMainnet: false),
    ])
  func networkNames(_ network: Network) {
    for command in ["decode", "explain", "check"] {
      let run = runTool([command, "--network", network.name, SpecInvoice.coffee])
      #expect(run.code == (network.isMainnet ? 0 : 1), "\(command): \(run.stderr)")
      if !network.isMainnet { #expect(run.stderr.contains("network"), "\(command)") }
    }
  }

  @Test("an unknown network lists the names it takes")
  func unknownNetwork() {
    let run = runTool(["decode", "--network", "dogecoin", SpecInvoice.coffee])
    #expect(run.code == 2)
    #expect(run.stderr.contains("unknown network dogecoin (NET is bitcoin (or mainnet)"))
  }

  @Test("every --network is documented and completed with the names")
  func networkDocumented() {
    let help = runTool(["decode", "--help"]).stdout
    for name in CommandTable.networkNames + CommandTable.networkPrefixes {
      #expect(help.contains(name), "\(name)")
    }
    let fish = runTool(["--generate-completion-script", "fish"]).stdout
    #expect(fish.contains("mainnet\\\\t\\'Bitcoin mainnet (lnbc)\\'"))
  }

  /// Runs `executable` with `arguments`; its standard output, read before waiting for it.
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
