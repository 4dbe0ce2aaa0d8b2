import Bech32Codec
import Bolt11
import Bolt11JSON
import Secp256k1

/// `bolt11 encode (--key-file PATH | --key HEX) [--upper] < invoice.json`, or the key in
/// `BOLT11_SIGNING_KEY`: signs the JSON `decode --json` prints. For a key kept elsewhere,
/// `--print-signing-hash [--payee HEX]` prints the digest to sign and `--signature HEX
/// --recovery-id N [--payee HEX]` attaches the signature made over it.
enum EncodeCommand {
  static let table = CommandTable.encode.parsingTable

  /// Most bytes of JSON read from standard input (1 MiB; the longest invoice's JSON is a few KB).
  static let maximumInputBytes = 1 << 20

  /// Input that is not what `encode` takes: `input.invalid_json` unless another code is given.
  typealias InputError = InvoiceJSON.InputError

  /// How the invoice is signed, from the options.
  enum Signing {
    /// With a key read here (`--key-file`, `--key`, `BOLT11_SIGNING_KEY`).
    case key
    /// Not signed: print the digest to sign (`--print-signing-hash`).
    case printHash(payee: PublicKey?)
    /// With a signature made elsewhere (`--signature`, `--recovery-id`).
    case attach(CompactSignature, recoveryID: Int, payee: PublicKey?)
  }

  static func run(_ arguments: ArraySlice<String>, _ environment: ToolEnvironment) throws
    -> Bolt11Tool.ExitCode
  {
    let options = try ParsedOptions(arguments, table: table, command: "encode")
    guard options.positional.isEmpty || options.positional == ["-"] else {
      throw UsageError(message: "encode reads its JSON from standard input", command: "encode")
    }
    let signing = try signing(options)
    let code: String
    let message: String
    do {
      var key: SigningKey?
      if case .key = signing { key = try SigningKeySource.signingKey(options, environment) }
      guard let input = try ToolEnvironment.read(environment.stdin, atMost: maximumInputBytes)
      else {
        throw InputError(
          code: "input.too_long",
          message: "standard input holds more than \(maximumInputBytes) bytes of JSON")
      }
      var builder = try InvoiceJSON.builder(fromText: String(decoding: input, as: UTF8.self))
      builder.allowsUnusableCLTV =
        builder.allowsUnusableCLTV || options.flags.contains("--allow-unusable-cltv")
      builder.isUppercase = options.flags.contains("--upper")
      let invoice: Invoice
      switch signing {
      case .key:
        guard let key else { preconditionFailure("the key is read for .key") }
        invoice = try builder.build(signingWith: key)
      case .printHash(let payee):
        try environment.stdout.write(Hex.encode(try builder.signingHash(payee: payee).bytes) + "\n")
        return .ok
      case .attach(let signature, let recoveryID, let payee):
        invoice = try builder.build(
          signature: signature, recoveryID: recoveryID, expectedPayee: payee)
      }
      try environment.stdout.write(invoice.string + "\n")
      return .ok
    } catch let error as InvoiceBuildError {
      (code, message) = (error.code.rawValue, error.message)
    } catch let error as InputError {
      (code, message) = (error.code, error.message)
    } catch let error as JSON.ParseError {
      (code, message) = ("input.invalid_json", error.description)
    }
    try environment.stderr.write(Bolt11Tool.errorLine(code: code, message: message))
    return .invalid
  }

  /// How to sign, from `--print-signing-hash`, `--signature`, `--recovery-id` and `--payee`.
  ///
  /// - Throws: `UsageError` for options that do not go together or a value of the wrong form.
  static func signing(_ options: ParsedOptions) throws(UsageError) -> Signing {
    func usage(_ message: String) -> UsageError { UsageError(message: message, command: "encode") }
    let printsHash = options.flags.contains("--print-signing-hash")
    let signatureText = options.values["--signature"]
    let recoveryText = options.values["--recovery-id"]
    let hasKey = options.values["--key-file"] != nil || options.values["--key"] != nil
    var payee: PublicKey?
    if let text = options.values["--payee"] {
      guard let key = PublicKey(hex: text) else {
        throw usage("--payee takes a compressed public key: 66 hexadecimal characters")
      }
      payee = key
    }
    guard printsHash || signatureText != nil || recoveryText != nil else {
      guard payee == nil else {
        throw usage("--payee goes with --print-signing-hash or --signature")
      }
      return .key
    }
    guard !hasKey else {
      throw usage("--print-signing-hash and --signature sign elsewhere: give no key")
    }
    if printsHash {
      guard signatureText == nil, recoveryText == nil else {
        throw usage("give --print-signing-hash or --signature, not both")
      }
      return .printHash(payee: payee)
    }
    guard let signatureText, let recoveryText else {
      throw usage("--signature HEX and --recovery-id N go together")
    }
    guard let signature = CompactSignature(hex: signatureText) else {
      throw usage("--signature takes r ‖ s: 128 hexadecimal characters")
    }
    guard let recoveryID = Int(recoveryText), (0...255).contains(recoveryID) else {
      throw usage("--recovery-id takes a number (0 to 3)")
    }
    return .attach(signature, recoveryID: recoveryID, payee: payee)
  }
}
