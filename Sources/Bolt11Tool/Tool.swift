import Bolt11

/// The `bolt11` command line as a function of its environment: arguments, input, clock, terminal.
public enum Bolt11Tool {
  public static let version = "0.1.0"

  /// Exit codes of the contract.
  public enum ExitCode: Int32 {
    case ok = 0
    /// The invoice is invalid or rejected (or a vector failed).
    case invalid = 1
    case usage = 2
    case io = 3
  }

  /// Runs one command and returns its exit code. Output goes to the environment's sinks.
  public static func run(_ environment: ToolEnvironment) -> Int32 {
    let arguments = environment.arguments
    guard let command = arguments.first else {
      environment.stderr.write(Help.general)
      return ExitCode.usage.rawValue
    }
    let rest = arguments.dropFirst()
    do {
      switch command {
      case "--help", "-h", "help":
        if command == "help", let topic = rest.first {
          guard let text = Help.text(for: topic) else {
            throw UsageError(message: "no command named \(topic)", command: nil)
          }
          environment.stdout.write(text)
        } else {
          environment.stdout.write(Help.general)
        }
        return ExitCode.ok.rawValue
      case "--version", "version":
        environment.stdout.write("bolt11 \(version)\n")
        return ExitCode.ok.rawValue
      case "--generate-manual":
        guard rest.isEmpty else {
          throw UsageError(message: "--generate-manual takes no argument", command: nil)
        }
        environment.stdout.write(ManualPage.render(version: version))
        return ExitCode.ok.rawValue
      case "--generate-completion-script":
        guard rest.count == 1, let script = CompletionScripts.script(for: rest[rest.startIndex])
        else {
          let shells = CompletionScripts.shells.joined(separator: ", ")
          throw UsageError(
            message: "--generate-completion-script takes one shell: \(shells)", command: nil)
        }
        environment.stdout.write(script)
        return ExitCode.ok.rawValue
      default:
        guard let handler = commands[command] else {
          throw UsageError(
            message: command.hasPrefix("-")
              ? "unknown option \(command)" : "unknown command \(command)",
            command: nil)
        }
        // `--help` anywhere before `--` wins over everything else on the line.
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
          environment.stdout.write(Help.text(for: command) ?? Help.general)
          return ExitCode.ok.rawValue
        }
        return try handler(rest, environment).rawValue
      }
    } catch let error as UsageError {
      let help = error.command.map { "bolt11 \($0) --help" } ?? "bolt11 --help"
      environment.stderr.write(
        "error: usage: \(SafeText.escape(error.message)) (see '\(help)')\n")
      return ExitCode.usage.rawValue
    } catch {
      environment.stderr.write("error: io: \(SafeText.escape(String(describing: error)))\n")
      return ExitCode.io.rawValue
    }
  }

  typealias Command = @Sendable (ArraySlice<String>, ToolEnvironment) throws -> ExitCode

  static let commands: [String: Command] = [
    "decode": DecodeCommand.run,
    "explain": ExplainCommand.run,
    "vectors": VectorsCommand.run,
    "validate": ValidateCommand.run,
    "encode": EncodeCommand.run,
  ]

  /// Reads the one invoice a command takes: the argument itself, or standard input for `-`.
  static func invoiceArgument(
    _ options: ParsedOptions, _ environment: ToolEnvironment, command: String
  )
    throws -> String
  {
    guard options.positional.count == 1 else {
      throw UsageError(
        message: options.positional.isEmpty
          ? "missing INVOICE (or - to read standard input)" : "expected one INVOICE",
        command: command)
    }
    if options.positional[0] == "-" {
      return String(decoding: try ToolEnvironment.readAll(environment.stdin), as: UTF8.self)
    }
    return options.positional[0]
  }

  /// The decode options common to commands: `--compat`, `--check-route-keys`, `--network`,
  /// `--description`, `--now`.
  static func decodeOptions(_ options: ParsedOptions) throws(UsageError) -> DecodeOptions {
    var decodeOptions = DecodeOptions(
      mode: options.flags.contains("--compat") ? .compat : .strict,
      checkRouteHintKeys: options.flags.contains("--check-route-keys"))
    if let name = options.values["--network"] {
      guard let currency = Currency(name: name) else {
        throw UsageError(
          message: "unknown network \(name) (bc, tb, tbs or bcrt)", command: options.command)
      }
      decodeOptions.network = currency
    }
    decodeOptions.description = options.values["--description"]
    decodeOptions.now = try options.unsigned("--now")
    return decodeOptions
  }

  /// Writes `error: <code>: <message>` to standard error, and with `json` the error object to
  /// standard output.
  static func reportError(_ error: InvoiceError, json: Bool, _ environment: ToolEnvironment) {
    environment.stderr.write(errorLine(error))
    if json { environment.stdout.write(InvoiceJSON.object(error).serialized + "\n") }
  }

  /// `error: <code>: <message> (at character N)`, escaped for a terminal, with its newline.
  static func errorLine(_ error: InvoiceError) -> String {
    let position = error.position.map { " (at character \($0))" } ?? ""
    return "error: \(error.code.rawValue): \(SafeText.escape(error.message))\(position)\n"
  }
}
