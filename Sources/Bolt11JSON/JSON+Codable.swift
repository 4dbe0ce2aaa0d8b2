public import Bolt11
public import PaymentInput

// What an app serves goes through `Codable` in the contract's shapes: a `JSON` value is any JSON
// value for any encoder, and a recognised payment string, a failure and a payer's verdict encode
// as the objects `bolt11 inspect --json` and `bolt11 check --json` print. They are written by the
// one JSON writer of this module and handed to the encoder as a `JSON` value, so the two forms
// cannot drift apart.

/// A key of a JSON object, any string.
struct JSONKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension JSON: Codable {
  /// Writes the value through any encoder: an object's members in their order (the encoder may
  /// reorder them), numbers as their exact type.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .object(let members):
      var container = encoder.container(keyedBy: JSONKey.self)
      for (key, value) in members { try container.encode(value, forKey: JSONKey(key)) }
    case .array(let values):
      var container = encoder.unkeyedContainer()
      for value in values { try container.encode(value) }
    default:
      var container = encoder.singleValueContainer()
      switch self {
      case .null: try container.encodeNil()
      case .bool(let value): try container.encode(value)
      case .integer(let value): try container.encode(value)
      case .unsigned(let value): try container.encode(value)
      case .double(let value): try container.encode(value)
      case .string(let value): try container.encode(value)
      case .array, .object: preconditionFailure("handled above")
      }
    }
  }

  /// Reads any JSON value a decoder holds. Whole numbers stay exact: a negative one is an
  /// `integer`, any other up to 2^64 - 1 `unsigned`; other numbers are `double`. An object's
  /// members come in the order the decoder lists its keys.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the value is none of these.
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: JSONKey.self) {
      var members: [(String, JSON)] = []
      for key in container.allKeys {
        members.append((key.stringValue, try container.decode(JSON.self, forKey: key)))
      }
      self = .object(members)
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var values: [JSON] = []
      while !container.isAtEnd { values.append(try container.decode(JSON.self)) }
      self = .array(values)
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(UInt64.self) {
      self = .unsigned(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "not a JSON value")
    }
  }
}

extension JSON {
  /// The value of JSON text this module wrote itself.
  static func written(_ text: String) -> JSON {
    do {
      return try JSON.parse(text)
    } catch {
      preconditionFailure("the JSON writer wrote text that does not parse: \(error)")
    }
  }
}

extension PaymentString: Encodable {
  /// Encodes the contract's object of this string, as `bolt11 inspect --json` prints it
  /// (``PaymentString/json``): `kind`, `valid`, the kind's fields, `warnings`.
  ///
  /// A recognised string is not decoded back from this object (it holds what was read, not the
  /// string): to store one and read it again, keep the string the user gave and recognise it
  /// again with ``PaymentString/init(parsing:options:)``.
  public func encode(to encoder: any Encoder) throws {
    try JSON.written(json).encode(to: encoder)
  }
}

extension PaymentStringError: Encodable {
  /// Encodes the contract's object of this failure (``PaymentStringError/json``):
  /// `{"kind", "valid": false, "error": {"code", "message", "position"}, "warnings"}`.
  public func encode(to encoder: any Encoder) throws {
    try JSON.written(json).encode(to: encoder)
  }
}

extension InvoiceError: Encodable {
  /// Encodes the contract's object of this failure (``InvoiceError/json``):
  /// `{"valid": false, "error": {"code", "message", "position", "field"}}`.
  public func encode(to encoder: any Encoder) throws {
    try JSON.written(json).encode(to: encoder)
  }
}

extension InvoiceViolation: Encodable {
  /// Encodes one violation of a payer's check as `bolt11 check --json` lists it:
  /// `{"code", "message", "expected", "found"}`.
  public func encode(to encoder: any Encoder) throws {
    try JSON(self).encode(to: encoder)
  }
}

extension InvoiceViolation.Value: Encodable {
  /// Encodes an expected or found value: `null`, a number, a string or an array of strings.
  public func encode(to encoder: any Encoder) throws {
    try JSON(self).encode(to: encoder)
  }
}
