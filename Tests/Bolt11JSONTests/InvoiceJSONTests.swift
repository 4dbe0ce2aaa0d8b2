import Bolt11
import Bolt11JSON
import Foundation
import Secp256k1
import TestSupport
import Testing

/// The library's JSON as a wallet uses it: `invoice.json`, `error.json`, `JSON(invoice)` and the
/// reader `InvoiceJSON.builder(from:)`, held to the values the spec's examples state.
@Suite struct InvoiceJSONTests {
  /// The valid examples of BOLT #11 with what each states (`expect`, from the spec's text).
  static let examples: [(name: String, invoice: String, compat: Bool, expect: JSON)] = {
    guard
      let data = try? Data(
        contentsOf: PackageFolder.vectors().appendingPathComponent("bolt11-spec.json")),
      let file = try? JSON.parse(String(decoding: data, as: UTF8.self))
    else { return [] }
    return (file["vectors"]?.arrayValue ?? []).compactMap { vector in
      guard vector["valid"]?.boolValue == true, let invoice = vector["invoice"]?.stringValue,
        let expect = vector["expect"]
      else { return nil }
      let compat = vector["options"]?["mode"]?.stringValue == "compat"
      return (vector["name"]?.stringValue ?? "?", invoice, compat, expect)
    }
  }()

  static func decode(_ example: (name: String, invoice: String, compat: Bool, expect: JSON))
    throws -> Invoice
  {
    try Invoice.decode(
      example.invoice, options: DecodeOptions(mode: example.compat ? .compat : .strict))
  }

  @Test("the examples are there to check")
  func examplesLoaded() {
    #expect(Self.examples.count >= 10)
  }

  @Test("invoice.json states every value the spec's example states")
  func statesTheExample() throws {
    for example in Self.examples {
      let json = try JSON.parse(try Self.decode(example).json)
      #expect(json["valid"] == .bool(true), "\(example.name)")
      for (key, value) in example.expect.objectValue ?? [] {
        #expect(json[key] == value, "\(example.name): \(key)")
      }
    }
  }

  @Test("invoice.json is one line, byte for byte the test oracle's (ReferenceJSON)")
  func oneLine() throws {
    for example in Self.examples {
      let invoice = try Self.decode(example)
      #expect(!invoice.json.contains("\n"))
      #expect(
        Array(invoice.json.utf8) == ReferenceJSON.serialize(ReferenceJSON.object(invoice)),
        "\(example.name)")
    }
  }

  /// The spec's second example as JSON, with one route whose key is `key`.
  static func jsonWithRoute(key: String, amount: Int = 1000) -> JSON {
    let text = """
      {"currency":"bc","amount_msat":\(amount),"created_at":1496314658,
       "payment_hash":"0001020304050607080900010203040506070809000102030405060708090102",
       "payment_secret":"1111111111111111111111111111111111111111111111111111111111111111",
       "description":"1 cup coffee","routes":[[{"pubkey":"\(key)",
       "short_channel_id":"1x2x3","fee_base_msat":1,"fee_proportional_millionths":1,
       "cltv_expiry_delta":40}]]}
      """
    do { return try JSON.parse(text) } catch { preconditionFailure("\(error)") }
  }

  @Test("a route key that is no compressed key is refused where the builder checks routes")
  func routeKeyOrder() throws {
    let key = try SigningKey(secretKey: FakeKeys.specSecret)
    let malformed = "04" + String(repeating: "ab", count: 32)
    /// The code `build` refuses the JSON's builder with.
    func code(_ json: JSON) throws -> InvoiceBuildError.Code? {
      let builder = try InvoiceJSON.builder(from: json)
      do {
        _ = try builder.build(signingWith: key)
        return nil
      } catch {
        return error.code
      }
    }
    // The builder checks the amount before the routes: the amount's error is reported.
    #expect(try code(Self.jsonWithRoute(key: malformed, amount: 0)) == .invalidAmount)
    #expect(try code(Self.jsonWithRoute(key: malformed)) == .invalidRoute)
    // The same JSON with the generator G as the key builds.
    let generator = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
    let built = try InvoiceJSON.builder(from: Self.jsonWithRoute(key: generator))
      .build(signingWith: key)
    #expect(built.routeHints.first?.hops.first?.nodeID.description == generator)
  }

  @Test("a refused invoice's error.json carries its code, message and position")
  func errorJSON() throws {
    // One character of the second example changed: the checksum no longer matches.
    var text = Array(Self.examples[1].invoice)
    text[text.count - 1] = text[text.count - 1] == "q" ? "p" : "q"
    do {
      _ = try Invoice.decode(String(text))
      Issue.record("a changed character decoded")
    } catch {
      let json = try JSON.parse(error.json)
      #expect(json["valid"] == .bool(false))
      #expect(json["error"]?["code"] == .string("bech32.checksum"))
      #expect(json["error"]?["message"] == .string(error.message))
      #expect(json["error"]?["position"] == error.position.map { .integer(Int64($0)) })
    }
  }

  /// Characters after the signed part: 104 of signature and recovery id (520 bits / 5), 6 of
  /// checksum.
  static let unsignedTail = 104 + 6

  @Test("the reader rebuilds each example from its JSON: the same signed part, the same payee")
  func readsBack() throws {
    let key = try SigningKey(secretKey: FakeKeys.specSecret)
    for example in Self.examples where !example.compat {
      let invoice = try Self.decode(example)
      let rebuilt = try InvoiceJSON.builder(from: JSON(invoice)).build(signingWith: key)
      // The signature may differ: not every example was signed with RFC 6979's nonce.
      #expect(
        rebuilt.string.dropLast(Self.unsignedTail)
          == example.invoice.lowercased().dropLast(Self.unsignedTail), "\(example.name)")
      #expect(JSON(rebuilt)["payee"] == .string(FakeKeys.specPayee), "\(example.name)")
    }
  }

  @Test("JSON that is not the contract's shape is input.invalid_json, naming what is wrong")
  func readerRefuses() throws {
    do {
      _ = try InvoiceJSON.builder(from: JSON.parse(#"{"currency":"bc","created_at":1}"#))
      Issue.record("a builder without payment_hash")
    } catch let error as InvoiceJSON.InputError {
      #expect(error.code == "input.invalid_json")
      #expect(error.message.contains("payment_hash"))
    }
  }
}
