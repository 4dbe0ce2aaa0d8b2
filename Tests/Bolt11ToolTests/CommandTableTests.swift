import Bolt11
import Bolt11ToolFixtures
import Foundation
import TestSupport
import Testing

@testable import Bolt11Tool

/// The help, the manual page and the completions come from one table; these tests make sure each
/// of them shows every command and option of it, and that the code reads nothing the table lacks.
@Suite struct CommandTableTests {
  /// One option of one command, for parameterized tests.
  struct Row: CustomTestStringConvertible, Sendable {
    var command: String
    var option: String
    var testDescription: String { "\(command) \(option)" }
  }

  static let rows = CommandTable.commands.flatMap { command in
    command.options.map { Row(command: command.name, option: $0.name) }
  }

  /// The text of one command's part of a completion script: from its case label to the next.
  static func block(of command: String, in script: String, startingWith label: String) -> String? {
    guard let start = script.range(of: label) else { return nil }
    let rest = script[start.upperBound...]
    let end =
      CommandTable.commands.map(\.name).filter { $0 != command }
      .compactMap { rest.range(of: label.replacingOccurrences(of: command, with: $0)) }
      .map(\.lowerBound).min() ?? rest.endIndex
    return String(rest[..<end])
  }

  @Test("dispatch by name finds each command of the list, and nothing else")
  func dispatchByName() {
    for spec in CommandTable.commands {
      #expect(CommandTable.command(named: spec.name)?.name == spec.name, "\(spec.name)")
    }
    for name in ["", "Decode", "decod", "help", "--version", "decode "] {
      #expect(CommandTable.command(named: name) == nil, "\(name)")
    }
  }

  @Test(
    "the generators refuse what they do not know, as usage errors",
    arguments: [
      ["--generate-completion-script"], ["--generate-completion-script", "tcsh"],
      ["--generate-completion-script", "bash", "zsh"], ["--generate-manual", "extra"],
    ])
  func generatorMisuse(_ arguments: [String]) {
    let run = runTool(arguments)
    #expect(run.code == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("error: usage: \(arguments[0]) takes "))
  }

  @Test("every option is in its command's help", arguments: rows)
  func help(_ row: Row) {
    let run = runTool([row.command, "--help"])
    #expect(run.code == 0)
    #expect(run.stdout.contains("  \(row.option)"))
  }

