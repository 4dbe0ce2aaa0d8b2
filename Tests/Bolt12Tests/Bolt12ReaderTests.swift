import Bech32Codec
import Bolt12
import Chains
import Secp256k1
import TestSupport
import Testing

/// The reader of invoice requests and invoices: each case is valid, or breaks exactly one rule
/// and is refused with that rule's code and field.
@Suite struct Bolt12ReaderTests {
  static func options(_ row: Bolt12Cases.Case) -> ReadOptions {
    var options = row.network.flatMap { ReadOptions(network: $0) } ?? ReadOptions()
    options.now = row.now
    return options
  }

  static func verdict(_ row: Bolt12Cases.Case) -> Result<[Bolt12Warning.Code], Bolt12Error> {
    Result { () throws(Bolt12Error) in
      switch row.kind {
      case .invoiceRequest:
        try InvoiceRequest.decode(row.string, options: options(row)).warnings.map(\.code)
      case .invoice:
        try Bolt12Invoice.decode(row.string, options: options(row)).warnings.map(\.code)
      case .offer: []
      }
    }
  }

  @Test("invoice requests", arguments: Bolt12Cases.requests)
  func request(_ row: Bolt12Cases.Case) { check(row) }

  @Test("invoices", arguments: Bolt12Cases.invoices)
  func invoice(_ row: Bolt12Cases.Case) { check(row) }

  func check(_ row: Bolt12Cases.Case) {
    switch Self.verdict(row) {
    case .success(let warnings):
      #expect(row.error == nil, "valid; expected \(row.error?.rawValue ?? "")")
      #expect(warnings == row.warnings)
    case .failure(let error):
      #expect(error.code == row.error, "\(error)")
      if let field = row.field { #expect(error.field == field, "\(error)") }
    }
  }

  @Test("the signed request of signature-test.json reads, root and signature")
  func specRequest() throws {
    let entry = try Bolt12VectorFiles.specRequestEntry()
    let string = try #require(entry["bolt12"] as? String)
    let request = try InvoiceRequest.decode(string)
    #expect(request.merkleRoot.description == entry["merkle"] as? String)
    #expect(request.signature?.description == entry["signature"] as? String)
    #expect(request.offer.currency == "USD" && request.offer.amount == 100)
    #expect(request.offer.description == "A Mathematical Treatise")
    #expect(request.request.metadata == [UInt8](repeating: 0, count: 8))
    #expect(request.payerID == Bolt12Signer.bob.publicKey)
    #expect(request.offerID != nil && request.warnings.isEmpty)
  }

  @Test("every field of the full request and invoice reads back") func fields() throws {
    let request = try InvoiceRequest.decode(Bolt12Cases.requests[0].string)
    #expect(request.offer.amountMsat == 1_000 && request.offer.quantityMax == 5)
    #expect(
      request.offer.issuer == "Alice" && request.offer.issuerID == Bolt12Signer.alice.publicKey)
    #expect(request.request.amount == 2_000 && request.request.quantity == 2)
    #expect(request.request.features == [0x02] && request.request.payerNote == "for the meeting")
    #expect(request.request.bip353Name == BIP353Name(name: "bob", domain: "example.com"))
    #expect(request.request.paths?.first?.hops.last?.blindedNodeID == Bolt12Signer.bob.publicKey)
    #expect(request.unknownRecords == [UnknownRecord(type: 1_000_000_001, value: [7])])
    #expect(request.request.network == .bitcoin)
    let invoice = try Bolt12Invoice.decode(Bolt12Cases.invoices[0].string)
    #expect(invoice.offer == request.offer && invoice.request == request.request)
    #expect(invoice.offerID == request.offerID)
    #expect(invoice.createdAt == 1_700_000_000 && invoice.relativeExpiry == 3_600)
    #expect(invoice.expiresAt == 1_700_003_600)
    #expect(invoice.paymentHash == [UInt8](repeating: 0x11, count: 32))
    #expect(invoice.amountMsat == 2_000 && invoice.nodeID == Bolt12Signer.alice.publicKey)
    #expect(
      invoice.fallbacks == [
        Bolt12Fallback(version: 0, program: [UInt8](repeating: 0x22, count: 20))
      ])
    #expect(invoice.features == [0x02, 0x00, 0x00])
    #expect(invoice.payinfo.count == 1 && invoice.payinfo[0].cltvExpiryDelta == 144)
    #expect(
      invoice.payinfo[0].htlcMaximumMsat == 5_000_000_000 && invoice.payinfo[0].feeBaseMsat == 1_000
    )
    #expect(invoice.usablePaths == invoice.paths && invoice.paths.count == 1)
    #expect(invoice.unknownRecords == [UnknownRecord(type: 1_000_000_001, value: [7])])
  }

  @Test("an invoice's expiry saturates at 2^64 − 1") func saturation() throws {
    let row = try #require(Bolt12Cases.invoices.first { $0.name.contains("saturates") })
    #expect(try Bolt12Invoice.decode(row.string).expiresAt == UInt64.max)
    // Never expires, even at the last second there is.
    let options = ReadOptions(now: UInt64.max)
    #expect(try Bolt12Invoice.decode(row.string, options: options).expiresAt == UInt64.max)
  }

  @Test("each kind refuses the other kinds' strings") func kinds() throws {
    #expect(throws: Bolt12Error.self) { try InvoiceRequest.decode(Bolt12Cases.invoices[0].string) }
    #expect(throws: Bolt12Error.self) { try Bolt12Invoice.decode(Bolt12Cases.requests[0].string) }
    #expect(throws: Bolt12Error.self) { try Offer.decode(Bolt12Cases.requests[0].string) }
  }
}

