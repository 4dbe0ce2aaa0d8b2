// Printing any public value of this module writes no control, bidirectional or invisible
// character raw: a text that came from an invoice (or from a caller) is shown through
// `SafeText.escape`, in `description` and `debugDescription` alike.

extension InvoiceDescription: CustomStringConvertible, CustomDebugStringConvertible {
  /// The text, escaped by ``SafeText/escape(_:)``, or the hash in hex.
  public var description: String {
    switch self {
    case .text(let text): SafeText.escape(text)
    case .hash(let hash): hash.description
    }
  }

  /// `text("...")` with the text escaped, or `hash(hex)`.
  public var debugDescription: String {
    switch self {
    case .text(let text): "text(\"\(SafeText.escape(text))\")"
    case .hash(let hash): "hash(\(hash))"
    }
  }
}

extension InvoiceExpectations.Description: CustomStringConvertible, CustomDebugStringConvertible {
  /// The expected text, escaped by ``SafeText/escape(_:)``.
  public var description: String {
    switch self {
    case .text(let text), .directText(let text): SafeText.escape(text)
    }
  }

  /// `text("...")` or `directText("...")`, with the text escaped.
  public var debugDescription: String {
    switch self {
    case .text(let text): "text(\"\(SafeText.escape(text))\")"
    case .directText(let text): "directText(\"\(SafeText.escape(text))\")"
    }
  }
}

extension DecodeOptions: CustomDebugStringConvertible {
  /// The options, with the expected description escaped by ``SafeText/escape(_:)``.
  public var debugDescription: String {
    var parts = ["mode: \(mode.rawValue)"]
    if let network { parts.append("network: \(network.prefix)") }
    if let description { parts.append("description: \"\(SafeText.escape(description))\"") }
    if let now { parts.append("now: \(now)") }
    if checkRouteHintKeys { parts.append("checkRouteHintKeys: true") }
    return "DecodeOptions(\(parts.joined(separator: ", ")))"
  }
}
