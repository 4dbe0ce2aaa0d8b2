import Bech32Codec
import Bolt11
import Bolt11JSON

extension VectorFile.Vector {
  /// Runs this vector through this package: an invoice through its decoder, `kind: offline`
  /// through the offline-receive check, `check` through the payer's check, `bech32` and
  /// `segwit_address` through its Bech32 codec, `payment_string` through the payment-string
  /// classifier, `bolt12` through the BOLT #12 readers, `bolt12_signature` (an entry of BOLT
  /// #12's `signature-test.json`) through its Merkle root and signature.
  ///
  /// - Returns: `.passed`, or `.failed` with what differed; a vector of another kind fails.
  public func run() -> Verdict {
    VectorFile.run(self).map { .failed($0) } ?? .passed
  }
}

extension VectorFile {
  /// What running one vector found: nil when it passed, else why it failed.
  typealias Outcome = DisplayText?

  /// Runs `vector` and says why it failed, or nil when it passed.
  static func run(_ vector: Vector) -> Outcome {
    let object = vector.object
    let wantsValid = object["valid"]?.boolValue ?? false
    switch vector.kind {
    case "invoice": return runInvoice(object, wantsValid: wantsValid)
    case "offline": return OfflineVectors.run(object, wantsValid: wantsValid)
    case "check": return CheckVectors.run(object)
    case "bech32": return runBech32(object, wantsValid: wantsValid)
    case "segwit_address": return runSegwit(object, wantsValid: wantsValid)
    case "payment_string": return PaymentStringVectors.run(object, wantsValid: wantsValid)
    case "bolt12": return Bolt12Vectors.run(object, wantsValid: wantsValid)
    case "bolt12_signature": return Bolt12SignatureVectors.run(object)
    default: return "unknown vector kind \(vector.kind)"
    }
  }

  static func runInvoice(_ object: JSON, wantsValid: Bool) -> Outcome {
    guard let invoiceText = object["invoice"]?.stringValue else { return "no \"invoice\"" }
    let options: DecodeOptions
    switch decodeOptions(object["options"]) {
    case .success(let value): options = value
    case .failure(let problem): return problem.message
    }
    do {
      let invoice = try Invoice.decode(invoiceText, options: options)
      guard wantsValid else {
        return "expected error \(expectedErrors(object).joined(separator: " or ")), but it decoded"
      }
      return compare(expected: object["expect"], actual: JSON(invoice))
    } catch {
      if let failure = checkError(error.code.rawValue, object: object, wantsValid: wantsValid) {
        return failure
      }
      return checkPosition(error.position, object: object)
    }
  }

  /// A problem with a vector's options.
  package struct OptionError: Error {
    /// The option's name.
    package var option: String
    /// What is wrong with it.
    package var message: DisplayText
  }

  /// The decode options of a vector's (or a protocol request's) `options`: `mode`, `network`,
  /// `description`, `now`, `check_route_keys`; strict, without a clock, when absent.
  package static func decodeOptions(_ given: JSON?) -> Result<DecodeOptions, OptionError> {
    var options = DecodeOptions()
    guard let given else { return .success(options) }
    if given["mode"]?.stringValue == "compat" { options.mode = .compat }
    if let network = given["network"]?.stringValue {
      guard let currency = Currency(name: network) else {
        return .failure(OptionError(option: "network", message: "unknown network \(network)"))
      }
      options.network = currency
    }
    options.description = given["description"]?.stringValue
    options.now = given["now"]?.unsignedValue
    options.checkRouteHintKeys = given["check_route_keys"]?.boolValue ?? false
    return .success(options)
  }

  /// An invalid vector may give `"position"`: the character offset the error must report.
  static func checkPosition(_ position: Int?, object: JSON) -> Outcome {
    guard let expected = object["position"]?.unsignedValue else { return nil }
    guard let position else { return "expected position \(expected), got none" }
    return UInt64(position) == expected ? nil : "expected position \(expected), got \(position)"
  }

  static func runBech32(_ object: JSON, wantsValid: Bool) -> Outcome {
    guard let text = object["string"]?.stringValue else { return "no \"string\"" }
    do {
      let decoded = try Bech32.decode(text)
      guard wantsValid else { return "expected an error, but it decoded" }
      if let variant = object["variant"]?.stringValue, variant != decoded.variant.rawValue {
        return "variant \(decoded.variant.rawValue), expected \(variant)"
      }
      if let hrp = object["hrp"]?.stringValue, hrp != decoded.hrpString {
        return "hrp \(decoded.hrpString), expected \(hrp)"
      }
      return nil
    } catch {
      return checkError(error.code.rawValue, object: object, wantsValid: wantsValid)
    }
  }

  static func runSegwit(_ object: JSON, wantsValid: Bool) -> Outcome {
    guard let address = object["address"]?.stringValue else { return "no \"address\"" }
    do {
      let decoded = try SegwitAddress.decode(address)
      guard wantsValid else { return "expected an invalid address, but it decoded" }
      let script = Hex.encode(
        SegwitAddress.scriptPubKey(version: decoded.version, program: decoded.program))
      if let hex = object["hex"]?.stringValue, hex.lowercased() != script {
        return "scriptPubKey \(script), expected \(hex)"
      }
      return nil
    } catch {
      guard wantsValid else { return nil }
      return "expected a valid address, got \(String(describing: error))"
    }
  }

  static func expectedErrors(_ object: JSON) -> [String] {
    if let one = object["error"]?.stringValue { return [one] }
    return object["error"]?.arrayValue?.compactMap(\.stringValue) ?? []
  }

  static func checkError(_ code: String, object: JSON, wantsValid: Bool) -> Outcome {
    if wantsValid { return "expected valid, got \(code)" }
    let expected = expectedErrors(object)
    if expected.isEmpty || expected.contains(code) { return nil }
    return "expected \(expected.joined(separator: " or ")), got \(code)"
  }

  /// Every key of `expected` must be in `actual` with an equal value; the values are quoted as
  /// JSON.
  static func compare(expected: JSON?, actual: JSON) -> Outcome {
    guard let members = expected?.objectValue else { return nil }
    var differences: [DisplayText] = []
    for (key, value) in members {
      guard let actualValue = actual[key] else {
        differences.append("\(key): missing, expected \(value)")
        continue
      }
      if actualValue != value {
        differences.append("\(key): \(actualValue), expected \(value)")
      }
    }
    guard let first = differences.first else { return nil }
    return differences.dropFirst().reduce(first) { "\($0); \($1)" }
  }
}
