/// The help texts, made from ``CommandTable``: one overview, and one text per command.
enum Help {
  /// Width of the overview's first column (`  bolt11 decode ...`), and of the option column.
  static let usageColumn = 52
  static let optionColumn = 27

  static var general: String {
    var lines = ["bolt11: \(CommandTable.summary)", "", "Usage:"]
    let synopses = CommandTable.commands.flatMap(\.synopses) + CommandTable.metaSynopses
    for synopsis in synopses {
      lines += columns("  bolt11 \(synopsis.usage)", [synopsis.summary], width: usageColumn)
    }
    lines += ["", "Options for decode and explain:"]
    lines += CommandTable.decodeOptions.flatMap(optionLines)
    let exits = CommandTable.exitCodes.map { "\($0.status) \($0.name)" }.joined(separator: ", ")
    lines += [
      "",
      "INVOICE may carry a `lightning:` prefix and surrounding white space; `-` reads standard input",
      "(at most 1 MiB; more is invoice.too_long).",
      "Exit codes: \(exits): a read or a write that failed (full disk, closed output, broken",
      "pipe) is `error: io.read: ...` or `error: io.write: ...`; a command never exits 0 after a",
      "failed write.",
      "Errors go to standard error as `error: <code>: <message>`, with anything quoted from the",
      "input escaped.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `COMMAND --help`: usage, what it does, its options, then the notes.
  static func text(for command: String) -> String? {
    guard let spec = CommandTable.command(named: command) else { return nil }
    var lines = spec.usage.enumerated().map { index, line in
      (index == 0 ? "Usage: " : "       ") + line
    }
    for paragraph in spec.about { lines += ["", paragraph] }
    lines += ["", "Options:"] + spec.options.flatMap(optionLines)
    for paragraph in spec.notes { lines += ["", paragraph] }
    return lines.joined(separator: "\n") + "\n"
  }

  static func optionLines(_ option: OptionSpec) -> [String] {
    columns("  \(option.signature)", option.help, width: optionColumn)
  }

  /// `left` padded to `width`, followed by the first of `right` and the rest below it; on a line
  /// of its own when it leaves no space.
  static func columns(_ left: String, _ right: [String], width: Int) -> [String] {
    let indent = String(repeating: " ", count: width)
    guard let first = right.first else { return [left] }
    var lines: [String]
    if left.count < width {
      lines = [left + String(repeating: " ", count: width - left.count) + first]
    } else {
      lines = [left, indent + first]
    }
    lines += right.dropFirst().map { indent + $0 }
    return lines
  }
}
