import Hashing

extension MerkleRoot {
  /// The tags' hashes, each with its 64-byte prefix compressed once for the process.
  private static let leafHash = TaggedHash(tag: leafTag)
  private static let branchHash = TaggedHash(tag: branchTag)

  /// The root that `referenceRoot(of:)` computes, with less work: the fixed tags' prefixes
  /// compressed once (`TaggedHash`), the nonce tag's once per stream, and every node in one
  /// buffer, reduced level by level in place, so that no node allocates.
  ///
  /// - Complexity: O(n); two allocations (the nonce tag and the result), none per record.
  static func kernelRoot(of stream: TLVStream) -> [UInt8]? {
    let records = stream.records
    var leafCount = 0
    for record in records where !isSignatureType(record.type) { leafCount += 1 }
    guard leafCount > 0 else { return nil }
    return stream.bytes.withUnsafeBytes { input in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: leafCount * 32) { nodes in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { pair in
          /// Node `index` of the buffer: 32 bytes.
          func node(_ index: Int) -> UnsafeMutableBufferPointer<UInt8> {
            UnsafeMutableBufferPointer(start: nodes.baseAddress! + index * 32, count: 32)
          }
          let lesser = UnsafeMutableBufferPointer(rebasing: pair[0..<32])
          let greater = UnsafeMutableBufferPointer(rebasing: pair[32..<64])
          // The leaves: each record's H(LnBranch, its leaf and nonce in order), in stream order.
          var nonceHash: TaggedHash?
          var count = 0
          for record in records where !isSignatureType(record.type) {
            let whole = UnsafeRawBufferPointer(
              rebasing: input[record.offset..<record.valueRange.upperBound])
            let nonce = nonceHash ?? TaggedHash(tag: nonceTagPrefix + whole)
            nonceHash = nonce
            leafHash.hash(whole, into: lesser)
            let type = UnsafeRawBufferPointer(
              start: whole.baseAddress, count: bigSizeLength(record.type))
            nonce.hash(type, into: greater)
            orderHalves(pair)
            branchHash.hash(UnsafeRawBufferPointer(pair), into: node(count))
            count += 1
          }
          // The joins: node i of the next level from nodes 2i and 2i + 1, written over node i
          // (never over a node still to be read, as i ≤ 2i); an unpaired last node moves up.
          while count > 1 {
            var next = 0
            var index = 0
            while index + 1 < count {
              _ = lesser.update(fromContentsOf: node(index))
              _ = greater.update(fromContentsOf: node(index + 1))
              orderHalves(pair)
              branchHash.hash(UnsafeRawBufferPointer(pair), into: node(next))
              next += 1
              index += 2
            }
            if index < count {
              _ = node(next).update(fromContentsOf: node(index))
              next += 1
            }
            count = next
          }
          return Array(node(0))
        }
      }
    }
  }

  /// Puts the lesser of the two 32-byte halves of `pair` first, compared as bytes.
  @inline(__always)
  private static func orderHalves(_ pair: UnsafeMutableBufferPointer<UInt8>) {
    for index in 0..<32 where pair[index] != pair[32 + index] {
      if pair[index] > pair[32 + index] {
        for swapped in index..<32 { pair.swapAt(swapped, 32 + swapped) }
      }
      return
    }
  }
}
