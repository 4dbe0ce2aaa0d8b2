import Secp256k1

/// One hop of a private route (an `r` field entry, 51 bytes).
public struct RouteHop: Sendable, Hashable {
  /// The node at the start of the channel.
  public var nodeID: PublicKey

  /// The channel from this node towards the next hop (or the payee).
  public var shortChannelID: ShortChannelID
  /// The fixed fee the node charges to forward, in millisatoshis.
  public var feeBaseMsat: UInt32
  /// The proportional fee the node charges, in millionths of the amount forwarded.
  public var feeProportionalMillionths: UInt32
  /// The blocks the node adds to the payment's CLTV expiry.
  public var cltvExpiryDelta: UInt16

  /// Bytes per hop: 33 + 8 + 4 + 4 + 2.
  public static let encodedLength = 51

  /// Makes a hop from its parts.
  ///
  /// - Parameters:
  ///   - nodeID: the node at the start of the channel.
  ///   - shortChannelID: the channel.
  ///   - feeBaseMsat: the fixed fee, in millisatoshis.
  ///   - feeProportionalMillionths: the proportional fee, in millionths.
  ///   - cltvExpiryDelta: the blocks added to the CLTV expiry.
  public init(
    nodeID: PublicKey, shortChannelID: ShortChannelID, feeBaseMsat: UInt32,
    feeProportionalMillionths: UInt32, cltvExpiryDelta: UInt16
  ) {
    self.nodeID = nodeID
    self.shortChannelID = shortChannelID
    self.feeBaseMsat = feeBaseMsat
    self.feeProportionalMillionths = feeProportionalMillionths
    self.cltvExpiryDelta = cltvExpiryDelta
  }

  /// Reads a hop from exactly 51 bytes, or nil when its key is not in compressed form (first
  /// byte neither 02 nor 03).
  init?(bytes: UnsafeBufferPointer<UInt8>) {
    guard
      let nodeID = PublicKey(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[0..<33])))
    else {
      return nil
    }
    let channel = Channel(bytes: bytes)
    self.init(
      nodeID: nodeID, shortChannelID: channel.shortChannelID, feeBaseMsat: channel.feeBaseMsat,
      feeProportionalMillionths: channel.feeProportionalMillionths,
      cltvExpiryDelta: channel.cltvExpiryDelta)
  }

  /// The 18 bytes of a hop after its key: what the hop says of its channel.
  package struct Channel: Sendable, Equatable {
    package var shortChannelID: ShortChannelID
    package var feeBaseMsat: UInt32
    package var feeProportionalMillionths: UInt32
    package var cltvExpiryDelta: UInt16

    /// Reads the channel of a hop of exactly 51 bytes.
    package init(bytes: UnsafeBufferPointer<UInt8>) {
      precondition(bytes.count == RouteHop.encodedLength)
      func integer(_ from: Int, _ length: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[from..<(from + length)] { value = value << 8 | UInt64(byte) }
        return value
      }
      shortChannelID = ShortChannelID(rawValue: integer(33, 8))
      feeBaseMsat = UInt32(truncatingIfNeeded: integer(41, 4))
      feeProportionalMillionths = UInt32(truncatingIfNeeded: integer(45, 4))
      cltvExpiryDelta = UInt16(truncatingIfNeeded: integer(49, 2))
    }
  }

  /// The 51 bytes of this hop.
  var bytes: [UInt8] {
    var bytes = nodeID.bytes
    func append(_ value: UInt64, _ length: Int) {
      for index in (0..<length).reversed() {
        bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
      }
    }
    append(shortChannelID.rawValue, 8)
    append(UInt64(feeBaseMsat), 4)
    append(UInt64(feeProportionalMillionths), 4)
    append(UInt64(cltvExpiryDelta), 2)
    return bytes
  }
}

/// One private route: an `r` field, the hops from a public node to the payee, in order.
public struct RouteHint: Sendable, Hashable {
  /// The hops, from the first (a node the payer can reach) to the last (next to the payee).
  public let hops: [RouteHop]
  /// Makes a route from its hops, in order.
  public init(hops: [RouteHop]) { self.hops = hops }
}
