import Bolt11
import Bolt11Conformance
import Bolt11JSON
import OfflineReceive
import PaymentInput
import Secp256k1

/// `bolt11 validate INVOICE|- --amount-msat N --node-id HEX [policy options]`: the offline-receive
/// check of one invoice, as a JSON verdict. Exit 0 when accepted, 1 when rejected.
enum ValidateCommand {
  static let table = CommandTable.validate.parsingTable

  static func run(_ arguments: ArraySlice<String>, _ environment: ToolEnvironment) throws
    -> Bolt11Tool.ExitCode
  {
    let options = try ParsedOptions(arguments, table: table, command: "validate")
    let policy = try policy(options)
    let now = try options.unsigned("--now") ?? environment.now()
    let invoice: Invoice
    do {
      let input = try Bolt11Tool.invoiceInput(options, environment, command: "validate")
      // Strict, with no expectations: the policy checks network and description with its own
      // codes. A `bitcoin:` URI's invoice is checked as any other.
      invoice = try Bolt11Tool.decodeInvoice(input, options: DecodeOptions(mode: .strict)).invoice
    } catch let error as InvoiceError {
      return try reject(
        code: error.code.rawValue, message: error.message, Bolt11Tool.errorLine(error), environment)
    } catch let error as PaymentStringError {
      return try reject(
        code: error.dottedCode, message: error.message, Bolt11Tool.errorLine(error), environment)
    }
    let verdict = OfflineInvoiceValidator.validate(invoice, policy: policy, now: now)
    try environment.stdout.write(OfflineVerdictJSON.verdict(verdict).serialized + "\n")
    if let rejection = verdict.rejection {
      try environment.stderr.write(
        Bolt11Tool.errorLine(code: rejection.dottedCode, message: rejection.message))
      return .invalid
    }
    return .ok
  }

  /// Prints the verdict of an invoice that did not decode (or is no invoice): exit 1.
  static func reject(
    code: String, message: String, _ errorLine: String, _ environment: ToolEnvironment
  ) throws -> Bolt11Tool.ExitCode {
    try environment.stdout.write(
      OfflineVerdictJSON.rejected(code: code, message: message).serialized + "\n")
    try environment.stderr.write(errorLine)
    return .invalid
  }

  /// The policy named by the command's options; `--amount-msat` and `--node-id` are required.
  static func policy(_ options: ParsedOptions) throws(UsageError) -> ReceivePolicy {
    guard let amount = try options.unsigned("--amount-msat") else {
      throw UsageError(message: "missing --amount-msat N", command: "validate")
    }
    guard let nodeHex = options.values["--node-id"] else {
      throw UsageError(message: "missing --node-id HEX", command: "validate")
    }
    guard let nodeID = PublicKey(hex: nodeHex) else {
      throw UsageError(
        message: "--node-id takes 66 hex digits of a compressed key (02... or 03...)",
        command: "validate")
    }
    let decodeOptions = try Bolt11Tool.decodeOptions(options)
    var policy = ReceivePolicy(
      amount: Millisatoshis(amount), nodeID: nodeID, network: decodeOptions.network,
      description: decodeOptions.description)
    for name in ReceivePolicy.numericRuleNames {
      let option = "--" + name.split(separator: "_").joined(separator: "-")
      if let value = try options.unsigned(option) { _ = policy.set(name, to: value) }
    }
    return policy
  }
}
