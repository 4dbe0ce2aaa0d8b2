import Bolt11
import Bolt12
import Chains
import Secp256k1
import Testing

/// Writing invoice requests and invoices, and checking an invoice against the request sent.
@Suite struct Bolt12WritingTests {
  static let alice = Bolt12Signer.alice
  static let bob = Bolt12Signer.bob
  static let carol = Bolt12Signer.carol

  static func offer(quantityMax: UInt64? = 5, issuer: Bool = true) throws(Bolt12Error) -> Offer {
    var builder = OfferBuilder()
    builder.amount = 1_000
    builder.description = "coffee"
    builder.quantityMax = quantityMax
    if issuer {
      builder.issuerID = alice.publicKey
    } else {
      builder.paths = [
        BlindedPath(
          firstNode: .nodeID(alice.publicKey), firstPathKey: bob.publicKey,
          hops: [BlindedPath.Hop(blindedNodeID: carol.publicKey, encryptedRecipientData: [1])])
      ]
    }
    builder.unknownRecords = [UnknownRecord(type: 1_000_000_003, value: [5])]
    return try builder.build()
  }

  static func request(_ offer: Offer, quantity: UInt64? = 2) throws(Bolt12Error) -> InvoiceRequest {
    var builder = InvoiceRequestBuilder(offer: offer, metadata: [1, 2, 3, 4], payerKey: bob)
    builder.quantity = quantity
    builder.payerNote = "thanks"
    builder.bip353Name = BIP353Name(name: "alice", domain: "example.com")
    builder.features = [0x02]
    return try builder.build(auxiliaryRandomness: Bolt12Signer.auxiliary)
  }

  static func invoice(_ request: InvoiceRequest, key: SchnorrSigningKey = alice) throws(Bolt12Error)
    -> Bolt12Invoice
  {
    var builder = Bolt12InvoiceBuilder(
      request: request, nodeKey: key,
      paths: [
        BlindedPath(
          firstNode: .channel(ShortChannelIDFixture.scid, direction: 1),
          firstPathKey: bob.publicKey,
          hops: [BlindedPath.Hop(blindedNodeID: key.publicKey, encryptedRecipientData: [])])
      ],
      payinfo: [
        Payinfo(
          feeBaseMsat: 1, feeProportionalMillionths: 2, cltvExpiryDelta: 3, htlcMinimumMsat: 4,
          htlcMaximumMsat: 5_000)
      ], createdAt: 1_700_000_000, paymentHash: [UInt8](repeating: 0x33, count: 32))
    builder.relativeExpiry = 600
    builder.fallbacks = [Bolt12Fallback(version: 1, program: [UInt8](repeating: 7, count: 32))]
    builder.features = [0x02, 0x00, 0x00]
    return try builder.build(auxiliaryRandomness: Bolt12Signer.auxiliary)
  }

  /// The code a throwing body fails with, nil when it does not.
  static func code(_ body: () throws(Bolt12Error) -> Void) -> Bolt12Error.Code? {
    do {
      try body()
      return nil
    } catch { return error.code }
  }

