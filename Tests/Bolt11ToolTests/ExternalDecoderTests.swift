import Bolt11Conformance
import Bolt11ToolFixtures
import Foundation
import TestSupport
import Testing

@testable import Bolt11Tool

/// `bolt11 vectors --decoder CMD` against a fake decoder (TestSupport's `FakeDecoder`): what the
/// command prints and writes for one that answers right, and for ones that crash, print garbage,
/// declare an option unsupported, flood standard error, or cannot be started. How the runner
/// treats each is Bolt11ConformanceTests' `ExternalDecoderTests`.
@Suite struct ExternalDecoderTests {
  /// A temporary folder of its own for each test, with the vectors and the fake decoder in it.
  final class Workspace {
    let directory: TemporaryDirectory
    var path: String { directory.path }

    init() throws {
      directory = try TemporaryDirectory(prefix: "bolt11-decoder-")
      try write("vectors.json", Self.vectors)
      try write("answers.json", Self.answers)
      try write("fake.py", FakeDecoder.script)
    }

    deinit { directory.remove() }

    func write(_ name: String, _ text: String) throws { _ = try directory.write(name, text) }

    /// The command line of the fake decoder in `mode`, misbehaving on the bad checksum.
    func decoder(_ mode: String) -> String {
      FakeDecoder.command(mode, folder: path, target: SpecInvoice.badChecksum)
    }

    func run(_ arguments: [String]) -> ToolRun {
      runTool(["vectors", path + "/vectors.json"] + arguments)
    }

    /// Four invoice vectors from the spec's examples, one compat, and one of kind bech32. The
    /// donation's `feature_bits` is wrong on purpose: an extension the decoder does not give is
    /// not checked.
    static let vectors = """
      {"description": "fake", "vectors": [
        {"name": "donation", "invoice": "\(SpecInvoice.donation)", "valid": true,
         "expect": {"payee": "\(SpecInvoice.payee)", "created_at": \(SpecInvoice.timestamp),
                    "feature_bits": [8, 14, 99]}},
        {"name": "bad checksum", "invoice": "\(SpecInvoice.badChecksum)", "valid": false,
         "error": "bech32.checksum"},
        {"name": "no secret <b>|x", "invoice": "\(SpecInvoice.missingSecret)", "valid": false,
         "error": "field.missing_payment_secret"},
        {"name": "coffee, compat", "invoice": "\(SpecInvoice.coffee)",
         "options": {"mode": "compat"}, "valid": true, "expect": {"payee": "\(SpecInvoice.payee)"}},
        {"name": "bech32 string", "kind": "bech32", "string": "a12uel5l", "valid": true}
      ]}
      """

    /// The right answer to each invoice: values from the spec's examples (`feature_bits`, our
    /// extension, left out: it is checked only when given).
    static let answers = """
      {"\(SpecInvoice.donation)": {"valid": true, "payee": "\(SpecInvoice.payee)",
                                   "created_at": \(SpecInvoice.timestamp)},
       "\(SpecInvoice.badChecksum)": {"valid": false, "error": {"code": "bech32.checksum"}},
       "\(SpecInvoice.missingSecret)": {"valid": false, "error": {"message": "no s field"}},
       "\(SpecInvoice.coffee)": {"valid": true, "payee": "\(SpecInvoice.payee)"}}
      """
  }

  /// The `FAIL ...` lines of a run.
  static func failures(_ run: ToolRun) -> [Substring] {
    run.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
  }

  static func lastLine(_ run: ToolRun) -> Substring? {
    run.stdout.split(separator: "\n").last
  }

  @Test("a decoder that answers right passes every invoice vector; the bech32 one is skipped")
  func right() throws {
    let workspace = try Workspace()
    let run = workspace.run(["--decoder", workspace.decoder("right")])
    #expect(run.code == 0, "\(run.stdout)\(run.stderr)")
    #expect(Self.lastLine(run) == "4 passed, 0 failed, 1 skipped")
    #expect(run.stdout.contains("  vectors.json: 4 passed, 0 failed, 1 skipped\n"))
    #expect(run.stdout.contains("  valid: 2 passed, 0 failed, 0 skipped\n"))
    #expect(run.stdout.contains("  bech32: 1 passed, 0 failed, 1 skipped\n"))
    #expect(run.stdout.contains("  field: 1 passed, 0 failed, 0 skipped\n"))
  }

