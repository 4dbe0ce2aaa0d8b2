import Bech32Codec
import Bolt11
import Bolt11JSON
import Secp256k1

/// `bolt11 encode (--key-file PATH | --key HEX) [--upper] < invoice.json`, or the key in
/// `BOLT11_SIGNING_KEY`: signs the JSON `decode --json` prints.
enum EncodeCommand {
  static let table = CommandTable.encode.parsingTable

  /// Most bytes of JSON read from standard input (1 MiB; the longest invoice's JSON is a few KB).
  static let maximumInputBytes = 1 << 20

  /// Input that is not what `encode` takes: `input.invalid_json` unless another code is given.
  typealias InputError = InvoiceJSON.InputError

  static func run(_ arguments: ArraySlice<String>, _ environment: ToolEnvironment) throws
    -> Bolt11Tool.ExitCode
  {
    let options = try ParsedOptions(arguments, table: table, command: "encode")
    guard options.positional.isEmpty || options.positional == ["-"] else {
      throw UsageError(message: "encode reads its JSON from standard input", command: "encode")
    }
    let code: String
    let message: String
    do {
      let key = try SigningKeySource.signingKey(options, environment)
      guard let input = try ToolEnvironment.read(environment.stdin, atMost: maximumInputBytes)
      else {
        throw InputError(
          code: "input.too_long",
          message: "standard input holds more than \(maximumInputBytes) bytes of JSON")
      }
      let builder = try InvoiceJSON.builder(
        from: try JSON.parse(String(decoding: input, as: UTF8.self)))
      let invoice = try builder.build(signingWith: key)
      let string = options.flags.contains("--upper") ? invoice.string.uppercased() : invoice.string
      try environment.stdout.write(string + "\n")
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
}
