import Bech32Codec
import Bolt11
import Bolt12

/// What a string claims to be by its form, and where its body is: the classifier's one reading of
/// the start of a string, shared by `PaymentString.kind(of:)` and the decoders.
struct Recognition {
  /// The kind the form says, or nil for an empty or unrecognised string.
  var kind: PaymentString.Kind?
  /// The string without the byte-order mark and the Unicode white space around it
  /// (`InputText`), and without a `lightning:` prefix: what the kind's decoder reads. Indices are the input's own.
  var body: Range<Int>
  /// Whether a `lightning:` prefix was removed.
  var hasLightningPrefix: Bool
  /// For a string recognised as nothing: where a stray character stands at its start, before
  /// a string of a kind it would otherwise be (a quote, `//` or a space before an invoice).
  var strayLead: (position: Int, name: String, kind: PaymentString.Kind)?

  /// The LUD-17 schemes and the tag each implies.
  static let lnurlSchemes: [(scheme: StaticString, tag: LNURL.Tag)] = [
    ("lnurlp://", .pay), ("lnurlw://", .withdraw), ("lnurlc://", .channel), ("keyauth://", .login),
  ]

  /// Reads the form of `bytes`.
  ///
  /// - Complexity: O(1) beyond the white space around the string, except for a string that could
  ///   only be a Lightning Address, whose `@` is searched for (O(n)).
  init<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) where Bytes.Index == Int {
    // The bytes in place (every caller's are contiguous), their offsets moved to `bytes`' own.
    let trimmed =
      bytes.withContiguousStorageIfAvailable { InputText.trimmed($0) }
      ?? InputText.trimmed(Array(bytes))
    var start = bytes.startIndex + trimmed.lowerBound
    let end = bytes.startIndex + trimmed.upperBound
    hasLightningPrefix = ASCII.hasPrefix(bytes, start..<end, "lightning:")
    if hasLightningPrefix { start += 10 }
    body = start..<end
    kind = Recognition.kind(bytes, start..<end, hasLightningPrefix: hasLightningPrefix)
    strayLead = kind == nil ? Recognition.strayLead(bytes, start..<end) : nil
  }

  /// The longest run of stray characters looked past at the start of a string.
  private static let strayLeadLimit = 16

  /// Where characters that are neither letters nor digits (at most `strayLeadLimit` bytes)
  /// start `range`, when what follows them is a kind of payment string.
  private static func strayLead<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ range: Range<Int>
  ) -> (position: Int, name: String, kind: PaymentString.Kind)? where Bytes.Index == Int {
    var index = range.lowerBound
    while index < range.upperBound, index - range.lowerBound < strayLeadLimit,
      !ASCII.isLetter(bytes[index]) && !ASCII.isDigit(bytes[index])
    {
      index += 1
    }
    guard index > range.lowerBound, index < range.upperBound,
      let kind = kind(bytes, index..<range.upperBound, hasLightningPrefix: false)
    else { return nil }
    return (range.lowerBound, characterName(bytes, at: range.lowerBound), kind)
  }

  /// How a message names the character that starts at `index`: `a space`, `character "'"`,
  /// `U+20BF`.
  private static func characterName<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, at index: Int
  )
    -> String where Bytes.Index == Int
  {
    var decoder = UTF8()
    var iterator = bytes[index..<min(index + 4, bytes.endIndex)].makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
      // Not UTF-8: the byte itself.
      return ASCII.describe(bytes[index])
    }
    if scalar == " " { return "a space" }
    if scalar == "\"" { return "character '\"'" }
    if (0x21...0x7e).contains(scalar.value) { return "character \"\(scalar)\"" }
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  private static func kind<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ range: Range<Int>, hasLightningPrefix: Bool
  ) -> PaymentString.Kind? where Bytes.Index == Int {
    if range.isEmpty { return nil }
    if !hasLightningPrefix, ASCII.hasPrefix(bytes, range, "bitcoin:") { return .bip321 }
    if lnurlSchemes.contains(where: { ASCII.hasPrefix(bytes, range, $0.scheme) }) { return .lnurl }
    if LNURL.fallbackValue(bytes, range) != nil { return .lnurl }
    if let kind = bolt12Kind(bytes, range) { return kind }
    if ASCII.hasPrefix(bytes, range, "lnurl1") { return .lnurl }
    if ASCII.hasPrefix(bytes, range, "ln") { return .bolt11 }
    if BIP353Name.hasPrefix(bytes, range) { return .bip353Name }
    if SilentPaymentAddress.hasPrefix(bytes, range) { return .silentPaymentAddress }
    if NodeURI.hasNodeIDPrefix(bytes, range) { return .nodeURI }
    if NodeURI.isNodeID(bytes, range) { return .nodeID }
    if bytes[range].contains(UInt8(ascii: "@")) { return .lightningAddress }
    if BitcoinAddress.hasAddressForm(bytes, range) { return .bitcoinAddress }
    return nil
  }

  /// The BOLT #12 kind whose prefix (`lno1`, `lnr1`, `lni1`, either case) starts `range` once
  /// every `+` and white space is skipped, or nil.
  private static func bolt12Kind<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ range: Range<Int>
  ) -> PaymentString.Kind? where Bytes.Index == Int {
    var prefix: UInt32 = 0
    var count = 0
    var index = range.lowerBound
    while count < 4, index < range.upperBound {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "+") || ASCII.isWhitespace(byte) { continue }
      prefix = prefix << 8 | UInt32(ASCII.lowercased(byte))
      count += 1
    }
    guard count == 4 else { return nil }
    return StringForm.Kind.allCases.first { $0.packedPrefix == prefix }?.paymentStringKind
  }
}

