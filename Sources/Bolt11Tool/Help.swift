/// The help texts, made from ``CommandTable``: one overview, and one text per command, every line
/// at most `width` columns.
enum Help {
  /// The widest line of any help text: a terminal of 80 columns shows it unbroken.
  static let width = 80
  /// Where an option's help starts.
  static let optionColumn = 27

  static var general: String {
    var lines = ["bolt11: \(CommandTable.summary)", "", "Usage:"]
    let synopses = CommandTable.commands.flatMap(\.synopses) + CommandTable.metaSynopses
    for synopsis in synopses {
      lines += wrap(
        "bolt11 \(synopsis.usage)", indent: "  ", continuation: "      ", keepingGroups: true)
      lines += wrap(synopsis.summary, indent: "      ")
    }
    lines += ["", "Options for decode and explain:"]
    lines += CommandTable.decodeOptions.flatMap(optionLines)
    let exits = CommandTable.exitCodes.map { "\($0.status) \($0.name)" }.joined(separator: ", ")
    for paragraph in [
      "INVOICE may carry a `lightning:` prefix and surrounding white space; `-` reads standard "
        + "input (at most 1 MiB; more is invoice.too_long).",
      "Exit codes: \(exits). A read or a write that failed (full disk, closed output, broken "
        + "pipe) is `error: io.read: ...` or `error: io.write: ...`; a command never exits 0 "
        + "after a failed write.",
      "Errors go to standard error as `error: <code>: <message>`, with anything quoted from the "
        + "input escaped.",
    ] {
      lines += [""] + wrap(paragraph)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `COMMAND --help`: usage, what it does, its options, then the notes.
  static func text(for command: String) -> String? {
    guard let spec = CommandTable.command(named: command) else { return nil }
    var lines: [String] = []
    for (index, usage) in ManualPage.joinedUsage(spec).enumerated() {
      lines += wrap(
        usage, indent: index == 0 ? "Usage: " : "       ", continuation: "         ",
        keepingGroups: true)
    }
    for paragraph in spec.about { lines += [""] + wrap(oneLine(paragraph)) }
    lines += ["", "Options:"] + spec.options.flatMap(optionLines)
    for paragraph in spec.notes { lines += [""] + wrap(oneLine(paragraph)) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The option and its help, the help in a column of its own from `optionColumn`, below the
  /// option when the option reaches into it.
  static func optionLines(_ option: OptionSpec) -> [String] {
    let left = "  \(option.signature)"
    let indent = String(repeating: " ", count: optionColumn)
    var lines = wrap(option.helpText, indent: indent)
    if left.count < optionColumn - 1 {
      lines[0] = left + lines[0].dropFirst(left.count)
    } else {
      lines.insert(left, at: 0)
    }
    return lines
  }

  /// A paragraph's lines joined, for `wrap` to fill.
  static func oneLine(_ paragraph: String) -> String {
    paragraph.split(separator: "\n").joined(separator: " ")
  }

  /// `text` filled into lines of at most `width` columns, the first starting with `indent` and
  /// the others with `continuation` (by default `indent`). With `keepingGroups`, for a usage line,
  /// a bracketed group (`[--now UNIX]`, `[--amount-msat N [--allow-amountless]]`) is kept whole,
  /// as a word is; a word longer than a line gets a line of its own.
  static func wrap(
    _ text: String, indent: String = "", continuation: String? = nil, keepingGroups: Bool = false
  ) -> [String] {
    let continuation = continuation ?? indent
    var lines: [String] = []
    var line = indent
    var lineIsEmpty = true
    let words =
      keepingGroups ? groups(text) : text.split(separator: " ", omittingEmptySubsequences: true)
    for word in words {
      if !lineIsEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = continuation
        lineIsEmpty = true
      }
      line += (lineIsEmpty ? "" : " ") + word
      lineIsEmpty = false
    }
    lines.append(line)
    return lines
  }

  /// The words of `text`, a bracketed group with the spaces in it counting as one word (a
  /// bracket that is not closed ends its group at the end of the text).
  static func groups(_ text: String) -> [Substring] {
    var words: [Substring] = []
    var start: String.Index?
    var depth = 0
    for index in text.indices {
      let character = text[index]
      if character == " " && depth == 0 {
        if let wordStart = start { words.append(text[wordStart..<index]) }
        start = nil
        continue
      }
      if start == nil { start = index }
      if character == "[" { depth += 1 }
      if character == "]" { depth = max(0, depth - 1) }
    }
    if let wordStart = start { words.append(text[wordStart...]) }
    return words
  }
}
