/// A human-readable Bitcoin payment name as BIP-353 displays it, `₿user@domain`: a DNS name whose
/// TXT record holds the payment instructions. Nothing is resolved: ``dnsName`` is the name a
/// wallet looks up itself.
public struct BIP353Name: Sendable, Hashable {
  /// The user part, lower case.
  public let user: String
  /// The domain, lower case.
  public let domain: String

  /// The DNS name of the TXT record: `<user>.user._bitcoin-payment.<domain>`.
  public var dnsName: String { BIP353Name.dnsName(user: user, domain: domain) }

  /// `<user>.user._bitcoin-payment.<domain>`, the name BIP-353 gives `user@domain`.
  static func dnsName(user: String, domain: String) -> String {
    "\(user).user._bitcoin-payment.\(domain)"
  }

  /// The UTF-8 bytes of `₿` (U+20BF), which starts the display form.
  static let bitcoinSign: [UInt8] = [0xE2, 0x82, 0xBF]

  /// Whether `range` starts with `₿`.
  static func hasPrefix<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>)
    -> Bool where Bytes.Index == Int
  {
    range.count > bitcoinSign.count
      && bitcoinSign.indices.allSatisfy { bytes[range.lowerBound + $0] == bitcoinSign[$0] }
  }

  /// Reads the body of a string recognised as a BIP-353 name (indices the offsets in the whole
  /// string): `₿`, then `user@domain` as a Lightning Address has them.
  ///
  /// - Throws: `lightning_address.malformed` for a user or domain a Lightning Address would not
  ///   have either.
  init(parsingUTF8 text: ArraySlice<UInt8>) throws(PaymentStringError) {
    let address: LightningAddress
    do {
      address = try LightningAddress(parsingUTF8: text.dropFirst(BIP353Name.bitcoinSign.count))
    } catch {
      var error = error
      error.kind = .bip353Name
      throw error
    }
    user = address.user
    domain = address.domain
  }
}
