public import Bolt11

extension JSON {
  /// The verdict of a payer's check, as `bolt11 check --json` prints it:
  /// `{"ok", "violations": [{"code", "message", "expected", "found"}], "warnings",
  /// "invoice": {decoded}}`; `ok` is true when there is no violation.
  ///
  /// - Parameters:
  ///   - invoice: the checked invoice.
  ///   - violations: what `InvoiceExpectations.check(_:now:)` returned for it.
  ///   - warnings: codes of what was noticed besides (a `bitcoin:` URI's cross-checks).
  public init(checked invoice: Invoice, violations: [InvoiceViolation], warnings: [String] = []) {
    self = .object([
      ("ok", .bool(violations.isEmpty)),
      ("violations", .array(violations.map(JSON.init))),
      ("warnings", .array(warnings.map(JSON.string))),
      ("invoice", JSON(invoice)),
    ])
  }

  /// A violation: `{"code", "message", "expected", "found"}`.
  public init(_ violation: InvoiceViolation) {
    self = .object([
      ("code", .string(violation.code.rawValue)),
      ("message", .string(violation.message)),
      ("expected", JSON(violation.expected)),
      ("found", JSON(violation.found)),
    ])
  }

  /// An expected or found value: `null`, a number, a string or an array of strings.
  public init(_ value: InvoiceViolation.Value) {
    switch value {
    case .absent: self = .null
    case .integer(let number): self = .unsigned(number)
    case .text(let text): self = .string(text)
    case .list(let texts): self = .array(texts.map(JSON.string))
    }
  }
}
