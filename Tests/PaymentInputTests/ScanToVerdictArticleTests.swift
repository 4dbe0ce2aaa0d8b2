// The code of the article "From a scanned string to a verdict" (PaymentInput.docc): every Swift
// block of the article stands in this file, line for line (indentation aside), and runs here;
// `articleShowsTheTestedCode` checks that neither changes without the other.
import Bolt11
import PaymentInput
import Secp256k1
import TestSupport
import Testing

/// What a wallet's scanner does with a string, in the article's words.
enum ScanAnswer: Equatable {
  /// Pay this invoice; the address, if any, is the on-chain fallback.
  case pay(Invoice, fallback: String?)
  /// Pay this address on-chain, with the URI's amount if it gave one.
  case payOnChain(String, amount: Millisatoshis?)
  /// Ask this URL for an invoice (the wallet's own request: nothing was fetched).
  case fetch(String)
  /// Say no, with a code that says what the string is.
  case refuse(String, message: String)
}

@Suite struct ScanToVerdictArticleTests {
  // BOLT #11's "cup of coffee" example: 250,000,000 msat, "1 cup coffee", created 1496314658,
  // 60 seconds of expiry, paying 03e7156a...; and BIP-173's P2WPKH example address.
  static let coffee = SpecVector.all.first { $0.name.hasPrefix("Please send $3") }!.invoice
  static let address = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
  static let created: UInt64 = 1_496_314_658

  func answer(to scanned: String, now: UInt64) -> ScanAnswer {
    let options = DecodeOptions(network: .bitcoin, now: now)
    let string: PaymentString
    do {
      string = try PaymentString(parsing: scanned, options: options)
    } catch {
      // "bip321.invalid_amount", "bech32.checksum" for a mistyped invoice, ...
      return .refuse(error.dottedCode, message: SafeText.escape(error.message))
    }
    switch string {
    case .bolt11(let invoice):
      return .pay(invoice, fallback: nil)
    case .bip321(let uri):
      // An invoice that expired or disagrees with the URI leaves the address to pay.
      if uri.warnings.isEmpty, case .success(let invoice)? = uri.lightning.first?.result {
        return .pay(invoice, fallback: uri.address?.text)
      }
      if let address = uri.address {
        return .payOnChain(address.text, amount: uri.amount)
      }
      return .refuse(uri.entryError?.dottedCode ?? "input.bip321_without_invoice", message: "")
    case .lnurl(let lnurl):
      return .fetch(lnurl.url)
    case .lightningAddress(let address):
      return .fetch(address.url)
    case .bitcoinAddress(let address):
      return .payOnChain(address.text, amount: nil)
    case .bolt12, .nodeURI, .nodeID, .silentPaymentAddress, .bip353Name:
      return .refuse(string.kind.rawValue, message: "this wallet cannot pay it")
    }
  }

  func invoiceToPay(_ pasted: String) throws(PaymentStringError) -> Invoice {
    try PaymentString.invoice(in: pasted, options: DecodeOptions(network: .bitcoin)).invoice
  }

  func violations(of invoice: Invoice, order: Millisatoshis, ownNodeIDs: [PublicKey], now: UInt64)
    -> [InvoiceViolation]
  {
    var expected = InvoiceExpectations()
    expected.amount = order  // to the msat: never a rounded or converted amount
    expected.network = .bitcoin
    expected.ownNodeIDs = ownNodeIDs  // paying our own invoice is a mistake
    expected.minRemainingSeconds = 30  // enough to route the payment
    expected.maxFinalCLTVExpiryDelta = 2016  // how long the payee may hold it: two weeks
    return expected.check(invoice, now: now)
  }

  func confirmation(for invoice: Invoice) -> String {
    let amount = invoice.amount?.text(in: .satoshis) ?? "an amount you choose"
    let memo = invoice.description.displayText ?? "a description given elsewhere"
    return "Pay \(amount) for \"\(memo)\"?"
  }

