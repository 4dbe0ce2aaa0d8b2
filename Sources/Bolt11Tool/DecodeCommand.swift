import Bolt11

/// `bolt11 decode INVOICE|- [--json] [--compat] [--network N] [--description TEXT] [--now UNIX]`.
enum DecodeCommand {
  static let table = ParsedOptions.Table(
    valued: Bolt11Tool.commonValued.union(["--jobs", "--batch"]),
    boolean: ["--json", "--compat"])

  static func run(_ arguments: ArraySlice<String>, _ environment: ToolEnvironment) throws
    -> Bolt11Tool.ExitCode
  {
    let options = try ParsedOptions(arguments, table: table, command: "decode")
    let decodeOptions = try Bolt11Tool.decodeOptions(options)
    let text = try Bolt11Tool.invoiceArgument(options, environment, command: "decode")
    let json = options.flags.contains("--json")
    do {
      let invoice = try Invoice.decode(text, options: decodeOptions)
      if json {
        environment.stdout.write(InvoiceJSON.object(invoice).serialized + "\n")
      } else {
        environment.stdout.write(
          HumanOutput.summary(invoice, now: environment.now(), color: useColor(environment)))
      }
      return .ok
    } catch {
      Bolt11Tool.reportError(error, json: json, environment)
      return .invalid
    }
  }

  static func useColor(_ environment: ToolEnvironment) -> Bool {
    // https://no-color.org: any non-empty NO_COLOR turns colour off.
    environment.stdoutIsTerminal && (environment.environment["NO_COLOR"] ?? "").isEmpty
      && environment.environment["TERM"] != "dumb"
  }
}
