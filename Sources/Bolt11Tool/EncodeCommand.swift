import Bolt11
import Secp256k1

/// `bolt11 encode --key HEX [--upper] < invoice.json`: signs the JSON `decode --json` prints.
enum EncodeCommand {
  static let table = CommandTable.encode.parsingTable

  struct InputError: Error {
    var message: String
  }

  static func run(_ arguments: ArraySlice<String>, _ environment: ToolEnvironment) throws
    -> Bolt11Tool.ExitCode
  {
    let options = try ParsedOptions(arguments, table: table, command: "encode")
    guard let keyText = options.values["--key"] else {
      throw UsageError(message: "missing --key HEX (32-byte secret key)", command: "encode")
    }
    guard let secret = Hex.decode(keyText), secret.count == 32 else {
      throw UsageError(message: "--key takes 64 hexadecimal characters", command: "encode")
    }
    guard options.positional.isEmpty || options.positional == ["-"] else {
      throw UsageError(message: "encode reads its JSON from standard input", command: "encode")
    }
    let text = String(decoding: try ToolEnvironment.readAll(environment.stdin), as: UTF8.self)
    do {
      let key = try SigningKey(secretKey: secret)
      let builder = try builder(from: try JSON.parse(text))
      let invoice = try builder.build(signingWith: key)
      let string = options.flags.contains("--upper") ? invoice.string.uppercased() : invoice.string
      environment.stdout.write(string + "\n")
      return .ok
    } catch let error as InvoiceBuildError {
      environment.stderr.write("error: \(error.code.rawValue): \(error.message)\n")
      return .invalid
    } catch let error as Secp256k1Error {
      environment.stderr.write("error: build.invalid_key: \(error.message)\n")
      return .invalid
    } catch let error as InputError {
      environment.stderr.write("error: input.invalid_json: \(error.message)\n")
      return .invalid
    } catch let error as JSON.ParseError {
      environment.stderr.write("error: input.invalid_json: \(error)\n")
      return .invalid
    }
  }

