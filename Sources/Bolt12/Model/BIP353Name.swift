/// A BIP-353 human-readable name (`name` at `domain`), each only `0-9a-zA-Z-_.`.
public struct BIP353Name: Sendable, Hashable {
  /// The user part.
  public let name: String
  /// The domain.
  public let domain: String

  /// The name from its parts, or nil when either is longer than 255 bytes or holds a
  /// character outside `0-9a-zA-Z-_.`.
  public init?(name: String, domain: String) {
    guard Self.isAllowed(name.utf8), Self.isAllowed(domain.utf8) else { return nil }
    self.name = name
    self.domain = domain
  }

  /// Whether `bytes` fit a length byte and hold only `0-9a-zA-Z-_.`.
  static func isAllowed(_ bytes: some Collection<UInt8>) -> Bool {
    // BOLT 12: "MUST reject the invoice request if `name` or `domain` contain any bytes which
    // are not `0`-`9`, `a`-`z`, `A`-`Z`, `-`, `_` or `.`."
    bytes.count <= 255
      && bytes.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "_"),
          UInt8(ascii: "."):
          true
        default: false
        }
      }
  }
}
