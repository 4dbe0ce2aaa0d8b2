import Bech32Codec
import Bolt11
import Secp256k1

/// The contract's JSON for invoices and errors, the keys Core Lightning's `decode` prints, written
/// straight to bytes (what `bolt11 decode --json` and `decode --batch` print, byte for byte) and
/// read back into a builder (`builder(from:)`, below): this file is the one place the keys'
/// snake_case names are spelled.
///
/// ```swift
/// let line = try Invoice.decode(text).json  // {"type":"bolt11 invoice","valid":true,...}
/// ```
///
/// It runs beside the signature check for every line, whose code and libsecp256k1's share the
/// instruction cache: the common path is kept short and straight (adjacent literals merged, one
/// loop each for hex and text), and what few invoices have (fallbacks, route hints, unknown
/// fields, warnings, escapes, an unknown currency) is written out of line.
public enum InvoiceJSON {
  /// Appends the invoice's JSON object (no newline).
  public static func write(_ invoice: Invoice, to output: inout [UInt8]) {
    ByteWriter.collect(into: &output) { write(invoice, to: &$0) }
  }

  /// Appends `{"valid":false,"error":{"code","message","position"?,"field"?}}` (no newline).
  public static func write(_ error: InvoiceError, to output: inout [UInt8]) {
    ByteWriter.collect(into: &output) { write(error, to: &$0) }
  }

