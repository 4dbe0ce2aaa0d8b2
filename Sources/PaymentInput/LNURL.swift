import Bech32Codec

/// An LNURL: a URL a wallet calls, written as bech32 (`lnurl1...`, either case, of any length),
/// with one of the schemes `lnurlp://`, `lnurlw://`, `lnurlc://` and `keyauth://`, or as the
/// `lightning` parameter of a web link (`https://example.com/?lightning=LNURL1...`).
///
/// Nothing is fetched: ``url`` is what a wallet would call. It is `https`, or `http` for an onion
/// host; a bech32 LNURL of a clearnet `http://` URL is refused.
public struct LNURL: Sendable, Hashable {
  /// What a scheme says the LNURL is for.
  public enum Tag: String, CaseIterable, Sendable {
    /// `lnurlp://`: a pay request.
    case pay
    /// `lnurlw://`: a withdraw request.
    case withdraw
    /// `lnurlc://`: a channel request.
    case channel
    /// `keyauth://`: a login.
    case login
  }

  /// The URL a wallet would call: `https://...`, or `http://...` for an onion host.
  public let url: String
  /// What the scheme says the LNURL is for; nil for a bech32 LNURL, whose URL says it.
  public let tag: Tag?

  /// Reads an LNURL.
  ///
  /// - Parameter text: the LNURL, optionally with a `lightning:` prefix and white space around it.
  /// - Throws: `PaymentStringError` with `lnurl.malformed` (a bad checksum, a prefix other than
  ///   `lnurl`, data that is not a UTF-8 URL, a clearnet `http://` URL, no host), or
  ///   `input.unrecognized` or another kind's `input.*` code for a string that is no LNURL.
  /// - Complexity: O(n).
  public init(parsing text: String) throws(PaymentStringError) {
    self = try Recognition.read(Array(text.utf8), as: [.lnurl], "an LNURL") {
      body, _ throws(PaymentStringError) in try LNURL(parsingUTF8: body)
    }
  }

