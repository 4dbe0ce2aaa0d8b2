import Bolt11JSON
import Bolt11ToolFixtures
import Bolt12
import PaymentInput
import Secp256k1
import TestSupport
import Testing

/// `inspect`, `explain` and `check` of BOLT #12 invoice requests and invoices. Strings and
/// expected values come from the vector files: `signature-test.json`'s signed request (its
/// comment and Merkle root) and our own `bolt12` vectors (their expectations, clocks and
/// records, cut by `TLVRecords` apart from the library).
@Suite struct Bolt12InvoiceToolTests {
  static let invoiceName = "invoice: every field"
  /// The second the "every field" invoice expires, as its expiry vector pins it.
  static func boundary() throws -> UInt64 {
    try Bolt12VectorFiles.now("invoice: at created_at + relative expiry")
  }
  static let otherKey = "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad"

  /// The invoice's string and TLV bytes.
  static func invoice() throws -> (text: String, bytes: [UInt8]) {
    let text = try Bolt12VectorFiles.string(invoiceName)
    return (text, try Bolt12String(parsing: text).bytes)
  }

  static func hex(_ type: UInt64, _ bytes: [UInt8]) throws -> String {
    hexString(try #require(TLVRecords.value(type, in: bytes)))
  }

  // MARK: inspect

  @Test("bolt12-issue41: inspect --json of the spec's signed request: its object under bolt12")
  func inspectRequest() throws {
    let (text, root) = try Bolt12VectorFiles.specRequest()
    let run = runTool(["inspect", "--json", "lightning:" + text])
    #expect(run.code == 0, "\(run.stderr)")
    let json = try JSON.parse(run.stdout)
    #expect(json["kind"] == .string("bolt12_invoice_request") && json["valid"] == .bool(true))
    #expect(json["hrp"] == .string("lnr"))
    let request = try #require(json["bolt12"])
    #expect(request["type"] == .string("bolt12 invoice_request"))
    #expect(request["merkle_root"] == .string(root))
    // The comment: "offer_description = 'A Mathematical Treatise', offer_amount = 100,
    // offer_currency = 'USD', invreq_payer_id = Bob (privkey 0x424242...)".
    #expect(request["offer_description"] == .string("A Mathematical Treatise"))
    #expect(request["offer_currency"] == .string("USD"))
    let bob = try SigningKey(secretKey: [UInt8](repeating: 0x42, count: 32)).publicKey
    #expect(request["invreq_payer_id"] == .string(bob.description))
    let human = runTool(["inspect", text])
    #expect(human.code == 0)
    #expect(human.stdout.hasPrefix("a BOLT #12 invoice request\n"), "\(human.stdout)")
    #expect(human.stdout.contains("\"A Mathematical Treatise\""))
    #expect(human.stdout.contains(bob.description))
  }

  @Test("bolt12-issue41: inspect --json of an invoice: CLN's decode names, the vector's root")
  func inspectInvoice() throws {
    let (text, bytes) = try Self.invoice()
    let run = runTool(["inspect", "--json", text])
    #expect(run.code == 0, "\(run.stderr)")
    let json = try JSON.parse(run.stdout)
    #expect(json["kind"] == .string("bolt12_invoice") && json["valid"] == .bool(true))
    let invoice = try #require(json["bolt12"])
    let expect = try #require(
      try Bolt12VectorFiles.vector(Self.invoiceName)["expect"] as? [String: Any])
    #expect(invoice["type"] == .string("bolt12 invoice"))
    #expect(invoice["merkle_root"] == .string(try #require(expect["merkle_root"] as? String)))
    #expect(invoice["invoice_amount_msat"] == TLVRecords.integer(170, in: bytes).map(JSON.unsigned))
    #expect(invoice["invoice_node_id"] == .string(try Self.hex(176, bytes)))
    #expect(invoice["invoice_payment_hash"] == .string(try Self.hex(168, bytes)))
    #expect(invoice["invoice_expires_at"] == .unsigned(try Self.boundary()))
    let human = runTool(["inspect", text, "--now", String(try Self.boundary() - 1)])
    #expect(human.code == 0)
    #expect(human.stdout.hasPrefix("a BOLT #12 invoice\n"), "\(human.stdout)")
    #expect(human.stdout.contains(try Self.hex(176, bytes)))
    #expect(human.stdout.contains("expires in 1 s"), "\(human.stdout)")
  }

