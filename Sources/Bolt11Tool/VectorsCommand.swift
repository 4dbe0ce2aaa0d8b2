import Bolt11
import Bolt11Conformance

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `bolt11 vectors PATH... [--decoder CMD]... [--timeout SECONDS] [--report FILE.md|FILE.html]`:
/// runs vector files, or every `*.json` under a folder, through our decoder or external ones.
///
/// The running, scoring and reports are Bolt11Conformance's; this is the command's arguments and
/// what it prints.
enum VectorsCommand {
  static let table = CommandTable.vectors.parsingTable

  /// Seconds an external decoder has to answer one vector, unless `--timeout` says otherwise.
  static let defaultTimeout = 5.0
  /// Longest `--timeout` (one hour): a bound, so that a typo cannot make a hang endless.
  static let maximumTimeout = 3600.0

  static func run(_ arguments: ArraySlice<String>, _ environment: ToolEnvironment) throws
    -> Bolt11Tool.ExitCode
  {
    let (commands, rest) = try decoderCommands(arguments)
    let options = try ParsedOptions(rest[...], table: table, command: "vectors")
    guard !options.positional.isEmpty else {
      throw UsageError(message: "missing PATH (a vector file or a folder)", command: "vectors")
    }
    let reportFormat = try options.values["--report"].map(format(ofReport:))
    let timeout = try timeoutSeconds(options)
    if options.values["--timeout"] != nil && commands.isEmpty {
      throw UsageError(message: "--timeout goes with --decoder", command: "vectors")
    }
    var paths: [String] = []
    for path in options.positional {
      paths += environment.listJSONFiles(path) ?? [path]
    }
    var report = ConformanceReport()
    var files: [VectorFile] = []
    for path in paths {
      do {
        files.append(try VectorFile(path: path, text: try read(path, environment)))
      } catch let error as VectorFile.LoadError {
        // A file that is not a vector file is one failure; the other files still run.
        report.fileErrors.append(error.description)
        try environment.stdout.write(
          "FAIL \(SafeText.escape(error.path)): \(SafeText.escape(error.message))\n")
      }
    }
    // A vector naming a requirement that `requirements.json` does not define is one failure.
    for problem in VectorFile.unknownRules(in: files) {
      report.fileErrors.append(problem)
      try environment.stdout.write("FAIL \(SafeText.escape(problem))\n")
    }
    let verbose = options.flags.contains("--verbose")
    if commands.isEmpty {
      report.decoders.append(try runBuiltIn(files, verbose: verbose, environment))
    }
    for command in commands {
      let decoder = try runExternal(
        command, files, timeout: timeout, verbose: verbose, environment)
      report.decoders.append(decoder)
      try environment.stdout.write(
        ConformanceReport.terminalSummary(decoder, categories: report.categories))
    }
    var total = report.decoders.reduce(ConformanceReport.Tally()) { $0 + $1.total }
    total.failed += report.fileErrors.count
    if let path = options.values["--report"], let reportFormat {
      try write(reportFormat == .html ? report.html() : report.markdown(), to: path)
    }
    try environment.stdout.write(total.line(showSkipped: !commands.isEmpty) + "\n")
    return total.failed == 0 ? .ok : .invalid
  }

