/// A Lightning Address (LUD-16): `user@domain`, the URL a wallet calls to get an invoice.
///
/// The user is letters, digits, `-`, `_` and `.`, the domain a host name of labels of letters,
/// digits and `-` with at least one dot. Upper-case letters are read as lower case (QR codes are
/// often all upper case; LUD-16 allows only lower case). Nothing is fetched.
public struct LightningAddress: Sendable, Hashable {
  /// The user part, lower case.
  public let user: String
  /// The domain, lower case.
  public let domain: String

  /// The URL a wallet calls: `https://<domain>/.well-known/lnurlp/<user>`, or `http://` for an
  /// onion domain.
  public var url: String {
    (LNURL.isOnion(Array(domain.utf8)[...]) ? "http://" : "https://") + domain
      + "/.well-known/lnurlp/" + user
  }

  /// The DNS name BIP-353 gives the same `user@domain`, for a wallet that reads it as a payment
  /// name rather than a Lightning Address: `<user>.user._bitcoin-payment.<domain>`.
  public var bip353DNSName: String { BIP353Name.dnsName(user: user, domain: domain) }

  /// Reads a Lightning Address.
  ///
  /// - Parameter text: `user@domain`, optionally with a `lightning:` prefix and white space
  ///   around it.
  /// - Throws: `PaymentStringError` with `lightning_address.malformed`, or `input.unrecognized`
  ///   or another kind's `input.*` code (a node URI's user part is its node id).
  /// - Complexity: O(n).
  public init(parsing text: String) throws(PaymentStringError) {
    self = try Recognition.read(Array(text.utf8), as: [.lightningAddress], "a Lightning Address") {
      body, _ throws(PaymentStringError) in try LightningAddress(parsingUTF8: body)
    }
  }

  /// Reads the body of a string recognised as a Lightning Address (indices the offsets in the
  /// whole string).
  init(parsingUTF8 text: ArraySlice<UInt8>) throws(PaymentStringError) {
    func malformed(_ message: String, at position: Int) -> PaymentStringError {
      PaymentStringError(
        kind: .lightningAddress, .lightningAddressMalformed, message, position: position)
    }
    guard let at = text.firstIndex(of: UInt8(ascii: "@")) else {
      throw malformed("no \"@\" between the user and the domain", at: text.startIndex)
    }
    let userPart = text[..<at]
    guard !userPart.isEmpty else { throw malformed("the user is empty", at: at) }
    // LUD-16: "The `<username>` is limited to `a-z0-9-_.`."
    for index in userPart.indices {
      let byte = ASCII.lowercased(userPart[index])
      guard ASCII.isLetter(byte) || ASCII.isDigit(byte) || Array("-_.".utf8).contains(byte) else {
        throw malformed(
          "\(ASCII.describe(userPart[index])) is not allowed in the user (a-z, 0-9, -, _, .)",
          at: index)
      }
    }
    let domainPart = text[(at + 1)...]
    if let problem = LightningAddress.domainProblem(domainPart) {
      throw malformed(problem.message, at: problem.position)
    }
    user = ASCII.string(userPart.map(ASCII.lowercased))
    domain = ASCII.string(domainPart.map(ASCII.lowercased))
  }

  /// What is wrong with a domain name, or nil: labels of 1 to 63 letters, digits and `-` (not
  /// first or last), at least two, at most 253 characters in all.
  static func domainProblem(
    _ domain: ArraySlice<UInt8>, noun: String = "domain", requireDot: Bool = true
  ) -> (
    message: String, position: Int
  )? {
    guard !domain.isEmpty else { return ("the \(noun) is empty", domain.startIndex) }
    // RFC 1035: 255 octets on the wire, 253 characters written.
    guard domain.count <= 253 else {
      return ("the \(noun) is longer than 253 characters", domain.startIndex + 253)
    }
    var labelStart = domain.startIndex
    var labels = 0
    for index in domain.indices {
      let byte = domain[index]
      if byte == UInt8(ascii: ".") {
        guard index > labelStart else { return ("an empty label in the \(noun)", index) }
        guard domain[index - 1] != UInt8(ascii: "-") else {
          return ("a label of the \(noun) ends with \"-\"", index - 1)
        }
        labels += 1
        labelStart = index + 1
        continue
      }
      guard ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "-") else {
        return ("\(ASCII.describe(byte)) is not allowed in a \(noun)", index)
      }
      if byte == UInt8(ascii: "-"), index == labelStart {
        return ("a label of the \(noun) starts with \"-\"", index)
      }
      guard index - labelStart < 63 else {
        return ("a label of the \(noun) is longer than 63 characters", index)
      }
    }
    guard labelStart < domain.endIndex else {
      return ("the \(noun) ends with an empty label", domain.endIndex)
    }
    guard domain[domain.endIndex - 1] != UInt8(ascii: "-") else {
      return ("a label of the \(noun) ends with \"-\"", domain.endIndex - 1)
    }
    guard labels >= 1 || !requireDot else {
      return ("the \(noun) has no dot", domain.startIndex)
    }
    return nil
  }
}
