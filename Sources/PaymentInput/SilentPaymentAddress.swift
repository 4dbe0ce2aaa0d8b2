/// A silent-payment address (BIP-352): `sp1...` on mainnet, `tsp1...` on the test chains, in
/// either case. Recognised by its prefix and its characters; not decoded further (its keys are
/// for a wallet that pays to silent payments).
public struct SilentPaymentAddress: Sendable, Hashable {
  /// The address as given, without the white space around it.
  public let text: String
  /// `bitcoin` for `sp`, `testnet` for `tsp` (which signet and regtest share).
  public let network: BitcoinNetwork

  /// Whether `range` starts with `sp1` or `tsp1`, either case.
  static func hasPrefix<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>)
    -> Bool where Bytes.Index == Int
  {
    ASCII.hasPrefix(bytes, range, "sp1") || ASCII.hasPrefix(bytes, range, "tsp1")
  }

  /// Reads the body of a string recognised as a silent-payment address (indices the offsets in
  /// the whole string).
  ///
  /// - Throws: `address.invalid` for no data, at a character outside the Bech32 alphabet, or for
  ///   mixed case.
  init(parsingUTF8 text: ArraySlice<UInt8>) throws(PaymentStringError) {
    let range = text.startIndex..<text.endIndex
    let isTest = ASCII.hasPrefix(text, range, "tsp1")
    let dataStart = text.startIndex + (isTest ? 4 : 3)
    guard dataStart < text.endIndex else {
      throw PaymentStringError(
        kind: .silentPaymentAddress, .addressInvalid, "no data after the prefix",
        position: text.endIndex)
    }
    var sawUpper = false
    var sawLower = false
    for index in text.indices {
      let byte = text[index]
      if ASCII.isUpper(byte) { sawUpper = true } else if ASCII.isLetter(byte) { sawLower = true }
      guard index < dataStart || ASCII.bech32Word(byte) != nil else {
        throw PaymentStringError(
          kind: .silentPaymentAddress, .addressInvalid,
          "\(ASCII.describe(byte)) is not a Bech32 character", position: index)
      }
    }
    guard !(sawUpper && sawLower) else {
      throw PaymentStringError(
        kind: .silentPaymentAddress, .addressInvalid, "upper and lower case mixed",
        position: text.startIndex)
    }
    self.text = ASCII.string(text)
    network = isTest ? .testnet : .bitcoin
  }
}
