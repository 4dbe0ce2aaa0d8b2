import Bech32Codec
import Bolt11
import Chains

/// An invoice cut into its parts, each with its characters and what they mean, as in the
/// Breakdown sections of BOLT #11: a view of `InvoiceSyntax`, the decoder's own cut.
///
/// An invalid invoice shows every part up to its first syntax fault; whether the invoice is
/// valid is the decoder's answer, which `ExplainCommand` puts beside it. Positions are offsets in
/// the input as the decoder counts them (UTF-8 bytes; the same as characters for any Bech32
/// string).
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

  let syntax: InvoiceSyntax
  private(set) var groups: [Group] = []

  var input: [UInt8] { syntax.input }

  init(_ syntax: InvoiceSyntax) {
    self.syntax = syntax
    describe()
  }

  /// The characters of `range`, as text that is safe to print.
  func characters(_ range: Range<Int>) -> String {
    SafeText.escape(String(decoding: input[range], as: UTF8.self))
  }

  // MARK: - Describing

  private mutating func add(_ range: Range<Int>?, _ meaning: String, details: [String] = []) {
    guard let range else { return }
    groups.append(Group(parts: [Part(range: range, depth: 0, meaning: meaning, details: details)]))
  }

  private mutating func describe() {
    add(syntax.scheme, "URI scheme (not part of the invoice)")
    add(syntax.prefix ?? syntax.humanReadablePart, describePrefix())
    if let amount = syntax.amount { add(amount.range, describe(amount)) }
    add(syntax.separator.map { $0..<($0 + 1) }, "Bech32 separator")
    if let timestamp = syntax.timestamp {
      add(
        timestamp,
        syntax.timestampValue.map { "timestamp: \($0) = \(UnixTime.text($0))" }
          ?? "timestamp: not all Bech32 characters")
    }
    for field in syntax.fields { groups.append(Group(parts: describe(field))) }
    if let trailing = syntax.trailing {
      add(trailing, "\(trailing.count) character(s) too few for a field's type and data_length")
    }
    if let signature = syntax.signature { add(signature.range, "signature", details: details()) }
    add(syntax.checksum, "Bech32 checksum")
  }

  private func describePrefix() -> String {
    guard let prefix = syntax.prefix else {
      return "human-readable part, which must start with \"ln\""
    }
    switch syntax.currency {
    case .some(.unknown), nil:
      return "prefix: \"ln\" and an unknown currency \"\(characters(prefix).dropFirst(2))\""
    case .some(let currency):
      // `tb` names two chains (testnet3 and testnet4): both are said.
      let chains = Chain.withBOLT11Prefix(currency.prefix).map(\.displayName)
      let network = chains.isEmpty ? currency.networkName : chains.joined(separator: " or ")
      return "prefix: Lightning on \(network) (\(currency.prefix))"
    }
  }

  /// `amount: 2500 micro-bitcoin (u) = 250,000 sat (250,000,000 msat)`.
  private func describe(_ amount: InvoiceSyntax.Amount) -> String {
    let digits = characters(amount.digits)
    guard let name = amount.unitName else {
      return
        "amount: \(digits) and an unknown multiplier \"\(amount.multiplier.map(characters) ?? "")\""
    }
    let unit = amount.multiplier.map { "\(name) (\(characters($0)))" } ?? name
    guard let value = amount.value else { return "amount: \(digits) \(unit), which readers refuse" }
    return "amount: \(digits) \(unit) = \(HumanOutput.formatAmount(value))"
  }

  /// The signature's value and what it signs.
  private func details() -> [String] {
    var details: [String] = []
    if let value = syntax.signature?.value {
      details += [
        "r ‖ s (64 bytes): \(value.compact.description)", "recovery flag: \(value.recoveryID)",
      ]
    }
    if let raw = syntax.raw {
      details += [
        "signed data (prefix + data up to the signature, padded to a byte): "
          + Hex.encode(raw.signingPreimage),
        "SHA-256 of the signed data: \(Hex.encode(raw.signatureHash))",
      ]
    }
    return details
  }

  /// The Bech32 character of a 5-bit value, quoted.
  static func symbol(_ value: UInt8) -> String { "`\(Bech32.character(of: value))`" }

  /// A field's parts: its type, its data_length, and its data with what it says.
  private func describe(_ field: InvoiceSyntax.Field) -> [Part] {
    let type = FieldType(number: field.tag)
    let title =
      type.map { "\($0.name), \($0.length) characters" } ?? "unknown type (readers skip it)"
    var parts = [
      Part(
        range: field.position..<(field.position + 1), depth: 0,
        meaning: "field \(field.letter): \(title)"),
      Part(range: field.lengthRange, depth: 1, meaning: describeLength(field)),
    ]
    guard !field.data.isEmpty else { return parts }
    guard let value = InvoiceSyntax.value(of: field) else {
      let meaning =
        field.isComplete
        ? "data: not all Bech32 characters"
        : "data: \(field.data.count) of the \(field.declaredLength) declared characters, "
          + "before the signature"
      parts.append(Part(range: field.data, depth: 1, meaning: meaning))
      return parts
    }
    parts += describe(value, field: field, type: type)
    return parts
  }

  /// `data_length: `p` = 1, `5` = 20; 1 * 32 + 20 = 52`.
  private func describeLength(_ field: InvoiceSyntax.Field) -> String {
    let high = UInt8(field.declaredLength >> 5)
    let low = UInt8(field.declaredLength & 31)
    var meaning =
      "data_length: \(Self.symbol(high)) = \(high), \(Self.symbol(low)) = \(low); "
      + "\(high) * 32 + \(low) = \(field.declaredLength)"
    if !field.isComplete {
      meaning += ", more than the \(field.data.count) characters left before the signature"
    } else if let length = FieldType(number: field.tag)?.length,
      !(length.minimum...length.maximum).contains(field.declaredLength)
    {
      meaning += ", outside \(field.letter)'s \(length)"
    }
    return meaning
  }

  /// The data parts of a field whose value could be read.
  private func describe(
    _ value: InvoiceSyntax.FieldValue, field: InvoiceSyntax.Field, type: FieldType?
  )
    -> [Part]
  {
    func data(_ meaning: String, _ details: [String] = []) -> [Part] {
      [Part(range: field.data, depth: 1, meaning: meaning, details: details)]
    }
    switch value {
    case .bytes(let bytes):
      return data("\(bytes.count) bytes: \(Hex.encode(bytes))")
    case .text(let text, let isUTF8):
      return data(
        isUTF8 ? "'\(SafeText.escape(text))'" : "not valid UTF-8: '\(SafeText.escape(text))'")
    case .integer(let number):
      guard let number else { return data("\(field.data.count) characters: beyond 64 bits") }
      let unit = type == .expiry ? "seconds" : "blocks"
      var meaning = "\(number) \(unit)"
      if let words = field.words, words.count == 2 {
        meaning +=
          " (\(Self.symbol(words[0])) = \(words[0]), \(Self.symbol(words[1])) = \(words[1]); "
          + "\(words[0]) * 32 + \(words[1]) = \(number))"
      }
      return data(meaning)
    case .features(let features):
      let bits = features.setBits
      let details = bits.map { bit in
        let kind = bit % 2 == 0 ? "required" : "optional"
        return "bit \(bit): \(Features.name(ofBit: bit) ?? "unknown") (\(kind))"
      }
      return data(
        bits.isEmpty
          ? "no feature bits set" : "feature bits \(bits.map(String.init).joined(separator: ", "))",
        details)
    case .fallback(let version, let program, let fallback):
      let versionRange = field.data.lowerBound..<(field.data.lowerBound + 1)
      var meaning = "\(program.count * 8)-bit program \(Hex.encode(program))"
      if let fallback {
        if let currency = syntax.currency, let address = fallback.address(on: currency) {
          meaning = "\(address) (\(meaning))"
        }
        meaning = "\(fallback.kind.rawValue) \(meaning)"
      }
      return [
        Part(
          range: versionRange, depth: 1,
          meaning: "version: \(Self.symbol(version)) = \(version)"),
        Part(range: versionRange.upperBound..<field.data.upperBound, depth: 1, meaning: meaning),
      ]
    case .route(let hops):
      var details: [String] = []
      for (index, written) in hops.enumerated() {
        let hop = written.channel
        details += [
          "hop \(index + 1): pubkey \(Hex.encode(written.nodeID))",
          "  short_channel_id \(hop.shortChannelID), fee_base_msat \(hop.feeBaseMsat), "
            + "fee_proportional_millionths \(hop.feeProportionalMillionths), "
            + "cltv_expiry_delta \(hop.cltvExpiryDelta)",
        ]
      }
      return data("route of \(hops.count) hop(s)", details)
    case .wrongLength(let expected):
      return data("\(field.data.count) characters where \(expected) are required")
    case .badPadding(.nonZeroPadding):
      return data("padding bits are not zero")
    case .badPadding(.excessPadding):
      return data("a whole character of padding")
    case .partialHops(let byteCount):
      return data(
        "\(byteCount) bytes, not a whole number of \(RouteHop.encodedLength)-byte hops")
    case .empty:
      return data("empty: no version")
    case .unknown:
      return data("\(field.data.count) characters of data")
    }
  }
}
