import Bech32Codec
import Bolt11
import Secp256k1

extension InvoiceJSON {
  /// Input that is not the contract's invoice JSON: `input.invalid_json` unless another code is
  /// given.
  public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The dotted code, `input.invalid_json` by default.
    public var code: String
    /// What is wrong, in prose.
    public var message: String

    /// An error with `code` and `message`.
    public init(code: String = "input.invalid_json", message: String) {
      self.code = code
      self.message = message
    }

    public var description: String { "\(code): \(message)" }
  }

  /// An invoice builder from the contract's decoded-invoice JSON: what `invoice.json` gives, or
  /// the same keys written by hand (the one place their snake_case names are read).
  ///
  /// `payee` and the signature keys are ignored: the builder signs. With `field_order` (and
  /// `extra_field_slots`), the fields are put back in the order and places recorded, so that the
  /// same key reproduces the decoded invoice byte for byte.
  ///
  /// - Throws: `InputError` (`input.invalid_json`) for JSON that is not the contract's shape;
  ///   `InvoiceBuildError` for a value out of its field's range (a negative or 65-bit number, a
  ///   short channel id beyond its widths, a feature bit the builder refuses).
  public static func builder(from json: JSON) throws -> InvoiceBuilder {
    func string(_ key: String) -> String? { json[key]?.stringValue }
    func bytes(_ key: String, count: Int? = nil) throws -> [UInt8]? {
      guard let text = string(key) else { return nil }
      guard let bytes = Hex.decode(text), count == nil || bytes.count == count else {
        throw InputError(message: "\(key) is not \(count.map { "\($0) bytes of " } ?? "")hex")
      }
      return bytes
    }
    /// A whole number: nil when absent; a negative or too large one is out of its field's range
    /// (`code`); anything else is not the contract's JSON.
    func unsigned(_ key: String, _ code: InvoiceBuildError.Code) throws -> UInt64? {
      guard let value = json[key] else { return nil }
      return try wholeNumber(value, named: key, outOfRange: code)
    }
    guard let currencyName = string("currency") ?? string("network"),
      let currency = Currency(name: currencyName)
    else { throw InputError(message: "currency must be bc, tb, tbs or bcrt") }
    guard let createdAt = try unsigned("created_at", .invalidTimestamp) else {
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
    case (nil, .some(let hash)): description = .hash(DescriptionHash(bytes: hash)!)
    default:
      throw InputError(message: "exactly one of description and description_hash is required")
    }
    // `bytes(_:count:)` read 32 bytes of each.
    var builder = InvoiceBuilder(
      currency: currency, paymentHash: PaymentHash(bytes: paymentHash)!,
      paymentSecret: PaymentSecret(bytes: paymentSecret)!,
      description: description, createdAt: createdAt)
    builder.amount = try unsigned("amount_msat", .invalidAmount).map { Millisatoshis(rawValue: $0) }
    let order = try json["field_order"].map { value in
      try array(value, named: "field_order").map { letter in
        guard let text = letter.stringValue, text.count == 1, let character = text.first else {
          throw InputError(message: "field_order holds one-character strings")
        }
        return character
      }
    }
    builder.fieldOrder = order
    // Without a recorded order, write `x` and `c` only when they differ from the defaults.
    if let expiry = try unsigned("expiry", .invalidExpiry),
      order?.contains("x") ?? (expiry != InvoiceFields.defaultExpirySeconds)
    {
      builder.expirySeconds = expiry
    }
    if let cltv = try unsigned("min_final_cltv_expiry", .invalidMinFinalCLTVExpiry),
      order?.contains("c") ?? (cltv != InvoiceFields.defaultMinFinalCLTVExpiryDelta)
    {
      builder.minFinalCLTVExpiryDelta = cltv
    }
    // Numbers as the builder's `Int`s, clamped: whatever is out of its range, the builder
    // refuses with its own code before allocating anything for it.
    let extraSlots = Set(
      try json["extra_field_slots"].map { try integers($0, named: "extra_field_slots") } ?? [])
    builder.extraFieldSlots = extraSlots
    // An `n` in the order states the payee, unless its place holds a skipped (extra) `n`.
    builder.statesPayee =
      order?.indices.contains { order?[$0] == "n" && !extraSlots.contains($0) } ?? false
    if let features = try bytes("features") {
      builder.features = try Features(bytes: features)
    } else if let bits = json["feature_bits"] {
      builder.features = try Features(bits: try integers(bits, named: "feature_bits"))
    }
    builder.paymentMetadata = try bytes("payment_metadata")
    builder.fallbacks = try (json["fallbacks"]?.arrayValue ?? []).map { entry in
      guard let script = entry["hex"]?.stringValue.flatMap(Hex.decode),
        let fallback = Fallback(scriptPubKey: script)
      else { throw InputError(message: "a fallback's hex is not a script a fallback can pay") }
      return fallback
    }
    builder.routeHints = try (json["routes"]?.arrayValue ?? []).map { route in
      RouteHint(hops: try (route.arrayValue ?? []).map(routeHop))
    }
    builder.extraFields = try (json["extra"]?.arrayValue ?? []).map { entry in
      guard let tag = entry["tag"]?.stringValue, tag.count == 1,
        let tagWord = Bech32.words(ofCharacters: tag)?.first, let data = entry["data"]?.stringValue,
        let words = Bech32.words(ofCharacters: data)
      else { throw InputError(message: "an extra field needs a one-character tag and bech32 data") }
      return ExtraField(tag: tagWord, words: words)
    }
    return builder
  }

  /// One hop of a route: its numbers within the widths of the `r` field's hop (a 32-bit fee base
  /// and proportional fee, a 16-bit CLTV delta, a short channel id of 24, 24 and 16 bits).
  private static func routeHop(_ hop: JSON) throws -> RouteHop {
    func number(_ key: String, maximum: UInt64) throws -> UInt64 {
      guard let value = hop[key] else { throw InputError(message: "a route hop has no \(key)") }
      let number = try wholeNumber(value, named: key, outOfRange: .invalidRoute)
      guard number <= maximum else {
        throw InvoiceBuildError(.invalidRoute, "\(key) \(number) is above \(maximum)")
      }
      return number
    }
    guard let nodeBytes = hop["pubkey"]?.stringValue.flatMap(Hex.decode), nodeBytes.count == 33
    else {
      throw InputError(message: "a route hop's pubkey is not 33 bytes of hex")
    }
    // A key that is not in compressed form cannot be a `PublicKey`. It stands in as a key of
    // that form off the curve (x = 5), which the builder refuses at the same step and with the
    // same error, so that whichever rule the builder checks first is still the one reported.
    let nodeID =
      PublicKey(bytes: nodeBytes)
      ?? PublicKey(bytes: [0x02] + [UInt8](repeating: 0, count: 31) + [5])!
    guard let scidText = hop["short_channel_id"]?.stringValue else {
      throw InputError(message: "a route hop has no short_channel_id")
    }
    guard let scid = ShortChannelID(scidText) else {
      throw InvoiceBuildError(
        .invalidRoute,
        "short_channel_id \(scidText) is not BLOCKxTXxOUT (24, 24 and 16 bits)")
    }
    return RouteHop(
      nodeID: nodeID, shortChannelID: scid,
      feeBaseMsat: UInt32(try number("fee_base_msat", maximum: UInt64(UInt32.max))),
      feeProportionalMillionths: UInt32(
        try number("fee_proportional_millionths", maximum: UInt64(UInt32.max))),
      cltvExpiryDelta: UInt16(try number("cltv_expiry_delta", maximum: UInt64(UInt16.max))))
  }

  /// `value` as a whole number of 64 bits.
  ///
  /// - Throws: `InvoiceBuildError` with `code` for a negative number or one beyond 64 bits;
  ///   `InputError` for anything that is not a whole number.
  private static func wholeNumber(
    _ value: JSON, named name: String, outOfRange code: InvoiceBuildError.Code
  ) throws -> UInt64 {
    if let number = value.unsignedValue { return number }
    switch value {
    case .integer:
      throw InvoiceBuildError(code, "\(name) \(value.serialized) is negative")
    case .double(let number) where number.rounded() == number:
      throw InvoiceBuildError(
        code, "\(name) \(value.serialized) is \(number < 0 ? "negative" : "beyond 64 bits")")
    default:
      throw InputError(message: "\(name) is not a whole number")
    }
  }

  /// An array, or `InputError` naming `name`.
  private static func array(_ value: JSON, named name: String) throws -> [JSON] {
    guard let array = value.arrayValue else { throw InputError(message: "\(name) is not an array") }
    return array
  }

  /// An array of whole numbers as `Int`s, clamped to `Int`'s range (negative ones kept negative),
  /// for the builder to check against its own bounds.
  private static func integers(_ value: JSON, named name: String) throws -> [Int] {
    try array(value, named: name).map { element in
      switch element {
      case .unsigned(let number): Int(clamping: number)
      case .integer(let number): Int(clamping: number)
      case .double(let number) where number.rounded() == number:
        number < 0 ? Int.min : Int.max
      default: throw InputError(message: "\(name) holds whole numbers only")
      }
    }
  }
}
