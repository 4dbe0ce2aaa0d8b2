import Bolt11
import Bolt11JSON
import Testing

@testable import Bolt11Conformance

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
    func result(_ category: String, _ verdict: Verdict, name: String = "v")
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

  /// The report with one more failure, of a vector that tests only the contract.
  static func reportWithContractVector() throws -> ConformanceReport {
    var report = report()
    let vector = VectorFile.Vector(
      file: "f.json", name: "ours", kind: "invoice",
      object: try JSON.parse(
        #"{"invoice": "x", "valid": false, "error": "field.duplicate", "rules": ["contract.duplicates"]}"#
      ))
    report.decoders[0].results.append(.init(vector, verdict: .failed("expected field.duplicate")))
    let spec = VectorFile.Vector(
      file: "f.json", name: "spec's", kind: "invoice",
      object: try JSON.parse(
        #"{"invoice": "x", "valid": false, "error": "bech32.checksum", "rules": ["bolt11.reader.checksum", "contract.x"]}"#
      ))
    report.decoders[0].results.append(.init(spec, verdict: .failed("expected invalid")))
    return report
  }

  @Test("a failure of a vector that tests only the contract is marked, and counted")
  func contractOnly() throws {
    let report = try Self.reportWithContractVector()
    let markdown = report.markdown()
    #expect(markdown.contains("| f.json | ours | field (contract) |"))
    #expect(markdown.contains("| f.json | spec's | bech32 |"))
    #expect(markdown.contains("1 of the failures test this project's contract, not the spec"))
    let html = report.html()
    #expect(html.components(separatedBy: "<span class=\"contract\"").count == 2)
    #expect(html.contains("1 of the failures test this project's contract, not the spec"))
  }

  @Test("the failures table has a fixed layout that wraps its cells")
  func failuresWrap() {
    let html = Self.report().html()
    #expect(html.contains("table.failures{table-layout:fixed;width:100%}"))
    #expect(html.contains("<table class=\"failures\">"))
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

/// A failure's reason and expectation quote values as JSON once in the reports too: the reports'
/// own escaping comes on top, so that the rendered text reads as the terminal line does.
@Suite struct ReportQuotingTests {
  static func report() -> ConformanceReport {
    let expected = JSON.string(#"a"b\c"#)
    var decoder = ConformanceReport.Decoder(label: "d")
    decoder.results = [
      ConformanceReport.Result(
        file: "f.json", name: "v", category: "valid",
        verdict: .failed("description: \(JSON.string("x")), expected \(expected)"),
        expected: "valid \(JSON.object([("description", expected)]))", got: #"{"x": "\\"}"#)
    ]
    return ConformanceReport(decoders: [decoder])
  }

  @Test("Markdown: the once-escaped JSON, then CommonMark's backslash escapes; got as it came")
  func markdown() {
    let text = Self.report().markdown()
    // Rendered: description: "x", expected "a\"b\\c" — then the answer as it came, which need
    // not be JSON: through SafeText.escape, its backslashes doubled, as before.
    let row =
      #"| f.json | v | valid | valid \{"description":"a\\"b\\\\c"\} | "#
      + #"description: "x", expected "a\\"b\\\\c" — \{"x": "\\\\\\\\"\} |"#
    #expect(text.contains(row), "\(text)")
  }

  @Test("HTML: the once-escaped JSON with character references")
  func html() {
    let text = Self.report().html()
    #expect(
      text.contains(
        #"<td><code>valid {&quot;description&quot;:&quot;a\&quot;b\\c&quot;}</code></td>"#))
    #expect(
      text.contains(#"<td>description: &quot;x&quot;, expected &quot;a\&quot;b\\c&quot;<br>"#))
  }
}
