import Bolt11
import Chains
import PaymentInput
import TestSupport
import Testing

/// `BitcoinURI` as a wallet reads it: amounts converted exactly, entries with their text and
/// position, warnings naming their invoice, and `requiredInvoice()`.
@Suite struct BitcoinURITests {
  static func uri(_ text: String, now: UInt64? = nil) throws(PaymentStringError) -> BitcoinURI {
    try BitcoinURI(parsing: text, options: DecodeOptions(now: now))
  }

  /// Decimal bitcoin to millisatoshis by hand: 1 BTC = 10^11 msat.
  @Test(
    "converts decimal bitcoin exactly",
    arguments: [
      ("0.001", 100_000_000), ("1", 100_000_000_000), (".5", 50_000_000_000),
      ("1.", 100_000_000_000), ("0.000000001", 100), ("0.00000000001", 1),
      ("20.3", 2_030_000_000_000), ("0.12345678901", 12_345_678_901),
      ("21000000", 2_100_000_000_000_000_000), ("00000000000000000000000001", 100_000_000_000),
      ("0", 0), ("%31%2E5", 150_000_000_000),
    ] as [(String, UInt64)])
  func amounts(text: String, msat: UInt64) throws {
    let uri = try Self.uri("bitcoin:\(PaymentStringSamples.p2pkh)?amount=\(text)")
    #expect(uri.amount == Millisatoshis(msat))
  }

