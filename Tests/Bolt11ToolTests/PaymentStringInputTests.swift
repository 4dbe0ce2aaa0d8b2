import Bolt11JSON
import Bolt11ToolFixtures
import Testing

/// What people paste, through every command that reads an invoice, and `inspect`.
///
/// The strings are the specs' own: BOLT #11's coffee invoice (250,000,000 msat, created
/// 1496314658, 60 s of expiry), BIP-173's P2WPKH example address, LUD-01's example LNURL and
/// the URL it encodes, BOLT #12's minimal offer from its format-string vectors.
@Suite struct PaymentStringInputTests {
  static let address = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
  static let uri = "bitcoin:\(address)?amount=0.001&label=Coffee&lightning=\(SpecInvoice.coffee)"
  static let offer =
    "lno1pgx9getnwss8vetrw3hhyuckyypwa3eyt44h6txtxquqh7lz5djge4afgfjn7k4rgrkuag0jsd5xvxg"
  static let lnurl =
    "LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56N"
    + "YD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS"
  static let now = String(SpecInvoice.timestamp + 10)

  @Test("decode reads a bitcoin: URI's invoice, with the URI's facts and warnings in uri")
  func decodeURI() throws {
    let run = runTool(["decode", "--json", Self.uri, "--now", Self.now])
    #expect(run.code == 0, "\(run.stderr)")
    let json = try JSON.parse(run.stdout)
    #expect(json["amount_msat"] == .unsigned(250_000_000))
    #expect(json["uri"]?["address"] == .string(Self.address))
    #expect(json["uri"]?["address_type"] == .string("P2WPKH"))
    // 0.001 BTC is 100,000,000 msat, 150,000,000 less than the invoice asks.
    #expect(json["uri"]?["amount_msat"] == .unsigned(100_000_000))
    #expect(json["uri"]?["label"] == .string("Coffee"))
    #expect(json["uri"]?["warnings"] == .array([.string("bip321.amount_mismatch")]))
    let human = runTool(["decode", Self.uri, "--now", Self.now])
    #expect(human.stdout.hasPrefix("valid bolt11 invoice, from a bitcoin: URI\n"))
    #expect(human.stdout.contains("on-chain"))
  }

  @Test("the URI's invoice is held to decode's options: expired with --now, another network")
  func decodeURIOptions() {
    let expired = runTool(["decode", Self.uri, "--now", String(SpecInvoice.timestamp + 60)])
    #expect(expired.code == 1)
    #expect(expired.stderr.hasPrefix("error: invoice.expired: "))
    let network = runTool(["decode", Self.uri, "--network", "tb"])
    #expect(network.stderr.hasPrefix("error: network.mismatch: "))
  }

  @Test(
    "every other kind is refused as what it is, with exit 1 and its kind in the JSON",
    arguments: [
      (offer, "input.bolt12_offer", "bolt12_offer"),
      (lnurl, "input.lnurl", "lnurl"),
      ("satoshi@bitcoin.org", "input.lightning_address", "lightning_address"),
      (
        "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad@203.0.113.7:9735",
        "input.node_uri", "node_uri"
      ),
      (address, "input.bitcoin_address", "bitcoin_address"),
      (SpecInvoice.payee, "input.node_id", "node_id"),
      ("₿satoshi@bitcoin.org", "input.bip353_name", "bip353_name"),
      (
        "sp1qqgste7k9hx0qftg6qmwlkqtwuy6cycyavzmzj85c6qdfhjdpdjtdgqjuexzk6murw56suy3e0rd2cgqvycxttd",
        "input.silent_payment_address", "silent_payment_address"
      ),
      ("https://example.com/?lightning=\(lnurl)", "input.lnurl", "lnurl"),
      ("bitcoin:\(address)?amount=1", "input.bip321_without_invoice", "bip321"),
      (
        "bitcoin:?lightning=\(SpecInvoice.coffee)&lightning=\(SpecInvoice.donation)",
        "input.ambiguous", "bip321"
      ),
      ("hello world", "input.unrecognized", nil),
      ("  \t", "input.empty", nil),
    ] as [(String, String, String?)])
  func refused(input: String, code: String, kind: String?) throws {
    // check answers an offer from the offer reader (CheckOfferTests).
    for command in ["decode", "check"] where !(command == "check" && code == "input.bolt12_offer") {
      let run = runTool([command, "--json", "--", input])
      #expect(run.code == 1, "\(command)")
      #expect(run.stderr.hasPrefix("error: \(code): "), "\(command): \(run.stderr)")
      let json = try JSON.parse(run.stdout)
      #expect(json["error"]?["code"] == .string(code))
      #expect(json["kind"] == kind.map(JSON.string), "\(command)")
    }
    let validate = runTool([
      "validate", "--amount-msat", "1", "--node-id", SpecInvoice.payee, "--", input,
    ])
    #expect(validate.code == 1)
    #expect(try JSON.parse(validate.stdout)["error"]?["code"] == .string(code))
  }

