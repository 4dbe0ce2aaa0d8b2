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

  @Test("vectors of kinds bech32, segwit_address and offline are skipped, not sent")
  func otherKindsSkipped() throws {
    for kind in ["bech32", "segwit_address", "offline"] {
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

  static func kind(_ verdict: DecoderScore.Verdict) -> Expected {
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
      (#"{"valid": true, "amount_msat": 1000}"#, .failed),  // payee missing
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

/// The report's escapes and matrix, from results made by hand.
@Suite struct ConformanceReportTests {
  @Test("Markdown escapes markup, table pipes and terminal controls")
  func markdownEscape() {
    let escaped = SafeText.markdown("a|b *c* <script>[x](y) \u{1B}[2J")
    #expect(escaped == #"a\|b \*c\* \<script\>\[x\]\(y\) \\u\{1b\}\[2J"#)
  }

  @Test("HTML escapes the five special characters and terminal controls")
  func htmlEscape() {
    #expect(
      SafeText.html(#"<a href="x">'&'</a>"# + "\u{202E}")
        == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\\u{202e}")
  }

  static func report() -> ConformanceReport {
    func result(_ category: String, _ verdict: DecoderScore.Verdict, name: String = "v")
      -> ConformanceReport.Result
    {
      ConformanceReport.Result(
        file: "f.json", name: name, category: category, verdict: verdict, expected: "valid",
        got: "{\"valid\": false}")
    }
    var decoder = ConformanceReport.Decoder(label: "dec | one")
    decoder.results = [
      result("valid", .passed), result("valid", .failed("expected valid"), name: "<b>bold</b>"),
      result("signature", .passed), result("bech32", .skipped("kind bech32")),
    ]
    return ConformanceReport(decoders: [decoder])
  }

  @Test("the Markdown matrix counts passed / run per category, and lists each failure")
  func markdownMatrix() {
    let text = Self.report().markdown()
    #expect(
      text.contains(
        "| decoder | bech32 | hrp | amount | field | features | signature | valid | total |"))
    #expect(
      text.contains(
        #"| dec \| one | 0/0 +1 skipped | – | – | – | – | 1/1 | 1/2 | 2/3 +1 skipped |"#))
    #expect(
      text.contains(
        #"| f.json | \<b\>bold\</b\> | valid | valid | expected valid — \{"valid": false\} |"#))
    #expect(!text.contains("<b>"))
  }

  @Test("the HTML matrix marks cells, and nothing from a result is left unescaped")
  func htmlMatrix() {
    let text = Self.report().html()
    #expect(text.contains(#"<td class="num some">1/2</td>"#))
    #expect(text.contains(#"<td class="num all">1/1</td>"#))
    #expect(text.contains("&lt;b&gt;bold&lt;/b&gt;"))
    #expect(!text.contains("<b>"))
    #expect(text.contains("<code>dec | one</code>"))
  }
}
