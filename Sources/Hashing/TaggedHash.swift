/// A BIP-340 tagged hash, SHA-256(SHA-256(tag) ‖ SHA-256(tag) ‖ message), with the tag's 64-byte
/// prefix compressed once, when the value is made.
///
/// Each hash then starts from that state (the midstate) and compresses only the message and its
/// padding: one block for a message of up to 55 bytes, two up to 119, where hashing from scratch
/// also hashes the tag and compresses the prefix's block. The digests are SHA-256's, the same as
/// those of `secp256k1_tagged_sha256`; tests compare the two.
public struct TaggedHash: Sendable {
  /// The eight state words after the 64-byte prefix, inline.
  private var midstate: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0, 0, 0, 0, 0, 0, 0, 0
  )

  /// Bytes of the prefix the midstate stands for: SHA-256(tag), twice.
  private static let prefixLength = 64

  /// The hash of `tag`'s messages, its prefix compressed here.
  ///
  /// - Complexity: O(tag length): one SHA-256 of the tag and one block.
  public init(tag: [UInt8]) {
    self.init(tag: tag, engine: .preferred)
  }

  /// `init(tag:)` with the given engine, so that tests can compare the two.
  init(tag: [UInt8], engine: SHA256.Engine) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.prefixLength) { prefix in
      tag.withUnsafeBytes { tagBytes in
        SHA256.hash(tagBytes, into: prefix, engine: engine)
      }
      for index in 0..<32 { prefix[32 + index] = prefix[index] }
      Swift.withUnsafeMutableBytes(of: &midstate) { raw in
        let state = raw.bindMemory(to: UInt32.self)
        SHA256.start(state)
        SHA256.compress(state, UnsafeRawBufferPointer(prefix), engine)
      }
    }
  }

  /// Writes the tagged hash of the bytes of `message` to the first 32 bytes of `digest`.
  ///
  /// - Precondition: `digest` holds at least 32 bytes.
  /// - Complexity: O(n), no allocation.
  public func hash(
    _ message: UnsafeRawBufferPointer, into digest: UnsafeMutableBufferPointer<UInt8>
  ) {
    hash(message, into: digest, engine: .preferred)
  }

  /// `hash(_:into:)` with the given engine, so that tests can compare the two.
  func hash(
    _ message: UnsafeRawBufferPointer, into digest: UnsafeMutableBufferPointer<UInt8>,
    engine: SHA256.Engine
  ) {
    var state = midstate
    Swift.withUnsafeMutableBytes(of: &state) { raw in
      SHA256.finish(
        raw.bindMemory(to: UInt32.self), after: Self.prefixLength, message, into: digest,
        engine: engine)
    }
  }

  /// The tagged hash of `message`, as a new array.
  public func hash(_ message: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: SHA256.digestLength)
    message.withUnsafeBytes { bytes in
      digest.withUnsafeMutableBufferPointer { hash(bytes, into: $0) }
    }
    return digest
  }
}
