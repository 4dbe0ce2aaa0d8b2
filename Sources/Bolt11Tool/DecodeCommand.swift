import Bolt11
import Bolt11JSON
import PaymentInput

/// `bolt11 decode INVOICE|- [--json] [--compat] [--network N] [--description TEXT] [--now UNIX]`,
/// and `bolt11 decode --batch FILE|- [--jobs N]`.
enum DecodeCommand {
  static let table = CommandTable.decode.parsingTable

  static func run(_ arguments: ArraySlice<String>, _ environment: ToolEnvironment) throws
    -> Bolt11Tool.ExitCode
  {
    let options = try ParsedOptions(arguments, table: table, command: "decode")
    if options.flags.contains("--protocol") {
      // Options come with each request; any given here would be silently ignored.
      guard options.positional.isEmpty, options.values.isEmpty, options.flags.count == 1 else {
        throw UsageError(message: "--protocol takes no other option", command: "decode")
      }
      try ProtocolServer.run(environment)
      return .ok
    }
    let decodeOptions = try Bolt11Tool.decodeOptions(options)
    if let path = options.values["--batch"] {
      return try runBatch(path: path, options, decodeOptions, environment)
    }
    guard options.values["--jobs"] == nil else {
      throw UsageError(message: "--jobs goes with --batch", command: "decode")
    }
    let json = options.flags.contains("--json")
    do {
      let input = try Bolt11Tool.invoiceInput(options, environment, command: "decode")
      let (invoice, uri) = try Bolt11Tool.decodeInvoice(input, options: decodeOptions)
      if json {
        try environment.stdout.write(Bolt11Tool.json(invoice, from: uri) + "\n")
      } else {
        let now = decodeOptions.now ?? environment.now()
        try environment.stdout.write(
          HumanOutput.summary(invoice, uri: uri, now: now, color: useColor(environment)))
      }
      return .ok
    } catch let error as InvoiceError {
      try Bolt11Tool.reportError(error, json: json, environment)
      return .invalid
    } catch let error as PaymentStringError {
      try Bolt11Tool.reportError(error, json: json, environment)
      return .invalid
    }
  }

  static func runBatch(
    path: String, _ options: ParsedOptions, _ decodeOptions: DecodeOptions,
    _ environment: ToolEnvironment
  ) throws -> Bolt11Tool.ExitCode {
    guard options.positional.isEmpty else {
      throw UsageError(
        message: "--batch reads invoices from FILE; no INVOICE argument goes with it",
        command: "decode")
    }
    var jobs = environment.processorCount
    if let given = try options.unsigned("--jobs") {
      guard given >= 1 && given <= 1024 else {
        throw UsageError(message: "--jobs takes 1 to 1024, not \(given)", command: "decode")
      }
      jobs = Int(given)
    }
    let source = path == "-" ? environment.stdin : try environment.openFile(path)
    let stderr = environment.stderr
    var shownProgress = false
    let progress: ((Int) throws -> Void)? =
      environment.stderrIsTerminal
      ? { lines in
        // Only long inputs get a progress line; `\r` rewrites it in place.
        guard lines >= BatchDecoder.progressThreshold else { return }
        shownProgress = true
        try stderr.write("\rdecoding: \(lines) lines")
      } : nil
    let decoder = BatchDecoder(options: decodeOptions, jobs: max(1, jobs))
    // A failed write (or read) ends the run here: no summary follows it.
    let summary = try decoder.run(input: source, output: environment.stdout, progress: progress)
    if shownProgress { try stderr.write("\r\u{1B}[K") }
    try stderr.write("decoded \(summary.decoded), invalid \(summary.invalid)\n")
    return summary.invalid == 0 ? .ok : .invalid
  }

  static func useColor(_ environment: ToolEnvironment) -> Bool {
    // https://no-color.org: any non-empty NO_COLOR turns colour off.
    environment.stdoutIsTerminal && (environment.environment["NO_COLOR"] ?? "").isEmpty
      && environment.environment["TERM"] != "dumb"
  }
}
