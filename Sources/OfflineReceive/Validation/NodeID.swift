import Bolt11

/// A Lightning node's public key: 33 bytes, compared as bytes.
///
/// Node ids compare as 33 bytes, never as hex text of either case.
public struct NodeID: Hashable, Sendable, CustomStringConvertible {
  /// The compressed key.
  public let bytes: [UInt8]

  /// Bytes in a compressed key: a 0x02/0x03 prefix and a 32-byte x coordinate.
  public static let length = 33

  /// A node id from its 33 compressed-key bytes, or nil for any other length or prefix.
  public init?(bytes: [UInt8]) {
    guard bytes.count == Self.length, bytes[0] == 0x02 || bytes[0] == 0x03 else { return nil }
    self.bytes = bytes
  }

  /// A node id from 66 hexadecimal digits in either case, or nil when the text is not a
  /// compressed key.
  public init?(hex: String) {
    guard let bytes = Hex.decode(hex) else { return nil }
    self.init(bytes: bytes)
  }

  /// Lower-case hexadecimal, for display only; never compared.
  public var description: String { Hex.encode(bytes) }
}
