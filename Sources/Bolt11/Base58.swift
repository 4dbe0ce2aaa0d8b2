/// Base58Check, for the legacy P2PKH and P2SH fallback addresses.
enum Base58 {
  static let alphabet: [UInt8] = Array(
    "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)

  /// `version ‖ payload ‖ first four bytes of SHA-256(SHA-256(version ‖ payload))`, in base 58.
  /// - Complexity: O(n²) in the payload length, which is 21 bytes here.
  static func checkEncode(version: UInt8, payload: [UInt8]) -> String {
    var bytes = [version] + payload
    bytes += SHA256.hash(SHA256.hash(bytes)).prefix(4)
    let leadingZeros = bytes.prefix { $0 == 0 }.count
    // Base-58 digits, least significant first.
    var digits: [UInt8] = []
    for byte in bytes {
      var carry = Int(byte)
      for index in digits.indices {
        carry += Int(digits[index]) << 8
        digits[index] = UInt8(carry % 58)
        carry /= 58
      }
      while carry > 0 {
        digits.append(UInt8(carry % 58))
        carry /= 58
      }
    }
    let text =
      [UInt8](repeating: alphabet[0], count: leadingZeros)
      + digits.reversed().map {
        alphabet[Int($0)]
      }
    return String(decoding: text, as: UTF8.self)
  }
}
