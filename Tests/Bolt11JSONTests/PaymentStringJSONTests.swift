import Bolt11
import Bolt11JSON
import PaymentInput
import TestSupport
import Testing

/// The shape of `bolt11 inspect --json`: `kind`, `valid`, the kind's keys, `error` when invalid,
/// `warnings` always; one escaped line.
@Suite struct PaymentStringJSONTests {
  static var coffee: String {
    SpecVector.valid.first { $0.name.hasPrefix("Please send $3 for a cup of coffee") }?.invoice
      ?? "missing spec vector"
  }

  static func json(_ text: String, now: UInt64? = nil) throws -> JSON {
    let line: String
    do {
      line = try PaymentString(parsing: text, options: DecodeOptions(now: now)).json
    } catch {
      line = error.json
    }
    #expect(!line.contains("\n"))
    return try JSON.parse(line)
  }

  static func keys(_ json: JSON) -> [String] { json.objectValue?.map(\.0) ?? [] }

  @Test("an invoice: its decoded object under invoice, as Invoice.json writes it")
  func invoice() throws {
    let json = try Self.json("lightning:" + Self.coffee)
    #expect(Self.keys(json) == ["kind", "valid", "invoice", "warnings"])
    #expect(json["kind"] == .string("bolt11") && json["valid"] == .bool(true))
    #expect(json["invoice"] == JSON(try Invoice.decode(Self.coffee)))
    #expect(json["warnings"] == .array([]))
  }

