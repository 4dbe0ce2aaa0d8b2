import Bolt11
import Bolt11JSON
import PaymentInput
import Secp256k1

/// `bolt11 check INVOICE|- [expectations]`: the payer's check, every violation at once. Exit 0
/// when nothing is violated, 1 otherwise (or when the invoice does not decode).
enum CheckCommand {
  static let table = CommandTable.check.parsingTable

  static func run(_ arguments: ArraySlice<String>, _ environment: ToolEnvironment) throws
    -> Bolt11Tool.ExitCode
  {
    let options = try ParsedOptions(arguments, table: table, command: "check")
    let json = options.flags.contains("--json")
    let input: [UInt8]
    do {
      input = try Bolt11Tool.invoiceInput(options, environment, command: "check")
    } catch let error as InvoiceError {
      return try refuse(PaymentStringError(invoiceError: error), json: json, environment)
    }
    // An offer or a BOLT #12 invoice has its own expectations (Bolt12Check); anything else is
    // read as a BOLT #11 invoice.
    if let code = try Bolt12Check.run(String(decoding: input, as: UTF8.self), options, environment)
    {
      return code
    }
    let expectations = try expectations(options)
    let now = try options.unsigned("--now") ?? environment.now()
    // Only how to read: the expectations are checked below, with check.* codes.
    let decodeOptions = DecodeOptions(mode: options.flags.contains("--compat") ? .compat : .strict)
    let invoice: Invoice
    let uri: BitcoinURI?
    do {
      (invoice, uri) = try Bolt11Tool.decodeInvoice(input, options: decodeOptions)
    } catch {
      return try refuse(error, json: json, environment)
    }
    let violations = expectations.check(invoice, now: now)
    if json {
      // A URI's cross-checks that failed (its amount, its chain) are the verdict's warnings.
      let warnings = uri?.warnings.map(\.code.rawValue) ?? []
      let verdict = JSON(checked: invoice, violations: violations, warnings: warnings)
      try environment.stdout.write(verdict.serialized + "\n")
    } else {
      try environment.stdout.write(humanVerdict(violations) + humanWarnings(invoice, uri))
    }
    guard let first = violations.first else { return .ok }
    let more = violations.count > 1 ? " (and \(violations.count - 1) more)" : ""
    try environment.stderr.write(
      Bolt11Tool.errorLine(code: first.code.rawValue, message: first.message + more))
    return .invalid
  }

  /// Refuses a string that gives no invoice: its error line, and with `json` the verdict's
  /// shape, `{"ok": false, "valid": false, "error": {...}, "warnings": [...]}`, whatever was
  /// refused.
  static func refuse(_ error: PaymentStringError, json: Bool, _ environment: ToolEnvironment)
    throws -> Bolt11Tool.ExitCode
  {
    try environment.stderr.write(Bolt11Tool.errorLine(error))
    if json {
      let members = (try? JSON.parse(error.invoiceError?.json ?? error.json))?.objectValue ?? []
      let verdict = JSON.object([("ok", .bool(false))] + members.filter { $0.0 != "ok" })
      try environment.stdout.write(verdict.serialized + "\n")
    }
    return .invalid
  }

  /// One line for each warning of the invoice and of the URI it came in, after the verdict.
  static func humanWarnings(_ invoice: Invoice, _ uri: BitcoinURI?) -> String {
    // Appended, not joined: `joined()` asks the runtime whether String is a StringProtocol, a
    // scan of every conformance that cost a one-shot check a tenth of its instructions.
    var text = ""
    for warning in invoice.warnings { text += "warning: \(warning.rawValue)\n" }
    for warning in uri?.warnings ?? [] {
      text += "warning: \(warning.code.rawValue): \(SafeText.escape(warning.message))\n"
    }
    return text
  }

  /// `ok` alone, or `rejected: N violations` and one indented line for each.
  static func humanVerdict(_ violations: [InvoiceViolation]) -> String {
    guard !violations.isEmpty else { return "ok: the invoice meets every expectation\n" }
    let count = violations.count == 1 ? "1 violation" : "\(violations.count) violations"
    return violations.reduce("rejected: \(count)\n") { text, violation in
      text + "  \(violation.code.rawValue): \(SafeText.escape(violation.message))\n"
    }
  }

  /// The expectations the options name; the clock's defaults where they say nothing.
  static func expectations(_ options: ParsedOptions) throws(UsageError) -> InvoiceExpectations {
    var expected = InvoiceExpectations()
    expected.amount = try options.unsigned("--amount-msat").map(Millisatoshis.init(rawValue:))
    expected.allowsAmountless = options.flags.contains("--allow-amountless")
    if expected.allowsAmountless, expected.amount == nil {
      throw UsageError(message: "--allow-amountless goes with --amount-msat", command: "check")
    }
    expected.maxAmount = try options.unsigned("--max-amount-msat").map(
      Millisatoshis.init(rawValue:))
    expected.payees = try keys(options, "--payee")
    expected.ownNodeIDs = try keys(options, "--own-node-id")
    if let name = options.values["--network"] {
      expected.network = try Bolt11Tool.network(named: name, command: "check")
    }
    expected.description = options.values["--description"].map(
      InvoiceExpectations.Description.text)
    expected.descriptionHash = try hex(options, "--description-hash", DescriptionHash.init(hex:))
    expected.paymentHash = try hex(options, "--payment-hash", PaymentHash.init(hex:))
    if let seconds = try options.unsigned("--max-future-seconds") {
      expected.maxFutureSeconds = seconds
    }
    if let seconds = try options.unsigned("--min-remaining-seconds") {
      expected.minRemainingSeconds = seconds
    }
    expected.maxAgeSeconds = try options.unsigned("--max-age-seconds")
    expected.maxFinalCLTVExpiryDelta = try options.unsigned("--max-cltv")
    return expected
  }

  /// The keys given with the repeatable option `name`.
  static func keys(_ options: ParsedOptions, _ name: String) throws(UsageError)
    -> [PublicKey]
  {
    var keys: [PublicKey] = []
    for text in options.repeated[name, default: []] {
      guard let key = PublicKey(hex: text) else {
        throw UsageError(
          message: "\(name) takes 66 hex digits of a compressed key (02... or 03...)",
          command: "check")
      }
      keys.append(key)
    }
    return keys
  }

  /// The 32-byte value given in hex with the option `name`.
  static func hex<Value>(
    _ options: ParsedOptions, _ name: String, _ make: (String) -> Value?
  ) throws(UsageError) -> Value? {
    guard let text = options.values[name] else { return nil }
    guard let value = make(text) else {
      throw UsageError(message: "\(name) takes 64 hex digits", command: "check")
    }
    return value
  }
}
