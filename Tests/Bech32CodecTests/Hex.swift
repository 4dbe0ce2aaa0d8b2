/// Hex helpers for test expectations. Test-only; never used on input.
enum Hex {
  /// The bytes of a hex string; traps on malformed hex, which would be a typo in a test.
  static func bytes(_ text: String) -> [UInt8] {
    let digits = Array(text.utf8)
    precondition(digits.count % 2 == 0, "odd-length hex in a test: \(text)")
    return stride(from: 0, to: digits.count, by: 2).map { index in
      UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)!
    }
  }

  /// Lower-case hex of `bytes`.
  static func string(_ bytes: some Sequence<UInt8>) -> String {
    let symbols = Array("0123456789abcdef".utf8)
    var output: [UInt8] = []
    for byte in bytes {
      output.append(symbols[Int(byte >> 4)])
      output.append(symbols[Int(byte & 15)])
    }
    return String(decoding: output, as: UTF8.self)
  }
}
