import Bolt11
/// A Lightning node's public key: 33 bytes, compared as bytes.
///
/// Spec §4 W13: "payee equal to our node id, compared as 33 bytes". The original compared
/// lower-cased hex strings (P18); this type makes a byte comparison the only one there is.
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

  /// A node id from 66 hexadecimal digits, in either case (spec §1.11: "case-insensitive on
  /// input"), or nil when the text is not a compressed key.
  public init?(hex: String) {
    guard let bytes = Hex.decode(hex) else { return nil }
    self.init(bytes: bytes)
  }

  /// Lower-case hexadecimal, for display only; never compared.
  public var description: String { Hex.encode(bytes) }
}
