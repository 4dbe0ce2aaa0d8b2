import Bolt11JSON
import Bolt11Tool
import Bolt11ToolFixtures
import Foundation
import TestSupport
import Testing

/// A source that hands out `bytes` a few at a time, as a slow pipe does.
final class TrickleSource: ByteSource {
  private var bytes: [UInt8]
  let step: Int
  init(_ bytes: [UInt8], step: Int) {
    self.bytes = bytes
    self.step = step
  }
  func read(maximum: Int) throws -> [UInt8] {
    let chunk = Array(bytes.prefix(min(step, maximum)))
    bytes.removeFirst(chunk.count)
    return chunk
  }
}

/// Runs the tool on raw input bytes.
func runTool(_ arguments: [String], bytes: [UInt8], step: Int = 1 << 16) -> ToolRun {
  let stdout = BufferSink()
  let stderr = BufferSink()
  let code = runTool(
    arguments, stdin: TrickleSource(bytes, step: step), stdout: stdout, stderr: stderr)
  return ToolRun(code: code, stdout: stdout.text, stderr: stderr.text)
}

@Suite struct InputTests {
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  @Test(
    "a byte order mark at the start of a batch is skipped, however the input arrives",
    arguments: [1, 2, 3, 1 << 16])
  func byteOrderMark(step: Int) {
    let input =
      Self.byteOrderMark + Array((SpecInvoice.coffee + "\r\n" + SpecInvoice.donation).utf8)
    let run = runTool(["decode", "--batch", "-"], bytes: input, step: step)
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stderr == "decoded 2, invalid 0\n")
  }

  @Test("a byte order mark inside a line is not skipped: the decoder names it")
  func byteOrderMarkLater() {
    let coffee = Array(SpecInvoice.coffee.utf8)
    let input =
      Array((SpecInvoice.coffee + "\n").utf8) + coffee.prefix(4) + Self.byteOrderMark
      + coffee.dropFirst(4)
    let run = runTool(["decode", "--batch", "-"], bytes: input)
    #expect(run.code == 1)
    #expect(run.stdout.lines.last?.contains("character U+FEFF") == true)
  }

  @Test(
    "a byte order mark at the start of any input is skipped: argument, standard input, a line",
    arguments: ["decode", "explain", "check", "inspect"])
  func byteOrderMarkSkipped(command: String) {
    let bom = String(decoding: Self.byteOrderMark, as: UTF8.self)
    let now = ["--now", String(SpecInvoice.timestamp)]
    let argument = runTool([command, bom + SpecInvoice.coffee] + now)
    #expect(argument.code == 0, "\(argument.stderr)")
    let standardInput = runTool(
      [command, "-"] + now, bytes: Self.byteOrderMark + Array(SpecInvoice.coffee.utf8))
    #expect(standardInput.code == 0, "\(standardInput.stderr)")
  }

  @Test(
    "single-invoice standard input is refused past 1 MiB without being read to its end",
    arguments: ["decode", "explain", "validate"])
  func boundedStandardInput(command: String) {
    let input = EndlessSource("lnbc1")
    let stdout = BufferSink()
    let stderr = BufferSink()
    var arguments = [command, "-"]
    if command == "validate" {
      arguments += ["--amount-msat", "1", "--node-id", SpecInvoice.payee]
    }
    let code = runTool(arguments, stdin: input, stdout: stdout, stderr: stderr)
    #expect(code == 1)
    #expect(
      stderr.text.hasPrefix("error: invoice.too_long: standard input holds more than 1048576"))
    // Read up to the bound and one block more at most: memory stays flat however long the input.
    #expect(input.bytesRead <= (1 << 20) + (1 << 16))
  }

  @Test("encode's JSON is refused past 1 MiB")
  func boundedEncodeInput() {
    let input = EndlessSource(" ")
    let stderr = BufferSink()
    let code = runTool(
      ["encode"], stdin: input, stdout: BufferSink(), stderr: stderr,
      environment: ["BOLT11_SIGNING_KEY": String(repeating: "01", count: 32)])
    #expect(code == 1)
    #expect(stderr.text.hasPrefix("error: input.too_long: "))
    #expect(input.bytesRead <= (1 << 20) + (1 << 16))
  }

  @Test("invalid UTF-8 is named as the byte it is, at its own offset", arguments: [false, true])
  func invalidUTF8(batch: Bool) throws {
    // "lnbc1" then 0xff 0xfe: a String made of these bytes would hold U+FFFD (EF BF BD) instead.
    let input = Array("lnbc1".utf8) + [0xFF, 0xFE]
    let run = runTool(
      batch ? ["decode", "--batch", "-"] : ["decode", "--json", "-"], bytes: input)
    #expect(run.code == 1)
    let error = try #require(JSON.parse(String(run.stdout.lines[0]))["error"])
    #expect(error["code"] == .string("bech32.invalid_character"))
    #expect(error["message"] == .string("byte 0xff (not UTF-8) is not allowed"))
    #expect(error["position"] == .integer(5))
  }

  @Test("validate names a byte that is not UTF-8 too, in its verdict and on standard error")
  func invalidUTF8Validate() throws {
    let input = Array("lnbc1".utf8) + [0xFF, 0xFE]
    let run = runTool(
      ["validate", "-", "--amount-msat", "1", "--node-id", SpecInvoice.payee], bytes: input)
    #expect(run.code == 1)
    let verdict = try JSON.parse(String(run.stdout.lines[0]))
    #expect(verdict["ok"] == .bool(false))
    #expect(verdict["error"]?["message"] == .string("byte 0xff (not UTF-8) is not allowed"))
    #expect(
      run.stderr
        == "error: bech32.invalid_character: byte 0xff (not UTF-8) is not allowed"
        + " (at character 5)\n"
    )
  }

  @Test("a non-ASCII character is named by its Unicode scalar")
  func nonASCII() {
    let run = runTool(["decode", "lnbc1\u{200B}qqqqqq"])
    #expect(run.code == 1)
    #expect(
      run.stderr
        == "error: bech32.invalid_character: character U+200B is not allowed (at character 5)\n")
  }

  @Test("a batch input that cannot be read names its path")
  func batchDirectory() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let run = runTool(["decode", "--batch", folder.path])
    #expect(run.code == 3)
    #expect(run.stderr.hasPrefix("error: io.read: \(folder.path): "))
  }

  @Test("a vector file that does not parse is one failure; the others run and the summary follows")
  func malformedVectorFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    _ = try folder.write("a-broken.json", "{\"vectors\": [")
    _ = try folder.write(
      "b-good.json",
      #"{"vectors": [{"name": "coffee", "invoice": "\#(SpecInvoice.coffee)", "valid": true}]}"#)
    let run = runTool(["vectors", folder.path])
    #expect(run.code == 1)
    let lines = run.stdout.lines
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("FAIL \(folder.path)/a-broken.json: ") == true)
    #expect(lines.last == "1 passed, 1 failed")
  }

  @Test("vector and file names are escaped: no raw control character reaches the terminal")
  func escapedVectorNames() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    // As JSON escapes: ESC ] 0 ; owned BEL (a new window title), ESC [2J (clear), U+202E.
    let hostile = #"\u001b]0;owned\u0007\u001b[2J\u202e"#
    _ = try folder.write(
      "v\u{1B}[2J.json",
      #"{"vectors": [{"name": "\#(hostile)", "invoice": "x", "valid": true}, "#
        + #"{"name": "\#(hostile)ok", "invoice": "\#(SpecInvoice.coffee)", "valid": true}]}"#)
    _ = try folder.write("w\u{1B}[2J.json", "not json")
    let run = runTool(["vectors", "--verbose", folder.path])
    #expect(run.code == 1)
    #expect(
      !run.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{07}" })
    #expect(run.stdout.contains("v\\u{1b}[2J.json: \\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{202e}"))
    #expect(run.stdout.contains("FAIL \(folder.path)/w\\u{1b}[2J.json: "))
    #expect(run.stdout.lines.last == "1 passed, 2 failed")
  }
}
