/// A place in a JSON document: object keys and array indices from the top.
typealias JSONPath = [JSONPathComponent]

/// One step of a `JSONPath`.
enum JSONPathComponent: Equatable {
  /// The member of an object with this key.
  case key(String)
  /// The element of an array at this index.
  case index(Int)
}

/// The text of a number as a JSON document writes it, found by its path: so that an error names
/// a number beyond 64 bits as given (`JSON` holds one as a `Double`, whose reprint is another
/// number).
///
/// Runs only on text `JSON.parse` accepted, and only when an error needs the text: it walks to
/// the path, skipping every other value, without building any.
enum NumberLiteral {
  /// The number's text at `path` in `text` (JSON that parses), or nil when the path leads to no
  /// number.
  static func find(_ path: JSONPath, in text: [UInt8]) -> String? {
    var walker = Walker(bytes: text)
    return walker.find(path[...])
  }

  private struct Walker {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
      while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d {
        index += 1
      }
    }

    mutating func find(_ path: ArraySlice<JSONPathComponent>) -> String? {
      skipSpace()
      guard let step = path.first else {
        let start = index
        skipValue()
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let first = literal.utf8.first,
          first == UInt8(ascii: "-") || (0x30...0x39).contains(first)
        else { return nil }
        return literal
      }
      switch (step, current) {
      case (.key(let key), UInt8(ascii: "{")):
        index += 1
        while true {
          skipSpace()
          guard current == UInt8(ascii: "\"") else { return nil }
          let start = index
          skipString()
          // The key as `JSON.parse` reads it, escapes and all.
          let name = try? JSON.parse(String(decoding: bytes[start..<index], as: UTF8.self))
          skipSpace()
          index += 1  // the colon
          if name?.stringValue == key { return find(path.dropFirst()) }
          skipSpace()
          skipValue()
          skipSpace()
          guard current == UInt8(ascii: ",") else { return nil }
          index += 1
        }
      case (.index(let wanted), UInt8(ascii: "[")):
        index += 1
        var position = 0
        while true {
          skipSpace()
          if position == wanted { return find(path.dropFirst()) }
          skipValue()
          skipSpace()
          guard current == UInt8(ascii: ",") else { return nil }
          index += 1
          position += 1
        }
      default:
        return nil
      }
    }

    /// Past a string, from its opening quote.
    mutating func skipString() {
      index += 1
      while let byte = current {
        index += byte == UInt8(ascii: "\\") ? 2 : 1
        if byte == UInt8(ascii: "\"") { return }
      }
    }

    /// Past one value: a string, an object or array with everything in it, or a literal.
    mutating func skipValue() {
      var depth = 0
      repeat {
        skipSpace()
        guard let byte = current else { return }
        switch byte {
        case UInt8(ascii: "\""): skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          index += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          index += 1
        case UInt8(ascii: ","), UInt8(ascii: ":"):
          index += 1
        default:
          while let byte = current, !Self.endsLiteral(byte) { index += 1 }
        }
      } while depth > 0
    }

    static func endsLiteral(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
        || byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d
    }
  }
}
