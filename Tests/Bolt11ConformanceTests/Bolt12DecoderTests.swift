import Bolt11Conformance
import Foundation
import TestSupport
import Testing

/// `bolt12` vectors through `ExternalDecoder`: the request shape of the contract's "External
/// decoders" for offers, and how each kind of answer is scored. The strings are only keys of a
/// fake decoder's answers: no decoding.
@Suite struct Bolt12DecoderTests {
  /// A fake decoder that logs each request and answers from a table keyed by the request's
  /// `string`, or `{"unsupported": "bolt12"}` for a string the table lacks.
  static let fake = """
    import json, sys
    folder = sys.argv[1]
    answers = json.load(open(folder + "/answers.json"))
    log = open(folder + "/requests.log", "a")
    for line in sys.stdin:
        log.write(line)
        log.flush()
        request = json.loads(line)
        answer = answers.get(request.get("string"), {"unsupported": "bolt12"})
        sys.stdout.write(json.dumps(answer) + "\\n")
        sys.stdout.flush()
    """

  /// One vector per way of scoring; `lno-network` carries options, one of which is not passed on.
  static let vectors = """
    {"vectors": [
      {"name": "valid", "kind": "bolt12", "string": "lno-valid", "valid": true,
       "expect": {"offer_amount_msat": 100, "offer_description": "coffee"}},
      {"name": "valid, fewer keys", "kind": "bolt12", "string": "lno-partial", "valid": true,
       "expect": {"offer_amount_msat": 100, "offer_issuer": "shop"}},
      {"name": "wrong field", "kind": "bolt12", "string": "lno-wrong-field", "valid": true,
       "expect": {"offer_amount_msat": 100}},
      {"name": "right code", "kind": "bolt12", "string": "lno-zero", "valid": false,
       "error": "bolt12.zero_amount"},
      {"name": "wrong code", "kind": "bolt12", "string": "lno-wrong-code", "valid": false,
       "error": "bolt12.zero_amount"},
      {"name": "verdict only", "kind": "bolt12", "string": "lno-no-code", "valid": false,
       "error": "bolt12.unknown_feature"},
      {"name": "accepted", "kind": "bolt12", "string": "lno-accepted", "valid": false,
       "error": "bolt12.empty_chains"},
      {"name": "refused", "kind": "bolt12", "string": "lno-refused", "valid": true},
      {"name": "unsupported", "kind": "bolt12", "string": "lno-unknown", "valid": true},
      {"name": "network", "kind": "bolt12", "string": "lno-network", "valid": true,
       "options": {"network": "tb", "now": 1700000000, "mode": "compat"}},
      {"name": "no string", "kind": "bolt12", "valid": true}
    ]}
    """

  static let answers = """
    {"lno-valid": {"type": "bolt12 offer", "valid": true, "offer_amount_msat": 100,
                   "offer_description": "coffee", "offer_issuer_id": "02aa"},
     "lno-partial": {"valid": true, "offer_amount_msat": 100},
     "lno-wrong-field": {"valid": true, "offer_amount_msat": 99},
     "lno-zero": {"valid": false, "error": {"code": "bolt12.zero_amount", "message": "zero"}},
     "lno-wrong-code": {"valid": false, "error": {"code": "bolt12.missing_description"}},
     "lno-no-code": {"valid": false, "error": {"message": "unknown even feature"}},
     "lno-accepted": {"valid": true},
     "lno-refused": {"valid": false, "error": {"message": "bad"}},
     "lno-network": {"valid": true}}
    """

  /// The verdicts and the request log of every vector through the fake decoder.
  static func run() throws -> (verdicts: [Verdict], log: String) {
    let directory = try TemporaryDirectory(prefix: "bolt12-decoder-")
    defer { directory.remove() }
    _ = try directory.write("answers.json", answers)
    _ = try directory.write("fake.py", fake)
    let vectors = try VectorFile(path: "bolt12.json", text: vectors).vectors
    let decoder = ExternalDecoder(command: "python3 \(directory.path)/fake.py \(directory.path)")
    defer { decoder.stop() }
    let verdicts = try vectors.map { try decoder.run($0).verdict }
    decoder.stop()
    let log = try String(contentsOfFile: directory.path + "/requests.log", encoding: .utf8)
    return (verdicts, log)
  }

  @Test("issue 40: bolt12 vectors are sent as {id, kind, string, options} with network and now")
  func requests() throws {
    let log = try Self.run().log
    let lines = log.split(separator: "\n")
    #expect(lines.count == 10)  // the vector without a string is not sent
    #expect(lines.first == #"{"id":1,"kind":"bolt12","string":"lno-valid","options":{}}"#)
    #expect(
      lines.last
        == #"{"id":10,"kind":"bolt12","string":"lno-network","options":{"network":"tb","now":1700000000}}"#
    )
  }

  @Test("issue 40: bolt12 answers are scored on verdict, code when given, and the expect subset")
  func scoring() throws {
    let verdicts = try Self.run().verdicts
    try #require(verdicts.count == 11)
    #expect(verdicts[0] == .passed)
    #expect(verdicts[1] == .passed)  // offer_issuer left out: not compared
    #expect(verdicts[2] == .failed("offer_amount_msat: 99, expected 100"))
    #expect(verdicts[3] == .passed)
    #expect(verdicts[4] == .failed("expected bolt12.zero_amount, got bolt12.missing_description"))
    #expect(verdicts[5] == .passed)  // no code: scored on its verdict
    #expect(verdicts[6] == .failed("expected error bolt12.empty_chains, got valid"))
    #expect(verdicts[7] == .failed("expected valid, got invalid: bad"))
    #expect(verdicts[8] == .skipped("the decoder does not support bolt12"))
    #expect(verdicts[9] == .passed)
    #expect(verdicts[10] == .failed(#"no "string""#))
  }
}
