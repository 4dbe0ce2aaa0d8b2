import Bolt11
import Bolt11Conformance
import Bolt11JSON
import TestSupport
import Testing

/// Display text quotes each piece once, by what it is, and is always safe for a terminal.
@Suite struct DisplayTextTests {
  @Test("a JSON value is its JSON text: `\"` and `\\` escaped once, as RFC 8259 writes them")
  func json() {
    let text: DisplayText = "expected \(JSON.string(#"a"b\c"#))"
    #expect(text.description == #"expected "a\"b\\c""#)
    let object: DisplayText = "\(JSON.object([("k", .array([.integer(-1), .bool(true)]))]))"
    #expect(object.description == #"{"k":[-1,true]}"#)
  }

  @Test("any other value goes through SafeText.escape: `\\` doubled, controls as \\u{...}")
  func other() {
    let text: DisplayText = "got \(#"a\b"# + "\u{1B}[2J") at \(12)"
    #expect(text.description == #"got a\\b\u{1b}[2J at 12"#)
  }

  @Test("display text interpolated into display text is kept as it is")
  func nested() {
    let inner: DisplayText = "\(JSON.string(#"\"#))"
    let outer: DisplayText = "(\(inner))"
    #expect(outer.description == #"("\\")"#)
  }

  @Test(
    "no unsafe scalar reaches the text, from a JSON string, another value or a literal",
    arguments: UnsafeScalars.all.map { $0.0 })
  func safe(_ scalar: Unicode.Scalar) {
    let raw = "x" + String(scalar) + "y"
    let texts: [DisplayText] = [
      "\(JSON.string(raw))", "\(raw)", DisplayText(stringLiteral: raw),
      "\(JSON.object([(raw, .string(raw))]))",
    ]
    for text in texts {
      #expect(!text.description.unicodeScalars.contains(scalar), "\(text)")
      #expect(!text.description.unicodeScalars.contains(where: SafeText.isUnsafe), "\(text)")
    }
  }

  @Test("a control and the characters that spell its escape read differently, in JSON and not")
  func unambiguous() {
    let escape = "\u{1B}"
    let spelled = #"\u{1b}"#
    let asJSON: [DisplayText] = ["\(JSON.string(escape))", "\(JSON.string(spelled))"]
    #expect(asJSON.map(\.description) == [#""\u001b""#, #""\\u{1b}""#])
    let asText: [DisplayText] = ["\(escape)", "\(spelled)"]
    #expect(asText.map(\.description) == [#"\u{1b}"#, #"\\u{1b}"#])
  }
}
