import Bolt11Conformance
import Foundation
import TestSupport
import Testing

/// `ExternalDecoder` against TestSupport's fake decoder, on vectors whose invoices are only keys
/// of the fake's answers: the process, the protocol and the restarts, no decoding.
@Suite struct ExternalDecoderTests {
  /// A folder of the test's own with the vectors, the fake decoder and its answers.
  final class Workspace {
    let directory: TemporaryDirectory
    let vectors: [VectorFile.Vector]

    init() throws {
      directory = try TemporaryDirectory(prefix: "bolt11-conformance-")
      _ = try directory.write("answers.json", Self.answers)
      _ = try directory.write("fake.py", FakeDecoder.script)
      vectors = try VectorFile(path: "vectors.json", text: Self.vectors).vectors
    }

    deinit { directory.remove() }

    /// The fake decoder in `mode`, misbehaving on the second vector's invoice.
    func decoder(_ mode: String, timeout: Double = 5) -> ExternalDecoder {
      ExternalDecoder(
        command: FakeDecoder.command(mode, folder: directory.path, target: "inv-bad"),
        timeout: timeout)
    }

    /// Every vector through `decoder`, then the decoder stopped.
    func run(_ decoder: ExternalDecoder) throws -> [ConformanceReport.Result] {
      defer { decoder.stop() }
      return try vectors.map { try decoder.run($0) }
    }

    /// Four invoice vectors (one with options), then one of kind bech32.
    static let vectors = """
      {"vectors": [
        {"name": "valid", "invoice": "inv-valid", "valid": true,
         "expect": {"payee": "02aa", "created_at": 5}},
        {"name": "bad", "invoice": "inv-bad", "valid": false, "error": "bech32.checksum"},
        {"name": "no secret", "invoice": "inv-no-secret", "valid": false,
         "error": "field.missing_payment_secret"},
        {"name": "compat", "invoice": "inv-compat", "options": {"mode": "compat", "amount_msat": 1},
         "valid": true, "expect": {"payee": "02aa"}},
        {"name": "string", "kind": "bech32", "string": "a12uel5l", "valid": true}
      ]}
      """

    /// The right answer to each invoice; the third gives no code, as a decoder that does not
    /// speak the contract's codes.
    static let answers = """
      {"inv-valid": {"valid": true, "payee": "02aa", "created_at": 5},
       "inv-bad": {"valid": false, "error": {"code": "bech32.checksum"}},
       "inv-no-secret": {"valid": false, "error": {"message": "no s field"}},
       "inv-compat": {"valid": true, "payee": "02aa"}}
      """
  }

  static let skippedKind = Verdict.skipped("kind bech32 is not run through an external decoder")

  @Test("a decoder that answers right passes every invoice vector; the bech32 one is skipped")
  func right() throws {
    let workspace = try Workspace()
    let results = try workspace.run(workspace.decoder("right"))
    #expect(results.map(\.verdict) == [.passed, .passed, .passed, .passed, Self.skippedKind])
    #expect(results.map(\.category) == ["valid", "bech32", "field", "valid", "bech32"])
    #expect(results[1].expected == "error bech32.checksum")
  }

