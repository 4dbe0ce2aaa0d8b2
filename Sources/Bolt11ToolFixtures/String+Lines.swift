extension String {
  /// The lines of the text, without the empty string after a final newline.
  package var lines: [Substring] {
    var lines = split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