  /// An invoice builder from the decoded-invoice JSON of the contract.
  static func builder(from json: JSON) throws -> InvoiceBuilder {
    func string(_ key: String) -> String? { json[key]?.stringValue }
    func bytes(_ key: String, count: Int? = nil) throws -> [UInt8]? {
      guard let text = string(key) else { return nil }
      guard let bytes = Hex.decode(text), count == nil || bytes.count == count else {
        throw InputError(message: "\(key) is not \(count.map { "\($0) bytes of " } ?? "")hex")
      }
      return bytes
    }
    func unsigned(_ key: String) throws -> UInt64? {
      guard let value = json[key] else { return nil }
      guard let number = value.unsignedValue else {
        throw InputError(message: "\(key) is not a whole number")
      }
      return number
    }
    guard let currencyName = string("currency") ?? string("network"),
      let currency = Currency(name: currencyName)
    else { throw InputError(message: "currency must be bc, tb, tbs or bcrt") }
    guard let createdAt = try unsigned("created_at") else {
      throw InputError(message: "created_at is required")
    }
    guard let paymentHash = try bytes("payment_hash", count: 32) else {
      throw InputError(message: "payment_hash is required")
    }
    guard let paymentSecret = try bytes("payment_secret", count: 32) else {
      throw InputError(message: "payment_secret is required")
    }
    let description: InvoiceDescription
    switch (string("description"), try bytes("description_hash", count: 32)) {
    case (.some(let text), nil): description = .text(text)
    case (nil, .some(let hash)): description = .hash(hash)
    default: throw InputError(message: "exactly one of description and description_hash is required")
    }
    var builder = InvoiceBuilder(
      currency: currency, paymentHash: paymentHash, paymentSecret: paymentSecret,
      description: description, createdAt: createdAt)
    builder.amount = try unsigned("amount_msat").map { Millisatoshis(rawValue: $0) }
    let order = json["field_order"]?.arrayValue?.compactMap(\.stringValue).compactMap(\.first)
    builder.fieldOrder = order
    // Without a recorded order, write `x` and `c` only when they differ from the defaults.
    if let expiry = try unsigned("expiry"),
      order?.contains("x") ?? (expiry != InvoiceFields.defaultExpirySeconds)
    {
      builder.expirySeconds = expiry
    }
    if let cltv = try unsigned("min_final_cltv_expiry"),
      order?.contains("c") ?? (cltv != InvoiceFields.defaultMinFinalCLTVExpiryDelta)
    {
      builder.minFinalCLTVExpiryDelta = cltv
    }
    let extraSlots = Set(
      (json["extra_field_slots"]?.arrayValue ?? []).compactMap(\.unsignedValue).map { Int($0) })
    builder.extraFieldSlots = extraSlots
    // An `n` in the order states the payee, unless its place holds a skipped (extra) `n`.
    builder.statesPayee =
      order?.indices.contains { order?[$0] == "n" && !extraSlots.contains($0) } ?? false
    if let features = try bytes("features") {
      var bits: [Int] = []
      for (index, byte) in features.reversed().enumerated() {
        for bit in 0..<8 where (byte >> UInt8(bit)) & 1 == 1 { bits.append(index * 8 + bit) }
      }
      builder.features = Features(bits: bits)
    } else if let bits = json["feature_bits"]?.arrayValue {
      builder.features = Features(bits: bits.compactMap(\.unsignedValue).map { Int($0) })
    }
    builder.paymentMetadata = try bytes("payment_metadata")
    builder.fallbacks = try (json["fallbacks"]?.arrayValue ?? []).map { entry in
      guard let script = entry["hex"]?.stringValue.flatMap(Hex.decode),
        let fallback = fallback(fromScript: script)
      else { throw InputError(message: "a fallback's hex is not a script a fallback can pay") }
      return fallback
    }
    builder.routeHints = try (json["routes"]?.arrayValue ?? []).map { route in
      RouteHint(
        hops: try (route.arrayValue ?? []).map { hop in
          guard let nodeID = hop["pubkey"]?.stringValue.flatMap(Hex.decode), nodeID.count == 33,
            let scid = hop["short_channel_id"]?.stringValue.flatMap(shortChannelID),
            let base = hop["fee_base_msat"]?.unsignedValue, base <= UInt32.max,
            let proportional = hop["fee_proportional_millionths"]?.unsignedValue,
            proportional <= UInt32.max,
            let delta = hop["cltv_expiry_delta"]?.unsignedValue, delta <= UInt16.max
          else { throw InputError(message: "a route hop is incomplete or out of range") }
          return RouteHop(
            nodeID: nodeID, shortChannelID: scid, feeBaseMsat: UInt32(base),
            feeProportionalMillionths: UInt32(proportional), cltvExpiryDelta: UInt16(delta))
        })
    }
    builder.extraFields = try (json["extra"]?.arrayValue ?? []).map { entry in
      guard let tag = entry["tag"]?.stringValue, tag.count == 1,
        let tagWord = bech32Words(tag)?.first, let data = entry["data"]?.stringValue,
        let words = bech32Words(data)
      else { throw InputError(message: "an extra field needs a one-character tag and bech32 data") }
      return ExtraField(tag: tagWord, words: words)
    }
    return builder
  }

  static func bech32Words(_ text: String) -> [UInt8]? {
    let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    var words: [UInt8] = []
    for byte in text.lowercased().utf8 {
      guard let index = alphabet.firstIndex(of: byte) else { return nil }
      words.append(UInt8(index))
    }
    return words
  }

  static func shortChannelID(_ text: String) -> ShortChannelID? {
    let parts = text.split(separator: "x").compactMap { UInt32($0) }
    guard parts.count == 3, parts[0] < 1 << 24, parts[1] < 1 << 24, parts[2] <= UInt16.max else {
      return nil
    }
    return ShortChannelID(block: parts[0], transaction: parts[1], output: UInt16(parts[2]))
  }

  /// The fallback paying `script`: P2PKH, P2SH, or a witness program.
  static func fallback(fromScript script: [UInt8]) -> Fallback? {
    if script.count == 25, script.starts(with: [0x76, 0xa9, 0x14]), script.suffix(2) == [0x88, 0xac] {
      return Fallback(version: Fallback.p2pkhVersion, program: Array(script[3..<23]))
    }
    if script.count == 23, script.starts(with: [0xa9, 0x14]), script.last == 0x87 {
      return Fallback(version: Fallback.p2shVersion, program: Array(script[2..<22]))
    }
    guard script.count >= 4, Int(script[1]) == script.count - 2 else { return nil }
    let opcode = script[0]
    let version: UInt8
    switch opcode {
    case 0: version = 0
    case 0x51...0x60: version = opcode - 0x50
    default: return nil
    }
    return Fallback(version: version, program: Array(script[2...]))
  }
}