  @Test("requests: one line per invoice vector, ids counting every vector, the protocol's options")
  func requests() throws {
    let workspace = try Workspace()
    _ = try workspace.run(workspace.decoder("record"))
    let log = try String(
      contentsOfFile: workspace.directory.path + "/requests.log", encoding: .utf8)
    #expect(
      log == """
        {"id":1,"invoice":"inv-valid","options":{}}
        {"id":2,"invoice":"inv-bad","options":{}}
        {"id":3,"invoice":"inv-no-secret","options":{}}
        {"id":4,"invoice":"inv-compat","options":{"mode":"compat"}}

        """)
  }

  @Test("a decoder that crashes fails that vector only, with its standard error, and is restarted")
  func crash() throws {
    let workspace = try Workspace()
    let results = try workspace.run(workspace.decoder("crash"))
    #expect(
      results.map(\.verdict) == [
        .passed, .failed("the decoder exited with status 3 without answering"), .passed, .passed,
        Self.skippedKind,
      ])
    #expect(results[1].stderr == "fake: crashing now\n")
    #expect(results[2].stderr == "")
  }

  @Test("a decoder that hangs is stopped after the timeout and restarted")
  func hang() throws {
    let workspace = try Workspace()
    let results = try workspace.run(workspace.decoder("hang", timeout: 1))
    #expect(
      results[1].verdict
        == .failed("no answer within 1.0 s (the decoder was stopped and restarted)"))
    #expect(results[2].verdict == .passed)
  }

  @Test("an answer that is not JSON fails that vector out of protocol, and is quoted as it came")
  func garbage() throws {
    let workspace = try Workspace()
    let results = try workspace.run(workspace.decoder("garbage"))
    guard case .failed(let reason) = results[1].verdict else {
      Issue.record("\(results[1].verdict)")
      return
    }
    #expect(reason.description.hasPrefix("out of protocol: the answer is not JSON"))
    #expect(results[1].got == "\u{1B}[31mnot json")
    #expect(results[2].verdict == .passed)
  }

  @Test("an answer line over 1 MiB fails that vector, and the decoder is restarted")
  func longLine() throws {
    let workspace = try Workspace()
    // A generous timeout: reading over 1 MiB is slow under the address sanitizer on a loaded
    // machine, and the limit, not the clock, is what this test is about.
    let results = try workspace.run(workspace.decoder("long", timeout: 60))
    #expect(
      results[1].verdict
        == .failed("an answer longer than 1048576 bytes (the decoder was restarted)"))
    #expect(results[2].verdict == .passed)
  }

  @Test("a decoder that answers twice fails the next vector out of protocol, then starts afresh")
  func twice() throws {
    let workspace = try Workspace()
    let results = try workspace.run(workspace.decoder("twice"))
    #expect(results[1].verdict == .passed)
    guard case .failed(let reason) = results[2].verdict else {
      Issue.record("\(results[2].verdict)")
      return
    }
    #expect(reason.description.hasPrefix("out of protocol: "))
    #expect(results[3].verdict == .passed)
  }

  @Test("an option the decoder declares unsupported skips the vector")
  func unsupported() throws {
    let workspace = try Workspace()
    let results = try workspace.run(workspace.decoder("unsupported"))
    #expect(results[3].verdict == .skipped("the decoder does not support mode"))
    #expect(results[0].verdict == .passed)
  }

  @Test("a decoder that floods standard error does not block; only its last 4 KiB are kept")
  func chatty() throws {
    let workspace = try Workspace()
    let decoder = workspace.decoder("chatty")
    let results = try workspace.run(decoder)
    #expect(results.map(\.verdict).prefix(4) == [.passed, .passed, .passed, .passed])
    #expect(decoder.stderrTail.utf8.count == 4096)
    #expect(decoder.stderrTail.hasSuffix("noise noise \n"))
  }

  @Test("a decoder that exits at once fails each invoice vector")
  func exitsAtOnce() throws {
    let results = try Workspace().run(ExternalDecoder(command: "exit 0"))
    let failed = Verdict.failed("the decoder exited with status 0 without answering")
    #expect(results.map(\.verdict) == [failed, failed, failed, failed, Self.skippedKind])
  }

  @Test("a command the shell cannot find is a start error with the shell's words")
  func cannotStart() throws {
    let workspace = try Workspace()
    let decoder = ExternalDecoder(command: workspace.directory.path + "/no-such-decoder --flag")
    #expect {
      _ = try decoder.run(workspace.vectors[0])
    } throws: { error in
      let message = (error as? ExternalDecoder.StartError)?.message ?? ""
      return message.hasPrefix("exited with status 127: ") && message.contains("no-such-decoder")
    }
  }
}