  @Test(
    "bolt12-issue41: inspect of a broken request or invoice: valid false, the error in bolt12 too",
    arguments: [
      "request: refund signed by another key", "invoice: signed by the payer",
      "invoice: unknown even type 178", "invoice: no usable path",
    ])
  func inspectBroken(name: String) throws {
    let vector = try Bolt12VectorFiles.vector(name)
    let code = try #require(vector["error"] as? String)
    let run = runTool(["inspect", "--json", try Bolt12VectorFiles.string(name)])
    #expect(run.code == 1)
    let json = try JSON.parse(run.stdout)
    #expect(json["valid"] == .bool(false))
    #expect(json["error"]?["code"] == .string(code))
    let bolt12 = try #require(json["bolt12"])
    #expect(bolt12.objectValue?.map(\.0) == ["type", "valid", "error", "warnings"])
    #expect(bolt12["error"] == json["error"])
    #expect(run.stderr.hasPrefix("error: \(code): "), "\(run.stderr)")
    let human = runTool(["inspect", try Bolt12VectorFiles.string(name)])
    #expect(human.code == 1)
    #expect(human.stdout.contains(code))
  }

  @Test("bolt12-issue41: --now and --network judge an invoice")
  func inspectClockAndNetwork() throws {
    let (text, _) = try Self.invoice()
    let boundary = try Self.boundary()
    #expect(runTool(["inspect", "--json", text, "--now", String(boundary - 1)]).code == 0)
    let expired = runTool(["inspect", "--json", text, "--now", String(boundary)])
    #expect(expired.code == 1)
    #expect(try JSON.parse(expired.stdout)["error"]?["code"] == .string("bolt12.expired"))
    let testnet = runTool(["inspect", "--json", text, "--network", "tb"])
    #expect(testnet.code == 1)
    #expect(try JSON.parse(testnet.stdout)["error"]?["code"] == .string("bolt12.network_mismatch"))
  }

  // MARK: explain

