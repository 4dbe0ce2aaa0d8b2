import Chains
import Secp256k1

extension BlindedPath {
  /// Why a `blinded_path` did not read.
  enum ReadFault: Error {
    /// Bytes ran out before the path's end.
    case truncated(String)
    /// A value the path's structure does not allow: a first byte that is no `sciddir_or_pubkey`,
    /// a key off the curve, no hop.
    case invalid(String)

    var message: String {
      switch self {
      case .truncated(let what): "the blinded path is cut short in its \(what)"
      case .invalid(let what): what
      }
    }
  }

  /// Reads the paths a paths field holds, one after another until its end.
  static func readAll(_ value: ArraySlice<UInt8>) throws(ReadFault) -> [BlindedPath] {
    var reader = ByteReader(value)
    var paths: [BlindedPath] = []
    while !reader.isAtEnd { paths.append(try read(&reader)) }
    return paths
  }

  /// Reads one `blinded_path` as BOLT #4 defines it.
  static func read(_ reader: inout ByteReader) throws(ReadFault) -> BlindedPath {
    guard let kind = reader.peek() else { throw .truncated("first_node_id") }
    let firstNode: FirstNode
    switch kind {
    case 0, 1:
      guard reader.byte() != nil, let scid = reader.uint64() else {
        throw .truncated("first_node_id")
      }
      firstNode = .channel(ShortChannelID(rawValue: scid), direction: kind)
    case 2, 3:
      // The kind byte is the key's first byte: the 33 bytes are read as they are.
      guard let key = reader.take(PublicKey.byteCount) else { throw .truncated("first_node_id") }
      firstNode = .nodeID(try point(key, "first_node_id"))
    default:
      throw .invalid(
        "first_node_id starts with \(kind): neither 0 or 1 (a channel) nor 2 or 3 (a key)")
    }
    guard let pathKey = reader.take(PublicKey.byteCount) else { throw .truncated("first_path_key") }
    let firstPathKey = try point(pathKey, "first_path_key")
    guard let count = reader.byte() else { throw .truncated("num_hops") }
    // BOLT 12: "if `num_hops` is 0 in any `blinded_path` in `offer_paths`: MUST NOT respond to
    // the offer."
    guard count > 0 else { throw .invalid("a blinded path with no hop (num_hops is 0)") }
    var hops: [Hop] = []
    hops.reserveCapacity(Int(count))
    for _ in 0..<count {
      guard let nodeID = reader.take(PublicKey.byteCount) else {
        throw .truncated("blinded_node_id")
      }
      let key = try point(nodeID, "blinded_node_id")
      guard let length = reader.uint16(), let data = reader.take(Int(length)) else {
        throw .truncated("encrypted_recipient_data")
      }
      hops.append(Hop(blindedNodeID: key, encryptedRecipientData: Array(data)))
    }
    return BlindedPath(firstNode: firstNode, firstPathKey: firstPathKey, hops: hops)
  }

  /// The key of these 33 bytes, refused unless it is a point on the curve.
  static func point(_ bytes: some Collection<UInt8>, _ name: String) throws(ReadFault) -> PublicKey
  {
    guard let key = PublicKey(bytes: bytes), key.isOnCurve else {
      throw .invalid("\(name) is not a point on the curve")
    }
    return key
  }

  /// Appends the path's `blinded_path` encoding.
  func write(to output: inout [UInt8]) {
    switch firstNode {
    case .nodeID(let key): output.append(contentsOf: key.bytes)
    case .channel(let scid, let direction):
      output.append(direction)
      BigSize.appendBigEndian(scid.rawValue, width: 8, to: &output)
    }
    output.append(contentsOf: firstPathKey.bytes)
    output.append(UInt8(truncatingIfNeeded: hops.count))
    for hop in hops {
      output.append(contentsOf: hop.blindedNodeID.bytes)
      BigSize.appendBigEndian(UInt64(hop.encryptedRecipientData.count), width: 2, to: &output)
      output.append(contentsOf: hop.encryptedRecipientData)
    }
  }
}
