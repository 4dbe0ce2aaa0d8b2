import Bech32Codec
public import Bolt11
import Chains

/// A bare on-chain address: Base58Check (P2PKH, P2SH) or segwit (Bech32 for version 0, Bech32m
/// for versions 1 to 16), checked for its checksum, version and program length.
public struct BitcoinAddress: Sendable, Hashable {
  /// The address as written.
  public let text: String
  /// The address's version and program, from which its type and script follow.
  public let fallback: Fallback
  /// The chain the address is for.
  public let network: BitcoinNetwork

  /// The address type, named as an invoice's fallbacks name them (`P2WPKH`, ...).
  public var type: Fallback.Kind { fallback.kind }

  /// Whether an invoice for `currency` pays on this address's chain: `network.matches`, and a
  /// Base58 test address (whose versions regtest shares) also matches a regtest invoice.
  public func matches(_ currency: Currency) -> Bool {
    if network == .testnet, fallback.version >= Fallback.p2pkhVersion, currency == .regtest {
      return true
    }
    return network.matches(currency)
  }

  /// Reads an address.
  ///
  /// - Parameter text: the address, with white space around it allowed.
  /// - Throws: `PaymentStringError` with `address.invalid` (a bad checksum, version, program
  ///   length or network), or `input.unrecognized` or another kind's `input.*` code for a string
  ///   that is no address.
  /// - Complexity: O(n).
  public init(parsing text: String) throws(PaymentStringError) {
    self = try Recognition.read(Array(text.utf8), as: [.bitcoinAddress], "an on-chain address") {
      body, _ throws(PaymentStringError) in try BitcoinAddress(parsingUTF8: body)
    }
  }

  /// The Base58 digits (`Base58.alphabet`'s characters), for the form test.
  private static let base58Digits = Set(
    UnsafeBufferPointer(start: Base58.alphabet.utf8Start, count: Base58.alphabet.utf8CodeUnitCount))

  /// Each chain's segwit human-readable part with its separator (`bc1`, `tb1`, `bcrt1`), from
  /// the chain table.
  private static let segwitPrefixes: [[UInt8]] = Set(Chain.all.map(\.segwitHRP)).sorted().map {
    Array($0.utf8) + [UInt8(ascii: "1")]
  }

  /// Whether `range` starts with a chain's segwit prefix and separator, in either case.
  private static func hasSegwitPrefix<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ range: Range<Int>
  ) -> Bool where Bytes.Index == Int {
    segwitPrefixes.contains { prefix in
      range.count >= prefix.count
        && prefix.indices.allSatisfy {
          ASCII.lowercased(bytes[range.lowerBound + $0]) == prefix[$0]
        }
    }
  }

  /// Whether `range` looks like an address: `bc1`, `tb1` or `bcrt1` first (either case), or 25
  /// to 35 Base58 digits starting with `1`, `3`, `m`, `n` or `2`.
  static func hasAddressForm<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ range: Range<Int>
  ) -> Bool where Bytes.Index == Int {
    if hasSegwitPrefix(bytes, range) { return true }
    guard (25...35).contains(range.count), Array("13mn2".utf8).contains(bytes[range.lowerBound])
    else { return false }
    return range.allSatisfy { base58Digits.contains(bytes[$0]) }
  }

  /// Reads the body of a string recognised as an address (indices the offsets in the whole
  /// string).
  init(parsingUTF8 text: ArraySlice<UInt8>) throws(PaymentStringError) {
    func invalid(_ message: String, at position: Int? = nil) -> PaymentStringError {
      PaymentStringError(kind: .bitcoinAddress, .addressInvalid, message, position: position)
    }
    self.text = ASCII.string(text)
    let range = text.startIndex..<text.endIndex
    if Self.hasSegwitPrefix(text, range) {
      let decoded: (hrp: String, version: UInt8, program: [UInt8])
      do { decoded = try SegwitAddress.decode(self.text) } catch {
        switch error {
        case .bech32(let bech32):
          throw invalid(bech32.message, at: bech32.position.map { $0 + text.startIndex })
        case .wrongHRP: throw invalid("not a Bitcoin network's prefix")
        case .invalidVersion: throw invalid("a witness version above 16")
        case .invalidProgramLength:
          throw invalid("a witness program of a length its version does not allow")
        case .wrongVariant:
          throw invalid(
            decoded0Message(text)
              ? "a version 0 address with a Bech32m checksum"
              : "a version 1+ address with a Bech32 checksum")
        case .invalidPadding: throw invalid("the program does not regroup into whole bytes")
        }
      }
      guard let fallback = Fallback(version: decoded.version, program: decoded.program) else {
        throw invalid("a witness program of a length its version does not allow")
      }
      self.fallback = fallback
      // SegwitAddress.decode accepts only the chain table's human-readable parts.
      network = BitcoinNetwork(segwitHRP: decoded.hrp) ?? .regtest
      return
    }
    let payload: [UInt8]
    switch text.withUnsafeBufferPointer({ Base58.checkDecode($0) }) {
    case .success(let bytes): payload = bytes
    case .failure(.invalidCharacter(let index)):
      throw invalid("not a Base58 digit", at: text.startIndex + index)
    case .failure(.invalidLength): throw invalid("not the length of an address")
    case .failure(.checksum): throw invalid("the Base58Check checksum does not match")
    }
    // A version byte and a 20-byte hash.
    guard payload.count == 21 else { throw invalid("not a 20-byte hash with its version") }
    let version = payload[0]
    let hash = Array(payload[1...])
    for currency in [Currency.bitcoin, .testnet] {
      for (versionByte, fallbackVersion) in [
        (currency.p2pkhVersion, Fallback.p2pkhVersion),
        (currency.p2shVersion, Fallback.p2shVersion),
      ] where versionByte == version {
        guard let fallback = Fallback(version: fallbackVersion, program: hash) else { continue }
        self.fallback = fallback
        network = currency == .bitcoin ? .bitcoin : .testnet
        return
      }
    }
    throw invalid("version byte 0x\(String(version, radix: 16)) is no Bitcoin address's")
  }
}

/// Whether a segwit address's version character (after the separator) is `q`, version 0.
private func decoded0Message(_ text: ArraySlice<UInt8>) -> Bool {
  guard let separator = text.lastIndex(of: UInt8(ascii: "1")), separator + 1 < text.endIndex
  else { return false }
  return ASCII.lowercased(text[separator + 1]) == UInt8(ascii: "q")
}