  /// Where the LNURL stands in LUD-01's fallback scheme, `https://<any host>/...?lightning=LNURL1...`
  /// (or `http://`): the range of the `lightning` parameter's value (the key in any case), when
  /// it starts with `lnurl1`; nil for any other string.
  static func fallbackValue<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ range: Range<Int>
  ) -> Range<Int>? where Bytes.Index == Int {
    guard ASCII.hasPrefix(bytes, range, "https://") || ASCII.hasPrefix(bytes, range, "http://"),
      var index = bytes[range].firstIndex(of: UInt8(ascii: "?"))
    else { return nil }
    let end = bytes[range].firstIndex(of: UInt8(ascii: "#")) ?? range.upperBound
    while index < end {
      let start = index + 1
      let next = bytes[start..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
      if ASCII.hasPrefix(bytes, start..<next, "lightning=") {
        let value = (start + 10)..<next
        return ASCII.hasPrefix(bytes, value, "lnurl1") ? value : nil
      }
      index = next
    }
    return nil
  }

  /// Reads the body of a string recognised as an LNURL (indices the offsets in the whole string).
  init(parsingUTF8 text: ArraySlice<UInt8>) throws(PaymentStringError) {
    // LUD-01's fallback scheme: the LNURL is the `lightning` parameter of a web link.
    let value = LNURL.fallbackValue(text, text.startIndex..<text.endIndex)
    try self.init(reading: value.map { text[$0] } ?? text)
  }

  /// Reads a bech32 LNURL or one of a LUD-17 scheme.
  private init(reading text: ArraySlice<UInt8>) throws(PaymentStringError) {
    let range = text.startIndex..<text.endIndex
    if let (scheme, tag) = Recognition.lnurlSchemes.first(where: {
      ASCII.hasPrefix(text, range, $0.scheme)
    }) {
      // LUD-17: the scheme replaces "https://" (for clearnet URLs) and "http://" (for onion
      // URLs).
      let rest = text.dropFirst(scheme.utf8CodeUnitCount)
      let host = try LNURL.host(of: rest)
      url = (host.isOnion ? "http://" : "https://") + ASCII.string(rest)
      self.tag = tag
      return
    }
    let decoded: Bech32.Decoded
    do {
      decoded = try text.withUnsafeBufferPointer { buffer in
        Result { () throws(Bech32Error) in try Bech32.decode(bytes: buffer) }
      }.get()
    } catch {
      throw PaymentStringError(
        kind: .lnurl, .lnurlMalformed, error.message,
        position: error.position.map { $0 + text.startIndex })
    }
    guard decoded.hrpString == "lnurl" else {
      throw LNURL.malformed("the prefix is not lnurl", at: text.startIndex)
    }
    guard decoded.variant == .bech32 else {
      throw LNURL.malformed("a Bech32m checksum; an LNURL is Bech32", at: nil)
    }
    let bytes: [UInt8]
    do { bytes = try Bech32.bytes(fromWords: decoded.words) } catch {
      throw LNURL.malformed("the data does not regroup into whole bytes", at: nil)
    }
    guard ASCII.isUTF8(bytes) else {
      throw LNURL.malformed("the decoded URL is not UTF-8", at: nil)
    }
    // LUD-01: "either an `https://` clearnet link (no self-signed certificates allowed) or an
    // `http://` v2/v3 onion link."
    let whole = bytes[...]
    let rest: ArraySlice<UInt8>
    let isHTTPS = ASCII.hasPrefix(whole, whole.indices, "https://")
    if isHTTPS {
      rest = whole.dropFirst(8)
    } else if ASCII.hasPrefix(whole, whole.indices, "http://") {
      rest = whole.dropFirst(7)
    } else {
      throw LNURL.malformed("the decoded URL is not https:// (or http:// for onion)", at: nil)
    }
    let host = try LNURL.host(of: rest, inDecodedURL: true)
    if !isHTTPS && !host.isOnion {
      throw LNURL.malformed("a clearnet http:// URL; LNURLs use https:// or an onion host", at: nil)
    }
    url = ASCII.string(bytes)
    tag = nil
  }

  static func malformed(_ message: String, at position: Int?) -> PaymentStringError {
    PaymentStringError(kind: .lnurl, .lnurlMalformed, message, position: position)
  }

  /// What the authority of a URL says: whether its host is an onion host.
  struct Host {
    var isOnion: Bool
  }

  /// Checks the part of a URL after `scheme://`: printable ASCII or UTF-8, a non-empty host.
  ///
  /// - Parameter inDecodedURL: whether `rest` is in a decoded bech32 URL (no positions in the
  ///   input apply) rather than the input itself.
  static func host(of rest: ArraySlice<UInt8>, inDecodedURL: Bool = false)
    throws(PaymentStringError) -> Host
  {
    func position(_ index: Int) -> Int? { inDecodedURL ? nil : index }
    for index in rest.indices where rest[index] <= 0x20 || rest[index] == 0x7f {
      throw malformed(
        "\(ASCII.describe(rest[index])) is not allowed in a URL", at: position(index))
    }
    let authorityEnd =
      rest.firstIndex {
        $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
      }
      ?? rest.endIndex
    var authority = rest[..<authorityEnd]
    if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
    var host = authority
    if host.first == UInt8(ascii: "[") {
      host = host[..<(host.firstIndex(of: UInt8(ascii: "]")) ?? host.endIndex)]
    } else if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
      host = host[..<colon]
    }
    guard !host.isEmpty else {
      throw malformed("the URL has no host", at: position(rest.startIndex))
    }
    return Host(isOnion: isOnion(host))
  }

  /// Whether a host name ends with `.onion` (either case).
  static func isOnion(_ host: ArraySlice<UInt8>) -> Bool {
    let suffix = ".onion"
    guard host.count > suffix.utf8.count else { return false }
    return host.suffix(suffix.utf8.count).map(ASCII.lowercased).elementsEqual(suffix.utf8)
  }
}
