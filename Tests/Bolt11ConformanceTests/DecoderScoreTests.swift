import Bolt11
import Bolt11JSON
import Testing

@testable import Bolt11Conformance

/// Scoring an external decoder's answers, as a function: no process involved.
@Suite struct DecoderScoreTests {
  static func vector(_ json: String, kind: String = "invoice") throws -> VectorFile.Vector {
    let object = try JSON.parse(json)
    return VectorFile.Vector(file: "f.json", name: "v", kind: kind, object: object)
  }

  static let validVector = """
    {"invoice": "lnbc1x", "valid": true,
     "expect": {"amount_msat": 1000, "payee": "02ab", "feature_bits": [8, 14]}}
    """
  static let invalidVector = """
    {"invoice": "lnbc1x", "valid": false, "error": ["signature.high_s", "signature.invalid"],
     "position": 12}
    """

  /// Categories as the mapping documented on `DecoderScore.category` states them.
  @Test(
    "the category comes from the prefix of the first expected code",
    arguments: [
      ("bech32.checksum", "bech32"), ("hrp.unknown_prefix", "hrp"), ("network.mismatch", "hrp"),
      ("amount.overflow", "amount"), ("field.duplicate", "field"), ("invoice.too_long", "field"),
      ("invoice.expired", "field"), ("description_hash.mismatch", "field"),
      ("features.unknown_required", "features"), ("signature.high_s", "signature"),
      ("something.new", "other"),
    ])
  func category(code: String, category: String) throws {
    let vector = try Self.vector(#"{"invoice": "x", "valid": false, "error": "\#(code)"}"#)
    #expect(DecoderScore.category(vector) == category)
  }

  @Test("valid vectors are `valid`; other kinds have their own category")
  func otherCategories() throws {
    #expect(DecoderScore.category(try Self.vector(Self.validVector)) == "valid")
    let string = #"{"string": "a12uel5l", "valid": true}"#
    #expect(DecoderScore.category(try Self.vector(string, kind: "bech32")) == "bech32")
    #expect(DecoderScore.category(try Self.vector(string, kind: "segwit_address")) == "bech32")
    #expect(DecoderScore.category(try Self.vector(string, kind: "offline")) == "offline")
  }

  @Test("a request carries the id, the invoice and only the protocol's options")
  func request() throws {
    let vector = try Self.vector(
      """
      {"invoice": "lnbc1x", "valid": true, "options": {"mode": "compat", "now": 5,
       "amount_msat": 7, "network": "bc"}}
      """)
    guard case .send(let request) = DecoderScore.request(id: 3, vector) else {
      Issue.record("no request")
      return
    }
    #expect(request["id"]?.unsignedValue == 3)
    #expect(request["invoice"]?.stringValue == "lnbc1x")
    let keys = request["options"]?.objectValue?.map(\.0)
    #expect(keys == ["mode", "network", "now"])
  }

  @Test("vectors of kinds bech32, segwit_address, offline, payment_string, check are skipped")
  func otherKindsSkipped() throws {
    for kind in ["bech32", "segwit_address", "offline", "payment_string", "check"] {
      let vector = try Self.vector(#"{"invoice": "lnbc1x", "valid": true}"#, kind: kind)
      guard case .settled(.skipped) = DecoderScore.request(id: 1, vector) else {
        Issue.record("\(kind) was not skipped")
        continue
      }
    }
  }

  enum Expected: Equatable {
    case passed, failed, skipped
  }

  static func kind(_ verdict: Verdict) -> Expected {
    switch verdict {
    case .passed: .passed
    case .failed: .failed
    case .skipped: .skipped
    }
  }

  @Test(
    "answers to a valid vector",
    arguments: [
      (#"{"valid": true, "amount_msat": 1000, "payee": "02ab", "feature_bits": [8, 14]}"#, .passed),
      // `feature_bits` is our extension: not given, not checked.
      (#"{"valid": true, "amount_msat": 1000, "payee": "02ab"}"#, Expected.passed),
      (#"{"valid": true, "amount_msat": 1000, "payee": "02ab", "feature_bits": [8]}"#, .failed),
      // A key the answer leaves out is not compared (the contract, "External decoders").
      (#"{"valid": true, "amount_msat": 1000}"#, .passed),
      (#"{"valid": true}"#, .passed),
      (#"{"valid": true, "amount_msat": 1000, "payee": null}"#, .failed),
      (#"{"valid": true, "amount_msat": 999, "payee": "02ab"}"#, .failed),
      (#"{"valid": true, "amount_msat": 1000, "payee": "02ab", "id": 4}"#, .passed),
      (#"{"valid": true, "amount_msat": 1000, "payee": "02ab", "id": 5}"#, .failed),
      (#"{"valid": false, "error": {"code": "bech32.checksum"}}"#, .failed),
      (#"{"valid": false}"#, .failed),
      (#"{"unsupported": "mode"}"#, .skipped),
      (#"{"amount_msat": 1000}"#, .failed),  // no verdict
      (#"[true]"#, .failed),
      (#"this is not JSON"#, .failed),
      ("", .failed),
    ])
  func scoreValid(answer: String, expected: Expected) throws {
    let verdict = DecoderScore.score(
      try Self.vector(Self.validVector), answer: Array(answer.utf8), id: 4)
    #expect(Self.kind(verdict) == expected, "\(verdict)")
  }

  /// A valid vector expecting the empty lists that Core Lightning's `decode` leaves out.
  static let emptyListsVector = """
    {"invoice": "lnbc1x", "valid": true,
     "expect": {"amount_msat": 1000, "fallbacks": [], "routes": [], "extra": []}}
    """

  /// A valid vector expecting a fallback of an unknown witness version and a one-hop route.
  static let entriesVector = """
    {"invoice": "lnbc1x", "valid": true,
     "expect": {"fallbacks": [{"type": "WITNESS_UNKNOWN", "addr": "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "hex": "5210751e76e8199196d454941c45d1b3a323"}],
                "routes": [[{"pubkey": "02ab", "short_channel_id": "1x2x3", "fee_base_msat": 1,
                             "fee_proportional_millionths": 20, "cltv_expiry_delta": 3}]]}}
    """

  @Test(
    "a key left out inside a fallbacks or routes entry is not compared; a given one is",
    arguments: [
      // Core Lightning leaves `type` out for a fallback of an unknown witness version.
      (
        #"{"valid": true, "fallbacks": [{"addr": "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "hex": "5210751e76e8199196d454941c45d1b3a323"}]}"#,
        Expected.passed
      ),
      (
        #"{"valid": true, "fallbacks": [{"hex": "5210751e76e8199196d454941c45d1b3a323"}]}"#, .passed
      ),
      (#"{"valid": true, "fallbacks": [{"hex": "00"}]}"#, .failed),
      (#"{"valid": true, "fallbacks": [{"type": "P2TR"}]}"#, .failed),
      (#"{"valid": true, "fallbacks": []}"#, .failed),
      (#"{"valid": true, "routes": [[{"pubkey": "02ab", "short_channel_id": "1x2x3"}]]}"#, .passed),
      (#"{"valid": true, "routes": [[{"pubkey": "02ab", "fee_base_msat": 2}]]}"#, .failed),
      (#"{"valid": true, "routes": [[{"pubkey": "02ab"}, {"pubkey": "02ab"}]]}"#, .failed),
    ])
  func omittedEntryKeys(answer: String, expected: Expected) throws {
    let verdict = DecoderScore.score(
      try Self.vector(Self.entriesVector), answer: Array(answer.utf8), id: 1)
    #expect(Self.kind(verdict) == expected, "\(verdict)")
  }

  @Test(
    "empty fallbacks, routes and extra left out of an answer are not compared; given, they are",
    arguments: [
      (#"{"valid": true, "amount_msat": 1000}"#, Expected.passed),
      (#"{"valid": true, "amount_msat": 1000, "routes": []}"#, .passed),
      (
        #"{"valid": true, "amount_msat": 1000, "fallbacks": [], "routes": [], "extra": []}"#,
        .passed
      ),
      (#"{"valid": true, "amount_msat": 1000, "routes": [[]]}"#, .failed),
      (#"{"valid": true, "amount_msat": 1000, "extra": [{"tag": "v", "data": "q"}]}"#, .failed),
      (#"{"valid": true, "amount_msat": 2000}"#, .failed),
    ])
  func omittedKeys(answer: String, expected: Expected) throws {
    let verdict = DecoderScore.score(
      try Self.vector(Self.emptyListsVector), answer: Array(answer.utf8), id: 1)
    #expect(Self.kind(verdict) == expected, "\(verdict)")
  }

  @Test(
    "answers to an invalid vector",
    arguments: [
      (#"{"valid": false, "error": {"code": "signature.high_s", "message": "m"}}"#, .passed),
      (#"{"valid": false, "error": {"code": "signature.invalid"}}"#, Expected.passed),
      // A decoder that does not speak our codes is scored on its verdict.
      (#"{"valid": false, "error": {"message": "bad signature"}}"#, .passed),
      (#"{"valid": false}"#, .passed),
      (#"{"valid": false, "error": {"code": "bech32.checksum"}}"#, .failed),
      (#"{"valid": false, "error": {"code": "signature.high_s", "position": 12}}"#, .passed),
      (#"{"valid": false, "error": {"code": "signature.high_s", "position": 13}}"#, .failed),
      (#"{"valid": false, "error": {"code": 7}}"#, .failed),
      (#"{"valid": false, "error": "signature.high_s"}"#, .failed),
      (#"{"valid": true, "amount_msat": 1000}"#, .failed),
    ])
  func scoreInvalid(answer: String, expected: Expected) throws {
    let verdict = DecoderScore.score(
      try Self.vector(Self.invalidVector), answer: Array(answer.utf8), id: 1)
    #expect(Self.kind(verdict) == expected, "\(verdict)")
  }

  @Test("an answer that is not UTF-8 is out of protocol")
  func notUTF8() throws {
    let verdict = DecoderScore.score(
      try Self.vector(Self.invalidVector), answer: [0x7B, 0xFF, 0x7D], id: 1)
    #expect(verdict == .failed("out of protocol: the answer is not UTF-8"))
  }
}

/// The public form: an answer given as a JSON value, as a decoder tested in process gives it.
@Suite struct DecoderScoreValueTests {
  @Test("an answer value is scored as its line is, without the protocol's id")
  func value() throws {
    let vector = try DecoderScoreTests.vector(DecoderScoreTests.validVector)
    let right = try JSON.parse(#"{"valid": true, "amount_msat": 1000, "payee": "02ab"}"#)
    #expect(DecoderScore.score(vector, answer: right) == .passed)
    let wrong = try JSON.parse(#"{"valid": true, "amount_msat": 999, "payee": "02ab"}"#)
    #expect(DecoderScore.score(vector, answer: wrong) == .failed("amount_msat: 999, expected 1000"))
    #expect(
      DecoderScore.score(vector, answer: .array([]))
        == .failed("out of protocol: the answer is not a JSON object"))
  }

  @Test("a vector of another kind, or without an invoice, is settled before any answer")
  func settled() throws {
    let answer = try JSON.parse(#"{"valid": true}"#)
    let offline = try DecoderScoreTests.vector(#"{"invoice": "x", "valid": true}"#, kind: "offline")
    #expect(
      DecoderScore.score(offline, answer: answer)
        == .skipped("kind offline is not run through an external decoder"))
    let noInvoice = try DecoderScoreTests.vector(#"{"valid": true}"#)
    #expect(DecoderScore.score(noInvoice, answer: answer) == .failed(#"no "invoice""#))
  }
}
