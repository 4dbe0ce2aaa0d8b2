import Bolt11
import Bolt11Conformance
import Bolt11JSON
import OfflineReceive
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
    let input: [UInt8]
    do {
      input = try Bolt11Tool.invoiceInput(options, environment, command: "validate")
    } catch let error as InvoiceError {
      try environment.stdout.write(
        OfflineVerdictJSON.rejected(code: error.code.rawValue, message: error.message).serialized
          + "\n")
      try environment.stderr.write(Bolt11Tool.errorLine(error))
      return .invalid
    }
    // Bytes that are not UTF-8 never decode; the decoder names the first such byte, where a
    // String made of them would hold U+FFFD instead.
    guard let text = String(validating: input, as: UTF8.self) else {
      let error = input.withUnsafeBufferPointer { bytes in
        Result { () throws(InvoiceError) in _ = try Invoice.decode(bytes: bytes) }
      }
      if case .failure(let error) = error {
        try environment.stdout.write(
          OfflineVerdictJSON.rejected(code: error.code.rawValue, message: error.message).serialized
            + "\n")
        try environment.stderr.write(Bolt11Tool.errorLine(error))
        return .invalid
      }
      preconditionFailure("bytes that are not UTF-8 decoded as an invoice")
    }
    let verdict = OfflineInvoiceValidator.validate(text, policy: policy, now: now)
    try environment.stdout.write(OfflineVerdictJSON.verdict(verdict).serialized + "\n")
    if let rejection = verdict.rejection {
      try environment.stderr.write(
        Bolt11Tool.errorLine(code: rejection.dottedCode, message: rejection.message))
      return .invalid
    }
    return .ok
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
    if let value = try options.unsigned("--max-display-seconds") {
      policy.maxDisplaySeconds = value
    }
    if let value = try options.unsigned("--min-remaining-seconds") {
      policy.minRemainingSeconds = value
    }
    if let value = try options.unsigned("--clock-skew-seconds") { policy.clockSkewSeconds = value }
    if let value = try options.unsigned("--safety-margin-seconds") {
      policy.safetyMarginSeconds = value
    }
    return policy
  }
}
