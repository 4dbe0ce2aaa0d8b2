import Bolt11
import Bolt11JSON
import Bolt11ToolFixtures
import PaymentInput
import TestSupport
import Testing

/// Every command that reads a payment string gives it one answer: `decode` (one string, its batch
/// and the line protocol), `check`, `validate`, `explain` and `inspect` refuse a string with the
/// same code at the same position, and accept the same strings.
///
/// The reference is what the paste path (`PaymentString.invoice(in:)`) says of the string; every
/// command is compared with it. `inspect` accepts a valid string of another kind (it says what the
/// string is): only its refusals are compared.
@Suite struct OneClassificationTests {
  /// Ten seconds after the spec examples were made: none has expired.
  static let now = SpecInvoice.timestamp + 10

  /// What people paste: invoices as given, damaged, wrapped in a URI or after a stray character,
  /// and every other kind, valid and broken.
  static let samples: [String] = invoices + uris + otherKinds + strays

  static let coffee = SpecInvoice.coffee
  static let address = PaymentStringSamples.p2wpkh
  static let lnurl = PaymentStringSamples.lnurl
  static let offer = PaymentStringSamples.offer
  static let node = PaymentStringSamples.node
  /// The coffee invoice with one data character changed: its checksum fails.
  static let changed: String = {
    var characters = Array(coffee)
    characters[120] = characters[120] == "q" ? "p" : "q"
    return String(characters)
  }()

  static let invoices: [String] = [
    coffee, "lightning:\(coffee)", "LIGHTNING:\(coffee.uppercased())", " \t\(coffee)\t ",
    "\u{FEFF}\(coffee)", "\u{00A0}\(coffee)", changed, SpecInvoice.badChecksum,
    SpecInvoice.badMultiplier, SpecInvoice.missingSecret, "lnbc1garbage",
    PaymentStringSamples.invoice("Malformed bech32 string (no 1)"),
  ]

  static let uris: [String] = [
    "bitcoin:\(address)?amount=0.001&label=Coffee&lightning=\(coffee)",
    "bitcoin:\(address)?lightning=\(SpecInvoice.badChecksum)",
    "bitcoin:?lightning=\(changed)", "bitcoin:?lightning=\(offer)",
    "bitcoin:?lightning=\(lnurl)", "bitcoin:?lightning=satoshi@bitcoin.org",
    "bitcoin:?lightning=", "bitcoin:\(address)", "bitcoin:\(address)?amount=1,5",
    "bitcoin:?lightning=\(coffee)&lightning=\(SpecInvoice.donation)",
  ]

  static let otherKinds: [String] = [
    offer, lnurl, "\(lnurl.dropLast())T", "lightning:\(lnurl)", "satoshi@bitcoin.org",
    "satoshi@", "sat oshi@bitcoin.org", "\(node)@203.0.113.7:9735", "\(node)@",
    "\(node)@host:99999", node, "\(node.dropLast())c", address, "\(address.dropLast())5",
    PaymentStringSamples.p2pkh, "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3", "hello world", "", "  \t",
    "₿satoshi@bitcoin.org", "https://example.com/pay?lightning=\(lnurl)",
    "sp1qqgste7k9hx0qftg6qmwlkqtwuy6cycyavzmzj85c6qdfhjdpdjtdgqjuexzk6murw56suy3e0rd2cgqvycxttddwsvgxe2usfpxumr70xc9pkqwv",
  ]

  static let strays: [String] = [
    "\"\(coffee)\"", "'\(coffee)", "lightning://\(coffee)", "lightning: \(coffee)", "lightning:",
  ]

  /// A refusal's code and position.
  struct Answer: Equatable, CustomStringConvertible {
    var code: String
    var position: Int?
    var description: String { code + (position.map { " at \($0)" } ?? "") }
  }

  /// The paste path's answer: nil when the string pays an invoice.
  static func reference(_ text: String) -> Answer? {
    var options = DecodeOptions()
    options.now = now
    do {
      _ = try PaymentString.invoice(in: text, options: options)
      return nil
    } catch {
      return Answer(code: error.dottedCode, position: error.position)
    }
  }

