public import Secp256k1

/// A node URI: `<node id>@host[:port]`, the address a wallet opens a channel or connects to.
///
/// The node id is 66 hexadecimal digits of a compressed key (02 or 03 first) that is a point on
/// secp256k1; the host a host name, an IPv4 address or an IPv6 address in brackets; the port
/// 1 to 65535, 9735 when absent.
public struct NodeURI: Sendable, Hashable {
  /// The node's key.
  public let nodeID: PublicKey
  /// The host as written (an IPv6 address without its brackets), lower case.
  public let host: String
  /// The port: 9735 when the URI gives none.
  public let port: UInt16

  /// The port a node listens on when none is given (BOLT #1).
  public static let defaultPort: UInt16 = 9735

  /// Reads a node URI.
  ///
  /// - Parameter text: the URI, with white space around it allowed.
  /// - Throws: `PaymentStringError` with `node_uri.malformed` (a key not on the curve, a bad
  ///   host or port), or `input.unrecognized` or another kind's `input.*` code.
  /// - Complexity: O(n).
  public init(parsing text: String) throws(PaymentStringError) {
    self = try Recognition.read(Array(text.utf8), as: [.nodeURI], "a node URI") {
      body, _ throws(PaymentStringError) in try NodeURI(parsingUTF8: body)
    }
  }

  /// The characters of a node id before its `@`.
  static let nodeIDLength = 66  // 33 bytes, two digits each

  /// Whether `range` starts with 66 hexadecimal digits of 02 or 03 and an `@`.
  static func hasNodeIDPrefix<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ range: Range<Int>
  ) -> Bool where Bytes.Index == Int {
    guard range.count > nodeIDLength, bytes[range.lowerBound] == UInt8(ascii: "0"),
      bytes[range.lowerBound + 1] == UInt8(ascii: "2")
        || bytes[range.lowerBound + 1] == UInt8(ascii: "3"),
      bytes[range.lowerBound + nodeIDLength] == UInt8(ascii: "@")
    else { return false }
    return (range.lowerBound..<(range.lowerBound + nodeIDLength)).allSatisfy {
      ASCII.hexValue(bytes[$0]) != nil
    }
  }

  /// Whether `range` is a bare node id: 66 hexadecimal digits starting `02` or `03`.
  static func isNodeID<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>)
    -> Bool where Bytes.Index == Int
  {
    range.count == nodeIDLength && bytes[range.lowerBound] == UInt8(ascii: "0")
      && (bytes[range.lowerBound + 1] == UInt8(ascii: "2")
        || bytes[range.lowerBound + 1] == UInt8(ascii: "3"))
      && range.allSatisfy { ASCII.hexValue(bytes[$0]) != nil }
  }

  /// The key written as 66 hexadecimal digits (already checked) from `start`, when it is a
  /// point on secp256k1.
  static func key(_ text: ArraySlice<UInt8>, at start: Int) -> PublicKey? {
    var keyBytes = [UInt8](repeating: 0, count: PublicKey.byteCount)
    for index in 0..<PublicKey.byteCount {
      keyBytes[index] =
        (ASCII.hexValue(text[start + 2 * index]) ?? 0) << 4
        | (ASCII.hexValue(text[start + 2 * index + 1]) ?? 0)
    }
    guard let key = PublicKey(bytes: keyBytes), key.isOnCurve else { return nil }
    return key
  }

  /// Reads a bare node id (a string recognised as one: indices the offsets in the whole string).
  ///
  /// - Throws: `input.unrecognized` for 66 digits that are not a point on secp256k1.
  static func nodeID(parsingUTF8 text: ArraySlice<UInt8>) throws(PaymentStringError) -> PublicKey {
    guard let key = key(text, at: text.startIndex) else {
      throw PaymentStringError(
        kind: nil, .inputUnrecognized,
        "66 hexadecimal digits that are not a point on secp256k1, so no node id",
        position: text.startIndex)
    }
    return key
  }

  /// Reads the body of a string recognised as a node URI (indices the offsets in the whole
  /// string).
  init(parsingUTF8 text: ArraySlice<UInt8>) throws(PaymentStringError) {
    func malformed(_ message: String, at position: Int) -> PaymentStringError {
      PaymentStringError(kind: .nodeURI, .nodeURIMalformed, message, position: position)
    }
    let start = text.startIndex
    guard NodeURI.hasNodeIDPrefix(text, text.startIndex..<text.endIndex) else {
      throw malformed("not 66 hexadecimal digits of 02 or 03 and an \"@\"", at: start)
    }
    guard let key = NodeURI.key(text, at: start) else {
      throw malformed("the node id is not a point on secp256k1", at: start)
    }
    nodeID = key
    let hostStart = start + NodeURI.nodeIDLength + 1
    var hostEnd: Int
    var portStart: Int?
    if hostStart < text.endIndex, text[hostStart] == UInt8(ascii: "[") {
      guard let close = text[hostStart...].firstIndex(of: UInt8(ascii: "]")) else {
        throw malformed("an IPv6 address without its \"]\"", at: hostStart)
      }
      let address = text[(hostStart + 1)..<close]
      guard !address.isEmpty else { throw malformed("an empty IPv6 address", at: close) }
      for index in address.indices {
        let byte = address[index]
        guard ASCII.hexValue(byte) != nil || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
        else {
          throw malformed("\(ASCII.describe(byte)) is not allowed in an IPv6 address", at: index)
        }
      }
      host = ASCII.string(address.map(ASCII.lowercased))
      hostEnd = close + 1
      if hostEnd < text.endIndex {
        guard text[hostEnd] == UInt8(ascii: ":") else {
          throw malformed("\(ASCII.describe(text[hostEnd])) after the IPv6 address", at: hostEnd)
        }
        portStart = hostEnd + 1
      }
    } else {
      hostEnd = text[hostStart...].firstIndex(of: UInt8(ascii: ":")) ?? text.endIndex
      let name = text[hostStart..<hostEnd]
      if let problem = LightningAddress.domainProblem(name, noun: "host", requireDot: false) {
        throw malformed(problem.message, at: problem.position)
      }
      host = ASCII.string(name.map(ASCII.lowercased))
      if hostEnd < text.endIndex { portStart = hostEnd + 1 }
    }
    guard let portStart else {
      port = NodeURI.defaultPort
      return
    }
    let digits = text[portStart...]
    guard !digits.isEmpty else { throw malformed("no port after the \":\"", at: portStart) }
    var value = 0
    for index in digits.indices {
      guard ASCII.isDigit(digits[index]) else {
        throw malformed("\(ASCII.describe(digits[index])) is not a digit of the port", at: index)
      }
      value = value * 10 + Int(digits[index] - 0x30)
      guard value <= Int(UInt16.max) else {
        throw malformed("the port is above 65535", at: portStart)
      }
    }
    guard value > 0 else { throw malformed("port 0", at: portStart) }
    port = UInt16(value)
  }
}