  @Test("a string that starts with ln keeps the decoder's precise code")
  func lnKeepsDecoderCode() {
    let run = runTool(["decode", "lnbc1garbage"])
    #expect(run.stderr.hasPrefix("error: bech32.invalid_character: "))
  }

  @Test("batch: a URI line gets uri, an offer line its input code, each on its line")
  func batch() throws {
    let run = runTool(
      ["decode", "--batch", "-", "--now", Self.now],
      stdin: [Self.uri, Self.offer, SpecInvoice.coffee].joined(separator: "\n"))
    #expect(run.code == 1)
    let lines = try run.stdout.lines.map { try JSON.parse(String($0)) }
    try #require(lines.count == 3)
    #expect(lines[0]["uri"]?["address"] == .string(Self.address))
    #expect(lines[1]["error"]?["code"] == .string("input.bolt12_offer"))
    #expect(lines[2]["uri"] == nil && lines[2]["valid"] == .bool(true))
  }

  @Test("explain says what it was given before it cuts it up")
  func explain() {
    let invoice = runTool(["explain", SpecInvoice.coffee])
    #expect(invoice.stdout.hasPrefix("given: a BOLT #11 invoice\n"))
    let uri = runTool(["explain", Self.uri])
    #expect(uri.code == 0)
    let position = Self.uri.utf8.count - SpecInvoice.coffee.utf8.count
    #expect(
      uri.stdout.hasPrefix(
        "given: a bitcoin: URI (BIP-321); its lightning= invoice starts at character \(position)"))
    // Positions count in the whole string, the URI's included.
    let column = String(repeating: " ", count: 5 - String(position).count) + String(position)
    #expect(uri.stdout.contains("\(column)  lnbc        prefix"))
    // An offer is explained from the offer reader (bolt12-issue40): its records, then valid.
    let offer = runTool(["explain", Self.offer])
    #expect(offer.code == 0)
    #expect(offer.stdout.hasPrefix("given: a BOLT #12 offer, "))
    #expect(offer.stdout.contains("\nvalid: a BOLT #12 offer, "))
  }

  @Test("check reads a URI's invoice, and its warnings are the verdict's")
  func check() throws {
    let run = runTool([
      "check", "--json", Self.uri, "--now", Self.now, "--amount-msat", "250000000",
    ])
    #expect(run.code == 0, "\(run.stderr)")
    let json = try JSON.parse(run.stdout)
    #expect(json["ok"] == .bool(true))
    #expect(json["warnings"] == .array([.string("bip321.amount_mismatch")]))
  }

  @Test("check's human verdict shows the URI's warnings beside ok")
  func checkHumanWarnings() {
    let run = runTool(["check", Self.uri, "--now", Self.now, "--amount-msat", "250000000"])
    #expect(run.code == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("ok") == true)
    // 0.001 BTC in the URI, 2500u in the invoice.
    #expect(lines.contains { $0.hasPrefix("warning: bip321.amount_mismatch: ") }, "\(run.stdout)")
  }

  @Test(
    "inspect: each kind, exit 0, the contract's keys",
    arguments: [
      (uri, "bip321", "address", JSON.string(address)),
      (offer, "bolt12_offer", "hrp", .string("lno")),
      (
        lnurl, "lnurl", "url",
        .string(
          "https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df"
        )
      ),
      (
        "satoshi@bitcoin.org", "lightning_address", "url",
        .string("https://bitcoin.org/.well-known/lnurlp/satoshi")
      ),
      (address, "bitcoin_address", "address_type", .string("P2WPKH")),
      ("lightning:" + SpecInvoice.coffee, "bolt11", "kind", .string("bolt11")),
    ] as [(String, String, String, JSON)])
  func inspect(input: String, kind: String, key: String, value: JSON) throws {
    let run = runTool(["inspect", "--json", input, "--now", Self.now])
    #expect(run.code == 0, "\(run.stderr)")
    let json = try JSON.parse(run.stdout)
    #expect(json["kind"] == .string(kind))
    #expect(json[key] == value)
    #expect(json["warnings"]?.arrayValue != nil)
    let human = runTool(["inspect", input, "--now", Self.now])
    #expect(human.code == 0)
    #expect(!human.stdout.isEmpty)
  }

  @Test("inspect: an invalid string, or a URI with a bad invoice, exits 1 with its code")
  func inspectInvalid() throws {
    let bad = runTool(["inspect", "--json", "bitcoin:\(Self.address)?amount=1,5"])
    #expect(bad.code == 1)
    #expect(try JSON.parse(bad.stdout)["error"]?["code"] == .string("bip321.invalid_amount"))
    let entry = runTool([
      "inspect", "--json", "bitcoin:\(Self.address)?lightning=\(SpecInvoice.badChecksum)",
    ])
    #expect(entry.code == 1)
    let json = try JSON.parse(entry.stdout)
    #expect(json["kind"] == .string("bip321"))
    #expect(json["lightning"]?.arrayValue?.first?["error"]?["code"] == .string("bech32.checksum"))
    #expect(entry.stderr.hasPrefix("error: bech32.checksum: "))
  }
}
