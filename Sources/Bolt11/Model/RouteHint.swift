import Secp256k1

/// A short channel id: block height, transaction index and output index in 8 bytes.
public struct ShortChannelID: RawRepresentable, Sendable, Hashable, LosslessStringConvertible {
  /// The 8 bytes as a big-endian number: block in the top 24 bits, transaction in the next 24,
  /// output in the low 16.
  public let rawValue: UInt64
  /// Makes a short channel id from its 8-byte form.
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Makes a short channel id from its parts.
  ///
  /// - Precondition: `block` and `transaction` are below 2^24.
  public init(block: UInt32, transaction: UInt32, output: UInt16) {
    // 24 bits of block and transaction each; callers pass values that fit.
    precondition(block < 1 << 24 && transaction < 1 << 24, "block and transaction are 24 bits")
    rawValue = UInt64(block) << 40 | UInt64(transaction) << 16 | UInt64(output)
  }

  /// The height of the block holding the funding transaction.
  public var block: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 40) }
  /// The funding transaction's index in its block.
  public var transaction: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 16) & 0xff_ffff }
  /// The funding output's index in its transaction.
  public var output: UInt16 { UInt16(truncatingIfNeeded: rawValue) }

  /// `BLOCKxTXxOUT`.
  public var description: String {
    var text = ""
    withText { text = String(decoding: $0, as: UTF8.self) }
    return text
  }

  /// Most characters of `BLOCKxTXxOUT`: 8 digits of 24 bits, twice, 5 of 16 bits, two `x`.
  public static let maximumTextLength = 8 + 1 + 8 + 1 + 5

  /// Calls `body` with `description`'s text as ASCII, made on the stack: the one place the
  /// form is written, for a caller that writes it into bytes of its own.
  public func withText(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumTextLength) { buffer in
      // Written from the end: output, `x`, transaction, `x`, block.
      var start = buffer.count
      func put(_ value: UInt32) {
        var rest = value
        repeat {
          start -= 1
          buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
          rest /= 10
        } while rest != 0
      }
      put(UInt32(output))
      start -= 1
      buffer[start] = UInt8(ascii: "x")
      put(transaction)
      start -= 1
      buffer[start] = UInt8(ascii: "x")
      put(block)
      body(UnsafeBufferPointer(rebasing: buffer[start...]))
    }
  }

  /// Reads `BLOCKxTXxOUT` (`description`'s inverse): three decimal numbers that fit in 24, 24 and
  /// 16 bits; nil for anything else.
  public init?(_ description: String) {
    let pieces = description.split(separator: "x", omittingEmptySubsequences: false)
    guard pieces.count == 3, let block = UInt32(pieces[0]), block < 1 << 24,
      let transaction = UInt32(pieces[1]), transaction < 1 << 24,
      let output = UInt16(pieces[2])
    else { return nil }
    self.init(block: block, transaction: transaction, output: output)
  }
}

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
