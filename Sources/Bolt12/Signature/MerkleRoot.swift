import Bech32Codec
import Hashing

/// The Merkle root that a BOLT #12 signature covers: a tree of BIP-340 tagged hashes over a TLV
/// stream's records.
///
/// Every record is a leaf but those of the signature types, 240 to 1000 inclusive, known or
/// not; unknown odd records are leaves like the others. A record's node is
/// H("LnBranch", lesser ‖ greater) of its leaf H("LnLeaf", record) and its nonce
/// H("LnNonce" ‖ first record, the record's type as written); nodes are then joined pairwise,
/// left to right, level by level, an unpaired last node rising as it is, so the tree is deepest
/// on the lowest-order leaves. A join is H("LnBranch", lesser ‖ greater), its two children
/// compared as bytes.
public struct MerkleRoot: Sendable, Hashable, CustomStringConvertible {
  /// The 32-byte root.
  public let bytes: [UInt8]

  /// The signature types, 240 to 1000: records of these types are left out of the tree.
  static let signatureTypes: ClosedRange<UInt64> = 240...1000

  /// Whether a record of this type is left out of the tree: a signature type, 240 to 1000.
  public static func isSignatureType(_ type: UInt64) -> Bool { signatureTypes.contains(type) }

  /// The root of a framed stream's records; nil when no record is a leaf (every record is of a
  /// signature type, or there is none).
  ///
  /// - Complexity: 3 tagged hashes a leaf record, plus one a join: O(n) hashes.
  public init?(stream: TLVStream) {
    guard let bytes = Self.kernelRoot(of: stream) else { return nil }
    self.bytes = bytes
  }

  /// The root as the definition above reads, each hash from its tag anew and each node a new
  /// array: the plain form that `kernelRoot(of:)` (Kernels/MerkleRoot+Kernel.swift) is tested
  /// against.
  static func referenceRoot(of stream: TLVStream) -> [UInt8]? {
    var level: [[UInt8]] = []
    var nonceTag: [UInt8]? = nil
    for record in stream.records where !isSignatureType(record.type) {
      let whole = stream.bytes[record.offset..<record.valueRange.upperBound]
      let tag = nonceTag ?? (nonceTagPrefix + whole)
      nonceTag = tag
      let leaf = TaggedHash(tag: leafTag).hash(Array(whole))
      let nonce = TaggedHash(tag: tag).hash(Array(whole.prefix(bigSizeLength(record.type))))
      level.append(branch(leaf, nonce))
    }
    guard !level.isEmpty else { return nil }
    while level.count > 1 {
      var next: [[UInt8]] = []
      next.reserveCapacity((level.count + 1) / 2)
      var index = 0
      while index + 1 < level.count {
        next.append(branch(level[index], level[index + 1]))
        index += 2
      }
      if index < level.count { next.append(level[index]) }
      level = next
    }
    return level[0]
  }

  /// H("LnBranch", lesser ‖ greater).
  private static func branch(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
    let ordered = left.lexicographicallyPrecedes(right) ? left + right : right + left
    return TaggedHash(tag: branchTag).hash(ordered)
  }

  /// The number of bytes of a minimal `bigsize` of `value` (the framing refuses any other).
  static func bigSizeLength(_ value: UInt64) -> Int {
    switch value {
    case 0..<0xfd: 1
    case 0xfd...0xffff: 3
    case 0x1_0000...0xffff_ffff: 5
    default: 9
    }
  }

  static let leafTag = Array("LnLeaf".utf8)
  static let nonceTagPrefix = Array("LnNonce".utf8)
  static let branchTag = Array("LnBranch".utf8)

  /// The root as 64 lower-case hex digits.
  public var description: String { Hex.encode(bytes) }
}