  /// Every `--decoder CMD` (or `--decoder=CMD`) before `--`, in order, and the other arguments.
  ///
  /// `--decoder` may be given more than once: each decoder is one row of the report.
  static func decoderCommands(_ arguments: ArraySlice<String>) throws(UsageError)
    -> (commands: [String], rest: [String])
  {
    var commands: [String] = []
    var rest: [String] = []
    var iterator = arguments.makeIterator()
    var onlyPositional = false
    while let argument = iterator.next() {
      if argument == "--" { onlyPositional = true }
      if !onlyPositional && argument == "--decoder" {
        guard let command = iterator.next() else {
          throw UsageError(message: "option --decoder needs a value", command: "vectors")
        }
        commands.append(command)
      } else if !onlyPositional && argument.hasPrefix("--decoder=") {
        commands.append(String(argument.dropFirst("--decoder=".count)))
      } else {
        rest.append(argument)
      }
    }
    if commands.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
      throw UsageError(message: "--decoder needs a command", command: "vectors")
    }
    return (commands, rest)
  }

  enum ReportFormat { case markdown, html }

  static func format(ofReport path: String) throws(UsageError) -> ReportFormat {
    let lowered = path.lowercased()
    if lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") { return .markdown }
    if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") { return .html }
    throw UsageError(
      message: "--report writes FILE.md (Markdown) or FILE.html, not \(path)", command: "vectors")
  }

  static func timeoutSeconds(_ options: ParsedOptions) throws(UsageError) -> Double {
    guard let text = options.values["--timeout"] else { return defaultTimeout }
    let isNumber =
      !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
    guard isNumber, let value = Double(text), value > 0, value <= maximumTimeout else {
      throw UsageError(
        message: "--timeout takes seconds above 0 and at most \(Int(maximumTimeout)), "
          + "not \"\(text)\"", command: "vectors")
    }
    return value
  }

  /// Runs every vector through our own decoder, printing each failure as it is found.
  static func runBuiltIn(_ files: [VectorFile], verbose: Bool, _ environment: ToolEnvironment)
    throws -> ConformanceReport.Decoder
  {
    var decoder = ConformanceReport.Decoder(label: "bolt11 (built in)")
    for vector in files.flatMap(\.vectors) {
      let result = ConformanceReport.Result(vector, verdict: vector.run())
      try print(result, verbose: verbose, environment)
      decoder.results.append(result)
    }
    return decoder
  }

  /// Runs every vector through `command`, printing each failure as it is found.
  ///
  /// - Throws: `UsageError` when the command cannot be started (`ExternalDecoder.StartError`);
  ///   the write errors of standard output.
  static func runExternal(
    _ command: String, _ files: [VectorFile], timeout: Double, verbose: Bool,
    _ environment: ToolEnvironment
  ) throws -> ConformanceReport.Decoder {
    var decoder = ConformanceReport.Decoder(label: command)
    try environment.stdout.write("decoder: \(SafeText.escape(command))\n")
    let external = ExternalDecoder(command: command, timeout: timeout)
    defer { external.stop() }
    for vector in files.flatMap(\.vectors) {
      let result: ConformanceReport.Result
      do { result = try external.run(vector) } catch {
        throw UsageError(
          message: "cannot start decoder '\(command)': \(error.message)", command: "vectors")
      }
      try print(result, verbose: verbose, environment)
      decoder.results.append(result)
    }
    external.stop()
    decoder.stderrTail = external.stderrTail
    return decoder
  }

  /// `FAIL file: name: why` (with the last line of standard error when the decoder wrote any),
  /// and with `verbose` also `ok` and `skip` lines, escaped: names and standard error through
  /// `SafeText.escape`, the reason as the display text it is (values in it quoted as JSON once).
  static func print(
    _ result: ConformanceReport.Result, verbose: Bool, _ environment: ToolEnvironment
  ) throws {
    let name = SafeText.escape("\(result.file): \(result.name)")
    switch result.verdict {
    case .failed(let reason):
      var line = "FAIL \(name): \(reason)"
      let detail = ExternalDecoder.lastLine(Array(result.stderr.utf8))
      if !detail.isEmpty { line += " (standard error: \(SafeText.escape(detail)))" }
      try environment.stdout.write(line + "\n")
    case .skipped(let reason) where verbose:
      try environment.stdout.write("skip \(name): \(reason)\n")
    case .passed where verbose:
      try environment.stdout.write("ok   \(name)\n")
    default: break
    }
  }

  /// Writes the report to `path` (created or truncated), every write and the close checked.
  ///
  /// - Throws: `ToolIOError` with `io.write` naming the path.
  static func write(_ text: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw ToolIOError.fromErrno(.write, path) }
    do {
      try FileSink(descriptor: descriptor, name: path).write(text)
    } catch {
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw ToolIOError.fromErrno(.write, path) }
  }

  /// The text of the vector file at `path`.
  ///
  /// - Throws: `ToolIOError` when it cannot be read; `VectorFile.LoadError` when it is larger
  ///   than `VectorFile.maximumFileBytes`.
  static func read(_ path: String, _ environment: ToolEnvironment) throws -> String {
    let limit = VectorFile.maximumFileBytes
    guard let bytes = try ToolEnvironment.read(environment.openFile(path), atMost: limit) else {
      throw VectorFile.LoadError(path: path, message: "larger than \(limit) bytes")
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