  /// Appends the invoice's JSON object (no newline) where it is to stay: what `decode --batch`
  /// and the benchmark call, with no copy of the line.
  package static func write(_ invoice: Invoice, to output: inout ByteWriter) {
    let fields = invoice.fields
    output.append(#"{"type":"bolt11 invoice","valid":true,"currency":"#)
    writeCurrency(fields.currency, to: &output)
    if let amount = fields.amount {
      output.append(#","amount_msat":"#)
      output.appendDecimal(amount.rawValue)
    }
    output.append(#","created_at":"#)
    output.appendDecimal(fields.createdAt)
    output.append(#","expiry":"#)
    output.appendDecimal(fields.expirySeconds)
    output.append(#","expires_at":"#)
    output.appendDecimal(fields.expiresAt)
    output.append(#","payee":"#)
    invoice.payeeNodeID.withUnsafeBytes { writeHex($0, to: &output) }
    output.append(#","payment_hash":"#)
    fields.paymentHash.withUnsafeBytes { writeHex($0, to: &output) }
    if let secret = fields.paymentSecret {
      output.append(#","payment_secret":"#)
      secret.withUnsafeBytes { writeHex($0, to: &output) }
    }
    // The description's text in place: `fields.description` would build a String or an array.
    let hasText = fields.withDescriptionUTF8 { text in
      output.append(#","description":"#)
      writeString(utf8: text, to: &output)
    }
    if !hasText, let hash = fields.descriptionHash {
      output.append(#","description_hash":"#)
      hash.withUnsafeBytes { writeHex($0, to: &output) }
    }
    if let metadata = fields.paymentMetadata {
      output.append(#","payment_metadata":"#)
      writeHex(metadata, to: &output)
    }
    output.append(#","min_final_cltv_expiry":"#)
    output.appendDecimal(fields.minFinalCLTVExpiryDelta)
    writeFeatures(fields.features, to: &output)
    if fields.fallbacks.isEmpty && fields.routeHints.isEmpty && fields.extraFields.isEmpty {
      output.append(#","fallbacks":[],"routes":[],"extra":[]"#)
    } else {
      writeLists(fields, to: &output)
    }
    // DER where libsecp256k1 parses r and s, as Core Lightning prints it.
    invoice.signature.compact.withDER { der in
      guard let der else { return }
      output.append(#","signature":"#)
      writeHex(der, to: &output)
    }
    output.append(#","signature_compact":"#)
    invoice.signature.compact.withUnsafeBytes { writeHex($0, to: &output) }
    output.append(#","recovery_id":"#)
    writeInteger(invoice.signature.recoveryID, to: &output)
    if fields.warnings.isEmpty {
      output.append(#","warnings":[]"#)
    } else {
      writeWarnings(fields.warnings, to: &output)
    }
    // Extension: the fields' type letters in received order, so `encode` can rebuild the same
    // invoice.
    output.append(#","field_order":["#)
    let start = output.count
    invoice.raw.forEachField { field in
      // `"x",` as one store.
      output.write(length: 4) {
        $0.storeBytes(
          of: (0x2C22_0022 | UInt32(Bech32.asciiCharacter(of: field.tag)) << 8).littleEndian,
          as: UInt32.self)
      }
    }
    output.endList(from: start)
    if !fields.extraFields.isEmpty { writeExtraFieldSlots(invoice, to: &output) }
    output.append(UInt8(ascii: "}"))
  }

  /// Appends the error's JSON object (no newline) where it is to stay.
  package static func write(_ error: InvoiceError, to output: inout ByteWriter) {
    // `warnings` is in every object the tool prints, empty when there are none.
    ErrorJSON.write(
      ErrorJSON.Fault(
        code: error.code.rawValue, message: error.message, position: error.position,
        field: error.field),
      withWarnings: true, to: &output)
  }

  /// `currency` and `network`, as `Currency.prefix` and `knownNetworkName` spell them.
  private static func writeCurrency(_ currency: Currency, to output: inout ByteWriter) {
    writeString(currency.prefix, to: &output)
    output.append(#","network":"#)
    if let network = currency.knownNetworkName {
      writeString(network, to: &output)
    } else {
      output.append("null")
    }
  }

  /// `fallbacks`, `routes` and `extra`, when one of them is not empty. Route hints are common;
  /// fallbacks and extra fields are rare and written out of line, so that an invoice with
  /// routes only runs through less code.
  @inline(never)
  private static func writeLists(_ fields: InvoiceFields, to output: inout ByteWriter) {
    if fields.fallbacks.isEmpty {
      output.append(#","fallbacks":[]"#)
    } else {
      writeFallbacks(fields.fallbacks, on: fields.currency, to: &output)
    }
    output.append(#","routes":["#)
    let start = output.count
    fields.routeHints.withUnsafeBufferPointer { hints in
      for hint in hints {
        writeRoute(hint, to: &output)
        output.append(UInt8(ascii: ","))
      }
    }
    output.endList(from: start)
    if fields.extraFields.isEmpty {
      output.append(#","extra":[]"#)
    } else {
      writeExtraFields(fields.extraFields, to: &output)
    }
  }

  @inline(never)
  private static func writeFallbacks(
    _ fallbacks: [Fallback], on currency: Currency, to output: inout ByteWriter
  ) {
    output.append(#","fallbacks":["#)
    let start = output.count
    for fallback in fallbacks {
      output.append(#"{"type":"#)
      output.append(typeName(fallback.kind))
      // `addr` is absent where the chain's address form is unknown. The address is written
      // where it is made, with no string in between.
      fallback.withAddressBytes(on: currency) { address in
        guard let address else { return }
        output.append(#","addr":"#)
        writeString(utf8: address, to: &output)
      }
      output.append(#","hex":"#)
      fallback.withScriptPubKeyBytes { writeHex($0, to: &output) }
      output.append("},")
    }
    output.endList(from: start)
  }

  @inline(never)
  private static func writeExtraFields(_ fields: [ExtraField], to output: inout ByteWriter) {
    output.append(#","extra":["#)
    let start = output.count
    for field in fields {
      output.append(#"{"tag":""#)
      output.append(Bech32.asciiCharacter(of: field.tag))
      output.append(#"","data":""#)
      for word in field.words { output.append(Bech32.asciiCharacter(of: word)) }
      output.append(#""},"#)
    }
    output.endList(from: start)
  }

  /// `Fallback.Kind.rawValue` as a literal, which needs no escaping.
  private static func typeName(_ kind: Fallback.Kind) -> StaticString {
    switch kind {
    case .p2pkh: #""P2PKH""#
    case .p2sh: #""P2SH""#
    case .p2wpkh: #""P2WPKH""#
    case .p2wsh: #""P2WSH""#
    case .p2tr: #""P2TR""#
    case .witnessUnknown: #""WITNESS_UNKNOWN""#
    }
  }

  /// A route's hops, read in place: no copy of the hop array or of a node id.
  private static func writeRoute(_ hint: RouteHint, to output: inout ByteWriter) {
    output.append(UInt8(ascii: "["))
    let start = output.count
    hint.hops.withUnsafeBufferPointer { hops in
      for hop in hops { writeHop(hop, to: &output) }
    }
    output.endList(from: start)
  }

  private static func writeHop(_ hop: RouteHop, to output: inout ByteWriter) {
    output.append(#"{"pubkey":"#)
    hop.nodeID.withUnsafeBytes { writeHex($0, to: &output) }
    // Digits and `x`: nothing to escape.
    output.append(#","short_channel_id":""#)
    hop.shortChannelID.withText { output.append(contentsOf: $0) }
    output.append(UInt8(ascii: "\""))
    output.append(#","fee_base_msat":"#)
    output.appendDecimal(UInt64(hop.feeBaseMsat))
    output.append(#","fee_proportional_millionths":"#)
    output.appendDecimal(UInt64(hop.feeProportionalMillionths))
    output.append(#","cltv_expiry_delta":"#)
    output.appendDecimal(UInt64(hop.cltvExpiryDelta))
    output.append("},")
  }

  /// `warnings`, when there are any.
  @inline(never)
  private static func writeWarnings(_ warnings: [InvoiceWarning], to output: inout ByteWriter) {
    output.append(#","warnings":["#)
    let start = output.count
    for warning in warnings {
      writeString(warning.rawValue, to: &output)
      output.append(UInt8(ascii: ","))
    }
    output.endList(from: start)
  }

  /// Extension: which places in field_order hold an extra field rather than a known field of the
  /// same letter, so that `encode` puts every field back where it was.
  @inline(never)
  private static func writeExtraFieldSlots(_ invoice: Invoice, to output: inout ByteWriter) {
    output.append(#","extra_field_slots":["#)
    let start = output.count
    for slot in InvoiceBuilder(reproducing: invoice).extraFieldSlots.sorted() {
      writeInteger(slot, to: &output)
      output.append(UInt8(ascii: ","))
    }
    output.endList(from: start)
  }

  /// `features` (hex, when any bit is set) and `feature_bits`.
  private static func writeFeatures(_ features: Features, to output: inout ByteWriter) {
    guard let low = features.lowBits else {
      writeWideFeatures(features, to: &output)
      return
    }
    guard low != 0 else {
      output.append(#","feature_bits":[]"#)
      return
    }
    output.append(#","features":"#)
    // The minimal big-endian bytes.
    let count = (71 - low.leadingZeroBitCount) / 8
    withUnsafeBytes(of: low.bigEndian) {
      writeHex(UnsafeRawBufferPointer(rebasing: $0[(8 - count)...]), to: &output)
    }
    output.append(#","feature_bits":["#)
    let start = output.count
    var rest = low
    while rest != 0 {
      output.appendDecimal(UInt64(rest.trailingZeroBitCount))
      output.append(UInt8(ascii: ","))
      rest &= rest &- 1  // the lowest set bit cleared
    }
    output.endList(from: start)
  }

  /// `features` and `feature_bits` when a bit of 64 or more is set.
  @inline(never)
  private static func writeWideFeatures(_ features: Features, to output: inout ByteWriter) {
    let bytes = features.bytes
    output.append(#","features":"#)
    writeHex(bytes, to: &output)
    // Lowest bit first: bit 0 is the lowest bit of the last byte.
    output.append(#","feature_bits":["#)
    let start = output.count
    for (index, byte) in bytes.reversed().enumerated() {
      var rest = byte
      while rest != 0 {
        output.appendDecimal(UInt64(index * 8 + rest.trailingZeroBitCount))
        output.append(UInt8(ascii: ","))
        rest &= rest &- 1
      }
    }
    output.endList(from: start)
  }

  /// A JSON string literal, escaping what JSON requires (quotes, backslashes, C0 controls) and,
  /// so that the text is also safe to print on a terminal, everything `SafeText` finds unsafe
  /// (DEL, C1, bidirectional and invisible characters, ...) as `\uXXXX` (a surrogate pair above
  /// U+FFFF); the value read back is the same string. Read from the UTF-8 bytes: runs of bytes
  /// that need nothing are copied whole, and only scalars outside ASCII are looked up.
  static func writeString(_ value: String, to output: inout [UInt8]) {
    ByteWriter.collect(into: &output) { writeString(value, to: &$0) }
  }

  static func writeString(_ value: String, to output: inout ByteWriter) {
    let written: Void? = value.utf8.withContiguousStorageIfAvailable {
      writeString(utf8: $0, to: &output)
    }
    if written == nil { writeStringCopy(value, to: &output) }
  }

  /// `writeString` of a string whose bytes are not in one piece (bridged on Apple platforms).
  @inline(never)
  private static func writeStringCopy(_ value: String, to output: inout ByteWriter) {
    var copy = value
    copy.withUTF8 { writeString(utf8: $0, to: &output) }
  }

  /// `writeString` of valid UTF-8: a string's bytes, or text already checked as it is.
  static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout ByteWriter) {
    output.append(UInt8(ascii: "\""))
    // `bytes[run..<index]` are read but not yet copied.
    var run = 0
    var index = 0
    let count = bytes.count
    while index < count {
      // Eight bytes at a time while none of them needs anything.
      if count &- index >= 8
        && !mayNeedEscape(
          UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
      {
        index &+= 8
        continue
      }
      let byte = bytes[index]
      // Wrapping: 0x20...0x7e is 0...0x5e after subtracting 0x20; anything else wraps above.
      if byte &- 0x20 < 0x5f && byte != 0x22 && byte != 0x5c {
        index &+= 1
        continue
      }
      (index, run) = writeEscape(bytes, at: index, run: run, to: &output)
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<count]))
    output.append(UInt8(ascii: "\""))
  }

  /// The scalar at `index`, an ASCII byte that needs an escape or the first byte of a scalar
  /// beyond ASCII: when it needs an escape, the bytes from `run` are copied and its escape
  /// written. Returns where the next scalar starts and where the bytes not yet copied start.
  @inline(never)
  private static func writeEscape(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, run: Int, to output: inout ByteWriter
  ) -> (next: Int, run: Int) {
    let byte = bytes[index]
    var scalar = UInt32(byte)
    var length = 1
    if byte >= 0x80 {
      // A scalar of 2, 3 or 4 bytes: the text is valid UTF-8 (and were it not, no byte past its
      // end is read).
      length = min(byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4, bytes.count - index)
      scalar &= 0x7F >> UInt32(length)
      for offset in 1..<length { scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F) }
      if !SafeText.isUnsafe(value: scalar) { return (index + length, run) }
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
    switch scalar {
    case 0x22: output.append(#"\""#)
    case 0x5c: output.append(#"\\"#)
    case 0x0a: output.append(#"\n"#)
    case 0x0d: output.append(#"\r"#)
    case 0x09: output.append(#"\t"#)
    case 0x08: output.append(#"\b"#)
    case 0x0c: output.append(#"\f"#)
    case 0x10000...:
      // A surrogate pair.
      let offset = scalar - 0x10000
      writeUnicodeEscape(0xD800 + (offset >> 10), to: &output)
      writeUnicodeEscape(0xDC00 + (offset & 0x3FF), to: &output)
    default: writeUnicodeEscape(scalar, to: &output)  // other controls, DEL, unsafe scalars
    }
    return (index + length, index + length)
  }

  /// Whether one of the eight bytes of `word` is outside 0x20...0x7E or is `"` or `\\`: never
  /// false when one is (it may be true when none is; the byte loop then finds nothing).
  @inline(__always)
  static func mayNeedEscape(_ word: UInt64) -> Bool {
    // A byte below 0x20, or from 0x80 up; then DEL, `"` and `\\`, each a zero byte once the
    // word is XORed with it in every lane. Each test is exact for the word as a whole.
    let belowSpace = ByteLanes.belowMarks(word, 0x20)
    return belowSpace | (word & ByteLanes.repeating(0x80)) != 0
      || ByteLanes.zeroMarks(word ^ ByteLanes.repeating(0x7F)) != 0
      || ByteLanes.zeroMarks(word ^ ByteLanes.repeating(0x22)) != 0
      || ByteLanes.zeroMarks(word ^ ByteLanes.repeating(0x5C)) != 0
  }

  /// `\u` and four lower-case hexadecimal digits.
  private static func writeUnicodeEscape(_ unit: UInt32, to output: inout ByteWriter) {
    output.write(length: 6) { place in
      place.storeBytes(of: UInt16(0x755C).littleEndian, as: UInt16.self)  // `\u`
      withUnsafeBytes(of: UInt16(truncatingIfNeeded: unit).bigEndian) {
        Hex.write($0, to: place + 2)
      }
    }
  }

  /// A JSON string of the bytes in lower-case hexadecimal.
  @inline(__always)
  static func writeHex(_ bytes: [UInt8], to output: inout ByteWriter) {
    bytes.withUnsafeBytes { writeHex($0, to: &output) }
  }

  /// A JSON string of the bytes in lower-case hexadecimal, written in place by `Hex.write`:
  /// inlined, so that each caller makes one call, as it did to a writer of its own.
  @inline(__always)
  static func writeHex(_ bytes: UnsafeRawBufferPointer, to output: inout ByteWriter) {
    let count = bytes.count
    let place = output.space(2 &* count &+ 2)
    place.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
    Hex.write(bytes, to: place + 1)
    place.storeBytes(of: UInt8(ascii: "\""), toByteOffset: 1 &+ 2 &* count, as: UInt8.self)
    output.commit(2 &* count &+ 2)
  }

  @inline(__always)
  static func writeInteger(_ value: Int, to output: inout ByteWriter) {
    if value >= 0 {
      output.appendDecimal(UInt64(value))
    } else {
      writeNegative(value, to: &output)
    }
  }

  @inline(never)
  private static func writeNegative(_ value: Int, to output: inout ByteWriter) {
    output.append(UInt8(ascii: "-"))
    output.appendDecimal(UInt64(value.magnitude))
  }
}

// MARK: - Reading

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

  /// An invoice builder from the contract's decoded-invoice JSON text: `builder(from:)` on the
  /// parsed text, whose errors name a number out of range exactly as the text writes it (a
  /// number beyond 64 bits, which `JSON` holds as a `double`, is not reprinted as one).
  ///
  /// - Throws: `JSON.ParseError` for text that is not JSON; otherwise as `builder(from:)`.
  public static func builder(fromText text: String) throws -> InvoiceBuilder {
    let (json, numberTexts) = try JSON.parse(text, keepingNumberTexts: true)
    return try builder(from: json, literal: { numberTexts[$0] })
  }

  /// An invoice builder from the contract's decoded-invoice JSON: what `invoice.json` gives, or
  /// the same keys written by hand (the one place their snake_case names are read).
  ///
  /// `payee` and the signature keys are ignored: the builder signs. With `field_order` (and
  /// `extra_field_slots`), the fields are put back in the order and places recorded, so that the
  /// same key reproduces the decoded invoice byte for byte in lower case: the JSON does not
  /// record the case a string was written in, so set the builder's `isUppercase` to write an
  /// upper-case one (then the same string, upper case). Wrong-length `p`, `h`, `s` or `n` fields
  /// that a compat reader skipped (`extra` with a recorded `field_order`) are written back
  /// (`allowsCompatOnlyExtraFields`). Without `field_order` (JSON written by
  /// hand), the invoice gets the builder's default features (`var_onion_optin` and
  /// `payment_secret`, required) unless `features` or `feature_bits` is given (`[]` for none).
  ///
  /// - Throws: `InputError` (`input.invalid_json`) for JSON that is not the contract's shape;
  ///   `InvoiceBuildError` for a value out of its field's range (a negative or 65-bit number, a
  ///   short channel id beyond its widths, a feature bit the builder refuses).
  public static func builder(from json: JSON) throws -> InvoiceBuilder {
    try builder(from: json, literal: { _ in nil })
  }

  /// `builder(from:)`, with `literal` giving the text of the number at a path where it has one.
  private static func builder(from json: JSON, literal: (JSONPath) -> String?) throws
    -> InvoiceBuilder
  {
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
      return try wholeNumber(
        value, named: key, literal: { literal([.key(key)]) }, outOfRange: code)
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
    // A recorded decode is reproduced as read, wrong-length fields a compat reader skipped
    // included; JSON written by hand gets the strict builder.
    builder.allowsCompatOnlyExtraFields = order != nil
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
    let extraSlots = Set(
      try json["extra_field_slots"].map { slots in
        try integers(
          slots, named: "extra_field_slots", literal: literal, maximum: UInt64(Int.max),
          outOfRange: .invalidFieldOrder)
      } ?? [])
    builder.extraFieldSlots = extraSlots
    // An `n` in the order states the payee, unless its place holds a skipped (extra) `n`.
    builder.statesPayee =
      order?.indices.contains { order?[$0] == "n" && !extraSlots.contains($0) } ?? false
    if let features = try bytes("features") {
      builder.features = try Features(bytes: features)
    } else if let bits = json["feature_bits"] {
      builder.features = try Features(
        bits: try integers(
          bits, named: "feature_bits", literal: literal, maximum: UInt64(Features.maximumBit),
          outOfRange: .invalidFeatures))
    } else if order != nil {
      // A recorded order is reproduced as given: no `9` field unless it names one.
      builder.features = Features()
    }
    builder.paymentMetadata = try bytes("payment_metadata")
    builder.fallbacks = try (json["fallbacks"]?.arrayValue ?? []).map { entry in
      guard let script = entry["hex"]?.stringValue.flatMap(Hex.decode),
        let fallback = Fallback(scriptPubKey: script)
      else { throw InputError(message: "a fallback's hex is not a script a fallback can pay") }
      return fallback
    }
    builder.routeHints = try (json["routes"]?.arrayValue ?? []).enumerated().map {
      routeIndex, route in
      RouteHint(
        hops: try (route.arrayValue ?? []).enumerated().map { hopIndex, hop in
          try routeHop(hop) {
            literal([.key("routes"), .index(routeIndex), .index(hopIndex)] + $0)
          }
        })
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
  private static func routeHop(_ hop: JSON, literal: (JSONPath) -> String?) throws -> RouteHop {
    func number(_ key: String, maximum: UInt64) throws -> UInt64 {
      guard let value = hop[key] else { throw InputError(message: "a route hop has no \(key)") }
      let number = try wholeNumber(
        value, named: key, literal: { literal([.key(key)]) }, outOfRange: .invalidRoute)
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
  /// - Parameter literal: the number's text as the input wrote it, when known: errors name the
  ///   value so, never as a `Double` reprints it.
  /// - Throws: `InvoiceBuildError` with `code` for a negative number or one beyond 64 bits;
  ///   `InputError` for anything that is not a whole number.
  private static func wholeNumber(
    _ value: JSON, named name: String, literal: () -> String?,
    outOfRange code: InvoiceBuildError.Code
  ) throws -> UInt64 {
    if let number = value.unsignedValue { return number }
    switch value {
    case .integer:
      throw InvoiceBuildError(code, "\(name) \(value.serialized) is negative")
    case .double(let number) where number.isWhole:
      throw InvoiceBuildError(
        code,
        "\(name) \(literal() ?? value.serialized) is "
          + (number < 0 ? "negative" : "beyond 64 bits"))
    default:
      throw InputError(message: "\(name) \(literal() ?? value.serialized) is not a whole number")
    }
  }

  /// An array, or `InputError` naming `name`.
  private static func array(_ value: JSON, named name: String) throws -> [JSON] {
    guard let array = value.arrayValue else { throw InputError(message: "\(name) is not an array") }
    return array
  }

  /// An array of whole numbers from 0 to `maximum`, as `Int`s.
  ///
  /// - Throws: `InvoiceBuildError` with `code` naming the first number out of that range as the
  ///   input wrote it; `InputError` for anything that is not an array of whole numbers.
  private static func integers(
    _ value: JSON, named name: String, literal: (JSONPath) -> String?, maximum: UInt64,
    outOfRange code: InvoiceBuildError.Code
  ) throws -> [Int] {
    try array(value, named: name).enumerated().map { index, element in
      let path: JSONPath = [.key(name), .index(index)]
      let number = try wholeNumber(
        element, named: "\(name)[\(index)]", literal: { literal(path) }, outOfRange: code)
      guard number <= maximum else {
        throw InvoiceBuildError(
          code, "\(name)[\(index)] \(literal(path) ?? String(number)) is above \(maximum)")
      }
      return Int(number)
    }
  }
}