  /// The code and position of the first `error:` line of standard error, nil when there is none.
  static func errorLine(_ run: ToolRun) -> Answer? {
    guard let line = run.stderr.lines.first(where: { $0.hasPrefix("error: ") }) else { return nil }
    let rest = line.dropFirst("error: ".count)
    let code = String(rest.prefix { $0 != ":" })
    var position: Int?
    if line.hasSuffix(")"), let range = line.range(of: " (at character ", options: .backwards) {
      position = Int(line[range.upperBound...].dropLast())
    }
    return Answer(code: code, position: position)
  }

  /// The `error` object of a JSON line, nil when it has none.
  static func errorObject(_ line: Substring) throws -> Answer? {
    let json = try JSON.parse(String(line))
    guard let error = json["error"], let code = error["code"]?.stringValue else { return nil }
    return Answer(code: code, position: error["position"]?.unsignedValue.map { Int($0) })
  }

  @Test(
    "every command refuses a string with the paste path's code and position", arguments: samples)
  func agree(_ text: String) throws {
    let expected = Self.reference(text)
    let now = String(Self.now)
    let runs: [(String, ToolRun)] = [
      ("decode", runTool(["decode", "--json", "--now", now, "--", text])),
      ("check", runTool(["check", "--json", "--now", now, "--", text])),
      (
        "validate",
        runTool([
          "validate", "--amount-msat", "250000000", "--node-id", SpecInvoice.payee, "--now", now,
          "--", text,
        ])
      ),
      ("explain", runTool(["explain", "--now", now, "--", text])),
    ]
    // explain (and check) answer a BOLT #12 offer from the offer reader, not with decode's
    // input.bolt12_offer (ExplainOfferTests).
    let isOffer = PaymentString.kind(of: text) == .bolt12Offer
    for (command, run) in runs where !(isOffer && (command == "explain" || command == "check")) {
      if let expected {
        #expect(run.code == 1, "\(command): \(text)")
        #expect(Self.errorLine(run) == expected, "\(command): \(text)")
      } else if command == "decode" || command == "explain" {
        #expect(run.code == 0, "\(command): \(text): \(run.stderr)")
      }
    }
    let decodeJSON = try #require(runs[0].1.stdout.lines.first)
    #expect(try Self.errorObject(decodeJSON) == expected, "decode --json: \(text)")
    let checkJSON = try JSON.parse(String(try #require(runs[1].1.stdout.lines.first)))
    if expected != nil, !isOffer {
      // The verdict's shape, whatever was refused.
      #expect(checkJSON["ok"] == .bool(false), "check --json: \(text)")
      #expect(checkJSON["valid"] == .bool(false), "check --json: \(text)")
      #expect(checkJSON["warnings"]?.arrayValue != nil, "check --json: \(text)")
    }
    // A batch line and a protocol request: one line each.
    let batch = runTool(["decode", "--batch", "-", "--now", now], stdin: text)
    if text.contains(where: \.isNewline) == false, !text.allSatisfy(\.isWhitespace) {
      let line = try #require(batch.stdout.lines.first, "batch: \(text)")
      #expect(try Self.errorObject(line) == expected, "batch: \(text)")
    }
    let request = JSON.object([
      ("id", .unsigned(1)), ("invoice", .string(text)),
      ("options", .object([("now", .unsigned(Self.now))])),
    ])
    let served = runTool(["decode", "--protocol"], stdin: request.serialized + "\n")
    let reply = try #require(served.stdout.lines.first, "protocol: \(text)")
    #expect(try Self.errorObject(reply) == expected, "protocol: \(text)")
    // inspect says what a valid string of another kind is; it refuses what the others refuse.
    let inspected = runTool(["inspect", "--json", "--now", now, "--", text])
    // A valid string of another kind, or a URI without exactly one invoice; a URI entry of
    // another kind is a fault of the URI.
    let isURI = PaymentString.kind(of: text) == .bip321
    let namesAnotherKind =
      expected.map { answer in
        answer.code.hasPrefix("input.") && answer.code != "input.unrecognized"
          && answer.code != "input.empty"
          && (!isURI || ["input.bip321_without_invoice", "input.ambiguous"].contains(answer.code))
      } ?? false
    if let expected, !namesAnotherKind {
      #expect(inspected.code == 1, "inspect: \(text)")
      #expect(Self.errorLine(inspected) == expected, "inspect: \(text)")
    } else {
      #expect(inspected.code == 0, "inspect: \(text): \(inspected.stderr)")
    }
  }
}
