import Bolt11

extension BitcoinURI {
  /// The query of a URI as it is read, one parameter at a time.
  struct Query {
    var amount: Millisatoshis?
    var label: String?
    var message: String?
    var seenPop = false
    var lightning: [Entry<Invoice>] = []
    var offers: [Entry<Bolt12String>] = []
    var other: [Parameter] = []
    var hasInstruction = false

    /// Reads one `key[=value]` (indices the offsets in the whole string).
    mutating func read(_ parameter: ArraySlice<UInt8>, options: DecodeOptions)
      throws(PaymentStringError)
    {
      let equals = parameter.firstIndex(of: UInt8(ascii: "="))
      let rawKey = parameter[..<(equals ?? parameter.endIndex)]
      let rawValue = equals.map { parameter[($0 + 1)...] } ?? parameter[parameter.endIndex...]
      guard !rawKey.isEmpty else {
        throw BitcoinURI.error(.bip321Malformed, "a parameter without a key", at: rawKey.startIndex)
      }
      let keyText = try PercentDecoded(rawKey).string()
      // BIP-321: "The query parameter keys are also case-insensitive."
      let key = ASCII.string(keyText.utf8.map(ASCII.lowercased))
      let isRequired = key.hasPrefix("req-")
      let base = isRequired ? String(key.dropFirst(4)) : key
      // BIP-321: "If a client does not implement handling a query parameter which has a key
      // prefixed with req-, it MUST consider the entire URI invalid."
      if isRequired, !BitcoinURI.understoodKeys.contains(base) {
        throw BitcoinURI.error(
          .bip321UnknownRequired, "\(keyText) is required and not understood",
          at: rawKey.startIndex)
      }
      if BitcoinURI.instructionKeys.contains(base) { hasInstruction = true }
      let value = try PercentDecoded(rawValue)
      func once(_ seen: Bool) throws(PaymentStringError) {
        // BIP-321: "Multiple query parameters with the same key MUST NOT be included for keys
        // "label", "message", or "pop"."
        if seen {
          throw BitcoinURI.error(
            .bip321Duplicate, "a second \(base) parameter", at: rawKey.startIndex)
        }
      }
      switch base {
      case "amount":
        try once(amount != nil)
        amount = try BitcoinURI.amount(value.bytes, at: rawValue.startIndex)
      case "label":
        try once(label != nil)
        label = try value.string()
      case "message":
        try once(message != nil)
        message = try value.string()
      case "lightning":
        guard !rawValue.isEmpty else {
          throw BitcoinURI.error(
            .bip321Malformed, "an empty \(keyText)= value: there is no invoice to pay",
            at: rawValue.startIndex)
        }
        lightning.append(
          Entry(
            text: ASCII.string(rawValue), position: rawValue.startIndex,
            result: value.invoice(options: options)))
      case "lno":
        offers.append(
          Entry(
            text: ASCII.string(rawValue), position: rawValue.startIndex,
            result: value.offer(options: options)))
      default:
        if base == "pop" {
          try once(seenPop)
          seenPop = true
        }
        other.append(Parameter(key: keyText, value: try value.string()))
      }
    }
  }

  /// The number of decimals of a bitcoin amount that millisatoshis can hold: 10^11 msat per
  /// bitcoin.
  static let amountDecimals = 11

  /// An amount in decimal bitcoin, as millisatoshis, exactly.
  ///
  /// BIP-321: "If an amount is provided, it MUST be specified in decimal BTC. All amounts MUST
  /// contain no commas and use a period (.) as the separating character to separate whole numbers
  /// and decimal fractions." Digits with at most one `.`, at least one digit, at most 11
  /// decimals, at most 21 million bitcoin.
  static func amount(_ value: [UInt8], at position: Int) throws(PaymentStringError)
    -> Millisatoshis
  {
    func invalid(_ message: String) -> PaymentStringError {
      error(.bip321InvalidAmount, message, at: position)
    }
    var whole: UInt64 = 0
    var fraction: UInt64 = 0
    var decimals = 0
    var digits = 0
    var sawPoint = false
    let maximumBitcoin = Millisatoshis.maximum.rawValue / Millisatoshis.perBitcoin
    for byte in value {
      if byte == UInt8(ascii: ".") {
        guard !sawPoint else { throw invalid("more than one \".\" in the amount") }
        sawPoint = true
        continue
      }
      guard ASCII.isDigit(byte) else {
        throw invalid(
          "\(ASCII.describe(byte)) in the amount; it is decimal bitcoin, such as 0.001")
      }
      digits += 1
      let digit = UInt64(byte - UInt8(ascii: "0"))
      if sawPoint {
        decimals += 1
        guard decimals <= amountDecimals else {
          throw invalid("more than \(amountDecimals) decimals (below a millisatoshi)")
        }
        fraction = fraction * 10 + digit  // below 10^11: no overflow
      } else {
        // Checked here so that it never overflows: above 21 million it is refused anyway.
        whole = whole * 10 + digit
        guard whole <= maximumBitcoin else {
          throw invalid("more than 21 million bitcoin")
        }
      }
    }
    guard digits > 0 else { throw invalid("no digits in the amount") }
    var scale: UInt64 = 1
    for _ in decimals..<amountDecimals { scale *= 10 }
    // whole <= 21e6 and fraction * scale < 1e11: the sum stays far below 2^64.
    let total = whole * Millisatoshis.perBitcoin + fraction * scale
    guard total <= Millisatoshis.maximum.rawValue else {
      throw invalid("more than 21 million bitcoin")
    }
    return Millisatoshis(total)
  }
}