  @Test("every option is in the manual page", arguments: rows)
  func manual(_ row: Row) throws {
    let page = runTool(["--generate-manual"]).stdout
    let section = try #require(
      page.components(separatedBy: ".SS \(row.command)\n").dropFirst().first)
    let escaped = row.option.replacingOccurrences(of: "-", with: "\\-")
    #expect(section.components(separatedBy: ".SS ")[0].contains(".TP\n\\fB\(escaped)\\fR"))
  }

  @Test("every option completes in bash, zsh and fish", arguments: rows)
  func completions(_ row: Row) throws {
    let bash = runTool(["--generate-completion-script", "bash"]).stdout
    let bashBlock = try #require(
      Self.block(of: row.command, in: bash, startingWith: "    \(row.command))\n"))
    #expect(bashBlock.contains("'\(row.option) ") || bashBlock.contains(" \(row.option) "))

    let zsh = runTool(["--generate-completion-script", "zsh"]).stdout
    let zshBlock = try #require(
      Self.block(of: row.command, in: zsh, startingWith: "        \(row.command)) _arguments"))
    #expect(zshBlock.contains("'\(row.option)["))

    let fish = runTool(["--generate-completion-script", "fish"]).stdout
    let condition = "-n '__fish_seen_subcommand_from \(row.command)' -l \(row.option.dropFirst(2))"
    #expect(fish.contains(condition + " ") || fish.contains(condition + "\n"))
  }

  @Test("every command is in the overview, the manual and the completions")
  func commands() {
    let overview = runTool(["--help"]).stdout
    let page = runTool(["--generate-manual"]).stdout
    let scripts = CompletionScripts.shells.map {
      runTool(["--generate-completion-script", $0]).stdout
    }
    for command in CommandTable.commands.map(\.name) {
      #expect(overview.contains("  bolt11 \(command) "), "\(command)")
      #expect(page.contains(".SS \(command)\n"), "\(command)")
      for script in scripts { #expect(script.contains(command), "\(command)") }
    }
  }

  @Test("every option the commands read is in the table")
  func optionsReadAreListed() throws {
    let listed = Set(CommandTable.commands.flatMap { $0.options.map(\.name) })
    let read = try Self.matches(
      of: #/(?:values\[|flags\.contains\(|unsigned\()"(--[a-z0-9-]+)"/#)
    #expect(!read.isEmpty)
    for option in read { #expect(listed.contains(option), "\(option) is read but not listed") }
  }

  @Test("every environment variable the tool reads is in the manual")
  func environment() throws {
    let read = try Self.matches(of: #/environment\.environment\["([A-Z0-9_]+)"\]/#)
    #expect(read.contains("NO_COLOR"))
    let page = runTool(["--generate-manual"]).stdout
    let section = try #require(page.components(separatedBy: ".SH ENVIRONMENT\n").last)
    for name in read {
      #expect(
        section.components(separatedBy: ".SH ")[0].contains("\\fB\(name)\\fR"),
        "\(name)")
    }
  }

  @Test("every exit status is in the table, and only those")
  func exitCodes() {
    let statuses = CommandTable.exitCodes.map(\.status)
    #expect(statuses.allSatisfy { Bolt11Tool.ExitCode(rawValue: $0) != nil })
    #expect(
      Set(statuses) == Set((0...8).compactMap { Bolt11Tool.ExitCode(rawValue: $0)?.rawValue }))
  }

  @Test("every error code's class is in the table")
  func errorClasses() throws {
    let classes = Set(CommandTable.errorClasses.map(\.prefix))
    var codes = InvoiceError.Code.allCases.map(\.rawValue)
    codes += InvoiceBuildError.Code.allCases.map(\.rawValue)
    // The codes the tool writes itself (`input.invalid_json`, `io.write`), as string literals.
    codes += try Self.matches(of: #/"((?:input|io|usage)(?:\.[a-z_]+)?)"/#)
    #expect(codes.contains { $0.hasPrefix("input.") })
    for code in codes {
      let prefix = String(code.prefix { $0 != "." })
      #expect(classes.contains(prefix), "\(code)")
    }
  }

  @Test(
    "the bash script parses",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
  func bashSyntax() throws {
    try Self.checkSyntax(shell: "/bin/bash", arguments: ["-n"], script: "bash")
  }

  @Test(
    "the zsh script parses",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
  func zshSyntax() throws {
    try Self.checkSyntax(shell: "/usr/bin/zsh", arguments: ["-n"], script: "zsh")
  }

  @Test(
    "the fish script parses",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
  func fishSyntax() throws {
    try Self.checkSyntax(shell: "/usr/bin/fish", arguments: ["--no-execute"], script: "fish")
  }

  /// Writes the script for `script` to a file of its own and has `shell` parse it.
  static func checkSyntax(shell: String, arguments: [String], script: String) throws {
    let directory = try TemporaryDirectory(prefix: "bolt11-completion-")
    defer { directory.remove() }
    let text = runTool(["--generate-completion-script", script]).stdout
    #expect(!text.isEmpty)
    let file = try directory.write("bolt11.\(script)", text)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = arguments + [file]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")
  }

  /// The first capture of every match of `pattern` in the tool's sources.
  static func matches(of pattern: Regex<(Substring, Substring)>) throws -> [String] {
    let sources = try PackageFolder.root().appendingPathComponent("Sources/Bolt11Tool")
    let files = try FileManager.default.contentsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    var found: [String] = []
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      found += text.matches(of: pattern).map { String($0.output.1) }
    }
    return found
  }
}
