/// A usage error: exit 2, one line saying what is wrong and how to get help.
struct UsageError: Error {
  var message: String
  var command: String?
}

/// A command's options, read from its arguments against a table of known flags.
///
/// Kept in arrays searched in order, not sets and dictionaries: a command has at most a score of
/// options, and a one-shot `decode` would otherwise spend a tenth of its start-up on the first use
/// of a hashed collection of strings (the runtime's search for `String: Hashable`).
struct ParsedOptions {
  var values = OptionValues<String>()
  /// The values of options that may be given more than once, in the order given.
  var repeated = OptionValues<[String]>()
  var flags = OptionNames()
  var positional: [String] = []
  /// The command these options belong to, for the help hint of usage errors.
  var command: String

  /// Flags that take a value, and flags that do not, for one command.
  struct Table {
    var valued: OptionNames
    var boolean: OptionNames
    /// Valued flags that may be given more than once (their values are in `repeated`).
    var repeatable = OptionNames()
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
        let known = (table.valued.names + table.boolean.names + ["--help"]).sorted()
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

/// Option names, in the order first given.
struct OptionNames: ExpressibleByArrayLiteral {
  private(set) var names: [String] = []

  init(_ names: [String] = []) {
    for name in names { insert(name) }
  }

  init(arrayLiteral names: String...) { self.init(names) }

  var count: Int { names.count }
  var isEmpty: Bool { names.isEmpty }

  func contains(_ name: String) -> Bool { names.contains(name) }

  mutating func insert(_ name: String) {
    if !contains(name) { names.append(name) }
  }
}

/// A value for each option name given, in the order first given.
struct OptionValues<Value> {
  /// The names given.
  private(set) var keys: [String] = []
  private var entries: [Value] = []

  var isEmpty: Bool { keys.isEmpty }

  subscript(name: String) -> Value? {
    get { keys.firstIndex(of: name).map { entries[$0] } }
    set {
      if let index = keys.firstIndex(of: name) {
        if let newValue {
          entries[index] = newValue
        } else {
          keys.remove(at: index)
          entries.remove(at: index)
        }
      } else if let newValue {
        keys.append(name)
        entries.append(newValue)
      }
    }
  }

  subscript(name: String, default fallback: @autoclosure () -> Value) -> Value {
    get { self[name] ?? fallback() }
    set { self[name] = newValue }
  }
}
