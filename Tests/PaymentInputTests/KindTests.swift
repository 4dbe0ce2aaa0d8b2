import Bech32Codec
import Bolt11
import PaymentInput
import Secp256k1
import TestSupport
import Testing

/// The kinds other than URIs, through their own entry points: values, and errors with their
/// positions in the string as given.
@Suite struct KindTests {
  @Test("a BOLT #12 string: + and white space joined, one case, whole bytes")
  func bolt12() throws {
    let joined = try Bolt12String(parsing: "lightning:LNO1QQ+\r\n  QQ")
    #expect(joined.kind == .offer && joined.hrp == "lno" && joined.bytes == [0, 0])
    // 16 data characters: 80 bits, 10 bytes, no padding.
    #expect(try Bolt12String(parsing: "lni1" + String(repeating: "q", count: 16)).bytes.count == 10)
    for (text, position) in [
      ("lno1qq+", 6), ("lno1qq+ ", 6), ("+lno1qq", 0), ("ln++o1qq", 2), ("lno1qQ", 5),
      ("lno1qqi", 6), ("lno1", 4), ("lno1q", 5), ("lno1qp", 6), ("lno1qq q", 6),
    ] {
      do {
        _ = try Bolt12String(parsing: text)
        Issue.record("accepted \(text)")
      } catch {
        #expect(error.code == .bolt12Malformed, "\(text)")
        #expect(error.position == position, "\(text): \(error)")
        #expect(error.kind == .bolt12Offer, "\(text)")
      }
    }
    #expect(throws: PaymentStringError.self) {
      try Bolt12String(parsing: PaymentStringSamples.coffee)
    }
  }

  @Test("an LNURL: LUD-01's example, any length, and the LUD-17 schemes")
  func lnurl() throws {
    let url =
      "https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df"
    #expect(try LNURL(parsing: PaymentStringSamples.lnurl).url == url)
    #expect(try LNURL(parsing: PaymentStringSamples.lnurl).tag == nil)
    // Encoded here with the package's own Bech32 writer, which Bech32CodecTests checks against
    // BIP-173: 2,000 bytes of URL, far past the 90-character limit.
    let long = "https://example.com/" + String(repeating: "a", count: 1_980)
    let encoded = Bech32.encode(
      hrp: Array("lnurl".utf8), words: Bech32.words(fromBytes: Array(long.utf8)))
    #expect(try LNURL(parsing: encoded).url == long)
    let plain = Bech32.encode(
      hrp: Array("lnurl".utf8), words: Bech32.words(fromBytes: Array("http://a.com/".utf8)))
    #expect(throws: PaymentStringError.self) { try LNURL(parsing: plain) }
    let schemes: [(String, String, LNURL.Tag)] = [
      ("lnurlp://a.com/p", "https://a.com/p", .pay),
      ("LNURLW://abc.onion/w", "http://abc.onion/w", .withdraw),
      ("lnurlc://[::1]:8080/c", "https://[::1]:8080/c", .channel),
      ("keyauth://user@a.com", "https://user@a.com", .login),
    ]
    for (text, expected, tag) in schemes {
      let lnurl = try LNURL(parsing: text)
      #expect(lnurl.url == expected && lnurl.tag == tag)
    }
  }

  @Test("a Lightning Address and its URL")
  func lightningAddress() throws {
    let address = try LightningAddress(parsing: "  Satoshi@Bitcoin.org ")
    #expect(address.user == "satoshi" && address.domain == "bitcoin.org")
    #expect(address.url == "https://bitcoin.org/.well-known/lnurlp/satoshi")
    for (text, position) in [
      ("sa toshi@a.com", 2), ("satoshi@-a.com", 8), ("satoshi@a-.com", 9), ("satoshi@a.com.", 14),
      ("satoshi@" + String(repeating: "a", count: 64) + ".com", 8 + 63),
    ] {
      do {
        _ = try LightningAddress(parsing: text)
        Issue.record("accepted \(text)")
      } catch {
        #expect(error.code == .lightningAddressMalformed && error.position == position, "\(error)")
      }
    }
  }

  @Test("a node URI: its key on the curve, its host and port")
  func nodeURI() throws {
    let node = try NodeURI(parsing: PaymentStringSamples.node.uppercased() + "@[2001:DB8::1]:1")
    #expect(node.nodeID == PublicKey(hex: PaymentStringSamples.node))
    #expect(node.host == "2001:db8::1" && node.port == 1)
    #expect(
      try NodeURI(parsing: PaymentStringSamples.node + "@localhost").port == NodeURI.defaultPort)
    for suffix in ["@", "@h:", "@h:65536", "@h:-1", "@[]", "@[::1]x", "@a_b"] {
      #expect(throws: PaymentStringError.self, "\(suffix)") {
        try NodeURI(parsing: PaymentStringSamples.node + suffix)
      }
    }
  }

  @Test("an address: type and network, its errors with positions")
  func address() throws {
    let address = try BitcoinAddress(parsing: PaymentStringSamples.p2wpkh.uppercased())
    #expect(address.type == .p2wpkh && address.network == .bitcoin)
    #expect(address.text == PaymentStringSamples.p2wpkh.uppercased())
    do {
      _ = try BitcoinAddress(parsing: "  bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3tb")
      Issue.record("accepted")
    } catch {
      #expect(error.code == .addressInvalid && error.position == 2 + 41)
    }
  }

  @Test("a bare invoice keeps the decoder's error, its position in the whole string")
  func invoice() {
    let text =
      "  lightning:" + PaymentStringSamples.coffee.prefix(20) + "b"
      + PaymentStringSamples.coffee.dropFirst(21)
    do {
      _ = try PaymentString(parsing: text)
      Issue.record("accepted")
    } catch {
      #expect(error.kind == .bolt11 && error.code == .invoiceInvalid)
      #expect(error.dottedCode == "bech32.invalid_character")
      #expect(error.position == 32 && error.invoiceError?.position == 32)
    }
  }
}
