import Bech32Codec
import Bolt11

/// An invoice cut into its parts, each with its characters and what they mean, as in the
/// Breakdown sections of BOLT #11.
///
/// The cut is made from the characters alone (no checksum, field or signature check), so that an
/// invalid invoice still shows every part that can be read; whether the invoice is valid is the
/// decoder's answer, which `ExplainCommand` puts beside it. Positions are offsets in the input as
/// the decoder counts them (UTF-8 bytes; the same as characters for any Bech32 string).
struct InvoiceBreakdown {
  /// One run of characters and its meaning.
  struct Part: Equatable {
    /// Where the characters lie in the input.
    var range: Range<Int>
    /// 0 for a part of the invoice, 1 inside a tagged field.
    var depth: Int
    var meaning: String
    /// Lines that explain the value further (route hops, feature names, the signed data).
    var details: [String] = []
  }

  /// A top-level part with the parts inside it (a field's tag, data_length and data).
  struct Group: Equatable {
    var parts: [Part]
    var range: Range<Int> { parts[0].range.lowerBound..<(parts.map(\.range.upperBound).max()!) }
  }

  var input: [UInt8]
  var groups: [Group] = []
  /// The human-readable part's characters.
  private var hrpRange = 0..<0
  /// Where reading stopped because the characters no longer make an invoice, and why.
  var stop: (position: Int, reason: String)?

  /// Characters of the timestamp, signature and checksum.
  static let timestampCount = RawInvoice.timestampWordCount
  static let signatureCount = RawInvoice.signatureWordCount
  static let checksumCount = Bech32.checksumLength

  init(_ text: String) { self.init(bytes: Array(text.utf8)) }

  init(bytes: [UInt8]) {
    input = bytes
    cut()
  }

  /// The characters of `range`, as text that is safe to print.
  func characters(_ range: Range<Int>) -> String {
    SafeText.escape(String(decoding: input[range], as: UTF8.self))
  }

  // MARK: - Cutting

  private mutating func add(_ parts: Part...) { groups.append(Group(parts: parts)) }