  @Test("a decoder that crashes fails that vector only, and is restarted for the next")
  func crash() throws {
    let workspace = try Workspace()
    let run = workspace.run(["--decoder", workspace.decoder("crash")])
    #expect(run.code == 1)
    #expect(Self.lastLine(run) == "3 passed, 1 failed, 1 skipped")
    let failures = Self.failures(run)
    #expect(failures.count == 1)
    #expect(failures.first?.contains("bad checksum") == true)
    #expect(failures.first?.contains("exited with status 3") == true)
    #expect(failures.first?.contains("(standard error: fake: crashing now)") == true)
  }

  @Test("an answer out of protocol fails that vector; the answer is shown escaped")
  func garbage() throws {
    let workspace = try Workspace()
    let report = workspace.path + "/report.md"
    let run = workspace.run(["--decoder", workspace.decoder("garbage"), "--report", report])
    #expect(run.code == 1)
    #expect(Self.lastLine(run) == "3 passed, 1 failed, 1 skipped")
    #expect(Self.failures(run).first?.contains("out of protocol: the answer is not JSON") == true)
    #expect(!run.stdout.contains("\u{1B}"))
    let text = try String(contentsOfFile: report, encoding: .utf8)
    #expect(text.contains(#"\\u\{1b\}\[31mnot json"#))
    #expect(!text.contains("\u{1B}"))
  }