  @Test("a request for an offer copies it, signs, and reads back") func request() throws {
    let offer = try Self.offer()
    let request = try Self.request(offer)
    let read = try InvoiceRequest.decode(request.text)
    #expect(read == request)
    #expect(read.offerID == offer.offerID)
    #expect(read.offer.quantityMax == 5 && read.request.quantity == 2)
    #expect(read.unknownRecords == offer.unknownRecords)
    #expect(read.payerID == Self.bob.publicKey)
    #expect(read.request.bip353Name?.domain == "example.com")
    let signature = try #require(read.signature)
    #expect(
      Bolt12Signature.verify(signature, of: read.merkleRoot, for: .invoiceRequest, by: read.payerID)
    )
  }

  @Test("the request builder refuses what the reader refuses") func requestRefusals() throws {
    let offer = try Self.offer()
    #expect(
      Self.code { () throws(Bolt12Error) in _ = try Self.request(offer, quantity: nil) }
        == .missingField)
    #expect(
      Self.code { () throws(Bolt12Error) in _ = try Self.request(offer, quantity: 6) }
        == .fieldMismatch)
    var builder = InvoiceRequestBuilder(offer: offer, metadata: [1], payerKey: Self.bob)
    builder.quantity = 2
    builder.amountMsat = 1_999
    let refusal1 = Self.code { () throws(Bolt12Error) in _ = try builder.build() }
    #expect(refusal1 == .fieldMismatch)
    builder.amountMsat = nil
    builder.unknownRecords = [UnknownRecord(type: 3_000_000_001, value: [])]
    let refusal2 = Self.code { () throws(Bolt12Error) in _ = try builder.build() }
    #expect(refusal2 == .tlvOutOfRange)
    #expect(BIP353Name(name: "b!b", domain: "example.com") == nil)
  }

  @Test("a refund is written unsigned and reads with a warning") func refund() throws {
    var builder = InvoiceRequestBuilder(
      refundOf: 25_000, description: "order 42", metadata: [9, 9], payerKey: Self.bob)
    builder.refundIssuer = "shop"
    builder.chain = Chain.signet.genesisHash
    let refund = try builder.build()
    #expect(refund.signature == nil && refund.offerID == nil)
    #expect(refund.warnings.map(\.code) == [.unsignedRequest])
    #expect(try InvoiceRequest.decode(refund.text) == refund)
    #expect(refund.request.network == .signet && refund.offer.issuer == "shop")
    // An invoice for it: no issuer id to match, any node may sign.
    let invoice = try Self.invoice(refund, key: Self.carol)
    #expect(invoice.amountMsat == 25_000)
    #expect(invoice.check(against: refund).isEmpty)
  }

  @Test("an invoice copies the request, signs, reads back and matches it") func invoice() throws {
    let request = try Self.request(Self.offer())
    let invoice = try Self.invoice(request)
    let read = try Bolt12Invoice.decode(invoice.text)
    #expect(read == invoice)
    #expect(read.amountMsat == 2_000 && read.expiresAt == 1_700_000_600)
    #expect(read.offer == request.offer && read.request == request.request)
    #expect(read.warnings.isEmpty)
    #expect(read.check(against: request).isEmpty)
    #expect(
      Bolt12Signature.verify(read.signature, of: read.merkleRoot, for: .invoice, by: read.nodeID))
  }

  @Test("the invoice builder refuses a node that is not the issuer") func invoiceRefusal() throws {
    let request = try Self.request(Self.offer())
    #expect(
      Self.code { () throws(Bolt12Error) in _ = try Self.invoice(request, key: Self.carol) }
        == .fieldMismatch)
  }

  @Test("checked against another request, every difference is listed") func mismatches() throws {
    let offer = try Self.offer()
    let sent = try Self.request(offer, quantity: 3)
    let invoice = try Self.invoice(try Self.request(offer))
    let found = invoice.check(against: sent)
    #expect(found.allSatisfy { $0.code == .fieldMismatch })
    #expect(found.compactMap(\.field) == ["invreq_quantity"])
    // A request with its own amount: the copied amount differs, and so does invoice_amount.
    var builder = InvoiceRequestBuilder(offer: offer, metadata: [7], payerKey: Self.bob)
    builder.quantity = 2
    builder.amountMsat = 2_500
    let other = try builder.build()
    #expect(
      invoice.check(against: other).compactMap(\.field) == [
        "invreq_metadata", "invreq_amount", "invreq_features", "invreq_payer_note",
        "invreq_bip_353_name",
        "invoice_amount",
      ])
  }

  @Test("for an offer with paths only, the node id is a path's final blinded node id")
  func pathsOnly() throws {
    let request = try Self.request(Self.offer(issuer: false))
    #expect(try Self.invoice(request, key: Self.carol).check(against: request).isEmpty)
    let wrong = try Self.invoice(request, key: Self.alice).check(against: request)
    #expect(wrong.map(\.field) == ["invoice_node_id"])
  }
}

/// A short channel id for a path's introduction node.
enum ShortChannelIDFixture {
  static let scid = ShortChannelID(rawValue: 0x0001_0002_0003)
}

/// Test-only writing of arbitrary BOLT #12 streams, signed over their Merkle root as the spec
/// says, so that the reader can be shown strings that break exactly one rule.
enum Bolt12Signer {
  /// The secret keys of signature-test.json: Alice (0x41 × 32) and Bob (0x42 × 32).
  static let alice = try! SchnorrSigningKey(secretKey: [UInt8](repeating: 0x41, count: 32))
  static let bob = try! SchnorrSigningKey(secretKey: [UInt8](repeating: 0x42, count: 32))
  static let carol = try! SchnorrSigningKey(secretKey: [UInt8](repeating: 0x43, count: 32))
  /// Fixed BIP-340 auxiliary randomness, so that the strings are reproducible.
  static let auxiliary = [UInt8](repeating: 0, count: 32)

  /// A minimal `bigsize`.
  static func bigSize(_ value: UInt64) -> [UInt8] {
    switch value {
    case 0..<0xfd: [UInt8(value)]
    case 0xfd...0xffff: [0xfd] + bytes(value, 2)
    case 0x1_0000...0xffff_ffff: [0xfe] + bytes(value, 4)
    default: [0xff] + bytes(value, 8)
    }
  }

  /// `value`'s low `width` bytes, big-endian.
  static func bytes(_ value: UInt64, _ width: Int) -> [UInt8] {
    (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
  }

  /// A `tu64`.
  static func tu64(_ value: UInt64) -> [UInt8] {
    Array(bytes(value, 8).drop { $0 == 0 })
  }

  /// The records written in the order given.
  static func stream(_ records: [(UInt64, [UInt8])]) -> [UInt8] {
    records.flatMap { bigSize($0.0) + bigSize(UInt64($0.1.count)) + $0.1 }
  }

  /// The string of `records` (in the order given), signed by `key` as `message` when a key is
  /// given: the signature record goes after every record below 240 and before the rest.
  static func string(
    _ kind: StringForm.Kind, _ records: [(UInt64, [UInt8])], signedBy key: SchnorrSigningKey?
  ) -> String {
    var all = records
    if let key {
      let root = MerkleRoot(stream: try! TLVStream(framing: stream(records)))!
      let message: Bolt12Signature.Message = kind == .invoice ? .invoice : .invoiceRequest
      let signature = try! key.sign(
        Bolt12Signature.digest(of: root, for: message), auxiliaryRandomness: auxiliary)
      let index = all.firstIndex { $0.0 > 240 } ?? all.endIndex
      all.insert((240, signature.bytes), at: index)
    }
    return StringForm(kind: kind, bytes: stream(all)).text
  }
}