  private mutating func cut() {
    var start = 0
    var end = input.count
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0d) }
    while start < end && isSpace(input[start]) { start += 1 }
    while end > start && isSpace(input[end - 1]) { end -= 1 }
    let scheme = Array("lightning:".utf8)
    if end - start > scheme.count
      && (0..<scheme.count).allSatisfy({ input[start + $0] | 0x20 == scheme[$0] })
    {
      add(
        Part(
          range: start..<(start + scheme.count), depth: 0,
          meaning: "URI scheme (not part of the invoice)"))
      start += scheme.count
    }
    guard start < end else {
      stop = (start, "no invoice")
      return
    }
    guard let separator = input[start..<end].lastIndex(of: UInt8(ascii: "1")) else {
      stop = (start, "no \"1\" separating the human-readable part from the data")
      return
    }
    hrpRange = start..<separator
    let currency = cutHumanReadablePart(hrpRange)
    add(Part(range: separator..<(separator + 1), depth: 0, meaning: "Bech32 separator"))
    cutData((separator + 1)..<end, currency: currency)
  }

  /// Cuts `ln`, the currency prefix and the amount; returns the currency when it is known.
  private mutating func cutHumanReadablePart(_ range: Range<Int>) -> Currency? {
    let hrp = input[range].map { $0 >= 0x41 && $0 <= 0x5a ? $0 | 0x20 : $0 }
    guard hrp.count >= 2, hrp[0] == UInt8(ascii: "l"), hrp[1] == UInt8(ascii: "n") else {
      add(
        Part(range: range, depth: 0, meaning: "human-readable part, which must start with \"ln\""))
      return nil
    }
    let amountOffset = hrp[2...].firstIndex(where: { $0 >= 0x30 && $0 <= 0x39 }) ?? hrp.count
    let prefix = String(decoding: hrp[2..<amountOffset], as: UTF8.self)
    let currency = Currency(rawValue: prefix)
    let prefixRange = range.lowerBound..<(range.lowerBound + amountOffset)
    if let currency {
      add(
        Part(
          range: prefixRange, depth: 0,
          meaning: "prefix: Lightning on \(Self.networkTitle(currency))"))
    } else {
      add(
        Part(
          range: prefixRange, depth: 0,
          meaning: "prefix: \"ln\" and an unknown currency \"\(SafeText.escape(prefix))\""))
    }
    if amountOffset < hrp.count {
      let amountRange = (range.lowerBound + amountOffset)..<range.upperBound
      add(
        Part(
          range: amountRange, depth: 0, meaning: Self.describeAmount(Array(hrp[amountOffset...]))))
    }
    return currency
  }

  static func networkTitle(_ currency: Currency) -> String {
    switch currency {
    case .bitcoin: "Bitcoin mainnet (bc)"
    case .testnet: "Bitcoin testnet (tb)"
    case .signet: "Bitcoin signet (tbs)"
    case .regtest: "Bitcoin regtest (bcrt)"
    case .unknown(let prefix): "an unknown currency (\(prefix))"
    }
  }

  /// `amount: 2500 micro-bitcoin (u) = 250,000 sat (250,000,000 msat)`.
  static func describeAmount(_ text: [UInt8]) -> String {
    let last = text[text.count - 1]
    let digits = last >= 0x30 && last <= 0x39 ? text[...] : text.dropLast()
    let digitText = String(decoding: digits, as: UTF8.self)
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return
        "amount: \"\(SafeText.escape(String(decoding: text, as: UTF8.self)))\" is not digits and one multiplier"
    }
    // Millisatoshis per unit (1 BTC is 10^11 msat); pico-bitcoin is a tenth of one.
    let unit: (name: String, msat: UInt64)
    switch last {
    case UInt8(ascii: "m"): unit = ("milli-bitcoin (m)", 100_000_000)
    case UInt8(ascii: "u"): unit = ("micro-bitcoin (u)", 100_000)
    case UInt8(ascii: "n"): unit = ("nano-bitcoin (n)", 100)
    case UInt8(ascii: "p"): unit = ("pico-bitcoin (p)", 0)
    case 0x30...0x39: unit = ("bitcoin", 100_000_000_000)
    default:
      return
        "amount: \(digitText) and an unknown multiplier \"\(SafeText.escape(String(decoding: [last], as: UTF8.self)))\""
    }
    // Counted in millisatoshis, never in tenths of one: 21 million bitcoin is 2.1e18 msat, within
    // 64 bits, but 2.1e19 tenths, beyond them.
    let msat: UInt64?
    if unit.msat == 0 {
      // Pico-bitcoin: the amount without its last digit, which must be 0.
      guard digits.last == UInt8(ascii: "0") else {
        return "amount: \(digitText) \(unit.name), not a whole number of millisatoshis"
      }
      msat = digits.count == 1 ? 0 : UInt64(String(decoding: digits.dropLast(), as: UTF8.self))
    } else {
      msat = UInt64(digitText).flatMap { value in
        let (product, overflow) = value.multipliedReportingOverflow(by: unit.msat)
        return overflow ? nil : product
      }
    }
    guard let msat else {
      return "amount: \(digitText) \(unit.name), beyond 64 bits of millisatoshis"
    }
    return "amount: \(digitText) \(unit.name) = \(HumanOutput.formatAmount(Millisatoshis(msat)))"
  }

  /// Cuts the data part: timestamp, tagged fields, signature, checksum.
  private mutating func cutData(_ range: Range<Int>, currency: Currency?) {
    // Word values by position; 0xff where a character is not in the Bech32 alphabet.
    var words = [UInt8](repeating: 0xff, count: range.count)
    for (offset, byte) in input[range].enumerated() {
      let lower = byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte
      if let value = Bech32.alphabet.firstIndex(of: lower) { words[offset] = UInt8(value) }
    }
    func word(_ position: Int) -> UInt8 { words[position - range.lowerBound] }
    func valid(_ span: Range<Int>) -> Bool { span.allSatisfy { word($0) != 0xff } }
    func values(_ span: Range<Int>) -> [UInt8] { span.map(word) }

    let checksumStart = range.upperBound - Self.checksumCount
    let signatureStart = checksumStart - Self.signatureCount
    let timestampEnd = range.lowerBound + Self.timestampCount
    guard signatureStart >= timestampEnd else {
      stop = (
        range.lowerBound,
        "\(range.count) characters after the separator; a timestamp, signature and checksum need \(Self.timestampCount + Self.signatureCount + Self.checksumCount)"
      )
      return
    }
    if let bad = range.first(where: { word($0) == 0xff }), bad < signatureStart {
      // Parts are cut up to the first character outside the alphabet.
      stop = (
        bad,
        "\(SafeText.escape(String(decoding: [input[bad]], as: UTF8.self))) is not a Bech32 character"
      )
    }
    func readable(_ span: Range<Int>) -> Bool {
      if let stop, span.upperBound > stop.position { return false }
      return valid(span)
    }

    let timestampRange = range.lowerBound..<timestampEnd
    guard readable(timestampRange) else { return }
    let timestamp = values(timestampRange).reduce(UInt64(0)) { $0 << 5 | UInt64($1) }
    add(
      Part(
        range: timestampRange, depth: 0,
        meaning: "timestamp: \(timestamp) = \(UTCTime.format(timestamp))"))

    var index = timestampEnd
    while index < signatureStart {
      guard index + 3 <= signatureStart else {
        add(
          Part(
            range: index..<signatureStart, depth: 0,
            meaning:
              "\(signatureStart - index) character(s) too few for a field's type and data_length"))
        break
      }
      guard readable(index..<(index + 3)) else { return }
      let tag = word(index)
      let high = word(index + 1)
      let low = word(index + 2)
      let length = Int(high) * 32 + Int(low)
      let dataStart = index + 3
      let dataEnd = dataStart + length
      let letter = Character(Unicode.Scalar(Bech32.alphabet[Int(tag)]))
      var parts = [
        Part(
          range: index..<(index + 1), depth: 0, meaning: "field \(letter): \(Self.fieldName(tag))"),
        Part(
          range: (index + 1)..<dataStart, depth: 1,
          meaning: "data_length: \(Self.symbol(high)) = \(high), \(Self.symbol(low)) = \(low); "
            + "\(high) * 32 + \(low) = \(length)"),
      ]
      guard dataEnd <= signatureStart else {
        parts[1].meaning +=
          ", more than the \(signatureStart - dataStart) characters left before the signature"
        groups.append(Group(parts: parts))
        stop = (index, "field \(letter) overruns the signature")
        return
      }
      guard readable(dataStart..<dataEnd) else {
        groups.append(Group(parts: parts))
        return
      }
      parts += Self.describeField(
        tag: tag, words: values(dataStart..<dataEnd), range: dataStart..<dataEnd, currency: currency
      )
      groups.append(Group(parts: parts))
      index = dataEnd
    }
    guard stop == nil else { return }

    let signatureRange = signatureStart..<checksumStart
    guard valid(signatureRange) else {
      stop = (signatureRange.first { word($0) == 0xff }!, "not a Bech32 character")
      return
    }
    let signatureBytes = Bech32.bytesPadded(fromWords: values(signatureRange))
    let signedWords = values(range.lowerBound..<signatureStart)
    // What is signed: the human-readable part (lower-cased), then the data before the signature
    // padded to a byte.
    let preimage =
      input[hrpRange].map { $0 >= 0x41 && $0 <= 0x5a ? $0 | 0x20 : $0 }
      + Bech32.bytesPadded(fromWords: signedWords)
    add(
      Part(
        range: signatureRange, depth: 0, meaning: "signature",
        details: [
          "r ‖ s (64 bytes): \(Hex.encode(signatureBytes[0..<64]))",
          "recovery flag: \(signatureBytes[64])",
          "signed data (prefix + data up to the signature, padded to a byte): \(Hex.encode(preimage))",
          "SHA-256 of the signed data: \(Hex.encode(SHA256.hash(preimage)))",
        ]))
    let checksumRange = checksumStart..<range.upperBound
    guard valid(checksumRange) else {
      stop = (checksumRange.first { word($0) == 0xff }!, "not a Bech32 character")
      return
    }
    add(Part(range: checksumRange, depth: 0, meaning: "Bech32 checksum"))
  }

  /// The Bech32 character of a 5-bit value, quoted.
  static func symbol(_ value: UInt8) -> String {
    "`" + String(decoding: [Bech32.alphabet[Int(value)]], as: UTF8.self) + "`"
  }

  static func fieldName(_ tag: UInt8) -> String {
    switch tag {
    case 1: "payment hash"
    case 16: "payment secret"
    case 13: "description"
    case 23: "description hash"
    case 19: "payee node key"
    case 6: "expiry time"
    case 24: "min_final_cltv_expiry_delta"
    case 5: "features"
    case 9: "fallback on-chain address"
    case 3: "route hint"
    case 27: "payment metadata"
    default: "unknown type (readers skip it)"
    }
  }

  /// The parts inside a field after its data_length: its data and what it says.
  static func describeField(tag: UInt8, words: [UInt8], range: Range<Int>, currency: Currency?)
    -> [Part]
  {
    func data(_ meaning: String, _ details: [String] = []) -> [Part] {
      [Part(range: range, depth: 1, meaning: meaning, details: details)]
    }
    func bytes(_ words: some Collection<UInt8>) -> [UInt8]? { try? Bech32.bytes(fromWords: words) }
    func fixed(_ name: String, _ expected: Int) -> [Part] {
      guard words.count == expected else {
        return data("\(name): \(words.count) characters where \(expected) are required")
      }
      guard let value = bytes(words) else { return data("\(name): padding bits are not zero") }
      return data("\(name) \(Hex.encode(value))")
    }
    func integer(_ unit: String) -> [Part] {
      guard words.count <= 12 else { return data("\(words.count) characters: beyond 64 bits") }
      let value = words.reduce(UInt64(0)) { $0 << 5 | UInt64($1) }
      var meaning = "\(value) \(unit)"
      if words.count == 2 {
        meaning +=
          " (\(symbol(words[0])) = \(words[0]), \(symbol(words[1])) = \(words[1]); "
          + "\(words[0]) * 32 + \(words[1]) = \(value))"
      }
      if words.first == 0 { meaning += ", not minimal (starts with `q`)" }
      return data(meaning)
    }
    switch tag {
    case 1: return fixed("payment hash", 52)
    case 16: return fixed("payment secret", 52)
    case 23: return fixed("SHA-256 of the description:", 52)
    case 19: return fixed("payee node key", 53)
    case 27:
      guard let value = bytes(words) else {
        return data("payment metadata: padding bits are not zero")
      }
      return data("payment metadata \(Hex.encode(value))")
    case 13:
      guard let value = bytes(words) else { return data("description: padding bits are not zero") }
      guard let text = String(validating: value, as: UTF8.self) else {
        return data("description: not valid UTF-8 (\(Hex.encode(value)))")
      }
      return data("'\(SafeText.escape(text))'")
    case 6: return integer("seconds")
    case 24: return integer("blocks")
    case 5:
      var bits: [Int] = []
      for (offset, word) in words.enumerated() {
        for bit in 0..<5 where (word >> UInt8(bit)) & 1 == 1 {
          bits.append((words.count - 1 - offset) * 5 + bit)
        }
      }
      bits.sort()
      let details = bits.map { bit in
        let kind = bit % 2 == 0 ? "required" : "optional"
        return "bit \(bit): \(Features.name(ofBit: bit) ?? "unknown") (\(kind))"
      }
      return data(
        bits.isEmpty
          ? "no feature bits set" : "feature bits \(bits.map(String.init).joined(separator: ", "))",
        details)
    case 9:
      guard let version = words.first else { return data("empty: no version") }
      let kind: String =
        switch version {
        case 17: "P2PKH"
        case 18: "P2SH"
        case 0...16: "witness version \(version)"
        default: "unknown version (readers skip it)"
        }
      var parts = [
        Part(
          range: range.lowerBound..<(range.lowerBound + 1), depth: 1,
          meaning: "version: \(symbol(version)) = \(version), \(kind)")
      ]
      let programRange = (range.lowerBound + 1)..<range.upperBound
      if let program = bytes(words.dropFirst()) {
        var meaning = "\(program.count * 8)-bit program \(Hex.encode(program))"
        if let currency, let fallback = Fallback(version: version, program: program),
          let address = fallback.address(on: currency)
        {
          meaning = "\(fallback.kind.rawValue) \(address) (\(meaning))"
        }
        parts.append(Part(range: programRange, depth: 1, meaning: meaning))
      } else {
        parts.append(
          Part(range: programRange, depth: 1, meaning: "program: padding bits are not zero"))
      }
      return parts
    case 3:
      guard let value = bytes(words) else { return data("route: padding bits are not zero") }
      let hopLength = RouteHop.encodedLength
      guard !value.isEmpty, value.count % hopLength == 0 else {
        return data("route: \(value.count) bytes, not a whole number of \(hopLength)-byte hops")
      }
      var details: [String] = []
      for start in stride(from: 0, to: value.count, by: hopLength) {
        let hop = value[start..<(start + hopLength)]
        func integer(_ from: Int, _ length: Int) -> UInt64 {
          hop[(start + from)..<(start + from + length)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let channel = ShortChannelID(rawValue: integer(33, 8))
        details += [
          "hop \(start / hopLength + 1): pubkey \(Hex.encode(hop.prefix(33)))",
          "  short_channel_id \(channel), fee_base_msat \(integer(41, 4)), "
            + "fee_proportional_millionths \(integer(45, 4)), cltv_expiry_delta \(integer(49, 2))",
        ]
      }
      return data("route of \(value.count / hopLength) hop(s)", details)
    default:
      return data("\(words.count) characters of data")
    }
  }
}
