internal import CSecp256k1

/// The test oracle of BIP-340's tagged hash: libsecp256k1's, SHA-256(SHA-256(tag) ‖ SHA-256(tag)
/// ‖ message) hashed whole at each call, apart from the package's own `TaggedHash` (its tag's
/// prefix compressed once, on the package's SHA-256), which the tests hold to it.
package enum ReferenceTaggedHash {
  /// The tagged hash of `message` under `tag`.
  ///
  /// Wraps `secp256k1_tagged_sha256`.
  package static func hash(tag: [UInt8], message: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 32)
    // libsecp256k1 refuses a null pointer even for a length of 0: an empty array gets one byte.
    let tagBytes = tag.isEmpty ? [0] : tag
    let messageBytes = message.isEmpty ? [0] : message
    let hashed = digest.withUnsafeMutableBufferPointer { output in
      secp256k1_tagged_sha256(
        CSecp256k1_staticContext(), output.baseAddress!, tagBytes, tag.count, messageBytes,
        message.count)
    }
    // It returns 1 always (its only failure is a null argument, which cannot happen here).
    precondition(hashed == 1, "secp256k1_tagged_sha256 failed")
    return digest
  }
}
