import TestSupport
import Testing

@testable import Hashing

/// `TaggedHash` (the tag's prefix compressed once) against libsecp256k1's
/// `secp256k1_tagged_sha256` (through `ReferenceTaggedHash`), which hashes everything each call,
/// and against BIP-340's definition.
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
          digest == ReferenceTaggedHash.hash(tag: tag, message: message),
          "tag of \(tag.count) bytes, message of \(length)")
      }
    }
  }

  @Test("the array form gives the same digest as the buffer form")
  func arrayForm() {
    let hash = TaggedHash(tag: Array("LnLeaf".utf8))
    let message = Array("abc".utf8)
    #expect(
      hash.hash(message) == ReferenceTaggedHash.hash(tag: Array("LnLeaf".utf8), message: message))
  }

  @Test("BIP-340's definition, the empty tag and message included")
  func definition() {
    // BIP-340: hash_tag(x) = SHA256(SHA256(tag) || SHA256(tag) || x); computed here with
    // SHA-256 over the whole concatenation, apart from the tag's compressed prefix.
    let tag = Array("BIP0340/challenge".utf8)
    let message: [UInt8] = [1, 2, 3]
    let tagHash = SHA256.hash(tag)
    #expect(TaggedHash(tag: tag).hash(message) == SHA256.hash(tagHash + tagHash + message))
    #expect(TaggedHash(tag: []).hash([]) == SHA256.hash(SHA256.hash([]) + SHA256.hash([])))
    #expect(
      ReferenceTaggedHash.hash(tag: tag, message: message)
        == SHA256.hash(tagHash + tagHash + message))
    #expect(
      ReferenceTaggedHash.hash(tag: [], message: [])
        == SHA256.hash(SHA256.hash([]) + SHA256.hash([])))
  }
}
