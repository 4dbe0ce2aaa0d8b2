import Bolt11

/// The escapes of reports: each starts from `SafeText.escape`, so that what is unsafe on a
/// terminal is written the same visible way in a report.
extension SafeText {
  /// `text` safe inside a line of CommonMark (a table cell or a list item): `escape`d, then every
  /// character that could start markup or end a table cell backslash-escaped.
  ///
  /// The caller never begins a line with the result, so characters that matter only there
  /// (`-`, `=`, `1.`) stay as they are.
  static func markdown(_ text: String) -> String {
    markdownMarkup(escape(text))
  }

  /// Display text safe inside a line of CommonMark: as `markdown(_:)`, on text that is escaped
  /// for a terminal already.
  static func markdown(_ text: DisplayText) -> String {
    markdownMarkup(text.description)
  }

  /// `text`, safe for a terminal already, with every character that could start markup or end a
  /// table cell backslash-escaped.
  private static func markdownMarkup(_ text: String) -> String {
    var output = ""
    for character in text {
      if markdownSpecial.contains(character) { output.append("\\") }
      output.append(character)
    }
    return output
  }

  /// ASCII punctuation that CommonMark or GitHub tables may read as markup inside a line.
  private static let markdownSpecial: Set<Character> = [
    "\\", "`", "*", "_", "{", "}", "[", "]", "<", ">", "(", ")", "#", "+", "!", "|", "&", "~",
    "$",
  ]

  /// `text` safe as HTML text or a quoted attribute value: `escape`d, then `&`, `<`, `>`, `"`
  /// and `'` as character references.
  static func html(_ text: String) -> String {
    htmlReferences(escape(text))
  }

  /// Display text safe as HTML text or a quoted attribute value: as `html(_:)`, on text that is
  /// escaped for a terminal already.
  static func html(_ text: DisplayText) -> String {
    htmlReferences(text.description)
  }

  /// `text`, safe for a terminal already, with `&`, `<`, `>`, `"` and `'` as character
  /// references.
  private static func htmlReferences(_ text: String) -> String {
    var output = ""
    for character in text {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.append(character)
      }
    }
    return output
  }
}
