import Bech32Codec
import Secp256k1
import TestSupport
import Testing

/// `CompactSignature.withDER` (on the stack, what the JSON writer uses) against
/// `ECDSA.derSignature` (into an array) at the edges of DER's shortest form and the group order.
@Suite struct CompactSignatureTests {
  @Test(
    "DER signatures: the same bytes as the array path's, absent where libsecp256k1 refuses r or s")
  func derSignatures() throws {
    var generator = SplitMix64(seed: 35)
    let order = Hex.decode("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")!
    var orderMinusOne = order
    orderMinusOne[31] -= 1
    // Integers at the edges of DER's shortest form and of the group order.
    let halves: [[UInt8]] = [
      [UInt8](repeating: 0, count: 32), [UInt8](repeating: 0, count: 31) + [1],
      [UInt8](repeating: 0, count: 31) + [0x80], [0, 0x7f] + [UInt8](repeating: 0xff, count: 30),
      [0, 0x80] + [UInt8](repeating: 0, count: 30), [0x7f] + [UInt8](repeating: 0, count: 31),
      [0x80] + [UInt8](repeating: 0, count: 31), orderMinusOne, order,
      [UInt8](repeating: 0xff, count: 32),
    ]
    var cases: [[UInt8]] = []
    for r in halves { for s in halves { cases.append(r + s) } }
    for _ in 0..<500 {
      // Random halves with a random number of leading zero bytes.
      cases.append(
        (0..<2).flatMap { _ in
          let zeros = Int.random(in: 0...32, using: &generator)
          return [UInt8](repeating: 0, count: zeros)
            + (zeros..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        })
    }
    for compact in cases {
      let signature = try #require(CompactSignature(bytes: compact))
      #expect(
        signature.der == (try? ECDSA.derSignature(compactSignature: compact)),
        "\(Hex.encode(compact))")
    }
  }

}
