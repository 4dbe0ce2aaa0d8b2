import Bolt11
import TestSupport
import Testing

/// `SafeText`, the one escaping path for text that came from an invoice or its input.
@Suite struct SafeTextTests {
  static let unsafe = UnsafeScalars.all

  @Test("unsafe scalars are escaped as \\u{hex}", arguments: unsafe.map { $0.0 })
  func escapes(_ scalar: Unicode.Scalar) {
    let escaped = SafeText.escape("a" + String(scalar) + "b")
    #expect(escaped == "a\\u{\(String(scalar.value, radix: 16))}b")
  }

  @Test(
    "ordinary text is kept",
    arguments: [
      "Please consider supporting this project", "ナンセンス 1杯", "café ☕", "emoji ❤️ with VS16",
      "שלום (Hebrew, right-to-left by itself)",
    ])
  func keeps(_ text: String) {
    #expect(SafeText.escape(text) == text)
  }

  @Test("a backslash is doubled, so an escape in the output is always ours")
  func backslash() {
    #expect(SafeText.escape("\\u{1b}") == "\\\\u{1b}")
  }

  @Test("every scalar: SafeText's range test decides as its property lookup does")
  func safeRuns() {
    var mismatches: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if SafeText.isUnsafe(value: value) != SafeText.isUnsafe(scalar) { mismatches.append(value) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(8).map { String($0, radix: 16) })")
  }

  @Test("a value that is no scalar (a surrogate, above U+10FFFF) is escaped, not a trap")
  func safeNonScalars() {
    for value: UInt32 in [0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x11_0000, 0x1F_FFFF] {
      #expect(Unicode.Scalar(value) == nil)
      #expect(SafeText.isUnsafe(value: value), "\(String(value, radix: 16))")
    }
  }

  @Test("a description's display text is escaped; its text is as received")
  func displayText() {
    let description = InvoiceDescription.text("pay\u{202E}me\u{1B}[2J")
    #expect(description.text == "pay\u{202E}me\u{1B}[2J")
    #expect(description.displayText == "pay\\u{202e}me\\u{1b}[2J")
    #expect(
      InvoiceDescription.hash(DescriptionHash(bytes: [UInt8](repeating: 7, count: 32))!).displayText
        == nil)
  }
}
