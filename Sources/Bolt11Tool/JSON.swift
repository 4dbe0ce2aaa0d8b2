import Bolt11

/// A JSON value that keeps object keys in order and integers exact (64-bit, signed or not).
public enum JSON: Sendable, Equatable {
  case null
  case bool(Bool)
  case integer(Int64)
  case unsigned(UInt64)
  case double(Double)
  case string(String)
  case array([JSON])
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
      if value.rounded() == value, abs(value) < 9.0e18 {
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

  public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
  public var arrayValue: [JSON]? { if case .array(let a) = self { a } else { nil } }
  public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
  public var objectValue: [(String, JSON)]? { if case .object(let o) = self { o } else { nil } }

  /// The value as an unsigned integer, when it is one.
  public var unsignedValue: UInt64? {
    switch self {
    case .unsigned(let value): value
    case .integer(let value) where value >= 0: UInt64(value)
    case .double(let value) where value >= 0 && value.rounded() == value && value < 1.8e19:
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
    switch self {
    case .null: output += "null".utf8
    case .bool(let value): output += (value ? "true" : "false").utf8
    case .integer(let value):
      if value < 0 { output.append(UInt8(ascii: "-")) }
      JSON.writeDecimal(value.magnitude, to: &output)
    case .unsigned(let value): JSON.writeDecimal(value, to: &output)
    case .double(let value): output += (value.isFinite ? "\(value)" : "null").utf8
    case .string(let value): JSON.writeString(value, to: &output)
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
        JSON.writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        value.write(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// The decimal digits of `value`.
  private static func writeDecimal(_ value: UInt64, to output: inout [UInt8]) {
    // 20 digits hold UInt64.max.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var rest = value
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest > 0
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// Writes a JSON string literal, escaping what JSON requires (quotes, backslashes, C0
  /// controls) and, so that the text is also safe to print on a terminal, everything
  /// `SafeText` finds unsafe (DEL, C1, bidirectional and invisible characters, ...) as `\uXXXX`
  /// (a surrogate pair above U+FFFF). The value read back is the same string.
  static func writeString(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var value = value
    // Fast path: hex, codes and most text are printable ASCII with nothing to escape; the
    // first byte that is not ends it, and the rest goes scalar by scalar.
    let (plain, total) = value.withUTF8 { bytes in
      var count = 0
      // Eight bytes at a time while none needs a look: for y = x ^ c, the bytes where x has c are
      // where y is zero, and (y - 0x01..) & ~y & 0x80.. is non-zero exactly when y has a zero
      // byte; x - 0x20.. borrows into the top bit of a byte below 0x20 in the same way.
      if let base = UnsafeRawPointer(bytes.baseAddress) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ y: UInt64) -> Bool { (y &- ones) & ~y & highs != 0 }
        while bytes.count - count >= 8 {
          let x = base.loadUnaligned(fromByteOffset: count, as: UInt64.self)
          guard x & highs == 0,  // no byte of 0x80 or more
            (x &- ones &* 0x20) & ~x & highs == 0,  // none below 0x20
            !hasZeroByte(x ^ (ones &* 0x7f)), !hasZeroByte(x ^ (ones &* 0x22)),
            !hasZeroByte(x ^ (ones &* 0x5c))
          else { break }
          count += 8
        }
      }
      while count < bytes.count {
        let byte = bytes[count]
        // Wrapping: 0x20...0x7e is 0...0x5e after subtracting 0x20; anything else wraps above.
        guard byte &- 0x20 < 0x5f, byte != 0x22, byte != 0x5c else { break }
        count += 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<count]))
      return (count, bytes.count)
    }
    if plain < total {
      let rest = value.utf8.index(value.utf8.startIndex, offsetBy: plain)
      for scalar in value.unicodeScalars[rest...] { writeScalar(scalar, to: &output) }
    }
    output.append(UInt8(ascii: "\""))
  }

  private static func writeScalar(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
    switch scalar {
    case "\"": output += #"\""#.utf8
    case "\\": output += #"\\"#.utf8
    case "\n": output += #"\n"#.utf8
    case "\r": output += #"\r"#.utf8
    case "\t": output += #"\t"#.utf8
    case "\u{08}": output += #"\b"#.utf8
    case "\u{0C}": output += #"\f"#.utf8
    default:
      if SafeText.isUnsafe(scalar) {
        if scalar.value > 0xFFFF {
          let offset = scalar.value - 0x10000
          writeUnicodeEscape(0xD800 + (offset >> 10), to: &output)
          writeUnicodeEscape(0xDC00 + (offset & 0x3FF), to: &output)
        } else {
          writeUnicodeEscape(scalar.value, to: &output)
        }
      } else {
        output += UTF8.encode(scalar)!
      }
    }
  }

  private static func writeUnicodeEscape(_ unit: UInt32, to output: inout [UInt8]) {
    let hex = String(unit, radix: 16)
    output += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
  }
}

extension JSON {
  /// Why a text is not JSON.
  public struct ParseError: Error, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var description: String { "\(message) at byte \(offset)" }
  }

  /// Parses JSON text (RFC 8259). Integers stay exact; a number with a fraction or exponent is a
  /// `double`. Nesting is limited to 512 levels. An object that repeats a key is refused: readers
  /// disagree on which value such an object means (first or last).
  public static func parse(_ text: String) throws(ParseError) -> JSON {
    var parser = Parser(bytes: Array(text.utf8))
    parser.skipSpace()
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.index == parser.bytes.count else { throw parser.fail("trailing characters") }
    return value
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

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
          members.append((key, try value(depth: depth + 1)))
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
          values.append(try value(depth: depth + 1))
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