  @Test("a unified URI pays its invoice, with the address as fallback")
  func unified() throws {
    let uri = "bitcoin:\(Self.address)?amount=0.0025&lightning=\(Self.coffee)"
    let answer = answer(to: uri, now: Self.created + 10)
    guard case .pay(let invoice, let fallback) = answer else {
      Issue.record("\(answer)")
      return
    }
    #expect(invoice.amount == Millisatoshis(250_000_000))
    #expect(fallback == Self.address)
    // The article's sentence: 2500u is 250,000 sat.
    #expect(confirmation(for: invoice) == "Pay 250,000 sat for \"1 cup coffee\"?")
  }

  @Test("an expired invoice beside an address: pay on-chain, with the URI's amount")
  func expired() {
    let uri = "BITCOIN:\(Self.address.uppercased())?LIGHTNING=\(Self.coffee.uppercased())&amount=1"
    #expect(
      answer(to: uri, now: Self.created + 60)
        == .payOnChain(Self.address.uppercased(), amount: Millisatoshis(100_000_000_000)))
  }

  @Test("LNURL and Lightning Address: the URL to ask, never fetched")
  func urls() {
    // LUD-01's example and the URL it encodes.
    let lnurl =
      "LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56N"
      + "YD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS"
    #expect(
      answer(to: lnurl, now: 0)
        == .fetch(
          "https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df"
        ))
    // LUD-16: https://<domain>/.well-known/lnurlp/<username>.
    #expect(
      answer(to: "satoshi@bitcoin.org", now: 0)
        == .fetch("https://bitcoin.org/.well-known/lnurlp/satoshi"))
  }

  @Test("an offer pasted where an invoice is needed is refused as what it is")
  func offer() {
    // BOLT #12's format-string example of a minimal offer.
    let offer =
      "lno1pgx9getnwss8vetrw3hhyuckyypwa3eyt44h6txtxquqh7lz5djge4afgfjn7k4rgrkuag0jsd5xvxg"
    #expect(throws: PaymentStringError.self) { try invoiceToPay(offer) }
    do {
      _ = try invoiceToPay(offer)
    } catch {
      #expect(error.dottedCode == "input.bolt12_offer")
    }
    #expect(
      answer(to: offer, now: 0) == .refuse("bolt12_offer", message: "this wallet cannot pay it"))
  }

  @Test("the check: the order's amount to the msat, not our own node")
  func check() throws {
    let invoice = try invoiceToPay("lightning:" + Self.coffee)
    let ours = try #require(
      PublicKey(hex: "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad"))
    let other = try #require(
      PublicKey(hex: "031b84c5567b126440995d3ed5aaba0565d71e1834604819ff9c17f5e9d5dd078f"))
    let now = Self.created + 10
    #expect(
      violations(of: invoice, order: Millisatoshis(250_000_000), ownNodeIDs: [other], now: now)
        == [])
    let codes = violations(
      of: invoice, order: Millisatoshis(250_000_001), ownNodeIDs: [ours], now: now
    )
    .map(\.code)
    #expect(codes == [.amountMismatch, .selfPayment])
    // 60 s of expiry, 30 wanted: 31 s left passes, 29 s does not.
    #expect(
      violations(
        of: invoice, order: Millisatoshis(250_000_000), ownNodeIDs: [], now: Self.created + 29)
        == [])
    #expect(
      violations(
        of: invoice, order: Millisatoshis(250_000_000), ownNodeIDs: [], now: Self.created + 31
      )
      .map(\.code) == [.lifetimeTooShort])
  }

  @Test("every Swift block of the article stands in this file, line for line")
  func articleShowsTheTestedCode() throws {
    let (blocks, missing) = try ArticleCode.blocksMissing(
      from: "Sources/PaymentInput/PaymentInput.docc/FromAScannedStringToAVerdict.md",
      in: "Tests/PaymentInputTests/ScanToVerdictArticleTests.swift")
    #expect(blocks >= 4)
    #expect(missing == [], "not in ScanToVerdictArticleTests.swift")
  }
}