  @Test("bolt12-issue41: explain of an invoice: every record by name, the root, then valid")
  func explainInvoice() throws {
    let (text, bytes) = try Self.invoice()
    let run = runTool(["explain", text])
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("given: a BOLT #12 invoice, \(bytes.count) bytes of data\n"))
    let lines = run.stdout.split(separator: "\n").map(String.init)
    // Each record's offset, type, length and name, from the bytes.
    let records = try #require(TLVRecords.records(bytes))
    let names: [UInt64: String] = [
      0: "invreq_metadata", 10: "offer_description", 22: "offer_issuer_id",
      82: "invreq_amount", 88: "invreq_payer_id", 160: "invoice_paths", 162: "invoice_blindedpay",
      164: "invoice_created_at", 166: "invoice_relative_expiry", 168: "invoice_payment_hash",
      170: "invoice_amount", 172: "invoice_fallbacks", 174: "invoice_features",
      176: "invoice_node_id", 240: "signature", 1_000_000_001: "unknown odd record",
    ]
    for record in records {
      guard let name = names[record.type] else { continue }
      let fields =
        ["\(record.offset)", "\(record.type)", "\(record.value.count)"]
        + name.split(separator: " ").map(String.init)
      #expect(
        lines.contains { $0.split(separator: " ").map(String.init) == fields },
        "\(fields) in\n\(run.stdout)")
    }
    let amount = try #require(TLVRecords.integer(170, in: bytes))
    #expect(run.stdout.contains("value: \(amount) (tu64, "), "\(run.stdout)")
    let root = try #require(
      try Bolt12VectorFiles.vector(Self.invoiceName)["expect"] as? [String: Any])["merkle_root"]
    #expect(run.stdout.contains("merkle root: \(try #require(root as? String))"))
    let nodeID = try Self.hex(176, bytes)
    #expect(
      lines.last?.hasPrefix("valid: a BOLT #12 invoice, ") == true
        && lines.last?.contains(nodeID) == true, "\(lines.last ?? "")")
  }

  @Test("bolt12-issue41: explain of the spec's request, and of a refund left unsigned")
  func explainRequest() throws {
    let (text, _) = try Bolt12VectorFiles.specRequest()
    let run = runTool(["explain", text])
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("given: a BOLT #12 invoice request, "))
    #expect(run.stdout.contains("\"A Mathematical Treatise\""))
    #expect(
      run.stdout.split(separator: "\n").last?.hasPrefix("valid: a BOLT #12 invoice request, ")
        == true)
    let refund = runTool(["explain", try Bolt12VectorFiles.string("request: unsigned refund")])
    #expect(refund.code == 0, "\(refund.stderr)")
    #expect(refund.stdout.contains("warning: bolt12.unsigned_request: "))
    #expect(refund.stdout.split(separator: "\n").last?.contains("unsigned") == true)
  }

  @Test(
    "bolt12-issue41: explain of a broken request or invoice ends with the vector's code",
    arguments: [
      "request: type 160 is out of range", "request: refund signed by another key",
      "invoice: unknown even type 178", "invoice: signed by the payer",
      "invoice: two paths, one payinfo",
    ])
  func explainBroken(name: String) throws {
    let code = try #require(try Bolt12VectorFiles.vector(name)["error"] as? String)
    let run = runTool(["explain", try Bolt12VectorFiles.string(name)])
    #expect(run.code == 1)
    let last = try #require(run.stdout.split(separator: "\n").last.map(String.init))
    #expect(last.hasPrefix("invalid: \(code): "), "\(last)")
    #expect(run.stderr.hasPrefix("error: \(code): "), "\(run.stderr)")
    #expect(!run.stdout.contains("bolt11 inspect decodes it"))
  }

  @Test("bolt12-issue41: explain of an out-of-range record names where it lies")
  func explainRecordFault() throws {
    let name = "invoice: unknown even type 178"
    let text = try Bolt12VectorFiles.string(name)
    let bytes = try Bolt12String(parsing: text).bytes
    let offset = try #require(TLVRecords.records(bytes)?.first { $0.type == 178 }?.offset)
    let run = runTool(["explain", text])
    let last = try #require(run.stdout.split(separator: "\n").last.map(String.init))
    #expect(last.hasSuffix("(at byte \(offset) of the data, type 178)"), "\(last)")
    #expect(run.stdout.contains("an even type this reader does not know"))
  }

  // MARK: check

  /// `check --json` of the "every field" invoice with `arguments`: exit code, the violations'
  /// codes, the verdict.
  static func check(_ arguments: [String]) throws -> (Int32, [String], JSON) {
    let run = runTool(["check", "--json", try invoice().text] + arguments)
    let json = try JSON.parse(run.stdout)
    let codes = json["violations"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
    return (run.code, codes, json)
  }

  @Test("bolt12-issue41: an invoice that meets every expectation: ok, its object under bolt12")
  func checkMeets() throws {
    let (_, bytes) = try Self.invoice()
    let amount = try #require(TLVRecords.integer(170, in: bytes))
    let description = String(decoding: try #require(TLVRecords.value(10, in: bytes)), as: UTF8.self)
    let created = try #require(TLVRecords.integer(164, in: bytes))
    let (code, codes, json) = try Self.check([
      "--amount-msat", String(amount), "--max-amount-msat", String(amount), "--payee",
      Self.otherKey, "--payee", try Self.hex(176, bytes), "--own-node-id", Self.otherKey,
      "--network", "bc", "--description", description, "--payment-hash",
      try Self.hex(168, bytes), "--now", String(created), "--min-remaining-seconds", "60",
      "--max-future-seconds", "0", "--max-age-seconds", "0",
    ])
    #expect(code == 0 && codes.isEmpty, "\(json)")
    #expect(json["ok"] == .bool(true))
    #expect(json["bolt12"]?["type"] == .string("bolt12 invoice"))
    #expect(json["bolt12"]?["invoice_amount_msat"] == .unsigned(amount))
  }

  @Test("bolt12-issue41: every violation of an invoice at once, in the check's order")
  func checkViolations() throws {
    let (_, bytes) = try Self.invoice()
    let amount = try #require(TLVRecords.integer(170, in: bytes))
    let (code, codes, json) = try Self.check([
      "--amount-msat", String(amount + 1), "--max-amount-msat", String(amount - 1), "--payee",
      Self.otherKey, "--own-node-id", try Self.hex(176, bytes), "--network", "tb",
      "--description", "something else", "--payment-hash", String(repeating: "00", count: 32),
      "--now", String(try Self.boundary()),
    ])
    #expect(code == 1)
    #expect(
      codes == [
        "check.amount_mismatch", "check.amount_too_large", "check.payee_mismatch",
        "check.self_payment", "check.network_mismatch", "check.description_mismatch",
        "check.payment_hash_mismatch", "check.expired",
      ], "\(json)")
  }

  @Test("bolt12-issue41: the clock options on invoice_created_at and invoice_expires_at")
  func checkClock() throws {
    let (_, bytes) = try Self.invoice()
    let created = try #require(TLVRecords.integer(164, in: bytes))
    let expires = try Self.boundary()
    // Created more than 600 s (the default) after now.
    #expect(try Self.check(["--now", String(created - 601)]).1 == ["check.future_timestamp"])
    #expect(try Self.check(["--now", String(created - 600)]).1.isEmpty)
    #expect(
      try Self.check(["--now", String(created - 10), "--max-future-seconds", "9"]).1
        == ["check.future_timestamp"])
    // Lifetime: expires - now < S.
    let remaining = ["--min-remaining-seconds", "100"]
    #expect(
      try Self.check(["--now", String(expires - 99)] + remaining).1 == ["check.lifetime_too_short"])
    #expect(try Self.check(["--now", String(expires - 100)] + remaining).1.isEmpty)
    // Age: now - created > S.
    #expect(
      try Self.check(["--now", String(created + 11), "--max-age-seconds", "10"]).1
        == ["check.too_old"])
    #expect(try Self.check(["--now", String(created + 10), "--max-age-seconds", "10"]).1.isEmpty)
    // Expired at expires_at itself.
    #expect(try Self.check(["--now", String(expires - 1)]).1.isEmpty)
    #expect(try Self.check(["--now", String(expires)]).1 == ["check.expired"])
  }

  @Test(
    "bolt12-issue41: an option that means nothing for an invoice is a usage error naming it",
    arguments: ["--allow-amountless", "--description-hash", "--max-cltv", "--compat"])
  func checkUsage(option: String) throws {
    let (text, _) = try Self.invoice()
    var arguments = ["check", text, "--amount-msat", "1", option]
    if option == "--description-hash" { arguments.append(String(repeating: "00", count: 32)) }
    if option == "--max-cltv" { arguments.append("144") }
    let run = runTool(arguments)
    #expect(run.code == 2, "\(run.stderr)")
    #expect(run.stderr.contains(option) && run.stderr.contains("BOLT #12 invoice"), "\(run.stderr)")
  }

  @Test("bolt12-issue41: check refuses an invoice request, and a broken invoice with its code")
  func checkRefuses() throws {
    let request = runTool(["check", "--json", try Bolt12VectorFiles.specRequest().string])
    #expect(request.code == 1)
    #expect(request.stderr.hasPrefix("error: input.bolt12_invoice_request: "), "\(request.stderr)")
    let broken = runTool([
      "check", "--json", try Bolt12VectorFiles.string("invoice: signed by the payer"),
    ])
    #expect(broken.code == 1)
    let json = try JSON.parse(broken.stdout)
    #expect(json["ok"] == .bool(false) && json["valid"] == .bool(false))
    #expect(json["error"]?["code"] == .string("bolt12.signature_invalid"))
  }

  @Test("bolt12-issue41: check's human verdict of an invoice")
  func checkHuman() throws {
    let (text, _) = try Self.invoice()
    let ok = runTool(["check", text, "--now", String(try Self.boundary() - 1)])
    #expect(ok.code == 0)
    #expect(ok.stdout.hasPrefix("ok: the invoice meets every expectation\n"), "\(ok.stdout)")
    let expired = runTool(["check", text, "--now", String(try Self.boundary())])
    #expect(expired.code == 1)
    #expect(
      expired.stdout.hasPrefix("rejected: 1 violation\n  check.expired: "), "\(expired.stdout)")
    #expect(expired.stderr.hasPrefix("error: check.expired: "))
  }

  // MARK: safe text

  @Test("bolt12-issue41: hostile text in a request or invoice never reaches the terminal raw")
  func hostileText() throws {
    // Obviously fake test keys: 32 bytes of 0x41 ("Alice") and 0x42 ("Bob").
    let alice = try SchnorrSigningKey(secretKey: [UInt8](repeating: 0x41, count: 32))
    let bob = try SchnorrSigningKey(secretKey: [UInt8](repeating: 0x42, count: 32))
    var request = InvoiceRequestBuilder(
      refundOf: 50_000, description: "pay\u{1B}[2J\u{202E}me", metadata: [1, 2, 3, 4],
      payerKey: bob)
    request.payerNote = "note\u{07}\u{2066}"
    let refund = try request.build(auxiliaryRandomness: [UInt8](repeating: 0, count: 32))
    let path = BlindedPath(
      firstNode: .nodeID(alice.publicKey), firstPathKey: bob.publicKey,
      hops: [.init(blindedNodeID: alice.publicKey, encryptedRecipientData: [0xab])])
    let invoice = try Bolt12InvoiceBuilder(
      request: refund, nodeKey: alice, paths: [path],
      payinfo: [
        Payinfo(
          feeBaseMsat: 1, feeProportionalMillionths: 1, cltvExpiryDelta: 144,
          htlcMinimumMsat: 1, htlcMaximumMsat: 50_000)
      ], createdAt: 1_700_000_000, paymentHash: [UInt8](repeating: 0x11, count: 32)
    ).build(auxiliaryRandomness: [UInt8](repeating: 0, count: 32))
    for text in [refund.text, invoice.text] {
      var commands = [["inspect", text], ["explain", text]]
      if text == invoice.text { commands.append(["check", text, "--now", "1700000000"]) }
      for command in commands {
        let run = runTool(command)
        #expect(run.code == 0, "\(command[0]): \(run.stderr)")
        for raw in ["\u{1B}", "\u{202E}", "\u{07}", "\u{2066}"] {
          #expect(!run.stdout.contains(raw) && !run.stderr.contains(raw), "\(command[0])")
        }
      }
      #expect(runTool(["inspect", text]).stdout.contains("pay"))
    }
  }
}
