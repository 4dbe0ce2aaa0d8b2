import Bolt11
import Bolt12
import PaymentInput
import Secp256k1
import TestSupport
import Testing

/// Invoice requests and BOLT #12 invoices through `PaymentString`: the typed values, and the
/// "what will I pay" summary of an invoice. Expected values come from the vector files: the
/// comment and Merkle root of `signature-test.json`'s signed request, the expectations and
/// clock options of our own `bolt12` vectors, and the records of each string's bytes, cut by a
/// framing written apart from the library (`TLVRecords`).
@Suite struct Bolt12InvoiceStringTests {
  /// The key of the secret 32 × `byte`: "Alice (privkey 0x414141...)", "Bob (privkey
  /// 0x424242...)".
  static func key(_ byte: UInt8) throws -> PublicKey {
    try SigningKey(secretKey: [UInt8](repeating: byte, count: 32)).publicKey
  }

  /// The valid invoice vectors read without a clock.
  static let validInvoices = [
    "invoice: every field", "invoice: for a refund", "invoice: MPP compulsory (bit 16) is known",
    "invoice: one of two paths unusable", "invoice: a fallback to ignore (version 17)",
  ]

  /// The TLV bytes of a BOLT #12 string, as its string form gives them.
  static func bytes(_ text: String) throws -> [UInt8] {
    try Bolt12String(parsing: text).bytes
  }

  @Test(
    "bolt12-issue41: the spec's signed request is a typed invoice request, alone or after lightning:"
  )
  func specRequest() throws {
    let (text, root) = try Bolt12VectorFiles.specRequest()
    for input in [text, "lightning:" + text, " LIGHTNING:" + text.uppercased() + "\n"] {
      let string = try PaymentString(parsing: input)
      #expect(string.kind == .bolt12InvoiceRequest)
      let request = try #require(string.invoiceRequest, "\(input)")
      // The vector's comment: "offer_issuer_id = Alice (privkey 0x414141...),
      // offer_description = 'A Mathematical Treatise', offer_amount = 100, offer_currency =
      // 'USD', invreq_payer_id = Bob (privkey 0x424242...), invreq_metadata = 0x0000000000000000"
      #expect(request.offer.issuerID == (try Self.key(0x41)))
      #expect(request.offer.description == "A Mathematical Treatise")
      #expect(request.offer.amount == 100 && request.offer.currency == "USD")
      #expect(request.payerID == (try Self.key(0x42)))
      #expect(request.request.metadata == [UInt8](repeating: 0, count: 8))
      #expect(hexString(request.merkleRoot.bytes) == root)
      #expect(string.offer == nil && string.bolt12Invoice == nil)
      // A request is the payer's: there is nothing to pay.
      #expect(string.paymentSummary == nil)
    }
  }

  @Test(
    "bolt12-issue41: every valid invoice vector is a typed invoice with its records' values",
    arguments: validInvoices)
  func typedInvoice(name: String) throws {
    let text = try Bolt12VectorFiles.string(name)
    let bytes = try Self.bytes(text)
    let string = try PaymentString(parsing: text)
    #expect(string.kind == .bolt12Invoice)
    let invoice = try #require(string.bolt12Invoice)
    #expect(string.offer == nil && string.invoiceRequest == nil)
    #expect(invoice.amountMsat == TLVRecords.integer(170, in: bytes))
    #expect(invoice.createdAt == TLVRecords.integer(164, in: bytes))
    #expect(invoice.nodeID.bytes == TLVRecords.value(176, in: bytes))
    #expect(invoice.paymentHash == TLVRecords.value(168, in: bytes))
    let vector = try Bolt12VectorFiles.vector(name)
    let expect = try #require(vector["expect"] as? [String: Any])
    #expect(hexString(invoice.merkleRoot.bytes) == expect["merkle_root"] as? String)
    #expect(invoice.warnings.map(\.code.rawValue) == expect["warnings"] as? [String])
  }

  @Test(
    "bolt12-issue41: the summary of a BOLT #12 invoice: amount, description, node id, expiry, network, warnings",
    arguments: validInvoices)
  func summary(name: String) throws {
    let text = try Bolt12VectorFiles.string(name)
    let bytes = try Self.bytes(text)
    let summary = try #require(try PaymentString(parsing: text).paymentSummary)
    #expect(summary.kind == .bolt12Invoice)
    #expect(
      summary.amount
        == .millisatoshis(Millisatoshis(try #require(TLVRecords.integer(170, in: bytes)))))
    #expect(
      summary.description
        == TLVRecords.value(10, in: bytes).map { String(decoding: $0, as: UTF8.self) })
    #expect(
      summary.issuer == TLVRecords.value(18, in: bytes).map { String(decoding: $0, as: UTF8.self) })
    #expect(summary.payee?.bytes == TLVRecords.value(176, in: bytes))
    // No invreq_chain (type 80) in these: bitcoin.
    #expect(TLVRecords.value(80, in: bytes) == nil)
    #expect(summary.networks == ["bitcoin"])
    let expect = try #require(try Bolt12VectorFiles.vector(name)["expect"] as? [String: Any])
    #expect(summary.warnings == expect["warnings"] as? [String])
  }

