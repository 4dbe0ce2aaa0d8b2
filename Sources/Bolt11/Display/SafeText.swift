/// Makes untrusted text safe to show: on a terminal, in a log, on a screen.
///
/// An invoice's description is written by whoever made the invoice. Shown raw, it could move
/// the cursor, rewrite earlier lines, change the window title or hide and reorder what follows
/// (escape sequences, bidirectional overrides and isolates, zero-width characters, line
/// separators). `escape` keeps ordinary text as it is and writes everything else as `\u{...}`,
/// with `\` itself doubled so that an escape in the output always means an escape was made:
///
/// ```swift
/// SafeText.escape("pay \u{202E}evil")  // "pay \\u{202e}evil"
/// ```
///
/// `InvoiceDescription.displayText` gives a description's text this way; the `bolt11` command
/// shows everything it quotes from its input through `escape`, and the contract JSON writes the
/// same scalars as `\uXXXX`.
///
/// Three forms, one per reader: ``escape(_:)`` for a terminal that must see everything (the
/// command line), ``logText(_:maxScalars:)`` for a log line, and
/// ``label(_:maxCharacters:maxColumns:truncationMark:)`` for a screen, where an escape would only
/// confuse: what can mislead is removed, emoji sequences stay whole, and the text is cut between
/// grapheme clusters to a count of characters or terminal columns (``columns(of:)-(String)``).
public enum SafeText {
  /// The text with every unsafe scalar written as `\u{hex}` (lower-case hexadecimal, no leading
  /// zeros) and `\` as `\\`.
  ///
  /// - Complexity: O(n) in the text's scalars.
  public static func escape(_ text: String) -> String {
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        output.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
      } else if scalar == "\\" {
        output.append(contentsOf: "\\\\".unicodeScalars)
      } else {
        output.append(scalar)
      }
    }
    return String(output)
  }

  /// Whether `scalar` may not reach a terminal as it is.
  ///
  /// Unsafe: C0 and C1 controls and DEL (ESC, CSI and OSC among them); the line and paragraph
  /// separators; every format character (Unicode category Cf: bidirectional embeddings, overrides,
  /// isolates and marks, zero-width space and joiners, word joiner, BOM, tag characters);
  /// every other default-ignorable code point (invisible: Hangul fillers, variation selectors
  /// beyond the emoji ones), private-use and unassigned code points (whose look no one can
  /// predict) and spaces other than U+0020 (which can pad a line out of sight).
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return false }  // printable ASCII: the common case
    if value < 0xA0 { return true }  // C0, DEL, C1
    // Variation selectors 15 and 16 pick text or emoji style; emoji need them.
    if value == 0xFE0E || value == 0xFE0F { return false }
    let properties = scalar.properties
    if properties.isDefaultIgnorableCodePoint { return true }
    switch properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse,
      .surrogate, .unassigned:
      return true
    default:
      return false
    }
  }

  /// `isUnsafe` for a scalar value, with the common scripts answered by a range test: the
  /// property lookup only runs outside them. The safe ranges: Latin, Greek, Cyrillic, general
  /// punctuation, currency, arrows and symbols (☕, ⚡), CJK punctuation, kana, CJK ideographs,
  /// Hangul, full-width forms and emoji; a test checks every scalar against the lookup. A
  /// `switch` rather than a table: no global to initialize and look up on each call.
  ///
  /// - Parameter value: a scalar's value, as decoded from UTF-8 bytes; a value that is no scalar
  ///   (a surrogate, or above U+10FFFF) is unsafe.
  @inlinable
  public static func isUnsafe(value: UInt32) -> Bool {
    switch value {
    case 0x20..<0x7F, 0xA1...0xAC, 0xAE...0x34E, 0x3A3...0x52F, 0x2010...0x2027, 0x20A0...0x20C0,
      0x2190...0x2429, 0x2460...0x2B73, 0x3001...0x303F, 0x3041...0x3096, 0x3099...0x30FF,
      0x3220...0xA48C, 0xAC00...0xD7A3, 0xFF01...0xFF9F, 0x1F300...0x1F6D8, 0x1F900...0x1FA57:
      return false
    default:
      // Not a scalar (a surrogate, or above U+10FFFF, from bytes that are not UTF-8): escaped.
      return Unicode.Scalar(value).map(isUnsafe) ?? true
    }
  }

  /// Whether `text` is shown unchanged by `escape`.
  public static func isSafe(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { !isUnsafe($0) && $0 != "\\" }
  }

  /// The text for a log line: ``escape(_:)``d, so that no control, bidirectional or invisible
  /// character is ever written raw, and cut after `maxScalars` of the text's scalars (never
  /// inside an escape), with "..." after a cut.
  ///
  /// - Complexity: O(n) in the text's scalars.
  public static func logText(_ text: String, maxScalars: Int? = nil) -> String {
    guard let maxScalars, text.unicodeScalars.count > maxScalars else { return escape(text) }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: text.unicodeScalars.prefix(max(0, maxScalars)))
    return escape(String(kept)) + "..."
  }
}
