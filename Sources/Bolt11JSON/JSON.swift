import Bolt11

/// A JSON value that keeps object keys in order and integers exact (64-bit, signed or not).
public enum JSON: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number, read exactly; a negative one, or one written so.
  case integer(Int64)
  /// A whole number from 2^63 up to 2^64 - 1 (and any non-negative one made as such).
  case unsigned(UInt64)
  /// A number with a fraction or an exponent, or beyond 64 bits.
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSON])
  /// An object, its members in their order (a key at most once when parsed).
  case object([(String, JSON)])

  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      return a.allSatisfy { key, value in b.first(where: { $0.0 == key })?.1 == value }
    default:
      // Numbers compare by value whatever their representation.
      switch (lhs.numericValue, rhs.numericValue) {
      case (.some(let a), .some(let b)): return a == b
      default: return false
      }
    }
  }

  private enum Number: Equatable {
    case exact(negative: Bool, magnitude: UInt64)
    case inexact(Double)
  }

  private var numericValue: Number? {
    switch self {
    case .integer(let value): .exact(negative: value < 0, magnitude: value.magnitude)
    case .unsigned(let value): .exact(negative: false, magnitude: value)
    case .double(let value):
      if value.isWhole, abs(value) < 9.0e18 {
        .exact(negative: value < 0, magnitude: UInt64(abs(value)))
      } else {
        .inexact(value)
      }
    default: nil
    }
  }

  /// The value of `key` in an object.
  public subscript(key: String) -> JSON? {
    if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
    return nil
  }

  /// The string, when the value is one.
  public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
  /// The elements, when the value is an array.
  public var arrayValue: [JSON]? { if case .array(let a) = self { a } else { nil } }
  /// The flag, when the value is `true` or `false`.
  public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
  /// The members in their order, when the value is an object.
  public var objectValue: [(String, JSON)]? { if case .object(let o) = self { o } else { nil } }

  /// The value as an unsigned integer, when it is one.
  public var unsignedValue: UInt64? {
    switch self {
    case .unsigned(let value): value
    case .integer(let value) where value >= 0: UInt64(value)
    case .double(let value) where value >= 0 && value.isWhole && value < 1.8e19:
      UInt64(value)
    default: nil
    }
  }

  /// Compact JSON text: no white space, keys in their order, `/` not escaped.
  public var serialized: String {
    var output: [UInt8] = []
    output.reserveCapacity(1024)
    write(to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends the compact JSON text as UTF-8.
  public func write(to output: inout [UInt8]) {
    ByteWriter.collect(into: &output) { write(to: &$0) }
  }

  /// Appends the compact JSON text, strings escaped as the invoice writer escapes them (one
  /// escaper: what JSON requires, and everything `SafeText` finds unsafe as `\uXXXX`).
  func write(to output: inout ByteWriter) {
    switch self {
    case .null: output.append("null")
    case .bool(let value): output.append(value ? "true" : "false")
    case .integer(let value):
      if value < 0 { output.append(UInt8(ascii: "-")) }
      output.appendDecimal(value.magnitude)
    case .unsigned(let value): output.appendDecimal(value)
    case .double(let value):
      var text = value.isFinite ? "\(value)" : "null"
      text.withUTF8 { output.append(contentsOf: $0) }
    case .string(let value): InvoiceJSON.writeString(value, to: &output)
    case .array(let values):
      output.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        value.write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        InvoiceJSON.writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        value.write(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }
}

extension JSON {
  /// Why a text is not JSON.
  public struct ParseError: Error, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The byte offset in the text where it was found.
    public var offset: Int
    public var description: String { "\(message) at byte \(offset)" }
  }

  /// Parses JSON text (RFC 8259). Integers stay exact; a number with a fraction or exponent is a
  /// `double`. Nesting is limited to 512 levels. An object that repeats a key is refused: readers
  /// disagree on which value such an object means (first or last).
  public static func parse(_ text: String) throws(ParseError) -> JSON {
    try parse(text, keepingNumberTexts: false).value
  }

  /// `parse(_:)`, and with `keepingNumberTexts` the text of every number by its path, as the
  /// document writes it: so that an error names a number beyond 64 bits as given (`JSON` holds
  /// one as a `Double`, whose reprint is another number). One walk of the grammar for both.
  static func parse(_ text: String, keepingNumberTexts: Bool) throws(ParseError)
    -> (value: JSON, numberTexts: [JSONPath: String])
  {
    var parser = Parser(bytes: Array(text.utf8), keepsNumberTexts: keepingNumberTexts)
    parser.skipSpace()
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.index == parser.bytes.count else { throw parser.fail("trailing characters") }
    return (value, parser.numberTexts)
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0
    /// Whether to keep each number's text, by `path`.
    let keepsNumberTexts: Bool
    /// Where the value being read is, while `keepsNumberTexts`.
    var path: JSONPath = []
    var numberTexts: [JSONPath: String] = [:]

    init(bytes: [UInt8], keepsNumberTexts: Bool) {
      self.bytes = bytes
      self.keepsNumberTexts = keepsNumberTexts
    }

    /// `value(depth:)` of the member or element at `step`, the path kept when it is needed.
    mutating func value(at step: JSONPathComponent, depth: Int) throws(ParseError) -> JSON {
      guard keepsNumberTexts else { return try value(depth: depth) }
      path.append(step)
      defer { path.removeLast() }
      return try value(depth: depth)
    }

    func fail(_ message: String) -> ParseError { ParseError(message: message, offset: index) }

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0a, 0x0d].contains(bytes[index]) { index += 1 }
    }

    mutating func expect(_ literal: String) throws(ParseError) {
      for byte in literal.utf8 {
        guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(literal)") }
        index += 1
      }
    }

    mutating func value(depth: Int) throws(ParseError) -> JSON {
      guard depth < 512 else { throw fail("nested too deeply") }
      guard index < bytes.count else { throw fail("unexpected end") }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var members: [(String, JSON)] = []
        var keys: Set<String> = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        }
        while true {
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw fail("expected a key")
          }
          let keyOffset = index
          let key = try string()
          guard keys.insert(key).inserted else {
            throw ParseError(message: "key \"\(key)\" is repeated", offset: keyOffset)
          }
          skipSpace()
          try expect(":")
          skipSpace()
          members.append((key, try value(at: .key(key), depth: depth + 1)))
          skipSpace()
          guard index < bytes.count else { throw fail("unexpected end") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
          } else {
            throw fail("expected , or }")
          }
        }
      case UInt8(ascii: "["):
        index += 1
        var values: [JSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(values)
        }
        while true {
          skipSpace()
          values.append(try value(at: .index(values.count), depth: depth + 1))
          skipSpace()
          guard index < bytes.count else { throw fail("unexpected end") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
          } else if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(values)
          } else {
            throw fail("expected , or ]")
          }
        }
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"):
        try expect("true")
        return .bool(true)
      case UInt8(ascii: "f"):
        try expect("false")
        return .bool(false)
      case UInt8(ascii: "n"):
        try expect("null")
        return .null
      default: return try number()
      }
    }

    mutating func number() throws(ParseError) -> JSON {
      let start = index
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      var isInteger = true
      while index < bytes.count {
        let byte = bytes[index]
        if byte >= 0x30 && byte <= 0x39 {
          index += 1
        } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
          || byte == UInt8(ascii: "E")
          || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
        {
          isInteger = false
          index += 1
        } else {
          break
        }
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      guard !text.isEmpty, text != "-" else { throw fail("expected a value") }
      if keepsNumberTexts { numberTexts[path] = text }
      if isInteger {
        if let value = UInt64(text) { return .unsigned(value) }
        if let value = Int64(text) { return .integer(value) }
      }
      guard let value = Double(text) else { throw fail("bad number \(text)") }
      return .double(value)
    }

    mutating func string() throws(ParseError) -> String {
      index += 1  // the opening quote
      var scalars = String.UnicodeScalarView()
      var run = index
      func flush(_ parser: Parser, _ scalars: inout String.UnicodeScalarView, _ from: Int) {
        scalars.append(
          contentsOf: String(decoding: parser.bytes[from..<parser.index], as: UTF8.self)
            .unicodeScalars)
      }
      while true {
        guard index < bytes.count else { throw fail("unterminated string") }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          flush(self, &scalars, run)
          index += 1
          return String(scalars)
        }
        guard byte >= 0x20 else { throw fail("control character in string") }
        if byte != UInt8(ascii: "\\") {
          index += 1
          continue
        }
        flush(self, &scalars, run)
        index += 1
        guard index < bytes.count else { throw fail("unterminated escape") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
            bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          {
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("bad surrogate pair") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw fail("bad \\u escape") }
          scalars.append(scalar)
        default: throw fail("bad escape")
        }
        run = index
      }
    }

    mutating func hex4() throws(ParseError) -> UInt32 {
      guard index + 4 <= bytes.count,
        let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
      else { throw fail("bad \\u escape") }
      index += 4
      return value
    }
  }
}