  @Test("a URI: its keys in order, entries and warnings")
  func uri() throws {
    let address = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
    let text =
      "bitcoin:\(address)?amount=0.003&label=%22x%22%1B&lightning=\(Self.coffee)"
      + "&lno=\(PaymentStringSamples.offer)&sp=s"
    let json = try Self.json(text, now: 1_496_314_718)
    #expect(
      Self.keys(json) == [
        "kind", "valid", "address", "address_type", "network", "amount_msat", "label", "lightning",
        "lno", "other", "warnings",
      ])
    #expect(json["address_type"] == .string("P2WPKH") && json["network"] == .string("bitcoin"))
    #expect(json["amount_msat"] == .unsigned(300_000_000))
    #expect(json["label"] == .string("\"x\"\u{1B}"))
    #expect(json["lightning"]?.arrayValue?.first == JSON(try Invoice.decode(Self.coffee)))
    let offer = try #require(json["lno"]?.arrayValue?.first)
    #expect(Self.keys(offer) == ["kind", "valid", "hrp", "data_length", "bolt12"])
    #expect(offer["kind"] == .string("bolt12_offer") && offer["valid"] == .bool(true))
    // BOLT #12's format-string vector: 84 bytes of data.
    #expect(offer["hrp"] == .string("lno") && offer["data_length"] == .unsigned(84))
    #expect(offer["bolt12"]?["type"] == .string("bolt12 offer"))
    #expect(offer["bolt12"]?["valid"] == .bool(true))
    #expect(json["other"] == .array([.object([("key", .string("sp")), ("value", .string("s"))])]))
    #expect(
      json["warnings"]
        == .array([.string("bip321.amount_mismatch"), .string("bip321.invoice_expired")]))
  }

  @Test("a URI with a bad entry is invalid, with the entry's error")
  func uriEntryError() throws {
    let prefix = "bitcoin:?lightning="
    let json = try Self.json(prefix + "satoshi@bitcoin.org")
    #expect(json["valid"] == .bool(false))
    let error = JSON.object([
      ("code", .string("input.lightning_address")),
      ("message", json["error"]?["message"] ?? .null),
      ("position", .unsigned(UInt64(prefix.utf8.count))),
    ])
    #expect(json["error"] == error)
    #expect(json["lightning"] == .array([.object([("valid", .bool(false)), ("error", error)])]))
  }

  @Test("each other kind's keys")
  func kinds() throws {
    let node = "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad"
    let cases: [(String, [(String, JSON)])] = [
      ("lnurlp://a.com/x", [("url", .string("https://a.com/x")), ("lnurl_tag", .string("pay"))]),
      (
        "satoshi@bitcoin.org",
        [
          ("user", .string("satoshi")), ("domain", .string("bitcoin.org")),
          ("url", .string("https://bitcoin.org/.well-known/lnurlp/satoshi")),
          // BIP-353: "user.user._bitcoin-payment.domain".
          ("bip353_dns_name", .string("satoshi.user._bitcoin-payment.bitcoin.org")),
        ]
      ),
      (
        node + "@[::1]",
        [("node_id", .string(node)), ("host", .string("::1")), ("port", .unsigned(9735))]
      ),
      (
        "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
        [
          ("address", .string("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2")),
          ("address_type", .string("P2PKH")), ("network", .string("bitcoin")),
        ]
      ),
    ]
    for (text, members) in cases {
      let json = try Self.json(text)
      #expect(Self.keys(json) == ["kind", "valid"] + members.map(\.0) + ["warnings"], "\(text)")
      for (key, value) in members { #expect(json[key] == value, "\(text): \(key)") }
    }
  }

  @Test("bolt12-issue40: an offer: its object under bolt12; a broken one invalid, with its error")
  func offer() throws {
    let json = try Self.json("lightning:" + PaymentStringSamples.offer)
    #expect(Self.keys(json) == ["kind", "valid", "hrp", "data_length", "bolt12", "warnings"])
    #expect(json["valid"] == .bool(true) && json["bolt12"]?["valid"] == .bool(true))
    // Two data characters, 10 bits: one byte, type 0, and no length after it.
    let broken = try Self.json("lno1qq")
    #expect(
      Self.keys(broken) == ["kind", "valid", "hrp", "data_length", "bolt12", "error", "warnings"])
    #expect(broken["valid"] == .bool(false))
    #expect(broken["error"]?["code"] == .string("bolt12.truncated"))
    #expect(broken["error"]?["tlv_offset"] == .unsigned(0))
    #expect(Self.keys(broken["bolt12"] ?? .null) == ["type", "valid", "error", "warnings"])
    #expect(broken["bolt12"]?["error"] == broken["error"])
  }

  @Test("bolt12-issue41: a request and an invoice: their objects under bolt12; broken ones invalid")
  func requestAndInvoice() throws {
    let (request, root) = try Bolt12VectorFiles.specRequest()
    let invoice = try Bolt12VectorFiles.string("invoice: every field")
    for (text, kind, type) in [
      (request, "bolt12_invoice_request", "bolt12 invoice_request"),
      (invoice, "bolt12_invoice", "bolt12 invoice"),
    ] {
      let json = try Self.json(text)
      #expect(Self.keys(json) == ["kind", "valid", "hrp", "data_length", "bolt12", "warnings"])
      #expect(json["kind"] == .string(kind) && json["valid"] == .bool(true))
      #expect(json["bolt12"]?["type"] == .string(type))
      #expect(json["bolt12"]?["valid"] == .bool(true))
    }
    #expect(try Self.json(request)["bolt12"]?["merkle_root"] == .string(root))
    // Two data characters, 10 bits: one byte, type 0, and no length after it.
    for (text, type) in [("lnr1qq", "bolt12 invoice_request"), ("lni1qq", "bolt12 invoice")] {
      let broken = try Self.json(text)
      #expect(
        Self.keys(broken) == ["kind", "valid", "hrp", "data_length", "bolt12", "error", "warnings"])
      #expect(broken["valid"] == .bool(false))
      #expect(broken["error"]?["code"] == .string("bolt12.truncated"))
      #expect(broken["bolt12"]?["type"] == .string(type))
      #expect(broken["bolt12"]?["error"] == broken["error"])
    }
  }

  @Test("a failure: kind when recognised, the error with its position, warnings empty")
  func failures() throws {
    let bad = try Self.json("  lno1qq+")
    #expect(Self.keys(bad) == ["kind", "valid", "error", "warnings"])
    #expect(bad["kind"] == .string("bolt12_offer") && bad["valid"] == .bool(false))
    #expect(bad["error"]?["code"] == .string("bolt12.malformed"))
    #expect(bad["error"]?["position"] == .unsigned(8))
    let unknown = try Self.json("hello")
    #expect(Self.keys(unknown) == ["valid", "error", "warnings"])
    #expect(unknown["error"]?["code"] == .string("input.unrecognized"))
    let empty = try Self.json("")
    #expect(empty["error"]?["code"] == .string("input.empty") && empty["error"]?["position"] == nil)
    let invoice = try Self.json(String(Self.coffee.dropLast()) + "q")
    #expect(invoice["kind"] == .string("bolt11"))
    #expect(invoice["error"]?["code"] == .string("bech32.checksum"))
  }
}