  @Test("an option the decoder declares unsupported skips the vector")
  func unsupported() throws {
    let workspace = try Workspace()
    let run = workspace.run(["--decoder", workspace.decoder("unsupported"), "--verbose"])
    #expect(run.code == 0)
    #expect(Self.lastLine(run) == "3 passed, 0 failed, 2 skipped")
    #expect(
      run.stdout.contains("skip vectors.json: coffee, compat: the decoder does not support mode"))
  }

  @Test("a decoder that floods standard error does not block the runner")
  func chattyStderr() throws {
    let workspace = try Workspace()
    let report = workspace.path + "/report.html"
    let run = workspace.run(["--decoder", workspace.decoder("chatty"), "--report", report])
    #expect(run.code == 0)
    #expect(Self.lastLine(run) == "4 passed, 0 failed, 1 skipped")
    let text = try String(contentsOfFile: report, encoding: .utf8)
    #expect(text.contains("<summary>The end of its standard error</summary><pre>"))
    // Only the tail is kept.
    #expect(text.utf8.count < 64 * 1024)
  }

  @Test("a command that cannot be started is a usage error that says so")
  func cannotStart() throws {
    let workspace = try Workspace()
    let run = workspace.run(["--decoder", workspace.path + "/no-such-decoder --flag"])
    #expect(run.code == 2)
    #expect(run.stderr.hasPrefix("error: usage: cannot start decoder '"))
    #expect(run.stderr.contains("exited with status 127"))
  }

  @Test("two decoders are two rows of the report, with escaped names and failures")
  func reportMatrix() throws {
    let workspace = try Workspace()
    let report = workspace.path + "/report.md"
    let run = workspace.run([
      "--decoder", workspace.decoder("right"), "--decoder=" + workspace.decoder("crash"),
      "--report", report,
    ])
    #expect(run.code == 1)
    #expect(Self.lastLine(run) == "7 passed, 1 failed, 2 skipped")
    let text = try String(contentsOfFile: report, encoding: .utf8)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| python3 ") }
    #expect(rows.count == 2)
    #expect(rows.first?.hasSuffix("| 4/4 +1 skipped |") == true)
    #expect(rows.last?.hasSuffix("| 3/4 +1 skipped |") == true)
    #expect(text.contains(#"| vectors.json | bad checksum | bech32 | error bech32.checksum |"#))
    #expect(!text.contains("<b>"))
  }

  @Test("without --decoder, the report has our built-in decoder as its one row")
  func builtInReport() throws {
    let workspace = try Workspace()
    let report = workspace.path + "/report.md"
    let run = workspace.run(["--report", report])
    // The donation's feature_bits are wrong on purpose, and our decoder gives them.
    #expect(run.code == 1)
    #expect(Self.lastLine(run) == "4 passed, 1 failed")
    let text = try String(contentsOfFile: report, encoding: .utf8)
    // bech32: the bad checksum and the bech32 string; field: no secret; valid: two, one failing.
    #expect(text.contains(#"| bolt11 \(built in\) | 2/2 | – | – | 1/1 | – | – | 1/2 | 4/5 |"#))
    #expect(text.contains("| vectors.json | donation | valid | valid "))
  }

  @Test("a report that cannot be written is exit 3 io.write")
  func reportWriteFails() throws {
    let workspace = try Workspace()
    let full = workspace.path + "/full.md"
    try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: "/dev/full")
    let run = workspace.run(["--decoder", workspace.decoder("right"), "--report", full])
    #expect(run.code == 3)
    #expect(run.stderr.hasPrefix("error: io.write: \(full): "))
    let missing = workspace.run(["--report", workspace.path + "/no/such/folder/r.md"])
    #expect(missing.code == 3)
    #expect(missing.stderr.hasPrefix("error: io.write: "))
  }

  @Test(
    "usage errors of the new options",
    arguments: [
      ["--report", "r.txt"], ["--timeout", "2"], ["--decoder", "x", "--timeout", "0"],
      ["--decoder", "x", "--timeout", "-1"], ["--decoder", "x", "--timeout", "1e3"],
      ["--decoder"], ["--decoder", " "],
    ])
  func usage(arguments: [String]) throws {
    let workspace = try Workspace()
    #expect(workspace.run(arguments).code == 2)
  }

  @Test("a requirements list in the folder is neither a vector file nor a failure")
  func requirementsList() throws {
    let workspace = try Workspace()
    let folder = workspace.path + "/folder"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    try workspace.write("folder/requirements.json", #"{"spec": "x", "requirements": []}"#)
    try workspace.write(
      "folder/v.json",
      #"{"vectors": [{"name": "s", "kind": "bech32", "string": "a12uel5l", "valid": true}]}"#)
    let run = runTool(["vectors", folder])
    #expect(run.code == 0)
    #expect(run.stdout == "1 passed, 0 failed\n")
  }

  @Test("our own decoder through the protocol passes every invoice and offer vector of Vectors/")
  func ownDecoder() throws {
    let binary = try #require(Binary.path, "build the bolt11 product first (swift build)")
    let vectors = try VectorFile.loadAll()
    let invoiceVectors = vectors.filter { $0.kind == "invoice" || $0.kind == "bolt12" }.count
    let run = runTool(
      ["vectors", VectorFile.defaultFolder, "--decoder", "\(binary) decode --protocol"])
    #expect(run.code == 0)
    let skipped = vectors.count - invoiceVectors
    #expect(Self.lastLine(run) == "\(invoiceVectors) passed, 0 failed, \(skipped) skipped")
  }

  @Test(
    "a decoder that leaves out empty fallbacks, routes and extra passes every invoice and offer vector"
  )
  func omittedEmptyLists() throws {
    let binary = try #require(Binary.path, "build the bolt11 product first (swift build)")
    let workspace = try Workspace()
    try workspace.write("omit-empty.py", FakeDecoder.omittingEmptyListsScript)
    let vectors = try VectorFile.loadAll()
    let invoiceVectors = vectors.filter { $0.kind == "invoice" || $0.kind == "bolt12" }.count
    let decoder = "python3 \(workspace.path)/omit-empty.py \(binary) decode --protocol"
    let run = runTool(["vectors", VectorFile.defaultFolder, "--decoder", decoder])
    // The contract: a key the response leaves out is not compared.
    #expect(Self.failures(run) == [])
    let skipped = vectors.count - invoiceVectors
    #expect(Self.lastLine(run) == "\(invoiceVectors) passed, 0 failed, \(skipped) skipped")
  }

  /// Two valid vectors of the spec's coffee invoice whose expected description differs from its
  /// "1 cup coffee": one with a quote and a backslash, one with an escape sequence, U+202E and
  /// the six characters `\u{1b}`.
  static let quotingVectors = #"""
    {"vectors": [
      {"name": "quote", "invoice": "\#(SpecInvoice.coffee)", "valid": true,
       "expect": {"description": "a\"b\\c"}},
      {"name": "controls", "invoice": "\#(SpecInvoice.coffee)", "valid": true,
       "expect": {"description": "x\u001b[2J\u202e\\u{1b}"}}
    ]}
    """#

  @Test("a failure line quotes expected strings as JSON text, escaped once")
  func onceEscaped() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("v.json", Self.quotingVectors)
    // RFC 8259: `"` and `\` as \" and \\; the contract's JSON writes ESC and U+202E as \u001b
    // and \u202e, so no raw control reaches the terminal, and a backslash read in the line is
    // JSON's.
    let expected = [
      #"FAIL v.json: quote: description: "1 cup coffee", expected "a\"b\\c""#,
      #"FAIL v.json: controls: description: "1 cup coffee", expected "x\u001b[2J\u202e\\u{1b}""#,
    ]
    let builtIn = runTool(["vectors", path])
    #expect(Self.failures(builtIn).map(String.init) == expected)
    let binary = try #require(Binary.path, "build the bolt11 product first (swift build)")
    let external = runTool(["vectors", path, "--decoder", "\(binary) decode --protocol"])
    #expect(Self.failures(external).map(String.init) == expected)
  }
}
