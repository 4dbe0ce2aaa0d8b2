/// 256-bit big-endian arithmetic on secp256k1 scalars, for making high-S twins of signatures.
package enum Scalar {
  /// The secp256k1 group order n, big-endian: 2^256 − 432420386565659656852420866394968145599.
  /// SEC 2, section 2.4.1.
  package static let groupOrder = hexBytes(
    "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")

  /// `minuend − subtrahend` for 32-byte big-endian numbers with `minuend >= subtrahend`:
  /// schoolbook subtraction with borrow.
  package static func subtract(_ minuend: [UInt8], _ subtrahend: [UInt8]) -> [UInt8] {
    precondition(minuend.count == 32 && subtrahend.count == 32, "scalars are 32 bytes")
    var result = [UInt8](repeating: 0, count: 32)
    var borrow = 0
    for index in (0..<32).reversed() {
      var difference = Int(minuend[index]) - Int(subtrahend[index]) - borrow
      borrow = difference < 0 ? 1 : 0
      if difference < 0 { difference += 256 }
      result[index] = UInt8(difference)
    }
    precondition(borrow == 0, "the minuend is not below the subtrahend")
    return result
  }

  /// The compact signature r ‖ s with s replaced by n − s: the other of its two valid forms.
  package static func flipS(_ compactSignature: [UInt8]) -> [UInt8] {
    precondition(compactSignature.count == 64, "a compact signature is 64 bytes")
    return Array(compactSignature[0..<32])
      + subtract(groupOrder, Array(compactSignature[32..<64]))
  }
}
