import Bolt11
import Secp256k1
import TestSupport
import Testing

/// `SafeText.label` and `SafeText.logText`: text for people and for logs. Expected widths and
/// clusters come from Unicode's definitions (East Asian Width, emoji presentation, grapheme
/// clusters), written out by hand.
@Suite struct SafeLabelTests {
  static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
  /// Scotland's flag: a black flag, the tags "gbsct" and a cancel tag.
  static let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"

  @Test(
    "every unsafe scalar is removed, nothing escaped", arguments: UnsafeScalars.all.map { $0.0 })
  func removes(_ scalar: Unicode.Scalar) {
    let label = SafeText.label("a" + String(scalar) + "b")
    // White space becomes one space; everything else goes.
    #expect(label == (scalar.properties.isWhitespace ? "a b" : "ab"))
  }

  @Test("a ZWJ family and a tag flag stay whole, one character of two columns each")
  func emojiSequences() {
    for emoji in [Self.family, Self.scotland, "\u{1F1EB}\u{1F1F7}", "\u{2764}\u{FE0F}"] {
      let label = SafeText.label("x " + emoji + " y")
      #expect(label == "x " + emoji + " y")
      #expect(label.unicodeScalars.elementsEqual(("x " + emoji + " y").unicodeScalars))
      #expect(SafeText.columns(of: Character(emoji)) == 2)
    }
  }

  @Test("a joiner outside an emoji sequence is removed")
  func strayJoiner() {
    #expect(SafeText.label("a\u{200D}b") == "ab")
    #expect(SafeText.label("\u{2764}\u{200D}x") == "\u{2764}x")
  }

  @Test("bidirectional controls go; line breaks and tabs fold to one space, none at the ends")
  func folds() {
    #expect(SafeText.label("pay \u{202E}evil\nnow") == "pay evil now")
    #expect(SafeText.label("\n\t a \r\n\u{2028} b \t") == "a b")
  }

  @Test("cut to a number of characters, the mark within the limit, no cluster split")
  func cutCharacters() {
    #expect(SafeText.label("abcdef", maxCharacters: 4) == "abc…")
    #expect(SafeText.label("abcd", maxCharacters: 4) == "abcd")
    // e + combining acute is one character.
    #expect(SafeText.label("e\u{301}e\u{301}e\u{301}", maxCharacters: 2) == "e\u{301}…")
    #expect(SafeText.label(Self.family + Self.family, maxCharacters: 1) == "…")
    #expect(
      SafeText.label(Self.family + "ab", maxCharacters: 2, truncationMark: nil) == Self.family + "a"
    )
    #expect(SafeText.label("abc", maxCharacters: 0) == "")
  }

  @Test("cut to terminal columns: a wide character counts two")
  func cutColumns() {
    // 日, 本, 語 are East Asian Wide; … is one column.
    #expect(SafeText.columns(of: "日本語") == 6)
    #expect(SafeText.label("日本語", maxColumns: 6) == "日本語")
    #expect(SafeText.label("日本語", maxColumns: 5) == "日本…")
    #expect(SafeText.label("日本語", maxColumns: 4) == "日…")
    #expect(SafeText.label("a" + Self.family + "b", maxColumns: 3) == "a…")
    #expect(SafeText.label("ｶﾞ", maxColumns: 2) == "ｶﾞ")  // half-width katakana: narrow
    #expect(SafeText.columns(of: "ＡＢ") == 4)  // full-width Latin
    #expect(SafeText.columns(of: "☕") == 2)  // emoji presentation
    #expect(SafeText.columns(of: "café") == 4)
  }

  @Test("the log form writes no control or bidirectional character raw, and cuts by scalars")
  func logText() {
    for (scalar, _) in UnsafeScalars.all {
      let logged = SafeText.logText("a" + String(scalar))
      #expect(!logged.unicodeScalars.contains(where: SafeText.isUnsafe))
    }
    #expect(SafeText.logText("abc\u{202E}def", maxScalars: 4) == "abc\\u{202e}...")
    #expect(SafeText.logText("abc", maxScalars: 3) == "abc")
  }

  static let hostile = "pay \u{202E}evil\u{1B}[2J\u{2066}\u{200B}\n"

  /// Whether `text` can be printed: no unsafe scalar at all.
  static func printable(_ text: String) -> Bool {
    !text.unicodeScalars.contains(where: SafeText.isUnsafe)
  }

  @Test("description and debugDescription of values carrying hostile text are safe to print")
  func safePrinting() throws {
    let invoice = try InvoiceExpectationsTests.invoice { $0.description = .text(Self.hostile) }
    var expectations = InvoiceExpectations()
    expectations.description = .directText(Self.hostile)
    let violation = InvoiceViolation(
      .descriptionMismatch, expected: .text(Self.hostile), found: .list([Self.hostile]),
      message: Self.hostile)
    var builder = InvoiceBuilder(
      currency: .bitcoin, paymentHash: InvoiceExpectationsTests.hash,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 0x11, count: 32))!,
      description: .text(Self.hostile), createdAt: 1)
    builder.amount = Millisatoshis(1)
    let values: [Any] = [
      invoice, invoice.description, invoice.fields, invoice.raw, expectations,
      expectations.description as Any, violation, violation.expected, violation.found,
      InvoiceError(.fieldInvalidUTF8, Self.hostile),
      InvoiceBuildError(.descriptionTooLong, Self.hostile),
      DecodeOptions(description: Self.hostile), builder,
    ]
    for value in values {
      #expect(Self.printable(String(describing: value)), "\(type(of: value))")
      #expect(Self.printable(String(reflecting: value)), "\(type(of: value))")
    }
    // The text is still there, escaped.
    #expect(String(describing: invoice.description).contains("\\u{202e}evil"))
  }
}
