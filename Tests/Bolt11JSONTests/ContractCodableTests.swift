import Bolt11
import Bolt11JSON
import Foundation
import PaymentInput
import TestSupport
import Testing

/// What an app serves through `Codable` has the contract's shapes, through Foundation's own
/// encoder and decoder.
@Suite struct ContractCodableTests {
  static func encoded(_ value: some Encodable) throws -> JSON {
    let data = try JSONEncoder().encode(value)
    return try JSON.parse(String(decoding: data, as: UTF8.self))
  }

  @Test("a JSON value goes through JSONEncoder and JSONDecoder unchanged, numbers exact")
  func jsonRoundTrip() throws {
    let value = JSON.object([
      ("null", .null), ("yes", .bool(true)), ("negative", .integer(-5)),
      ("largest", .unsigned(UInt64.max)), ("half", .double(1.5)),
      ("text", .string("Caf\u{e9} \u{202e}")),
      ("list", .array([.unsigned(0), .array([]), .object([("a", .bool(false))])])),
    ])
    let data = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(JSON.self, from: data)
    #expect(decoded == value)
    #expect(decoded["largest"]?.unsignedValue == 18_446_744_073_709_551_615)
    // Read from text another program wrote.
    let text = #"{"a": [1, -2, 2.5, "x", null, true], "b": {}}"#
    let read = try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
    #expect(read == (try JSON.parse(text)))
  }

  @Test("a payment string encodes as bolt11 inspect --json prints it")
  func paymentString() throws {
    let coffee =
      SpecVector.valid.first { $0.name.hasPrefix("Please send $3 for a cup of coffee") }?.invoice
      ?? "missing spec vector"
    let string = try PaymentString(parsing: "lightning:" + coffee)
    let json = try Self.encoded(string)
    #expect(json == (try JSON.parse(string.json)))
    #expect(json["kind"]?.stringValue == "bolt11")
    #expect(json["valid"]?.boolValue == true)
    // BOLT #11's example: $3 (2500u) to this payee.
    #expect(json["invoice"]?["amount_msat"]?.unsignedValue == 250_000_000)
    #expect(
      json["invoice"]?["payee"]?.stringValue
        == "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad")
  }

  @Test("a failure encodes as its contract object, code and position included")
  func paymentStringError() throws {
    do {
      _ = try PaymentString(parsing: "bitcoin:?amount=1")
      Issue.record("a URI with neither an address nor a payment instruction was accepted")
    } catch {
      let json = try Self.encoded(error)
      #expect(json == (try JSON.parse(error.json)))
      #expect(json["valid"]?.boolValue == false)
      // The contract: neither an address nor a payment instruction is bip321.empty.
      #expect(json["error"]?["code"]?.stringValue == "bip321.empty")
    }
  }

  @Test("a payer's violation encodes as bolt11 check --json lists it")
  func violation() throws {
    let coffee =
      SpecVector.valid.first { $0.name.hasPrefix("Please send $3 for a cup of coffee") }?.invoice
      ?? "missing spec vector"
    let invoice = try Invoice.decode(coffee)
    var expected = InvoiceExpectations()
    expected.amount = Millisatoshis(1_000)
    let violations = expected.check(invoice, now: 1_496_314_660)  // two seconds after it was made
    try #require(violations.count == 1)
    let json = try Self.encoded(violations[0])
    #expect(json["code"]?.stringValue == "check.amount_mismatch")
    #expect(json["expected"]?.unsignedValue == 1_000)
    #expect(json["found"]?.unsignedValue == 250_000_000)
    let verdict = try Self.encoded(JSON(checked: invoice, violations: violations))
    #expect(verdict["ok"]?.boolValue == false)
    #expect(verdict["violations"]?.arrayValue?.count == 1)
  }
}
