import Bolt11
import Bolt11JSON
import Secp256k1

/// The `bolt11` command line as a function of its environment: arguments, input, clock, terminal.
public enum Bolt11Tool {
  public static let version = "0.2.0"

  /// Exit codes of the contract.
  public enum ExitCode: Int32 {
    case ok = 0
    /// The invoice is invalid or rejected (or a vector failed).
    case invalid = 1
    case usage = 2
    case io = 3
  }

  /// Runs one command and returns its exit code. Output goes to the environment's sinks.
  ///
  /// A failed write ends the command at once with exit 3 and `error: io.write: ...` on standard
  /// error (when standard error can still be written): the tool never exits 0 after a failed
  /// write.
  public static func run(_ environment: ToolEnvironment) -> Int32 {
    let arguments = environment.arguments
    guard let command = arguments.first else {
      try? environment.stderr.write(Help.general)
      return ExitCode.usage.rawValue
    }
    let rest = arguments.dropFirst()
    do {
      switch command {
      case "--help", "-h", "help":
        // `help help` asks for this: the general help.
        if command == "help", let topic = rest.first, topic != "help", topic != "--help" {
          guard let text = Help.text(for: topic) else {
            throw UsageError(
              message: "no command named \(topic)"
                + Suggestion.didYouMean(topic, among: CommandTable.commands.map(\.name)),
              command: nil)
          }
          try environment.stdout.write(text)
        } else {
          try environment.stdout.write(Help.general)
        }
        return ExitCode.ok.rawValue
      case "--version", "version":
        try environment.stdout.write("bolt11 \(version) (\(secp256k1Description))\n")
        return ExitCode.ok.rawValue
      case "--generate-manual":
        guard rest.isEmpty else {
          throw UsageError(message: "--generate-manual takes no argument", command: nil)
        }
        try environment.stdout.write(ManualPage.render(version: version))
        return ExitCode.ok.rawValue
      case "--generate-completion-script":
        guard rest.count == 1, let script = CompletionScripts.script(for: rest[rest.startIndex])
        else {
          let shells = CompletionScripts.shells.joined(separator: ", ")
          throw UsageError(
            message: "--generate-completion-script takes one shell: \(shells)", command: nil)
        }
        try environment.stdout.write(script)
        return ExitCode.ok.rawValue
      default:
        guard let handler = CommandTable.command(named: command)?.run else {
          let known = CommandTable.commands.map(\.name) + CompletionScripts.topLevelWords
          throw UsageError(
            message: (command.hasPrefix("-")
              ? "unknown option \(command)" : "unknown command \(command)")
              + Suggestion.didYouMean(command, among: known),
            command: nil)
        }
        // `--help` anywhere before `--` wins over everything else on the line.
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
          try environment.stdout.write(Help.text(for: command) ?? Help.general)
          return ExitCode.ok.rawValue
        }
        return try handler(rest, environment).rawValue
      }
    } catch let error as UsageError {
      let help = error.command.map { "bolt11 \($0) --help" } ?? "bolt11 --help"
      try? environment.stderr.write(
        errorLine(code: "usage", message: "\(error.message) (see '\(help)')"))
      return ExitCode.usage.rawValue
    } catch let error as ToolIOError {
      try? environment.stderr.write(errorLine(code: error.code.rawValue, message: error.message))
      return ExitCode.io.rawValue
    } catch {
      try? environment.stderr.write(errorLine(code: "io", message: String(describing: error)))
      return ExitCode.io.rawValue
    }
  }

  /// The libsecp256k1 this build uses, for `--version`.
  static var secp256k1Description: String {
    LibraryVersion.secp256k1.map { "libsecp256k1 \($0)" }
      ?? "libsecp256k1 from the system, version not recorded by this build"
  }

  typealias Command = @Sendable (ArraySlice<String>, ToolEnvironment) throws -> ExitCode

  /// Most bytes read from standard input for one invoice (1 MiB): an invoice has at most 7089
  /// characters, so anything this long is refused without being held in full.
  static let maximumInvoiceInputBytes = 1 << 20

  /// Reads the one invoice a command takes, as bytes: the argument itself, or standard input for
  /// `-` (at most `maximumInvoiceInputBytes`).
  ///
  /// - Throws: `UsageError` without exactly one INVOICE; `ToolIOError` when standard input cannot
  ///   be read; `InvoiceError` (`invoice.too_long`) when it holds more than the bound.
  static func invoiceInput(
    _ options: ParsedOptions, _ environment: ToolEnvironment, command: String,
    operand: String = "INVOICE"
  ) throws -> [UInt8] {
    guard options.positional.count == 1 else {
      throw UsageError(
        message: options.positional.isEmpty
          ? "missing \(operand) (or - to read standard input)" : "expected one \(operand)",
        command: command)
    }
    guard options.positional[0] == "-" else { return Array(options.positional[0].utf8) }
    guard
      let bytes = try ToolEnvironment.read(environment.stdin, atMost: maximumInvoiceInputBytes)
    else {
      throw InvoiceError(
        .invoiceTooLong,
        "standard input holds more than \(maximumInvoiceInputBytes) bytes; an invoice has at "
          + "most \(RawInvoice.maximumLength) characters")
    }
    return bytes
  }

  /// The decode options common to commands: `--compat`, `--check-route-keys`, `--network`,
  /// `--description`, `--now`.
  static func decodeOptions(_ options: ParsedOptions) throws(UsageError) -> DecodeOptions {
    var decodeOptions = DecodeOptions(
      mode: options.flags.contains("--compat") ? .compat : .strict,
      checkRouteHintKeys: options.flags.contains("--check-route-keys"))
    if let name = options.values["--network"] {
      decodeOptions.network = try network(named: name, command: options.command)
    }
    decodeOptions.description = options.values["--description"]
    decodeOptions.now = try options.unsigned("--now")
    return decodeOptions
  }

  /// The currency `--network NET` names: a chain's name or alias in the chain table (`bitcoin`,
  /// `mainnet`, `testnet`, `testnet3`, `testnet4`, `signet`, `regtest`), or an invoice prefix.
  ///
  /// - Throws: `UsageError` for any other name.
  static func network(named name: String, command: String) throws(UsageError) -> Currency {
    if let currency = Currency(name: name) { return currency }
    let names = CommandTable.networkNames + CommandTable.networkPrefixes
    throw UsageError(
      message: "unknown network \(name) (\(CommandTable.networkValues))"
        + Suggestion.didYouMean(name, among: names),
      command: command)
  }

  /// Writes `error: <code>: <message>` to standard error, and with `json` the error object to
  /// standard output.
  static func reportError(_ error: InvoiceError, json: Bool, _ environment: ToolEnvironment)
    throws
  {
    try environment.stderr.write(errorLine(error))
    if json { try environment.stdout.write(error.json + "\n") }
  }

  /// `error: <code>: <message> (at character N)`, escaped for a terminal, with its newline.
  static func errorLine(_ error: InvoiceError) -> String {
    errorLine(code: error.code.rawValue, message: error.message, position: error.position)
  }

  /// `error: <code>: <message>[ (at character N)]` and a newline, the message escaped
  /// (`SafeText`): every error line the tool prints is made here, whatever input it quotes.
  static func errorLine(code: String, message: String, position: Int? = nil) -> String {
    let position = position.map { " (at character \($0))" } ?? ""
    return "error: \(code): \(SafeText.escape(message))\(position)\n"
  }
}
