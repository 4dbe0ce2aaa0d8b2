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

extension InvoiceFields: CustomDebugStringConvertible {
  /// The fields a reader sees, by their public names, the description escaped by
  /// ``SafeText/escape(_:)``; the rest of the invoice (fallbacks, route hints, extra fields) is
  /// counted, not written out.
  public var debugDescription: String {
    var parts = [
      "currency: \(currency.prefix)", "amount: \(amount.map { "\($0)" } ?? "nil")",
      "createdAt: \(createdAt)", "paymentHash: \(paymentHash)",
      "description: \(description.debugDescription)",
      "expirySeconds: \(expirySeconds)",
      "minFinalCLTVExpiryDelta: \(minFinalCLTVExpiryDelta)", "features: \(features)",
    ]
    if let statedPayee { parts.append("statedPayee: \(statedPayee)") }
    if !fallbacks.isEmpty { parts.append("fallbacks: \(fallbacks.count)") }
    if !routeHints.isEmpty { parts.append("routeHints: \(routeHints.count)") }
    if !extraFields.isEmpty { parts.append("extraFields: \(extraFields.count)") }
    if !warnings.isEmpty { parts.append("warnings: \(warnings.map(\.rawValue))") }
    return "InvoiceFields(\(parts.joined(separator: ", ")))"
  }
}

extension InvoiceExpectations: CustomDebugStringConvertible {
  /// The expectations that are set, every text escaped by ``SafeText/escape(_:)``.
  public var debugDescription: String {
    var parts: [String] = []
    if let amount { parts.append("amount: \(amount)") }
    if allowsAmountless { parts.append("allowsAmountless: true") }
    if let maxAmount { parts.append("maxAmount: \(maxAmount)") }
    if !payees.isEmpty { parts.append("payees: \(payees.map(\.description))") }
    if !ownNodeIDs.isEmpty { parts.append("ownNodeIDs: \(ownNodeIDs.map(\.description))") }
    if let network { parts.append("network: \(network.prefix)") }
    if let description { parts.append("description: \(description.debugDescription)") }
    if let descriptionHash { parts.append("descriptionHash: \(descriptionHash)") }
    if let paymentHash { parts.append("paymentHash: \(paymentHash)") }
    parts.append("maxFutureSeconds: \(maxFutureSeconds)")
    parts.append("minRemainingSeconds: \(minRemainingSeconds)")
    if expiryMarginSeconds > 0 { parts.append("expiryMarginSeconds: \(expiryMarginSeconds)") }
    if let maxAgeSeconds { parts.append("maxAgeSeconds: \(maxAgeSeconds)") }
    if let maxFinalCLTVExpiryDelta {
      parts.append("maxFinalCLTVExpiryDelta: \(maxFinalCLTVExpiryDelta)")
    }
    return "InvoiceExpectations(\(parts.joined(separator: ", ")))"
  }
}
