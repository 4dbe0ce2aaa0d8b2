/// Shell completion scripts for bash, zsh and fish, made from ``CommandTable``.
enum CompletionScripts {
  /// The shells there is a script for.
  static let shells = ["bash", "zsh", "fish"]

  static func script(for shell: String) -> String? {
    switch shell {
    case "bash": bash
    case "zsh": zsh
    case "fish": fish
    default: nil
    }
  }

  static let topLevelWords =
    CommandTable.commands.map(\.name) + ["help", "--help", "--version"]
    + ["--generate-completion-script", "--generate-manual"]

  static let commandNames = CommandTable.commands.map(\.name).joined(separator: " ")
  static let shellNames = shells.joined(separator: " ")

  /// Widest description of an option a zsh or fish menu shows.
  static let summaryWidth = 72

  /// The bash script: words offered one a line (`mapfile`), so that a name with a space stays
  /// one word, and file names completed with `compopt -o filenames` (quoted as the shell needs,
  /// a folder followed by `/`, not a space).
  static var bash: String {
    var lines = [
      "# bash completion for bolt11, made by `bolt11 --generate-completion-script bash`.",
      "# The word being completed, unquoted: a leading quote dropped, each \\x read as x.",
      "_bolt11_unquoted() {",
      "  local word=$1 plain=\"\" i",
      "  case $word in \\'*) word=${word#\\'} ;; \\\"*) word=${word#\\\"} ;; esac",
      "  for ((i = 0; i < ${#word}; i++)); do",
      "    if [[ ${word:i:1} == \\\\ ]]; then i=$((i + 1)); fi",
      "    plain+=${word:i:1}",
      "  done",
      "  printf '%s' \"$plain\"",
      "}",
      "# COMPREPLY: the words of $1 that start with $cur.",
      "_bolt11_words() { mapfile -t COMPREPLY < <(compgen -W \"$1\" -- \"$cur\"); }",
      "# COMPREPLY: the files and folders whose names start with $cur.",
      "_bolt11_files() {",
      "  compopt -o filenames 2>/dev/null",
      "  mapfile -t COMPREPLY < <(compgen -f -- \"$(_bolt11_unquoted \"$cur\")\")",
      "}",
      "_bolt11() {",
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  # --network=te: bash splits the word at \"=\" (COMP_WORDBREAKS); the option stands before it.",
      "  if [ \"$prev\" = \"=\" ] && [ \"$COMP_CWORD\" -gt 2 ]; then prev=\"${COMP_WORDS[COMP_CWORD-2]}\"; fi",
      "  COMPREPLY=()",
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then",
      "    _bolt11_words '\(topLevelWords.joined(separator: " "))'",
      "    return",
      "  fi",
      "  case \"${COMP_WORDS[1]}\" in",
      "    help) _bolt11_words '\(commandNames)' ;;",
      "    --generate-completion-script) _bolt11_words '\(shellNames)' ;;",
    ]
    for command in CommandTable.commands {
      let optionNames = command.options.map(\.name).joined(separator: " ")
      lines += ["    \(command.name))", "      case \"$prev\" in"]
      for option in command.options where option.value != nil {
        lines.append("        \(option.name)) \(bashValue(option.completion)); return ;;")
      }
      lines += [
        "      esac",
        "      if [[ \"$cur\" == -* ]]; then",
        "        _bolt11_words '\(optionNames) --help'",
      ]
      if command.operands == .files {
        lines += ["      else", "        _bolt11_files"]
      }
      lines += ["      fi", "      ;;"]
    }
    lines += ["  esac", "}", "complete -F _bolt11 bolt11"]
    return lines.joined(separator: "\n") + "\n"
  }

  static func bashValue(_ completion: Completion) -> String {
    switch completion {
    case .none: "COMPREPLY=()"
    case .files: "_bolt11_files"
    case .choices(let words): "_bolt11_words '\(words.joined(separator: " "))'"
    }
  }