/// A value of a URI, percent-decoded, with the way back from its bytes to the offsets of the
/// whole string.
struct PercentDecoded {
  /// The decoded bytes.
  var bytes: [UInt8]
  /// The value as written.
  var raw: ArraySlice<UInt8>
  /// For each decoded byte, its offset in the whole string; nil when nothing was escaped.
  var offsets: [Int]?

  /// Decodes `%` and two hexadecimal digits into a byte; everything else, `+` included, stays
  /// as it is.
  ///
  /// - Throws: `bip321.malformed` at a `%` not followed by two hexadecimal digits.
  init(_ raw: ArraySlice<UInt8>) throws(PaymentStringError) {
    self.raw = raw
    guard raw.contains(UInt8(ascii: "%")) else {
      bytes = Array(raw)
      offsets = nil
      return
    }
    var bytes: [UInt8] = []
    var offsets: [Int] = []
    bytes.reserveCapacity(raw.count)
    offsets.reserveCapacity(raw.count)
    var index = raw.startIndex
    while index < raw.endIndex {
      if raw[index] == UInt8(ascii: "%") {
        guard index + 2 < raw.endIndex, let high = ASCII.hexValue(raw[index + 1]),
          let low = ASCII.hexValue(raw[index + 2])
        else {
          throw BitcoinURI.error(
            .bip321Malformed, "a \"%\" not followed by two hexadecimal digits", at: index)
        }
        bytes.append(high << 4 | low)
        offsets.append(index)
        index += 3
      } else {
        bytes.append(raw[index])
        offsets.append(index)
        index += 1
      }
    }
    self.bytes = bytes
    self.offsets = offsets
  }

  /// The offset in the whole string of decoded byte `index` (or of the value's end).
  func offset(_ index: Int) -> Int {
    guard let offsets else { return raw.startIndex + index }
    return index < offsets.count ? offsets[index] : raw.endIndex
  }

  /// The value as text.
  ///
  /// - Throws: `bip321.malformed` when the decoded bytes are not UTF-8.
  func string() throws(PaymentStringError) -> String {
    guard ASCII.isUTF8(bytes) else {
      throw BitcoinURI.error(
        .bip321Malformed, "a value that is not UTF-8 once percent-decoded", at: raw.startIndex)
    }
    return ASCII.string(bytes)
  }

  /// The value as a BOLT #11 invoice, decoded with `options` but without the clock, or the
  /// error that says what else it is.
  func invoice(options: DecodeOptions) -> Result<Invoice, PaymentStringError> {
    var options = options
    options.now = nil
    let recognition = Recognition(bytes)
    guard recognition.kind == .bolt11 else {
      return .failure(recognition.invoiceRefusal(bytes[...], options: options).moved(offset))
    }
    return decodeInvoice(bytes[recognition.body], options: options).mapError { $0.moved(offset) }
  }

  /// The value as a BOLT #12 offer read with the caller's clock and network, or the error that
  /// says what else it is.
  func offer(options: DecodeOptions) -> Result<Bolt12String, PaymentStringError> {
    let recognition = Recognition(bytes)
    guard recognition.kind == .bolt12Offer else {
      return .failure(recognition.refusal(expected: "a BOLT #12 offer").moved(offset))
    }
    return Result { () throws(PaymentStringError) in
      try Bolt12String(parsingUTF8: bytes[recognition.body], options: options)
    }.mapError { $0.recognised(as: .bolt12Offer).moved(offset) }
  }
}
