import Bech32Codec

/// A JSON object written field by field into UTF-8 bytes, in the order given: the one escaping
/// path for the text of BOLT #12 strings (the object Core Lightning's `decode` names).
struct JSONText {
  private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]
  private var isFirst = true

  /// The finished object as text.
  var text: String { String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self) }

  private mutating func key(_ name: String) {
    if !isFirst { bytes.append(UInt8(ascii: ",")) }
    isFirst = false
    Self.appendString(name, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
  }

  /// `"name": "text"`, escaped.
  mutating func string(_ name: String, _ value: String) {
    key(name)
    Self.appendString(value, to: &bytes)
  }

  /// `"name": "hex"`.
  mutating func hex(_ name: String, _ value: some Collection<UInt8>) {
    string(name, Hex.encode(value))
  }

  /// `"name": 123`.
  mutating func number(_ name: String, _ value: UInt64) {
    key(name)
    bytes.append(contentsOf: String(value).utf8)
  }

  /// `"name": true` or `false`.
  mutating func bool(_ name: String, _ value: Bool) {
    key(name)
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// `"name": <raw JSON>`, for a nested value written by another `JSONText` or `array`.
  mutating func raw(_ name: String, _ json: String) {
    key(name)
    bytes.append(contentsOf: json.utf8)
  }

  /// A JSON array of already written values.
  static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

  /// A JSON string, escaped: quote, backslash and control characters (and U+2028, U+2029) as
  /// escapes, everything else as its UTF-8.
  static func quoted(_ value: String) -> String {
    var bytes: [UInt8] = []
    appendString(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func appendString(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": bytes.append(contentsOf: #"\""#.utf8)
      case "\\": bytes.append(contentsOf: #"\\"#.utf8)
      case "\n": bytes.append(contentsOf: #"\n"#.utf8)
      case "\r": bytes.append(contentsOf: #"\r"#.utf8)
      case "\t": bytes.append(contentsOf: #"\t"#.utf8)
      case "\u{0}"..."\u{1f}", "\u{7f}", "\u{2028}", "\u{2029}":
        let digits = Array("0123456789abcdef".utf8)
        let value = Int(scalar.value)
        bytes.append(contentsOf: #"\u"#.utf8)
        for shift in [12, 8, 4, 0] { bytes.append(digits[(value >> shift) & 0xf]) }
      default: bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
