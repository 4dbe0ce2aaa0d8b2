import Bolt11

// Printing any public value of this module (`print(summary)`, `"\(uri)"`, a log line) writes no
// control, bidirectional or invisible character raw: every text a value holds came from a pasted
// string, so it is shown through `SafeText.escape`, in the same shape Swift's default printing
// gives (`PaymentSummary(kind: ..., description: "...")`).

/// The printed form of a value of this module: its stored parts as Swift shows them, every
/// string escaped.
enum SafeDump {
  static func text(of value: Any) -> String { text(of: value, top: true) }

  private static func text(of value: Any, top: Bool) -> String {
    if let string = value as? String { return "\"\(SafeText.escape(string))\"" }
    if let character = value as? Character { return "\"\(SafeText.escape(String(character)))\"" }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      return mirror.children.first.map { text(of: $0.value, top: false) } ?? "nil"
    }
    // A value below the top that prints itself: the types of these modules print safely.
    if !top, let printable = value as? any CustomDebugStringConvertible {
      return escapedIfUnsafe(printable.debugDescription)
    }
    if !top, let printable = value as? any CustomStringConvertible {
      return escapedIfUnsafe(printable.description)
    }
    let children = mirror.children.map { child in
      (label: child.label, text: text(of: child.value, top: false))
    }
    switch mirror.displayStyle {
    case .collection, .set:
      return "[" + children.map(\.text).joined(separator: ", ") + "]"
    case .dictionary:
      return "[" + children.map(\.text).joined(separator: ", ") + "]"
    case .tuple:
      return "(" + labelled(children).joined(separator: ", ") + ")"
    case .enum:
      let type = "\(mirror.subjectType)"
      guard let payload = children.first else { return "\(type).\(SafeText.escape("\(value)"))" }
      return "\(type).\(payload.label ?? "")(\(payload.text))"
    default:
      guard !children.isEmpty else { return SafeText.escape("\(value)") }
      return "\(mirror.subjectType)(" + labelled(children).joined(separator: ", ") + ")"
    }
  }

  /// A text another type printed: kept when it is safe already (so an escape is not escaped
  /// twice), else escaped.
  private static func escapedIfUnsafe(_ text: String) -> String {
    text.unicodeScalars.contains(where: SafeText.isUnsafe) ? SafeText.escape(text) : text
  }

  private static func labelled(_ children: [(label: String?, text: String)]) -> [String] {
    children.map { child in child.label.map { "\($0): \(child.text)" } ?? child.text }
  }
}

extension PaymentString: CustomDebugStringConvertible {
  /// The kind and what was read, every text escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension PaymentSummary: CustomDebugStringConvertible {
  /// The summary's parts, every text escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension PaymentSummary.Amount: CustomDebugStringConvertible {
  /// `millisatoshis(...)` or `currency(...)`, the currency's text escaped.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension BitcoinURI: CustomDebugStringConvertible {
  /// The URI's parts, every text (label, message, other keys) escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension BitcoinURI.Entry: CustomDebugStringConvertible {
  /// The entry's text, position and result, every text escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension BitcoinURI.Parameter: CustomDebugStringConvertible {
  /// `Parameter(key: "...", value: "...")`, escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension BitcoinURI.Warning: CustomDebugStringConvertible {
  /// The warning's code and message, escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension LNURL: CustomDebugStringConvertible {
  /// The URL and tag, escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension LightningAddress: CustomDebugStringConvertible {
  /// `LightningAddress(user: "...", domain: "...")`, escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension BIP353Name: CustomDebugStringConvertible {
  /// `BIP353Name(user: "...", domain: "...")`, escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension NodeURI: CustomDebugStringConvertible {
  /// The node id, host and port, the host escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension BitcoinAddress: CustomDebugStringConvertible {
  /// The address's parts, escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension SilentPaymentAddress: CustomDebugStringConvertible {
  /// The address's parts, escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}

extension Bolt12String: CustomDebugStringConvertible {
  /// The kind and what was read, every text escaped by `SafeText.escape`.
  public var debugDescription: String { SafeDump.text(of: self) }
}
