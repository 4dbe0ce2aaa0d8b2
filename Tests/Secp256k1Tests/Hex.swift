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

/// 256-bit big-endian arithmetic for flipping signatures, test-only.
enum Scalar {
  /// The secp256k1 group order n (SEC 2, section 2.4.1).
  static let groupOrder = Hex.bytes(
    "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")

  /// `minuend - subtrahend` for 32-byte big-endian numbers, with `minuend >= subtrahend`.
  static func subtract(_ minuend: [UInt8], _ subtrahend: [UInt8]) -> [UInt8] {
    precondition(minuend.count == 32 && subtrahend.count == 32)
    var result = [UInt8](repeating: 0, count: 32)
    var borrow = 0
    for index in (0..<32).reversed() {
      var difference = Int(minuend[index]) - Int(subtrahend[index]) - borrow
      borrow = difference < 0 ? 1 : 0
      if difference < 0 { difference += 256 }
      result[index] = UInt8(difference)
    }
    precondition(borrow == 0, "minuend must not be below subtrahend")
    return result
  }

  /// The signature with s replaced by n - s: the other of the two valid forms.
  static func flipS(_ compactSignature: [UInt8]) -> [UInt8] {
    Array(compactSignature[0..<32]) + subtract(groupOrder, Array(compactSignature[32..<64]))
  }
}
