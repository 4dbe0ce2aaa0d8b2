extension Invoice: Codable {
  /// Reads an invoice from one JSON string (any `Decoder`'s single value), checked as
  /// `Invoice.decode` checks it in strict mode: every reader rule, the signature and the payee.
  ///
  /// No clock is read and no network is expected: an expired invoice decodes (ask
  /// ``isExpired(at:)``), and so does an invoice for any of the four Bitcoin chains. White space
  /// and a `lightning:` prefix around the string are accepted, as `decode` accepts them.
  ///
  /// - Throws: `DecodingError.typeMismatch` when the value is not a string;
  ///   `DecodingError.dataCorrupted` when the decoder refuses it, its `underlyingError` the
  ///   `InvoiceError` (with its stable `code`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try Invoice.decode(text)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: error.description,
          underlyingError: error))
    }
  }

  /// Writes the invoice as one JSON string: ``string``, exactly as it was received (its case
  /// kept), as rust-lightning serialises an invoice.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(string)
  }
}

extension Millisatoshis: Codable {
  /// Reads an amount from a whole number of millisatoshis (a JSON integer, `250000000`).
  ///
  /// - Throws: `DecodingError` for anything but a whole number from 0 to 2^64 - 1.
  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(UInt64.self))
  }

  /// Writes the amount as a whole number of millisatoshis (a JSON integer, `250000000`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension Currency: Codable {
  /// Reads a currency from its BOLT #11 prefix (`"bc"`, `"tb"`, `"tbs"`, `"bcrt"`), the
  /// contract JSON's `currency`. Any other prefix of lower-case ASCII letters is
  /// ``unknown(prefix:)``, as compat-mode decoding reads it.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for an empty string or one with anything but
  ///   lower-case ASCII letters.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let prefix = try container.decode(String.self)
    if let known = Currency(rawValue: prefix) {
      self = known
    } else if !prefix.isEmpty,
      prefix.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) })
    {
      self = .unknown(prefix: prefix)
    } else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "not a currency prefix: \(SafeText.escape(prefix))")
    }
  }

  /// Writes the currency as its BOLT #11 prefix (`"bc"`, `"tb"`, `"tbs"`, `"bcrt"`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(prefix)
  }
}