  static var zsh: String {
    var lines = [
      "#compdef bolt11",
      "# zsh completion for bolt11, made by `bolt11 --generate-completion-script zsh`.",
      "_bolt11() {",
      "  local curcontext=\"$curcontext\" state line",
      "  local -a commands",
      "  commands=(",
    ]
    for command in CommandTable.commands {
      lines.append("    '\(command.name):\(zshQuoted(command.synopses[0].summary))'")
    }
    lines += [
      "    'help:help for one command'",
      "  )",
      "  _arguments -C '(- *)--help[show help]' '(- *)--version[show the version]' \\",
      "    '(- *)--generate-completion-script[print a completion script]:shell:(\(shellNames))' \\",
      "    '(- *)--generate-manual[print the manual page]' \\",
      "    '1: :->command' '*:: :->arguments'",
      "  case $state in",
      "    command) _describe -t commands 'bolt11 command' commands ;;",
      "    arguments)",
      "      case $words[1] in",
      "        help) _describe -t commands 'bolt11 command' commands ;;",
    ]
    for command in CommandTable.commands {
      var specs = command.options.map { option in
        var spec = "'\(option.name)[\(zshQuoted(option.completionSummary))]"
        if let value = option.value {
          spec += ":\(zshQuoted(value)):\(zshAction(option.completion))"
        }
        return spec + "'"
      }
      specs.append("'--help[show help]'")
      specs.append(command.operands == .files ? "'*:path:_files'" : "'*:invoice: '")
      lines.append("        \(command.name)) _arguments \\")
      lines += specs.dropLast().map { "          \($0) \\" }
      lines += ["          \(specs.last ?? "") ;;"]
    }
    lines += ["      esac", "      ;;", "  esac", "}", "_bolt11 \"$@\""]
    return lines.joined(separator: "\n") + "\n"
  }

  static func zshAction(_ completion: Completion) -> String {
    switch completion {
    case .none: " "
    case .files: "_files"
    case .choices(let words): "(\(words.joined(separator: " ")))"
    }
  }

  /// Text for a zsh description inside single quotes: no quotes, brackets or colons to end it.
  static func zshQuoted(_ text: String) -> String {
    var quoted = ""
    for character in text {
      switch character {
      case "'": quoted += "'\\''"
      case "[", "]": quoted += "\\\(character)"
      case ":": quoted += "\\:"
      default: quoted.append(character)
      }
    }
    return quoted
  }

  static var fish: String {
    var lines = [
      "# fish completion for bolt11, made by `bolt11 --generate-completion-script fish`.",
      "complete -c bolt11 -f",
      "complete -c bolt11 -n __fish_use_subcommand -l help -d 'show help'",
      "complete -c bolt11 -n __fish_use_subcommand -l version -d 'show the version'",
      "complete -c bolt11 -n __fish_use_subcommand -l generate-completion-script -x"
        + " -a '\(shellNames)' -d 'print a completion script'",
      "complete -c bolt11 -n __fish_use_subcommand -l generate-manual -d 'print the manual page'",
      "complete -c bolt11 -n __fish_use_subcommand -a help -d 'help for one command'",
    ]
    for command in CommandTable.commands {
      let seen = "-n '__fish_seen_subcommand_from \(command.name)'"
      lines.append(
        "complete -c bolt11 -n __fish_use_subcommand -a \(command.name)"
          + " -d \(fishQuoted(command.synopses[0].summary))")
      for option in command.options {
        var line = "complete -c bolt11 \(seen) -l \(option.name.dropFirst(2))"
        switch (option.value, option.completion) {
        case (nil, _): break
        case (_, .files): line += " -r -F"
        case (_, .choices(let words)):
          // Each value with its own description (`value<TAB>'what it is'`), not the option's.
          let described = words.map { word in
            CommandTable.choiceDescriptions[word].map { "\(word)\\t\(fishQuoted($0))" } ?? word
          }
          line += " -x -a \(fishQuoted(described.joined(separator: " ")))"
        case (_, .none): line += " -x"
        }
        lines.append(line + " -d \(fishQuoted(option.completionSummary))")
      }
      lines.append("complete -c bolt11 \(seen) -l help -d 'show help'")
      if command.operands == .files { lines.append("complete -c bolt11 \(seen) -F") }
    }
    lines.append(
      "complete -c bolt11 -n '__fish_seen_subcommand_from help' -x -a "
        + fishQuoted(commandNames))
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text in fish single quotes.
  static func fishQuoted(_ text: String) -> String {
    var quoted = "'"
    for character in text {
      if character == "'" || character == "\\" { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "'"
  }
}
