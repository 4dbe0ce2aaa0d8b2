/// Base58Check, for the legacy P2PKH and P2SH fallback addresses (written) and on-chain addresses
/// (read, by the payment-string classifier).
///
/// Written to the caller's bytes with no allocation: the JSON writer puts an address straight
/// into its line.
package enum Base58 {
  /// The characters of the digits 0...57.
  package static var alphabet: StaticString {
    "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
  }

  /// The most bytes `encode` takes.
  static let maximumInput = 32

  /// 58^5, the largest power of 58 below 2^32: one division of the number by it gives five
  /// digits.
  private static let fiveDigits: UInt64 = 656_356_768

  /// Writes the Base58 form of `bytes`, a big-endian number, to `output`: a "1" for each leading
  /// zero byte, then the number's digits without leading zeros. Returns the count written.
  ///
  /// The number is held in 32-bit limbs on the stack and divided by 58^5 until it is zero.
  ///
  /// - Precondition: `bytes` holds at most `maximumInput` bytes and `output` at least twice as
  ///   many (a byte takes at most log(256) / log(58) < 1.37 digits, and the count is rounded up
  ///   once).
  /// - Complexity: O(n²) in the input length, at most 32 bytes.
  static func encode(
    _ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<UInt8>
  )
    -> Int
  {
    let count = bytes.count
    precondition(count <= maximumInput && output.count >= 2 * count, "Base58 sizes")
    var zeros = 0
    while zeros < count && bytes[zeros] == 0 { zeros += 1 }
    // Big-endian limbs; the first takes the 1 to 4 bytes left over.
    let limbCount = (count + 3) / 4
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { limbs in
      var byte = 0
      for limb in 0..<limbCount {
        var value: UInt32 = 0
        for _ in 0..<(limb == 0 ? count - 4 * (limbCount - 1) : 4) {
          value = value << 8 | UInt32(bytes[byte])
          byte += 1
        }
        limbs[limb] = value
      }
      // 32 bytes are at most 44 digits, written five at a time: at most 45.
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { digits in
        var first = 0
        var digitCount = 0
        while true {
          while first < limbCount && limbs[first] == 0 { first += 1 }
          guard first < limbCount else { break }
          // The remainder is below 58^5 < 2^30, so remainder << 32 | limb fits in 64 bits.
          var remainder: UInt64 = 0
          for limb in first..<limbCount {
            let value = remainder << 32 | UInt64(limbs[limb])
            limbs[limb] = UInt32(truncatingIfNeeded: value / fiveDigits)
            remainder = value % fiveDigits
          }
          // Least significant digit first.
          for _ in 0..<5 {
            digits[digitCount] = UInt8(truncatingIfNeeded: remainder % 58)
            remainder /= 58
            digitCount += 1
          }
        }
        while digitCount > 0 && digits[digitCount - 1] == 0 { digitCount -= 1 }
        let characters = alphabet.utf8Start
        for index in 0..<zeros { output[index] = characters[0] }
        for index in 0..<digitCount {
          output[zeros + index] = characters[Int(digits[digitCount - 1 - index])]
        }
        return zeros + digitCount
      }
    }
  }

  /// The most characters `checkEncode` writes: 25 bytes, twice as many.
  static let maximumCheckLength = 50

  /// Writes `version ‖ payload ‖ first four bytes of SHA-256(SHA-256(version ‖ payload))` in
  /// Base58 to `output`: returns the count written.
  ///
  /// - Precondition: `payload` holds 20 bytes and `output` at least `maximumCheckLength`.
  static func checkEncode(
    version: UInt8, payload: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    precondition(payload.count == 20, "a Base58Check payload here is a 20-byte hash")
    let length = 1 + 20
    // The bytes and checksum at 0..<25 (the second digest is written from 21 on, of which four
    // bytes are kept), the first digest at 64..<96.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 96) { buffer in
      buffer[0] = version
      UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[1..<length]))
        .copyMemory(from: payload)
      let inner = UnsafeMutableBufferPointer(rebasing: buffer[64..<96])
      SHA256.hash(
        UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[0..<length])), into: inner)
      SHA256.hash(
        UnsafeRawBufferPointer(inner),
        into: UnsafeMutableBufferPointer(rebasing: buffer[length..<(length + 32)]))
      return encode(
        UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[0..<(length + 4)])),
        into: output)
    }
  }

  /// Why text is not Base58Check.
  package enum CheckDecodingFailure: Error, Equatable, Sendable {
    /// The character at this offset is not a Base58 digit.
    case invalidCharacter(at: Int)
    /// More than `maximumCheckDecodeLength` characters, or fewer than the four checksum bytes.
    case invalidLength
    /// The last four bytes are not the start of the double SHA-256 of the rest.
    case checksum
  }

  /// The most characters `checkDecode` reads: 64, far above any address (a 25-byte one takes at
  /// most 34), so that the quadratic conversion stays small.
  package static let maximumCheckDecodeLength = 64

  /// The bytes that `text` (Base58 digits) encodes, without the four checksum bytes, after
  /// checking them: the inverse of `checkEncode`, for any payload length.
  ///
  /// - Complexity: O(n²) in the length, which is at most `maximumCheckDecodeLength`.
  package static func checkDecode(_ text: UnsafeBufferPointer<UInt8>) -> Result<
    [UInt8], CheckDecodingFailure
  > {
    guard text.count <= maximumCheckDecodeLength else { return .failure(.invalidLength) }
    let reverse = reverseAlphabet
    // The number, little-endian in base 256: each digit multiplies it by 58 and adds the digit.
    // At most 64 digits make 64 * log(58) / log(256) < 48 bytes.
    var number = [UInt8](repeating: 0, count: 48)
    var used = 0
    var zeros = 0
    var seenNonZero = false
    for (index, character) in text.enumerated() {
      guard character < 128, reverse[Int(character)] != 0xff else {
        return .failure(.invalidCharacter(at: index))
      }
      var carry = UInt32(reverse[Int(character)])
      if carry == 0 && !seenNonZero {
        zeros += 1
        continue
      }
      seenNonZero = true
      // Each step stays below 256 * 58 + 57, far inside 32 bits.
      for place in 0..<used {
        carry += UInt32(number[place]) * 58
        number[place] = UInt8(truncatingIfNeeded: carry)
        carry >>= 8
      }
      while carry > 0 {
        number[used] = UInt8(truncatingIfNeeded: carry)
        used += 1
        carry >>= 8
      }
    }
    let bytes = [UInt8](repeating: 0, count: zeros) + number[..<used].reversed()
    guard bytes.count >= 4 else { return .failure(.invalidLength) }
    let payload = Array(bytes.dropLast(4))
    let digest = SHA256.hash(SHA256.hash(payload))
    guard digest.prefix(4).elementsEqual(bytes.suffix(4)) else { return .failure(.checksum) }
    return .success(payload)
  }

  /// Maps an ASCII byte to its digit value, or 0xff when it is not a Base58 digit.
  private static let reverseAlphabet: [UInt8] = {
    var table = [UInt8](repeating: 0xff, count: 128)
    let characters = alphabet.utf8Start
    for digit in 0..<58 { table[Int(characters[digit])] = UInt8(digit) }
    return table
  }()
}
