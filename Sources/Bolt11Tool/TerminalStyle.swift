/// ANSI colours for human output, or plain text when colour is off.
struct TerminalStyle {
  var color: Bool
  /// An invoice's own characters (explain).
  func characters(_ text: String) -> String { wrap(text, "36") }
  func good(_ text: String) -> String { wrap(text, "1;32") }
  func bad(_ text: String) -> String { wrap(text, "1;31") }
  func warn(_ text: String) -> String { wrap(text, "33") }

  private func wrap(_ text: String, _ code: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
