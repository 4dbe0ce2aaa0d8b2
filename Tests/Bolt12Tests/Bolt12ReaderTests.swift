import Bech32Codec
import Bolt12
import Secp256k1
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
    let row = try #require(MerkleRootTests.rows.first { $0.string != nil })
    let string = try #require(row.string)
    let request = try InvoiceRequest.decode(string)
    #expect(request.merkleRoot.description == row.merkle)
    #expect(request.signature?.description == row.signature)
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
