/// The `bolt11(1)` manual page in roff (man(7) macros), made from ``CommandTable``.
enum ManualPage {
  static func render(version: String) -> String {
    var page = [
      ".TH BOLT11 1 \"\" \"bolt11 \(escape(version))\" \"User Commands\"",
      // No hyphenation, ragged right: option names stay whole.
      ".nh",
      ".ad l",
      ".SH NAME",
      "bolt11 \\- \(escape(CommandTable.summary))",
      ".SH SYNOPSIS",
    ]
    for command in CommandTable.commands {
      for usage in joinedUsage(command) { page += [".PP", bold(usage)] }
    }
    for meta in CommandTable.metaSynopses { page += [".PP", bold("bolt11 " + meta.usage)] }
    page += [
      ".SH DESCRIPTION",
      "\\fBbolt11\\fR decodes a Lightning invoice, checks every reader rule of BOLT #11 and its "
        + "signature, explains its parts, checks it for offline receiving, and signs invoices. "
        + "INVOICE may carry a \\fBlightning:\\fR prefix and surrounding white space; "
        + "\\fB\\-\\fR reads it from standard input. "
        + "Errors go to standard error as one line, \\fBerror: <code>: <message>\\fR.",
      ".SH COMMANDS",
    ]
    for command in CommandTable.commands {
      page += [".SS \(escape(command.name))"]
      for usage in joinedUsage(command) { page += [bold(usage), ".br"] }
      for paragraph in command.about { page += [".PP", escape(oneLine(paragraph))] }
      for option in command.options {
        let value = option.value.map { " \\fI\(escape($0))\\fR" } ?? ""
        page += [".TP", "\\fB\(escape(option.name))\\fR\(value)", escape(option.helpText)]
      }
      for paragraph in command.notes { page += [".PP", escape(oneLine(paragraph))] }
    }
    page += [".SS other commands"]
    for meta in CommandTable.metaSynopses {
      page += [".TP", bold("bolt11 " + meta.usage), escape(meta.summary)]
    }
    page += [".SH EXIT STATUS"]
    for exit in CommandTable.exitCodes {
      page += [".TP", bold("\(exit.status)"), escape(exit.meaning)]
    }
    page += [
      ".SH ERRORS",
      "Each error has a stable dotted code, \\fIclass\\fB.\\fIreason\\fR, the same in the JSON "
        + "output and the library; the message may change. The classes:",
    ]
    for errorClass in CommandTable.errorClasses {
      page += [".TP", bold(errorClass.prefix + ".*"), escape(errorClass.meaning)]
    }
    page += [".SH ENVIRONMENT"]
    for variable in CommandTable.environment {
      page += [".TP", bold(variable.name), escape(variable.meaning)]
    }
    page += [".SH EXAMPLES"]
    for example in CommandTable.examples {
      page += [".PP", escape(example.title), ".RS", ".nf", escape(example.command), ".fi", ".RE"]
    }
    page += [
      ".SH SEE ALSO",
      "BOLT #11, https://github.com/lightning/bolts/blob/master/11-payment-encoding.md",
    ]
    return page.joined(separator: "\n") + "\n"
  }

  /// `text` in bold, escaped (a code span's backticks dropped: bold does not nest).
  static func bold(_ text: String) -> String {
    "\\fB\(escapeCharacters(text).replacingBackticks(with: ("", "")))\\fR"
  }

  /// The command's usage lines with their continuations joined: one invocation a line.
  static func joinedUsage(_ command: CommandSpec) -> [String] {
    var lines: [String] = []
    for line in command.usage {
      if line.hasPrefix(" "), let last = lines.popLast() {
        lines.append(last + " " + line.drop { $0 == " " })
      } else {
        lines.append(line)
      }
    }
    return lines
  }

  /// A paragraph's lines joined, for roff to fill.
  static func oneLine(_ paragraph: String) -> String {
    paragraph.split(separator: "\n").joined(separator: " ")
  }

  /// Text safe in roff: backslashes and hyphens escaped, no line starting with a control
  /// character, and each `code` span of the table's text set in bold rather than shown with its
  /// backticks.
  static func escape(_ text: String) -> String {
    escapeCharacters(text).replacingBackticks(with: ("\\fB", "\\fR"))
  }

  static func escapeCharacters(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      default: escaped.append(character)
      }
    }
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    return escaped
  }
}

extension String {
  /// Each backtick that opens a code span replaced by `marks.open`, each that closes one by
  /// `marks.close`; a span left open is closed at the end.
  fileprivate func replacingBackticks(with marks: (open: String, close: String)) -> String {
    var result = ""
    var open = false
    for character in self {
      if character == "`" {
        result += open ? marks.close : marks.open
        open.toggle()
      } else {
        result.append(character)
      }
    }
    return open ? result + marks.close : result
  }
}