/// Invoice requests and invoices that are valid, or break exactly one rule, written record by
/// record and signed by the test signer. The vector files hold strings made from these.
enum Bolt12Cases {
  typealias Records = [(UInt64, [UInt8])]

  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var kind: StringForm.Kind
    var string: String
    var now: UInt64? = nil
    var network: String? = nil
    /// nil for a valid string.
    var error: Bolt12Error.Code?
    var field: String? = nil
    var warnings: [Bolt12Warning.Code] = []
    var description: String { name }
  }

  static let alice = Bolt12Signer.alice.publicKey.bytes
  static let bob = Bolt12Signer.bob.publicKey.bytes
  static let carol = Bolt12Signer.carol.publicKey.bytes

  /// One blinded path: introduction node Alice, path key Bob, one hop to `final`.
  static func path(to final: [UInt8]) -> [UInt8] {
    alice + bob + [1] + final + [0, 2, 0xab, 0xcd]
  }

  /// One payinfo with these features.
  static func payinfo(features: [UInt8] = []) -> [UInt8] {
    Bolt12Signer.bytes(1_000, 4) + Bolt12Signer.bytes(100, 4) + Bolt12Signer.bytes(144, 2)
      + Bolt12Signer.bytes(1_000, 8) + Bolt12Signer.bytes(5_000_000_000, 8)
      + Bolt12Signer.bytes(UInt64(features.count), 2) + features
  }

  /// A request for 2 of Alice's 1000-msat items, every invreq field set.
  static let request: Records = [
    (0, [1, 2, 3, 4, 5, 6, 7, 8]),
    (8, Bolt12Signer.tu64(1_000)),
    (10, Array("coffee".utf8)),
    (18, Array("Alice".utf8)),
    (20, Bolt12Signer.tu64(5)),
    (22, alice),
    (82, Bolt12Signer.tu64(2_000)),
    (84, [0x02]),
    (86, Bolt12Signer.tu64(2)),
    (88, bob),
    (89, Array("for the meeting".utf8)),
    (90, path(to: bob)),
    (91, [3] + Array("bob".utf8) + [11] + Array("example.com".utf8)),
    (1_000_000_001, [0x07]),
  ]

  /// A refund: no offer issuer or paths, an amount, unsigned.
  static let refund: Records = [
    (0, [9, 9, 9, 9]),
    (10, Array("refund for order 42".utf8)),
    (82, Bolt12Signer.tu64(50_000)),
    (88, bob),
  ]

  /// The invoice Alice writes for ``request``.
  static let invoice: Records = [
    (160, path(to: alice)),
    (162, payinfo()),
    (164, Bolt12Signer.tu64(1_700_000_000)),
    (166, Bolt12Signer.tu64(3_600)),
    (168, [UInt8](repeating: 0x11, count: 32)),
    (170, Bolt12Signer.tu64(2_000)),
    (172, [0, 0, 20] + [UInt8](repeating: 0x22, count: 20)),
    (174, [0x02, 0x00, 0x00]),
    (176, alice),
  ].reduce(request) { with($0, $1.0, $1.1) }

  /// `records` with the record of `type` replaced (or removed, for nil), or added in order.
  static func with(_ records: Records, _ type: UInt64, _ value: [UInt8]?) -> Records {
    var result = records.filter { $0.0 != type }
    if let value {
      let index = result.firstIndex { $0.0 > type } ?? result.endIndex
      result.insert((type, value), at: index)
    }
    return result
  }

  static func lnr(_ records: Records, signedBy key: SchnorrSigningKey? = Bolt12Signer.bob) -> String
  {
    Bolt12Signer.string(.invoiceRequest, records, signedBy: key)
  }

  static func lni(_ records: Records, signedBy key: SchnorrSigningKey? = Bolt12Signer.alice)
    -> String
  {
    Bolt12Signer.string(.invoice, records, signedBy: key)
  }

  static let requests: [Case] = [
    Case(name: "request: every field", kind: .invoiceRequest, string: lnr(request), error: nil),
    Case(
      name: "request: unsigned refund", kind: .invoiceRequest, string: lnr(refund, signedBy: nil),
      error: nil, warnings: [.unsignedRequest]),
    Case(
      name: "request: signed refund", kind: .invoiceRequest, string: lnr(refund), error: nil),
    Case(
      name: "request: refund with a quantity", kind: .invoiceRequest,
      string: lnr(with(refund, 86, [3]), signedBy: nil), error: nil,
      warnings: [.unsignedRequest]),
    Case(
      name: "request: quantity 0 under offer_quantity_max 0", kind: .invoiceRequest,
      string: lnr(with(with(with(request, 20, []), 86, []), 82, nil)), error: nil),
    Case(
      name: "request: unknown currency", kind: .invoiceRequest,
      string: lnr(with(request, 6, Array("QQQ".utf8))), error: nil,
      warnings: [.unknownCurrency]),
    Case(
      name: "request: type 160 is out of range", kind: .invoiceRequest,
      string: lnr(with(request, 161, [0])), error: .tlvOutOfRange),
    Case(
      name: "request: type 3000000001 is out of range", kind: .invoiceRequest,
      string: lnr(with(request, 3_000_000_001, [0])), error: .tlvOutOfRange),
    Case(
      name: "request: unknown even type 92", kind: .invoiceRequest,
      string: lnr(with(request, 92, [0])), error: .unknownEven),
    Case(
      name: "request: unknown even signature type 242", kind: .invoiceRequest,
      string: lnr(with(request, 1_000_000_001, nil) + [(242, [0])]), error: .unknownEven),
    Case(
      name: "request: payer id off the curve", kind: .invoiceRequest,
      string: lnr(with(request, 88, [2] + [UInt8](repeating: 0xff, count: 32))),
      error: .invalidField, field: "invreq_payer_id"),
    Case(
      name: "request: invreq_amount not minimal", kind: .invoiceRequest,
      string: lnr(with(request, 82, [0, 0x07, 0xd0])), error: .invalidField,
      field: "invreq_amount"),
    Case(
      name: "request: invreq_amount above 21 million BTC", kind: .invoiceRequest,
      string: lnr(with(request, 82, Bolt12Signer.tu64(2_100_000_000_000_000_001))),
      error: .invalidField, field: "invreq_amount"),
    Case(
      name: "request: invreq_chain of 31 bytes", kind: .invoiceRequest,
      string: lnr(with(request, 80, [UInt8](repeating: 1, count: 31))), error: .invalidField,
      field: "invreq_chain"),
    Case(
      name: "request: a BIP-353 name with '!'", kind: .invoiceRequest,
      string: lnr(with(request, 91, [3] + Array("b!b".utf8) + [3] + Array("x.y".utf8))),
      error: .invalidField, field: "invreq_bip_353_name"),
    Case(
      name: "request: a BIP-353 name with bytes over", kind: .invoiceRequest,
      string: lnr(with(request, 91, [1, 0x61, 1, 0x62, 0])), error: .invalidField,
      field: "invreq_bip_353_name"),
    Case(
      name: "request: a path with zero hops", kind: .invoiceRequest,
      string: lnr(with(request, 90, alice + bob + [0])), error: .invalidField,
      field: "invreq_paths"),
    Case(
      name: "request: a signature of 63 bytes", kind: .invoiceRequest,
      string: lnr(
        with(request, 1_000_000_001, nil) + [(240, [UInt8](repeating: 1, count: 63))],
        signedBy: nil),
      error: .invalidField, field: "signature"),
    Case(
      name: "request: payer note not UTF-8", kind: .invoiceRequest,
      string: lnr(with(request, 89, [0x61, 0xff])), error: .invalidUTF8),
    Case(
      name: "request: copied offer_currency in lower case", kind: .invoiceRequest,
      string: lnr(with(request, 6, Array("usd".utf8))), error: .invalidField,
      field: "offer_currency"),
    Case(
      name: "request: no invreq_metadata", kind: .invoiceRequest,
      string: lnr(with(request, 0, nil)), error: .missingField, field: "invreq_metadata"),
    Case(
      name: "request: no invreq_payer_id", kind: .invoiceRequest,
      string: lnr(with(request, 88, nil)), error: .missingField, field: "invreq_payer_id"),
    Case(
      name: "request: no quantity for an offer with offer_quantity_max", kind: .invoiceRequest,
      string: lnr(with(request, 86, nil)), error: .missingField, field: "invreq_quantity"),
    Case(
      name: "request: no amount for an amountless offer", kind: .invoiceRequest,
      string: lnr(with(with(request, 8, nil), 82, nil)), error: .missingField,
      field: "invreq_amount"),
    Case(
      name: "request: copied offer_amount without offer_description", kind: .invoiceRequest,
      string: lnr(with(request, 10, nil)), error: .missingField, field: "offer_description"),
    Case(
      name: "request: refund without invreq_amount", kind: .invoiceRequest,
      string: lnr(with(refund, 82, nil), signedBy: nil), error: .missingField,
      field: "invreq_amount"),
    Case(
      name: "request: quantity without offer_quantity_max", kind: .invoiceRequest,
      string: lnr(with(request, 20, nil)), error: .unexpectedField, field: "invreq_quantity"),
    Case(
      name: "request: refund with offer_chains", kind: .invoiceRequest,
      string: lnr(with(refund, 2, Chain.bitcoin.genesisHash.bytes), signedBy: nil),
      error: .unexpectedField, field: "offer_chains"),
    Case(
      name: "request: refund with offer_features", kind: .invoiceRequest,
      string: lnr(with(refund, 12, []), signedBy: nil), error: .unexpectedField,
      field: "offer_features"),
    Case(
      name: "request: refund with offer_quantity_max", kind: .invoiceRequest,
      string: lnr(with(refund, 20, []), signedBy: nil), error: .unexpectedField,
      field: "offer_quantity_max"),
    Case(
      name: "request: copied zero offer_amount", kind: .invoiceRequest,
      string: lnr(with(request, 8, [])), error: .zeroAmount, field: "offer_amount"),
    Case(
      name: "request: copied currency without amount", kind: .invoiceRequest,
      string: lnr(with(with(request, 8, nil), 6, Array("USD".utf8))),
      error: .currencyWithoutAmount, field: "offer_currency"),
    Case(
      name: "request: copied empty offer_chains", kind: .invoiceRequest,
      string: lnr(with(request, 2, [])), error: .emptyChains, field: "offer_chains"),
    Case(
      name: "request: empty invreq_paths", kind: .invoiceRequest,
      string: lnr(with(request, 90, [])), error: .emptyPaths, field: "invreq_paths"),
    Case(
      name: "request: quantity above offer_quantity_max", kind: .invoiceRequest,
      string: lnr(with(with(request, 86, [6]), 82, Bolt12Signer.tu64(6_000))),
      error: .fieldMismatch, field: "invreq_quantity"),
    Case(
      name: "request: quantity 0 under offer_quantity_max 5", kind: .invoiceRequest,
      string: lnr(with(request, 86, [])), error: .fieldMismatch, field: "invreq_quantity"),
    Case(
      name: "request: amount below offer_amount × quantity", kind: .invoiceRequest,
      string: lnr(with(request, 82, Bolt12Signer.tu64(1_999))), error: .fieldMismatch,
      field: "invreq_amount"),
    Case(
      name: "request: copied offer_features bit 0", kind: .invoiceRequest,
      string: lnr(with(request, 12, [0x01])), error: .unknownRequiredFeature,
      field: "offer_features"),
    Case(
      name: "request: invreq_features bit 0", kind: .invoiceRequest,
      string: lnr(with(request, 84, [0x01])), error: .unknownRequiredFeature,
      field: "invreq_features"),
    Case(
      name: "request: answers an offer, unsigned", kind: .invoiceRequest,
      string: lnr(request, signedBy: nil), error: .missingSignature),
    Case(
      name: "request: signed by the issuer, not the payer", kind: .invoiceRequest,
      string: lnr(request, signedBy: Bolt12Signer.alice), error: .signatureInvalid),
    Case(
      name: "request: refund signed by another key", kind: .invoiceRequest,
      string: lnr(refund, signedBy: Bolt12Signer.alice), error: .signatureInvalid),
    Case(
      name: "request: at the offer's absolute expiry", kind: .invoiceRequest,
      string: lnr(with(request, 14, Bolt12Signer.tu64(1_700_000_000))), now: 1_700_000_000,
      error: .expired, field: "offer_absolute_expiry"),
    Case(
      name: "request: a second before the offer's absolute expiry", kind: .invoiceRequest,
      string: lnr(with(request, 14, Bolt12Signer.tu64(1_700_000_000))), now: 1_699_999_999,
      error: nil),
    Case(
      name: "request: for signet, read on bitcoin", kind: .invoiceRequest,
      string: lnr(with(request, 80, Chain.signet.genesisHash.bytes)), network: "bc",
      error: .networkMismatch, field: "invreq_chain"),
    Case(
      name: "request: for signet, read on signet", kind: .invoiceRequest,
      string: lnr(with(request, 80, Chain.signet.genesisHash.bytes)), network: "tbs",
      error: nil),
  ]

  static let invoices: [Case] = [
    Case(name: "invoice: every field", kind: .invoice, string: lni(invoice), error: nil),
    Case(
      name: "invoice: for a refund", kind: .invoice,
      string: lni(
        invoice.filter { (160...239).contains($0.0) }.reduce(refund) { with($0, $1.0, $1.1) }
          .map { $0.0 == 170 ? (170, Bolt12Signer.tu64(50_000)) : $0 }),
      error: nil),
    Case(
      name: "invoice: MPP compulsory (bit 16) is known", kind: .invoice,
      string: lni(with(invoice, 174, [0x01, 0x00, 0x00])), error: nil),
    Case(
      name: "invoice: one of two paths unusable", kind: .invoice,
      string: lni(
        with(
          with(invoice, 160, path(to: alice) + path(to: carol)), 162,
          payinfo() + payinfo(features: [0x01]))), error: nil, warnings: [.pathUnusable]),
    Case(
      name: "invoice: a fallback to ignore (version 17)", kind: .invoice,
      string: lni(with(invoice, 172, [17, 0, 2, 1, 2])), error: nil,
      warnings: [.fallbackIgnored]),
    Case(
      name: "invoice: a second before it expires", kind: .invoice, string: lni(invoice),
      now: 1_700_003_599, error: nil),
    Case(
      name: "invoice: at created_at + relative expiry", kind: .invoice, string: lni(invoice),
      now: 1_700_003_600, error: .expired, field: "invoice_created_at"),
    Case(
      name: "invoice: at created_at + 7200 without relative expiry", kind: .invoice,
      string: lni(with(invoice, 166, nil)), now: 1_700_007_200, error: .expired,
      field: "invoice_created_at"),
    Case(
      name: "invoice: expiry beyond 2^64 saturates", kind: .invoice,
      string: lni(with(invoice, 164, Bolt12Signer.tu64(UInt64.max - 10))), now: UInt64.max - 1,
      error: nil),
    Case(
      name: "invoice: type 4000000001 is out of range", kind: .invoice,
      string: lni(with(invoice, 4_000_000_001, [0])), error: .tlvOutOfRange),
    Case(
      name: "invoice: unknown even type 178", kind: .invoice,
      string: lni(with(invoice, 178, [0])), error: .unknownEven),
    Case(
      name: "invoice: relative expiry of 5 bytes", kind: .invoice,
      string: lni(with(invoice, 166, [1, 0, 0, 0, 0])), error: .invalidField,
      field: "invoice_relative_expiry"),
    Case(
      name: "invoice: payment hash of 31 bytes", kind: .invoice,
      string: lni(with(invoice, 168, [UInt8](repeating: 0x11, count: 31))),
      error: .invalidField, field: "invoice_payment_hash"),
    Case(
      name: "invoice: a payinfo cut short", kind: .invoice,
      string: lni(with(invoice, 162, Array(payinfo().dropLast()))), error: .invalidField,
      field: "invoice_blindedpay"),
    Case(
      name: "invoice: a fallback cut short", kind: .invoice,
      string: lni(with(invoice, 172, [0, 0, 20, 1])), error: .invalidField,
      field: "invoice_fallbacks"),
    Case(
      name: "invoice: node id off the curve", kind: .invoice,
      string: lni(with(invoice, 176, [3] + [UInt8](repeating: 0xff, count: 32))),
      error: .invalidField, field: "invoice_node_id"),
    Case(
      name: "invoice: no invoice_paths", kind: .invoice,
      string: lni(with(with(invoice, 160, nil), 162, nil)), error: .missingField,
      field: "invoice_paths"),
    Case(
      name: "invoice: paths but no invoice_blindedpay", kind: .invoice,
      string: lni(with(invoice, 162, nil)), error: .missingField, field: "invoice_blindedpay"),
    Case(
      name: "invoice: no invoice_created_at", kind: .invoice,
      string: lni(with(invoice, 164, nil)), error: .missingField, field: "invoice_created_at"),
    Case(
      name: "invoice: no invoice_payment_hash", kind: .invoice,
      string: lni(with(invoice, 168, nil)), error: .missingField,
      field: "invoice_payment_hash"),
    Case(
      name: "invoice: no invoice_amount", kind: .invoice, string: lni(with(invoice, 170, nil)),
      error: .missingField, field: "invoice_amount"),
    Case(
      name: "invoice: no invoice_node_id", kind: .invoice, string: lni(with(invoice, 176, nil)),
      error: .missingField, field: "invoice_node_id"),
    Case(
      name: "invoice: no invreq_payer_id copied", kind: .invoice,
      string: lni(with(invoice, 88, nil)), error: .missingField, field: "invreq_payer_id"),
    Case(
      name: "invoice: empty invoice_paths", kind: .invoice,
      string: lni(with(with(invoice, 160, []), 162, [])), error: .emptyPaths,
      field: "invoice_paths"),
    Case(
      name: "invoice: amount not invreq_amount", kind: .invoice,
      string: lni(with(invoice, 170, Bolt12Signer.tu64(2_001))), error: .fieldMismatch,
      field: "invoice_amount"),
    Case(
      name: "invoice: node id not offer_issuer_id", kind: .invoice,
      string: lni(with(invoice, 176, carol), signedBy: Bolt12Signer.carol),
      error: .fieldMismatch, field: "invoice_node_id"),
    Case(
      name: "invoice: invoice_features bit 18", kind: .invoice,
      string: lni(with(invoice, 174, [0x04, 0x00, 0x00])), error: .unknownRequiredFeature,
      field: "invoice_features"),
    Case(
      name: "invoice: no usable path", kind: .invoice,
      string: lni(with(invoice, 162, payinfo(features: [0x01]))),
      error: .unknownRequiredFeature, field: "invoice_blindedpay"),
    Case(
      name: "invoice: two paths, one payinfo", kind: .invoice,
      string: lni(with(invoice, 160, path(to: alice) + path(to: carol))),
      error: .payinfoMismatch, field: "invoice_blindedpay"),
    Case(
      name: "invoice: unsigned", kind: .invoice, string: lni(invoice, signedBy: nil),
      error: .missingSignature),
    Case(
      name: "invoice: signed by the payer", kind: .invoice,
      string: lni(invoice, signedBy: Bolt12Signer.bob), error: .signatureInvalid),
    Case(
      name: "invoice: on bitcoin, read on testnet", kind: .invoice, string: lni(invoice),
      network: "tb", error: .networkMismatch, field: "invreq_chain"),
  ]
}