  @Test("bolt12-issue41: the summary's expiry is where the vectors put the boundary")
  func expiry() throws {
    // The same string is valid a second before and expired at created_at + relative expiry.
    let text = try Bolt12VectorFiles.string("invoice: every field")
    #expect(text == (try Bolt12VectorFiles.string("invoice: at created_at + relative expiry")))
    let boundary = try Bolt12VectorFiles.now("invoice: at created_at + relative expiry")
    #expect(try Bolt12VectorFiles.now("invoice: a second before it expires") == boundary - 1)
    let summary = try #require(try PaymentString(parsing: text).paymentSummary)
    #expect(try #require(summary.expiresAt) == boundary)
    // Without a relative expiry: created_at + 7200, the vector's clock.
    let plain = try Bolt12VectorFiles.string(
      "invoice: at created_at + 7200 without relative expiry")
    let plainSummary = try #require(try PaymentString(parsing: plain).paymentSummary)
    #expect(
      try #require(plainSummary.expiresAt)
        == (try Bolt12VectorFiles.now("invoice: at created_at + 7200 without relative expiry")))
    // Beyond 2^64 - 1 it saturates: such an invoice never expires.
    let far = try Bolt12VectorFiles.string("invoice: expiry beyond 2^64 saturates")
    let farSummary = try #require(try PaymentString(parsing: far).paymentSummary)
    #expect(farSummary.expiresAt == nil)
  }

  @Test("bolt12-issue41: the reader's clock and network apply to requests and invoices")
  func clockAndNetwork() throws {
    let text = try Bolt12VectorFiles.string("invoice: every field")
    let boundary = try Bolt12VectorFiles.now("invoice: at created_at + relative expiry")
    let expired = try PaymentString(parsing: text, options: DecodeOptions(now: boundary))
    #expect(expired.bolt12Invoice == nil && expired.paymentSummary == nil)
    guard case .bolt12(let string) = expired else {
      Issue.record("not a BOLT #12 string")
      return
    }
    #expect(string.error?.code == .expired)
    #expect(string.invoice.map { (try? $0.get()) == nil } == true)
    let signet = try Bolt12VectorFiles.string("request: for signet, read on bitcoin")
    let onBitcoin = try PaymentString(parsing: signet, options: DecodeOptions(network: .bitcoin))
    #expect(onBitcoin.invoiceRequest == nil)
    if case .bolt12(let string) = onBitcoin { #expect(string.error?.code == .networkMismatch) }
    let onSignet = try PaymentString(parsing: signet, options: DecodeOptions(network: .signet))
    #expect(onSignet.invoiceRequest != nil)
  }

  @Test("bolt12-issue41: a request or invoice that breaks a rule keeps its form and says the rule")
  func brokenStrings() throws {
    for (name, code) in [
      ("request: refund signed by another key", Bolt12Error.Code.signatureInvalid),
      ("invoice: signed by the payer", .signatureInvalid),
      ("invoice: no usable path", .unknownRequiredFeature),
    ] {
      let string = try PaymentString(parsing: try Bolt12VectorFiles.string(name))
      guard case .bolt12(let bolt12) = string else {
        Issue.record("\(name): not a BOLT #12 string")
        continue
      }
      #expect(bolt12.error?.code == code, "\(name)")
      #expect(
        bolt12.error?.code.rawValue == (try Bolt12VectorFiles.vector(name)["error"] as? String))
      #expect(string.invoiceRequest == nil && string.bolt12Invoice == nil)
      #expect(bolt12.warnings.isEmpty)
    }
  }

  @Test(
    "bolt12-issue41: BIP-321 has no key for requests or invoices: lno= refuses them as what they are"
  )
  func notInURI() throws {
    let request = try Bolt12VectorFiles.specRequest().string
    let invoice = try Bolt12VectorFiles.string("invoice: every field")
    for (value, code) in [
      (request, PaymentStringError.Code.inputBolt12InvoiceRequest),
      (invoice, .inputBolt12Invoice),
    ] {
      let string = try PaymentString(parsing: "bitcoin:?lno=" + value)
      guard case .bip321(let uri) = string else {
        Issue.record("not a URI")
        continue
      }
      #expect(uri.entryError?.code == code)
      #expect(string.invoiceRequest == nil && string.bolt12Invoice == nil)
      #expect(string.paymentSummary == nil)
    }
  }
}
