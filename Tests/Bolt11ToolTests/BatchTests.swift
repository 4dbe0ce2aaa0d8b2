import Bolt11JSON
import Bolt11Tool
import Bolt11ToolFixtures
import Testing

@testable import Bolt11Tool

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct BatchTests {
  /// Decodes `input` with `--batch -` and the extra arguments.
  func batch(_ input: String, _ extra: [String] = [], stderrIsTerminal: Bool = false) -> ToolRun {
    runTool(["decode", "--batch", "-"] + extra, stdin: input, stderrIsTerminal: stderrIsTerminal)
  }

  @Test("one JSON line per input line, in order; bad and blank lines are errors on their line")
  func order() throws {
    let input =
      [SpecInvoice.coffee, "", "garbage", SpecInvoice.donation, SpecInvoice.badChecksum]
      .joined(separator: "\n") + "\n"
    let run = batch(input)
    #expect(run.code == 1)
    let lines = try run.stdout.lines.map { try JSON.parse(String($0)) }
    try #require(lines.count == 5)
    #expect(lines[0]["amount_msat"] == .unsigned(250_000_000))
    // A blank line is no payment string; "garbage" is none this tool knows (never a Bech32
    // error about a string that was not meant to be an invoice).
    #expect(lines[1]["error"]?["code"] == .string("input.empty"))
    #expect(lines[2]["error"]?["code"] == .string("input.unrecognized"))
    #expect(lines[3]["description"] == .string("Please consider supporting this project"))
    #expect(lines[4]["error"]?["code"] == .string("bech32.checksum"))
    #expect(run.stderr == "decoded 2, invalid 3\n")
  }

  @Test("all valid: exit 0; a last line without newline counts; CRLF is fine")
  func endings() {
    let run = batch(SpecInvoice.coffee + "\r\n" + SpecInvoice.donation)
    #expect(run.code == 0)
    #expect(run.stdout.lines.count == 2)
    #expect(run.stderr == "decoded 2, invalid 0\n")
  }

  @Test("empty input: no lines, exit 0")
  func empty() {
    let run = batch("")
    #expect(run.code == 0)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == "decoded 0, invalid 0\n")
  }

  @Test("per-line options apply to every line: --network, --now")
  func options() throws {
    let input = SpecInvoice.coffee + "\n" + SpecInvoice.donation + "\n"
    let mismatch = batch(input, ["--network", "tb"])
    #expect(mismatch.stdout.lines.allSatisfy { $0.contains("\"network.mismatch\"") })
    // Coffee expires after 60 s, the donation after 3600 s.
    let clock = batch(input, ["--now", String(SpecInvoice.timestamp + 120)])
    let lines = try clock.stdout.lines.map { try JSON.parse(String($0)) }
    #expect(lines[0]["error"]?["code"] == .string("invoice.expired"))
    #expect(lines[1]["valid"] == .bool(true))
  }

  @Test("a line too long to hold is input.line_too_long, and the next line still decodes")
  func overlongLine() throws {
    let long = String(repeating: "q", count: BatchDecoder.maximumLineBytes * 3 + 17)
    let run = batch(long + "\n" + SpecInvoice.coffee + "\n" + long)
    let lines = try run.stdout.lines.map { try JSON.parse(String($0)) }
    try #require(lines.count == 3)
    #expect(lines[0]["error"]?["code"] == .string("input.line_too_long"))
    #expect(lines[1]["amount_msat"] == .unsigned(250_000_000))
    #expect(lines[2]["error"]?["code"] == .string("input.line_too_long"))
  }

  /// Zero bytes without end, as /dev/zero gives them; it runs dry only after `limit` bytes, so
  /// that a reader that waits for the line's end still ends.
  final class EndlessZeros: ByteSource {
    let limit: Int
    let sink: BufferSink
    private(set) var given = 0
    /// How many bytes had been given when the sink first held something.
    private(set) var givenAtFirstOutput: Int?

    init(limit: Int, sink: BufferSink) {
      self.limit = limit
      self.sink = sink
    }

    func read(maximum: Int) throws -> [UInt8] {
      var bytes = [UInt8](repeating: 0, count: maximum)
      let count = try bytes.withUnsafeMutableBytes { try read(into: $0) }
      return Array(bytes[0..<count])
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
      if givenAtFirstOutput == nil, !sink.text.isEmpty { givenAtFirstOutput = given }
      let count = min(buffer.count, limit - given)
      buffer.baseAddress.map { _ = memset($0, 0, count) }
      given += count
      return count
    }
  }

  @Test("an endless line gets its input.line_too_long as soon as it is too long")
  func endlessLine() throws {
    let sink = BufferSink()
    let limit = BatchDecoder.maximumLineBytes * 256
    let source = EndlessZeros(limit: limit, sink: sink)
    let summary = try BatchDecoder(options: .init(), jobs: 1).run(input: source, output: sink)
    #expect(summary == BatchDecoder.Summary(decoded: 0, invalid: 1))
    let lines = try sink.text.lines.map { try JSON.parse(String($0)) }
    try #require(lines.count == 1)
    #expect(lines[0]["error"]?["code"] == .string("input.line_too_long"))
    // Written once a few blocks past the limit were read, long before the source ran dry.
    let given = try #require(source.givenAtFirstOutput)
    #expect(given <= BatchDecoder.maximumLineBytes * 4)
  }

  @Test(
    "order holds across chunks, worker counts and output blocks",
    arguments: [1, 2, 3, 8], [1, 1500, 1 << 18])
  func chunks(jobs: Int, blockBytes: Int) throws {
    let invoices = [SpecInvoice.coffee, SpecInvoice.donation, SpecInvoice.routed, "x"]
    let input = (0..<25).map { invoices[$0 % invoices.count] }.joined(separator: "\n")
    var decoder = BatchDecoder(options: .init(), jobs: jobs)
    decoder.linesPerChunk = 4
    decoder.orderedBlockBytes = blockBytes
    let sink = BufferSink()
    let summary = try decoder.run(input: BufferSource(input), output: sink)
    #expect(summary == BatchDecoder.Summary(decoded: 19, invalid: 6))
    let lines = sink.text.lines
    try #require(lines.count == 25)
    for (index, line) in lines.enumerated() {
      let object = try JSON.parse(String(line))
      switch index % 4 {
      case 0: #expect(object["expiry"] == .unsigned(60))
      case 1: #expect(object["expiry"] == .unsigned(3600))
      case 2: #expect(object["fallbacks"]?.arrayValue?.count == 1)
      default: #expect(object["valid"] == .bool(false))
      }
    }
  }

  @Test("a progress line only when stderr is a terminal and the input is long")
  func progress() {
    let input = String(repeating: "x\n", count: BatchDecoder.progressThreshold + 1)
    let onTerminal = batch(input, stderrIsTerminal: true)
    #expect(onTerminal.stderr.contains("\rdecoding: "))
    #expect(onTerminal.stderr.hasSuffix("\u{1B}[Kdecoded 0, invalid 10001\n"))
    let piped = batch(input, stderrIsTerminal: false)
    #expect(piped.stderr == "decoded 0, invalid 10001\n")
    #expect(!batch("x\n", stderrIsTerminal: true).stderr.contains("\r"))
  }

  @Test("an unreadable file is an I/O error: exit 3")
  func missingFile() {
    let run = runTool(["decode", "--batch", "/nonexistent/invoices.txt"])
    #expect(run.code == 3)
    #expect(run.stderr.hasPrefix("error: io.read: /nonexistent/invoices.txt: "))
  }

  final class FailingSource: ByteSource {
    var sent = false
    func read(maximum: Int) throws -> [UInt8] {
      struct Broken: Error, CustomStringConvertible { var description: String { "disk on fire" } }
      if sent { throw Broken() }
      sent = true
      return Array((SpecInvoice.coffee + "\n").utf8)
    }
  }

  @Test("a read error while reading: exit 3")
  func readError() {
    let run = runTool(["decode", "--batch", "in.txt"], openFile: { _ in FailingSource() })
    #expect(run.code == 3)
    #expect(run.stderr == "error: io: disk on fire\n")
  }

  /// What `LineReader` hands out, worked out by a plain split: each line's bytes, or nil for a
  /// line longer than `maximumLineBytes`.
  static func expectedLines(_ input: [UInt8], maximumLineBytes: Int) -> [[UInt8]?] {
    var bytes = input[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // An input ending in a newline, or empty, has no line after it.
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines.map { $0.count > maximumLineBytes ? nil : Array($0) }
  }

  /// Hands out `bytes` at most `step` at a time.
  final class SteppedSource: ByteSource {
    let bytes: [UInt8]
    let step: Int
    var offset = 0
    init(_ bytes: [UInt8], step: Int) {
      self.bytes = bytes
      self.step = step
    }
    func read(maximum: Int) throws -> [UInt8] {
      let end = min(bytes.count, offset + min(step, maximum))
      defer { offset = end }
      return Array(bytes[offset..<end])
    }
  }

  @Test("the line reader splits as a plain split does, whatever the reads and chunk limits")
  func lineReader() throws {
    var generator = InvoiceJSONWriterTests.SeededGenerator(state: 64)
    for round in 0..<400 {
      let maximumLineBytes = Int.random(in: 1...40, using: &generator)
      var input: [UInt8] = round % 5 == 0 ? [0xEF, 0xBB, 0xBF] : []
      for _ in 0..<Int.random(in: 0...30, using: &generator) {
        let length = Int.random(in: 0...(3 * maximumLineBytes), using: &generator)
        input += (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
        input.append(round % 3 == 0 ? UInt8(ascii: "\r") : UInt8(ascii: "\n"))
        if round % 3 == 0 { input.append(UInt8(ascii: "\n")) }
      }
      if round % 2 == 0 && !input.isEmpty { input.removeLast() }
      let step = Int.random(in: 1...(round % 4 == 0 ? 3 : 200), using: &generator)
      let maximumLines = Int.random(in: 1...6, using: &generator)
      let maximumBytes = round % 7 == 0 ? Int.max : Int.random(in: 1...300, using: &generator)
      var reader = LineReader(
        source: SteppedSource(input, step: step), maximumLineBytes: maximumLineBytes)
      var chunk = LineChunk()
      var lines: [[UInt8]?] = []
      while try reader.read(into: &chunk, maximumLines: maximumLines, maximumBytes: maximumBytes) {
        #expect(chunk.count >= 1 && chunk.count <= maximumLines, "round \(round)")
        for index in 0..<chunk.count {
          lines.append(chunk.isOverlong(index) ? nil : chunk.withLine(index) { Array($0) })
        }
      }
      let expected = Self.expectedLines(input, maximumLineBytes: maximumLineBytes)
      #expect(lines == expected, "round \(round): step \(step), lines \(maximumLines)")
    }
  }
}
