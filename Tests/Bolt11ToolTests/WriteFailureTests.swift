import Bolt11Tool
import Bolt11ToolFixtures
import TestSupport
import Testing

/// A sink whose every write fails, as standard output does on a full disk.
final class FailingSink: ByteSink, @unchecked Sendable {
  // Invariant for @unchecked Sendable: the tool writes from one thread at a time; `writes` is
  // read only after the run.
  private(set) var writes = 0
  func write(_ bytes: [UInt8]) throws {
    writes += 1
    throw ToolIOError(.write, "test sink: No space left on device")
  }
}

/// A source that never ends: `line` again and again, counting the bytes it hands out.
final class EndlessSource: ByteSource {
  let line: [UInt8]
  private(set) var bytesRead = 0
  init(_ line: String) { self.line = Array((line + "\n").utf8) }
  func read(maximum: Int) throws -> [UInt8] {
    let chunk = (0..<maximum).map { line[(bytesRead + $0) % line.count] }
    bytesRead += chunk.count
    return chunk
  }
}

/// Runs the tool with `stdout` and `stderr` sinks of the caller's choice.
func runTool(
  _ arguments: [String], stdin: ByteSource = BufferSource(""), stdout: ByteSink,
  stderr: ByteSink, environment: [String: String] = [:]
) -> Int32 {
  Bolt11Tool.run(
    ToolEnvironment(
      arguments: arguments, environment: EnvironmentVariables(environment), now: { 1_496_314_658 },
      stdin: stdin,
      stdout: stdout, stderr: stderr, processorCount: 2))
}

@Suite struct WriteFailureTests {
  /// The BOLT #11 examples' published test key (not a real key).
  static let specKey = "e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734"

  /// Every command, with the input it needs, writing something to standard output.
  static let commands: [(arguments: [String], stdin: String)] = [
    (["decode", SpecInvoice.coffee], ""),
    (["decode", "--json", SpecInvoice.coffee], ""),
    (["decode", "--json", SpecInvoice.badChecksum], ""),
    (["decode", "--batch", "-"], SpecInvoice.coffee + "\n"),
    (["explain", SpecInvoice.coffee], ""),
    (["explain", SpecInvoice.badChecksum], ""),
    (
      [
        "validate", SpecInvoice.coffee, "--amount-msat", "250000000", "--node-id",
        SpecInvoice.payee, "--now", "1496314658",
      ], ""
    ),
    (["encode"], ""),
    (["--help"], ""), (["help", "decode"], ""), (["decode", "--help"], ""), (["--version"], ""),
  ]

  @Test(
    "a failed write to standard output: exit 3 and one escaped io.write line, every command",
    arguments: commands.indices)
  func failedStdout(index: Int) throws {
    var (arguments, stdin) = Self.commands[index]
    if arguments == ["encode"] {
      stdin = runTool(["decode", "--json", SpecInvoice.coffee]).stdout
    }
    let stderr = BufferSink()
    let stdout = FailingSink()
    let code = runTool(
      arguments, stdin: BufferSource(stdin), stdout: stdout, stderr: stderr,
      environment: ["BOLT11_SIGNING_KEY": Self.specKey])
    #expect(code == 3, "\(arguments)")
    let lines = stderr.text.lines
    #expect(lines.last == "error: io.write: test sink: No space left on device", "\(arguments)")
    #expect(!stderr.text.contains("decoded "), "no success summary after a failed write")
    #expect(stdout.writes == 1, "the command ends at its first failed write")
  }

  @Test("vectors: a failed write ends the run before its summary")
  func failedVectors() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write(
      "one.json", #"{"vectors": [{"name": "a", "invoice": "x", "valid": true}]}"#)
    let stderr = BufferSink()
    let stdout = FailingSink()
    #expect(runTool(["vectors", path], stdout: stdout, stderr: stderr) == 3)
    #expect(stderr.text.hasPrefix("error: io.write: "))
    #expect(stdout.writes == 1)
  }

  @Test(
    "batch stops at the first failed write instead of decoding the rest of its input",
    .timeLimit(.minutes(1)))
  func batchStopsEarly() {
    let input = EndlessSource(SpecInvoice.coffee)
    let stderr = BufferSink()
    let code = runTool(
      ["decode", "--batch", "-"], stdin: input, stdout: FailingSink(), stderr: stderr)
    // Without the check, this input never ends: the run would not return at all.
    #expect(code == 3)
    #expect(stderr.text.lines == ["error: io.write: test sink: No space left on device"])
  }

  @Test("a failed write to standard error is exit 3 too, never 0 or 1")
  func failedStderr() {
    let stdout = BufferSink()
    let invalid = runTool(
      ["decode", SpecInvoice.badChecksum], stdout: stdout, stderr: FailingSink())
    #expect(invalid == 3)
    let batch = runTool(
      ["decode", "--batch", "-"], stdin: BufferSource(SpecInvoice.coffee), stdout: stdout,
      stderr: FailingSink())
    #expect(batch == 3)
  }

  @Test("the io.write message is escaped like every other echo")
  func escapedMessage() {
    final class HostileSink: ByteSink, @unchecked Sendable {
      func write(_ bytes: [UInt8]) throws { throw ToolIOError(.write, "out\u{1B}]0;x\u{07}") }
    }
    let stderr = BufferSink()
    #expect(runTool(["--version"], stdout: HostileSink(), stderr: stderr) == 3)
    #expect(stderr.text == "error: io.write: out\\u{1b}]0;x\\u{7}\n")
  }
}
