extension SafeText {
  /// The text as a label for people: what can mislead removed, nothing shown escaped, and cut
  /// to a size without splitting a character.
  ///
  /// Removed: controls, bidirectional embeddings, overrides, isolates and marks, invisible and
  /// default-ignorable scalars, private-use and unassigned code points (``isUnsafe(_:)``), except
  /// the joiners and tags inside an emoji sequence (👨‍👩‍👧‍👦 and 🏴󠁧󠁢󠁳󠁣󠁴󠁿 stay whole). Line
  /// breaks, tabs and other spaces become one U+0020, and none is left at either end. Grapheme
  /// clusters (Swift's `Character`s) are kept whole: a cut falls between two of them, and a
  /// cut label ends with `truncationMark` within the limits.
  ///
  /// ```swift
  /// SafeText.label("pay \u{202E}evil\nnow")       // "pay evil now"
  /// SafeText.label("日本語のメモ", maxColumns: 7)  // "日本語…"
  /// ```
  ///
  /// - Parameters:
  ///   - text: untrusted text, such as an invoice's description.
  ///   - maxCharacters: the most grapheme clusters of the label, mark included; nil: no limit.
  ///   - maxColumns: the most terminal columns of the label, mark included, counted by
  ///     ``columns(of:)-(String)`` (a wide character counts two); nil: no limit.
  ///   - truncationMark: what ends a cut label ("…" by default); nil: nothing.
  /// - Returns: the label; every scalar in it is safe (``isUnsafe(_:)`` false) but the joiners and
  ///   tags of emoji sequences.
  /// - Complexity: O(n) in the text's scalars.
  public static func label(
    _ text: String, maxCharacters: Int? = nil, maxColumns: Int? = nil,
    truncationMark: Character? = "…"
  ) -> String {
    let cleaned = labelScalars(text)
    let markColumns = truncationMark.map(columns(of:)) ?? 0
    let markCount = truncationMark == nil ? 0 : 1
    var output = ""
    var count = 0
    var width = 0
    // Where the label ends (in UTF-8 bytes) if the mark must follow: the last place the mark
    // still fits.
    var cut = 0
    for character in cleaned {
      let characterColumns = columns(of: character)
      let fits =
        (maxCharacters.map { count + 1 <= $0 } ?? true)
        && (maxColumns.map { width + characterColumns <= $0 } ?? true)
      guard fits else {
        // Cut: drop back to where the mark fits, then add it (if it fits at all).
        var label = String(decoding: output.utf8.prefix(cut), as: UTF8.self)
        if let truncationMark, (maxCharacters ?? 1) >= markCount,
          (maxColumns ?? markColumns) >= markColumns
        {
          label.append(truncationMark)
        }
        return label
      }
      output.append(character)
      count += 1
      width += characterColumns
      if (maxCharacters.map { count + markCount <= $0 } ?? true)
        && (maxColumns.map { width + markColumns <= $0 } ?? true)
      {
        cut = output.utf8.count
      }
    }
    return output
  }

  /// The text with the unsafe scalars of ``label(_:maxCharacters:maxColumns:truncationMark:)``
  /// removed and its white space folded.
  static func labelScalars(_ text: String) -> String {
    var output = String.UnicodeScalarView()
    var pendingSpace = false
    for character in text {
      let scalars = Array(character.unicodeScalars)
      let isEmojiSequence = scalars.first.map(isEmojiBase) ?? false
      for (index, scalar) in scalars.enumerated() {
        if scalar.properties.isWhitespace {
          pendingSpace = !output.isEmpty
          continue
        }
        // A joiner between two emoji, and the tags of a flag: parts of the picture.
        let next = index + 1 < scalars.count ? scalars[index + 1] : nil
        let keptInEmoji =
          isEmojiSequence
          && (scalar.value == 0x200D
            ? next.map(isEmojiBase) ?? false
            : (0xE0020...0xE007F).contains(scalar.value))
        guard keptInEmoji || !isUnsafe(scalar) else { continue }
        if pendingSpace {
          output.append(" ")
          pendingSpace = false
        }
        output.append(scalar)
      }
    }
    return String(output)
  }

  /// Whether `scalar` is an emoji that can begin or continue an emoji sequence (not one of the
  /// ASCII keycap bases).
  private static func isEmojiBase(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isEmoji && scalar.value > 0x7F
  }
}