  @Test(
    "refuses amounts that are not decimal bitcoin",
    arguments: [
      "", ".", "0.000000000001", "0.100000000000", "1,000", "50,000.00", "-1", "+1", "1e3", "1E3",
      "1.2.3", "21000000.00000000001", "21000001", "18446744073709551616", " 1", "1%20", "0x1", "½",
      "1%2C0",
    ])
  func invalidAmounts(text: String) {
    let prefix = "bitcoin:\(PaymentStringSamples.p2pkh)?label=a&amount="
    do {
      _ = try Self.uri(prefix + text)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.code == .bip321InvalidAmount)
      #expect(error.kind == .bip321)
      #expect(error.position == prefix.utf8.count)
    }
  }

  @Test("keeps each entry's text, position and result, and other keys in order")
  func entries() throws {
    let prefix = "bitcoin:?Req-Lightning="
    let text =
      prefix + PaymentStringSamples.coffee + "&lno=" + PaymentStringSamples.offer
      + "&sp=sp1x&pop=a%3A&lightning="
      + PaymentStringSamples.lnurl + "&x"
    let uri = try Self.uri(text)
    #expect(uri.address == nil)
    #expect(uri.lightning.count == 2)
    #expect(uri.lightning[0].text == PaymentStringSamples.coffee)
    #expect(uri.lightning[0].position == prefix.utf8.count)
    #expect(try uri.lightning[0].result.get().fields.amount == Millisatoshis(250_000_000))
    #expect(uri.offers.count == 1)
    #expect(try uri.offers[0].result.get().bytes.count == 84)
    guard case .failure(let error) = uri.lightning[1].result else {
      Issue.record("an LNURL decoded as an invoice")
      return
    }
    #expect(error.code == .inputLNURL)
    #expect(error.kind == .lnurl)
    #expect(error.position == text.utf8.count - PaymentStringSamples.lnurl.utf8.count - 2)
    #expect(uri.entryError == error)
    #expect(
      uri.otherParameters.map { [$0.key, $0.value] } == [
        ["sp", "sp1x"], ["pop", "a:"], ["x", ""],
      ])
  }

  @Test("warnings name their invoice and leave the URI valid")
  func warnings() throws {
    let text =
      "bitcoin:\(PaymentStringSamples.testnetP2WPKH)?amount=0.003&lightning=\(PaymentStringSamples.donation)"
      + "&lightning=\(PaymentStringSamples.coffee)"
    // The donation's expiry, 3600 s after the shared timestamp: both have expired.
    let uri = try Self.uri(text, now: 1_496_314_658 + 3600)
    #expect(uri.entryError == nil)
    #expect(
      uri.warnings.map { "\($0.code.rawValue)@\($0.entry)" } == [
        "bip321.network_mismatch@0", "bip321.invoice_expired@0", "bip321.amount_mismatch@1",
        "bip321.network_mismatch@1", "bip321.invoice_expired@1",
      ])
    // Without the clock, no expiry; the invoice itself is never refused for it.
    #expect(try Self.uri(text).warnings.contains { $0.code == .invoiceExpired } == false)
  }

  @Test("a tb address matches tb and tbs; Base58 test addresses also regtest")
  func networks() throws {
    let segwit = try BitcoinAddress(parsing: PaymentStringSamples.testnetP2WPKH)
    #expect(segwit.matches(.testnet) && segwit.matches(.signet))
    #expect(!segwit.matches(.bitcoin) && !segwit.matches(.regtest))
    let base58 = try BitcoinAddress(parsing: PaymentStringSamples.testnetP2SH)
    #expect(base58.network == .testnet && base58.type == .p2sh)
    #expect(base58.matches(.regtest) && base58.matches(.signet) && !base58.matches(.bitcoin))
    let regtest = try BitcoinAddress(parsing: PaymentStringSamples.regtestP2WPKH)
    #expect(regtest.network == .regtest && regtest.matches(.regtest) && !regtest.matches(.testnet))
    #expect(!BitcoinNetwork.bitcoin.matches(.unknown(prefix: "sb")))
    #expect(regtest.fallback.scriptPubKey == segwit.fallback.scriptPubKey)
  }

  @Test("an address's form names the chains that share it, testnet4 among tb's")
  func networkChains() {
    #expect(BitcoinNetwork.bitcoin.chains == [.bitcoin])
    #expect(Set(BitcoinNetwork.testnet.chains) == [.testnet, .testnet4, .signet])
    #expect(BitcoinNetwork.regtest.chains == [.regtest])
    #expect(BitcoinNetwork.allCases.map(\.segwitHRP) == ["bc", "tb", "bcrt"])
  }

  @Test("requiredInvoice: the one invoice, or why there is none")
  func requiredInvoice() throws {
    func code(_ text: String) -> String? {
      do {
        _ = try PaymentString(parsing: text).requiredInvoice()
        return nil
      } catch {
        return error.dottedCode
      }
    }
    #expect(code(PaymentStringSamples.coffee) == nil)
    #expect(code("bitcoin:?lightning=" + PaymentStringSamples.coffee) == nil)
    #expect(code("bitcoin:" + PaymentStringSamples.p2pkh) == "input.bip321_without_invoice")
    #expect(
      code(
        "bitcoin:?lightning=\(PaymentStringSamples.coffee)&lightning=\(PaymentStringSamples.donation)"
      )
        == "input.ambiguous")
    #expect(
      code("bitcoin:?lightning=" + PaymentStringSamples.coffee.dropLast() + "q")
        == "bech32.checksum")
    #expect(code(PaymentStringSamples.offer) == "input.bolt12_offer")
    #expect(code(PaymentStringSamples.lnurl) == "input.lnurl")
    #expect(code("satoshi@bitcoin.org") == "input.lightning_address")
    #expect(code(PaymentStringSamples.node + "@host") == "input.node_uri")
    #expect(code(PaymentStringSamples.p2pkh) == "input.bitcoin_address")
  }

  @Test("refuses what BIP-321 refuses")
  func refusals() {
    func code(_ text: String) -> PaymentStringError.Code? {
      do {
        _ = try Self.uri(text)
        return nil
      } catch {
        return error.code
      }
    }
    #expect(code("bitcoin:") == .bip321Empty)
    #expect(code("bitcoin:?label=a&message=b&pop=c") == .bip321Empty)
    #expect(code("bitcoin:\(PaymentStringSamples.p2pkh)?req-x=1") == .bip321UnknownRequired)
    #expect(code("bitcoin:\(PaymentStringSamples.p2pkh)?label=a&LABEL=b") == .bip321Duplicate)
    #expect(code("bitcoin:\(PaymentStringSamples.p2pkh)?pop=a&req-pop=b") == .bip321Duplicate)
    #expect(code("bitcoin:\(PaymentStringSamples.p2pkh)?label=%zz") == .bip321Malformed)
    #expect(code("bitcoin:\(PaymentStringSamples.p2pkh)?label=%FF") == .bip321Malformed)
    #expect(code("bitcoin:\(PaymentStringSamples.p2pkh)?=1") == .bip321Malformed)
    #expect(code("bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3") == .bip321InvalidAddress)
    #expect(code("bitcoin:notanaddress") == .bip321InvalidAddress)
    #expect(code("bitcoin:\(PaymentStringSamples.p2pkh)?lightning=x&unknown=1&bc=y") == nil)
  }

  @Test("bolt12-issue39: an entry's value percent-decoded, each byte at its character in the URI")
  func decodedValue() throws {
    let coffee = PaymentStringSamples.coffee
    // "Café" is four characters in five bytes; "lnbc" is written in twelve.
    let prefix = "bitcoin:?label=Café&lightning="
    let text = prefix + "%6C%6E%62%63" + coffee.dropFirst(4)
    let entry = try #require(try Self.uri(text).lightning.first)
    let start = prefix.unicodeScalars.count
    #expect(entry.position == start)
    let value = entry.decodedValue
    #expect(value.bytes == Array(coffee.utf8))
    #expect(value.positions.count == coffee.utf8.count + 1)
    #expect(
      Array(value.positions.prefix(5)) == [start, start + 3, start + 6, start + 9, start + 12])
    #expect(value.positions.last == text.unicodeScalars.count)
    // Nothing escaped: one character a byte from the value's start.
    let plain = try #require(try Self.uri(prefix + coffee).lightning.first).decodedValue
    #expect(plain.positions == Array(start...(start + coffee.utf8.count)))
  }
}
