import Bech32Codec
import Bolt11
import Chains
import PaymentInput

/// The short, aligned summary `bolt11 decode` prints for people.
///
/// Everything that comes from the invoice passes through `SafeText.escape`, so no control
/// character, escape sequence or bidirectional override reaches the terminal.
enum HumanOutput {
  /// The summary: a headline, then one aligned `label  value` row per fact.
  ///
  /// - Parameters:
  ///   - now: the clock for "expires in" and "expired ... ago", in Unix seconds.
  ///   - color: whether to use ANSI colour (a terminal, without NO_COLOR).
  ///   - uri: the `bitcoin:` URI the invoice came in: its address, amount and warnings follow.
  static func summary(_ invoice: Invoice, uri: BitcoinURI? = nil, now: UInt64, color: Bool)
    -> String
  {
    let style = TerminalStyle(color: color)
    var rows = Rows()
    if let amount = invoice.amount {
      rows.append(("amount", formatAmount(amount)))
    } else {
      rows.append(("amount", "any (not specified)"))
    }
    let network = invoice.currency.knownNetworkName ?? "unknown network"
    rows.append(("network", "\(network) (\(invoice.currency.prefix))"))
    let payeeSource =
      invoice.statedPayee == nil ? "recovered from the signature" : "from n, signature checked"
    rows.append(("payee", "\(invoice.payeeNodeID.description) (\(payeeSource))"))
    switch invoice.description {
    case .text(let text): rows.append(("description", "\"" + SafeText.escape(text) + "\""))
    case .hash(let hash): rows.append(("description hash", hash.description))
    }
    rows.append(("payment hash", invoice.paymentHash.description))
    rows.append(("payment secret", invoice.paymentSecret?.description ?? "none"))
    rows.append(
      (
        "created",
        "\(UnixTime.text(invoice.createdAt)) (\(UnixTime.relativeText(invoice.createdAt, now: now)))"
      ))
    let isExpired = invoice.isExpired(at: now)
    let expiryState =
      isExpired
      ? style.bad("expired \(UnixTime.durationText(now - invoice.expiresAt)) ago")
      : "expires in \(UnixTime.durationText(invoice.expiresAt - now))"
    rows.append(
      (
        "expires",
        "\(UnixTime.text(invoice.expiresAt)) (\(expiryState); expiry \(invoice.expirySeconds) s)"
      ))
    rows.append(("min final cltv", "\(invoice.minFinalCLTVExpiryDelta) blocks"))
    if let metadata = invoice.paymentMetadata { rows.append(("metadata", Hex.encode(metadata))) }
    for bit in invoice.features.setBits {
      let kind = bit % 2 == 0 ? "required" : "optional"
      rows.append(("feature", "\(Features.name(ofBit: bit) ?? "unknown") (bit \(bit), \(kind))"))
    }
    for fallback in invoice.fallbacks {
      rows.append(
        (
          "fallback",
          "\(fallback.address(on: invoice.currency) ?? Hex.encode(fallback.scriptPubKey)) "
            + "(\(fallback.kind.rawValue))"
        ))
    }
    for (index, hint) in invoice.routeHints.enumerated() {
      for (hopIndex, hop) in hint.hops.enumerated() {
        rows.append(
          (
            "route \(index + 1) hop \(hopIndex + 1)",
            "\(hop.nodeID.description) via \(hop.shortChannelID), fee \(hop.feeBaseMsat) msat + "
              + "\(hop.feeProportionalMillionths) ppm, cltv delta \(hop.cltvExpiryDelta)"
          ))
      }
    }
    for field in invoice.extraFields {
      rows.append(("extra field", "\(field.letter): \(field.words.count) characters, not read"))
    }
    for warning in invoice.warnings { rows.append(("warning", style.warn(warning.rawValue))) }
    if let uri { rows += uriRows(uri, style: style) }

    return style.good("valid") + " bolt11 invoice" + (uri == nil ? "" : ", from a bitcoin: URI")
      + "\n" + aligned(rows)
  }

