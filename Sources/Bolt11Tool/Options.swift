/// A usage error: exit 2, one line saying what is wrong and how to get help.
struct UsageError: Error {
  var message: String
  var command: String?
}

/// A command's options, read from its arguments against a table of known flags.
struct ParsedOptions {
  var values: [String: String] = [:]
  /// The values of options that may be given more than once, in the order given.
  var repeated: [String: [String]] = [:]
  var flags: Set<String> = []
  var positional: [String] = []
  /// The command these options belong to, for the help hint of usage errors.
  var command: String

  /// Flags that take a value, and flags that do not, for one command.
  struct Table {
    var valued: Set<String>
    var boolean: Set<String>
    /// Valued flags that may be given more than once (their values are in `repeated`).
    var repeatable: Set<String> = []
  }

  /// Reads `--name value`, `--name=value`, boolean `--name`, a lone `-` (standard input) and
  /// `--` (everything after is positional).
  init(_ arguments: ArraySlice<String>, table: Table, command: String) throws(UsageError) {
    self.command = command
    var iterator = arguments.makeIterator()
    var onlyPositional = false
    while let argument = iterator.next() {
      if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
        positional.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositional = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if table.valued.contains(name) {
        guard let value = inlineValue ?? iterator.next() else {
          throw UsageError(message: "option \(name) needs a value", command: command)
        }
        if table.repeatable.contains(name) {
          repeated[name, default: []].append(value)
          continue
        }
        guard values[name] == nil else {
          throw UsageError(message: "option \(name) is given twice", command: command)
        }
        values[name] = value
      } else if table.boolean.contains(name) {
        guard inlineValue == nil else {
          throw UsageError(message: "option \(name) takes no value", command: command)
        }
        flags.insert(name)
      } else {
        let known = table.valued.union(table.boolean).union(["--help"]).sorted()
        throw UsageError(
          message: "unknown option \(name)" + Suggestion.didYouMean(name, among: known),
          command: command)
      }
    }
  }

  func unsigned(_ name: String) throws(UsageError) -> UInt64? {
    guard let text = values[name] else { return nil }
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let value = UInt64(text)
    else {
      throw UsageError(message: "\(name) takes a whole number, not \"\(text)\"", command: command)
    }
    return value
  }
}
