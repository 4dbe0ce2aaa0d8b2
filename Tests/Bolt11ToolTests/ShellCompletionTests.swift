import Bolt11ToolFixtures
import Foundation
import TestSupport
import Testing

@testable import Bolt11Tool

/// The completion scripts run in the shells themselves, in a folder holding `my invoices.txt`
/// (a name with a space) and the folder `vecdir`.
@Suite struct ShellCompletionTests {
  /// A folder with the two entries, and the script for `shell` written beside them.
  static func fixture(_ shell: String) throws -> (directory: TemporaryDirectory, script: String) {
    let directory = try TemporaryDirectory(prefix: "bolt11 completion ")
    _ = try directory.write("my invoices.txt", "")
    try FileManager.default.createDirectory(
      atPath: directory.path + "/vecdir", withIntermediateDirectories: false)
    let script = try directory.write(
      ".bolt11.\(shell)", runTool(["--generate-completion-script", shell]).stdout)
    return (directory, script)
  }

  @Test(
    "bash completes a name with a space as one word, and a folder as a file name",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
  func bash() throws {
    let (directory, script) = try Self.fixture("bash")
    defer { directory.remove() }
    // compopt works only while readline completes; record what the script asks of it instead.
    let driver = """
      source "$1"
      cd "$2"
      compopt() { printf 'compopt %s\\n' "$*"; }
      complete_line() {
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _bolt11
        printf '<%s>\\n' "${COMPREPLY[@]}"; echo ---
      }
      complete_line bolt11 vectors my
      complete_line bolt11 vectors 'my\\ inv'
      complete_line bolt11 vectors '"my inv'
      complete_line bolt11 vectors vecd
      complete_line bolt11 decode --batch my
      complete_line bolt11 decode --network ma
      complete_line bolt11 dec
      complete_line bolt11 decode --network = te
      complete_line bolt11 check --network = ''
      complete -p bolt11
      """
    let output = try ReadableHelpTests.run(
      "/bin/bash", ["--norc", "-c", driver, "bash", script, directory.path])
    let answers = output.components(separatedBy: "---\n")
    try #require(answers.count == 10, "\(output)")
    for index in 0..<3 {
      #expect(answers[index] == "compopt -o filenames\n<my invoices.txt>\n", "\(index)")
    }
    #expect(answers[3] == "compopt -o filenames\n<vecdir>\n")
    #expect(answers[4] == "compopt -o filenames\n<my invoices.txt>\n")
    #expect(answers[5] == "<mainnet>\n")
    #expect(answers[6] == "<decode>\n")
    // `--network=te`: bash splits the word at `=` (COMP_WORDBREAKS); the chain table's names
    // and aliases that start so.
    #expect(
      Set(answers[7].components(separatedBy: "\n").filter { !$0.isEmpty })
        == ["<testnet>", "<testnet3>", "<testnet4>"])
    #expect(answers[8].components(separatedBy: "\n").contains("<signet>"))
    #expect(answers[9] == "complete -F _bolt11 bolt11\n")
  }

  @Test(
    "zsh completes a name with a space quoted, and a folder with its slash",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/timeout")))
  func zsh() throws {
    let (directory, _) = try Self.fixture("zsh")
    defer { directory.remove() }
    let functions = directory.path + "/.zfunc"
    try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: false)
    _ = try directory.write(
      ".zfunc/_bolt11", runTool(["--generate-completion-script", "zsh"]).stdout)
    // An interactive zsh on a pseudo-terminal (zpty) with compinit, typing TAB; each read waits
    // for what the completion should show, and `timeout` ends a wait that never comes.
    let driver = #"""
      zmodload zsh/zpty
      zpty -b z 'zsh -f -i'
      zpty -w z "PS1='%% '; fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D"
      zpty -w z "cd ${(q)2}; echo RE''ADY"
      zpty -r z out '*READY*'
      zpty -n -w z $'bolt11 vectors my\t'
      zpty -r z out '*invoices.txt*'
      print -r -- "$out"
      print -- ---
      zpty -n -w z $'\x15bolt11 vectors vecd\t'
      zpty -r z out '*vecdir*/*'
      print -r -- "$out"
      zpty -d z
      """#
    let output = try ReadableHelpTests.run(
      "/usr/bin/timeout",
      ["20", "/usr/bin/zsh", "-f", "-c", driver, "zsh", functions, directory.path])
    // What the terminal showed, without its escape sequences.
    let shown = output.replacing(#/\x1b\[[0-9;?]*[A-Za-z]/#, with: "")
    let answers = shown.components(separatedBy: "---\n")
    try #require(answers.count == 2, "\(shown)")
    #expect(answers[0].contains("bolt11 vectors my\\ invoices.txt"), "\(answers[0])")
    #expect(answers[1].contains("bolt11 vectors vecdir/"), "\(answers[1])")
  }

  @Test(
    "fish completes a name with a space, a folder with its slash, and describes each network",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
  func fish() throws {
    let (directory, script) = try Self.fixture("fish")
    defer { directory.remove() }
    let driver = """
      source $argv[1]; cd $argv[2]
      complete -C 'bolt11 vectors my'; echo ---
      complete -C 'bolt11 vectors vecd'; echo ---
      complete -C 'bolt11 decode --network sig'
      """
    let output = try ReadableHelpTests.run(
      "/usr/bin/fish", ["--no-config", "-c", driver, script, directory.path])
    let answers = output.components(separatedBy: "---\n")
    try #require(answers.count == 3, "\(output)")
    #expect(answers[0] == "my invoices.txt\n")
    #expect(answers[1] == "vecdir/\n")
    #expect(answers[2] == "signet\tBitcoin signet (lntbs)\n")
  }

  @Test("zsh and fish describe each option in one short line, without backticks")
  func shortDescriptions() {
    for command in CommandTable.commands {
      for option in command.options {
        let summary = option.completionSummary
        #expect(!summary.contains("`"), "\(command.name) \(option.name)")
        #expect(!summary.contains("\n"), "\(command.name) \(option.name)")
        #expect(summary.count <= CompletionScripts.summaryWidth, "\(command.name) \(option.name)")
        #expect(!summary.isEmpty, "\(command.name) \(option.name)")
      }
    }
    let fish = runTool(["--generate-completion-script", "fish"]).stdout
    let fishOptions = fish.split(separator: "\n").filter { $0.contains(" -l ") }
    #expect(!fishOptions.isEmpty)
    for line in fishOptions { #expect(!line.contains("`"), "\(line)") }
    let zsh = runTool(["--generate-completion-script", "zsh"]).stdout
    let zshOptions = zsh.split(separator: "\n").filter { $0.contains("'--") && $0.contains("[") }
    #expect(!zshOptions.isEmpty)
    for line in zshOptions { #expect(!line.contains("`"), "\(line)") }
  }
}