  /// One `  label  value` line per row, the values aligned.
  static func aligned(_ rows: Rows) -> String {
    // Labels are ASCII words of ours: their width is their byte count (no grapheme breaking).
    // Written as bytes, not by appending strings: a one-shot decode prints this once, and the
    // appends cost it more than its whole JSON.
    var width = 0
    for label in rows.labels { width = max(width, label.utf8.count) }
    var output: [UInt8] = []
    output.reserveCapacity(rows.labels.count * (width + 80))
    for (label, value) in zip(rows.labels, rows.values) {
      output.append(0x20)
      output.append(0x20)
      output.append(contentsOf: label.utf8)
      for _ in 0..<(width - label.utf8.count + 2) { output.append(0x20) }
      output.append(contentsOf: value.utf8)
      output.append(0x0A)
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// What a `bitcoin:` URI adds beside its invoice: the on-chain address, its amount, label and
  /// message, and the cross-checks that failed.
  static func uriRows(_ uri: BitcoinURI, style: TerminalStyle) -> Rows {
    var rows = Rows()
    if let address = uri.address {
      rows.append(
        (
          "on-chain",
          "\(SafeText.escape(address.text)) (\(address.type.rawValue), \(address.network))"
        ))
    }
    if let amount = uri.amount { rows.append(("uri amount", formatAmount(amount))) }
    if let label = uri.label { rows.append(("uri label", "\"" + SafeText.escape(label) + "\"")) }
    if let message = uri.message {
      rows.append(("uri message", "\"" + SafeText.escape(message) + "\""))
    }
    for warning in uri.warnings {
      rows.append(
        ("warning", style.warn(warning.code.rawValue) + ": " + SafeText.escape(warning.message)))
    }
    return rows
  }

  /// `250,000 sat (250,000,000 msat)`, or with three decimals of a sat when not whole.
  static func formatAmount(_ amount: Millisatoshis) -> String {
    let msat = amount.rawValue
    var text: [UInt8] = []
    text.reserveCapacity(64)
    appendGrouped(msat / 1000, to: &text)
    if msat % 1000 != 0 {
      let remainder = msat % 1000
      text.append(0x2E)
      text.append(UInt8(truncatingIfNeeded: 0x30 + remainder / 100))
      text.append(UInt8(truncatingIfNeeded: 0x30 + remainder / 10 % 10))
      text.append(UInt8(truncatingIfNeeded: 0x30 + remainder % 10))
    }
    text.append(contentsOf: " sat (".utf8)
    appendGrouped(msat, to: &text)
    text.append(contentsOf: " msat)".utf8)
    return String(decoding: text, as: UTF8.self)
  }

  /// `value` in decimal with a comma between groups of three digits: `1,000,000`.
  static func appendGrouped(_ value: UInt64, to text: inout [UInt8]) {
    var digits: [UInt8] = []
    var rest = value
    repeat {
      digits.append(UInt8(truncatingIfNeeded: 0x30 + rest % 10))
      rest /= 10
    } while rest > 0
    for (index, digit) in digits.reversed().enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(0x2C) }
      text.append(digit)
    }
  }
}

/// Label and value rows for `HumanOutput.aligned`, in order.
///
/// Two arrays of strings rather than an array of pairs: a one-shot decode would otherwise build
/// the pair's type at run time for its one summary.
struct Rows: ExpressibleByArrayLiteral {
  private(set) var labels: [String] = []
  private(set) var values: [String] = []

  init() {}

  init(arrayLiteral rows: (String, String)...) {
    for row in rows { append(row) }
  }

  var count: Int { labels.count }

  mutating func append(_ row: (String, String)) {
    labels.append(row.0)
    values.append(row.1)
  }

  static func += (rows: inout Rows, more: Rows) {
    rows.labels += more.labels
    rows.values += more.values
  }

  static func + (rows: Rows, more: Rows) -> Rows {
    var all = rows
    all += more
    return all
  }

  /// The rows after the first, each label indented by two spaces.
  func indentedAfterFirst() -> Rows {
    var rows = Rows()
    for (label, value) in zip(labels, values).dropFirst() { rows.append(("  " + label, value)) }
    return rows
  }
}
