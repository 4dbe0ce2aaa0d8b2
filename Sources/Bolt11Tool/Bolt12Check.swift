import Bolt11
import Bolt11JSON
import Bolt12
import PaymentInput

/// `bolt11 check` of a BOLT #12 offer or invoice: the expectations that mean something for its
/// kind (`OfferCheck`, `Bolt12InvoiceCheck`), each with its `check.*` code, every violation at
/// once; the verdict holds the decoded object under `bolt12`. An invoice request is left to the
/// invoice path, which refuses it as what it is.
enum Bolt12Check {
  /// One violation: its code, message, and the expected and found values.
  struct Violation {
    var code: String
    var message: String
    var expected: JSON
    var found: JSON

    var json: JSON {
      .object([
        ("code", .string(code)), ("message", .string(message)), ("expected", expected),
        ("found", found),
      ])
    }
  }

  /// Checks the offer or invoice `text` against `options`; nil when `text` is neither.
  static func run(
    _ text: String, _ options: ParsedOptions, _ environment: ToolEnvironment
  ) throws -> Bolt11Tool.ExitCode? {
    let kind = PaymentString.kind(of: text)
    let allowed: Set<String>
    switch kind {
    case .bolt12Offer?: allowed = OfferCheck.offerOptions
    case .bolt12Invoice?: allowed = Bolt12InvoiceCheck.invoiceOptions
    default: return nil
    }
    let phrase = kind?.phrase ?? ""
    let given = Set(options.flags.names + options.values.keys + options.repeated.keys)
    if let other = given.subtracting(allowed.union(["--json"])).sorted().first {
      throw UsageError(
        message: "\(other) does not apply to \(phrase) (it takes "
          + allowed.sorted().joined(separator: ", ") + ")", command: "check")
    }
    let json = options.flags.contains("--json")
    let string: Bolt12String
    do {
      // Read without the clock and network: those are expectations here, with check.* codes.
      guard case .bolt12(let value) = try PaymentString(parsing: text) else { return nil }
      string = value
    } catch {
      return try CheckCommand.refuse(error, json: json, environment)
    }
    if let error = string.error {
      return try CheckCommand.refuse(
        PaymentStringError(bolt12Error: error, kind: kind), json: json, environment)
    }
    let now = try options.unsigned("--now") ?? environment.now()
    let violations: [Violation]
    let object: String
    let noun: String
    if case .success(let offer)? = string.offer {
      (violations, object, noun) = (
        try OfferCheck.check(offer, options, now: now), offer.json, "offer"
      )
    } else if case .success(let invoice)? = string.invoice {
      (violations, object, noun) = (
        try Bolt12InvoiceCheck.check(invoice, options, now: now), invoice.json, "invoice"
      )
    } else {
      return nil
    }
    if json {
      let verdict = JSON.object([
        ("ok", .bool(violations.isEmpty)), ("violations", .array(violations.map(\.json))),
        ("warnings", .array(string.warnings.map { .string($0.code.rawValue) })),
        ("bolt12", (try? JSON.parse(object)) ?? .null),
      ])
      try environment.stdout.write(verdict.serialized + "\n")
    } else {
      var text =
        violations.isEmpty
        ? "ok: the \(noun) meets every expectation\n"
        : "rejected: \(violations.count == 1 ? "1 violation" : "\(violations.count) violations")\n"
      for violation in violations {
        text += "  \(violation.code): \(SafeText.escape(violation.message))\n"
      }
      for warning in string.warnings {
        text += "warning: \(warning.code.rawValue): \(SafeText.escape(warning.message))\n"
      }
      try environment.stdout.write(text)
    }
    guard let first = violations.first else { return .ok }
    let more = violations.count > 1 ? " (and \(violations.count - 1) more)" : ""
    try environment.stderr.write(
      Bolt11Tool.errorLine(code: first.code, message: first.message + more))
    return .invalid
  }
}