extension Recognition {
  /// Reads `bytes` (a whole string) with `read` when its kind is one of `kinds`; `read` gets the
  /// body (indices the byte offsets in `bytes`) and the kind.
  ///
  /// - Throws: the refusal that says what `bytes` is instead of `expected` (a phrase such as
  ///   "an LNURL"), or `read`'s error; either with its positions as character offsets.
  static func read<Value>(
    _ bytes: [UInt8], as kinds: Set<PaymentString.Kind>, _ expected: String,
    _ read: (ArraySlice<UInt8>, PaymentString.Kind) throws(PaymentStringError) -> Value
  ) throws(PaymentStringError) -> Value {
    let recognition = Recognition(bytes)
    guard let kind = recognition.kind, kinds.contains(kind) else {
      throw recognition.refusal(expected: expected).inCharacters(of: bytes)
    }
    do { return try read(bytes[recognition.body], kind) } catch {
      throw error.inCharacters(of: bytes)
    }
  }

  /// The error for a string that is not what a caller expected (`expected`, a phrase such as
  /// "a BOLT #12 offer"; empty when any kind would do): `input.empty`, `input.unrecognized`,
  /// or the `input.*` code of the kind it is.
  func refusal(expected: String) -> PaymentStringError {
    guard let kind else {
      if body.isEmpty, !hasLightningPrefix {
        return PaymentStringError(kind: nil, .inputEmpty, "the input is empty")
      }
      if let strayLead {
        return PaymentStringError(
          kind: nil, .inputUnrecognized,
          "\(strayLead.name) before what looks like "
            + "\(strayLead.kind.phrase); remove it", position: strayLead.position)
      }
      return PaymentStringError(
        kind: nil, .inputUnrecognized,
        "not a payment string this package knows: an invoice, a bitcoin: URI, a BOLT #12 "
          + "string, an LNURL, a Lightning Address, a node URI or an on-chain address",
        position: body.lowerBound)
    }
    return PaymentString.misplaced(kind, expected: expected, position: body.lowerBound)
  }
}

extension Recognition {
  /// The refusal of `bytes` (what this recognition read, its indices the offsets) where a
  /// BOLT #11 invoice was needed: a broken string of another kind gets its own code, as
  /// `PaymentString` gives it, never advice for a string that would not work; a valid one, a
  /// BOLT #12 string (valid or not: judging it is not this path's work) or no payment string
  /// gets ``refusal(expected:)``.
  func invoiceRefusal(_ bytes: ArraySlice<UInt8>, options: DecodeOptions) -> PaymentStringError {
    switch kind {
    case .lnurl?, .lightningAddress?, .nodeURI?, .bitcoinAddress?, .nodeID?,
      .silentPaymentAddress?, .bip353Name?:
      do { _ = try PaymentString.parse(bytes, options: options) } catch { return error }
    default: break
    }
    return refusal(expected: "a BOLT #11 invoice")
  }
}

extension PaymentString {
  /// Recognises `bytes` (the whole string, its indices the offsets) and runs the decoder of
  /// its kind.
  static func parse(_ bytes: ArraySlice<UInt8>, options: DecodeOptions) throws(PaymentStringError)
    -> PaymentString
  {
    let recognition = Recognition(bytes)
    let body = bytes[recognition.body]
    guard let kind = recognition.kind else { throw recognition.refusal(expected: "") }
    do { return try parse(body, as: kind, options: options) } catch {
      throw error.recognised(as: kind)
    }
  }

  private static func parse(
    _ body: ArraySlice<UInt8>, as kind: Kind, options: DecodeOptions
  ) throws(PaymentStringError) -> PaymentString {
    switch kind {
    case .bolt11:
      return .bolt11(try decodeInvoice(body, options: options).get())
    case .bip321:
      return .bip321(try BitcoinURI(parsingUTF8: body, options: options))
    case .bolt12Offer, .bolt12InvoiceRequest, .bolt12Invoice:
      return .bolt12(try Bolt12String(parsingUTF8: body, options: options))
    case .lnurl: return .lnurl(try LNURL(parsingUTF8: body))
    case .lightningAddress: return .lightningAddress(try LightningAddress(parsingUTF8: body))
    case .nodeURI: return .nodeURI(try NodeURI(parsingUTF8: body))
    case .bitcoinAddress: return .bitcoinAddress(try BitcoinAddress(parsingUTF8: body))
    case .nodeID: return .nodeID(try NodeURI.nodeID(parsingUTF8: body))
    case .silentPaymentAddress:
      return .silentPaymentAddress(try SilentPaymentAddress(parsingUTF8: body))
    case .bip353Name: return .bip353Name(try BIP353Name(parsingUTF8: body))
    }
  }
}

/// Decodes the invoice `bytes` (indices the offsets in the whole string), its error's position
/// moved into the whole string.
func decodeInvoice(_ bytes: ArraySlice<UInt8>, options: DecodeOptions) -> Result<
  Invoice, PaymentStringError
> {
  let result = bytes.withUnsafeBufferPointer { buffer in
    Result { () throws(InvoiceError) in try Invoice.decode(bytes: buffer, options: options) }
  }
  return result.mapError { error in
    var moved = error
    moved.position = error.position.map { $0 + bytes.startIndex }
    return PaymentStringError(invoiceError: moved)
  }
}
