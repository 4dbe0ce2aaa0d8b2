import Secp256k1
import TestSupport
import Testing

@testable import Hashing

/// `TaggedHash` (the tag's prefix compressed once) against libsecp256k1's
/// `secp256k1_tagged_sha256` (through `Schnorr.taggedHash`), which hashes everything each call.
@Suite struct TaggedHashTests {
  /// The tags BOLT #12 and BIP-340 use, and tags of 0, 64 and 200 bytes.
  static let tags: [[UInt8]] =
    ["LnLeaf", "LnBranch", "LnNonce", "lightninginvoicesignature", "BIP0340/challenge"].map {
      Array($0.utf8)
    } + [[], [UInt8](repeating: 0xa5, count: 64), (0..<200).map { UInt8($0) }]

  @Test(
    "messages of 0 to 200 bytes (every padding case: 55, 56, 64, 119, 120), each engine",
    arguments: SHA256Tests.engines)
  func againstLibsecp256k1(_ engine: SHA256.Engine) {
    var generator = SplitMix64(seed: 340)
    for tag in Self.tags {
      let hash = TaggedHash(tag: tag, engine: engine)
      for length in 0...200 {
        let message = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let digest = [UInt8](unsafeUninitializedCapacity: 32) { buffer, count in
          message.withUnsafeBytes { hash.hash($0, into: buffer, engine: engine) }
          count = 32
        }
        #expect(
          digest == Schnorr.taggedHash(tag: tag, message: message),
          "tag of \(tag.count) bytes, message of \(length)")
      }
    }
  }

  @Test("the array form gives the same digest as the buffer form")
  func arrayForm() {
    let hash = TaggedHash(tag: Array("LnLeaf".utf8))
    let message = Array("abc".utf8)
    #expect(hash.hash(message) == Schnorr.taggedHash(tag: Array("LnLeaf".utf8), message: message))
  }
}
