import Bolt11JSON
import Bolt11ToolFixtures
import TestSupport
import Testing

/// `bolt11 check` of a BOLT #12 offer: the expectations that mean something for an offer, with
/// `check.*` codes, the offer's object under `bolt12`; other options are usage errors. Offers and
/// their fields are BOLT #12's vectors.
@Suite struct CheckOfferTests {
  static let issuerID = "02eec7245d6b7d2ccb30380bfbe2a3648cd7a942653f5aa340edcea1f283686619"
  static let otherKey = "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad"

  /// The codes of the violations of `check --json` with `arguments` after the string.
  static func codes(_ vector: String, _ arguments: [String]) throws -> (Int32, [String], JSON) {
    let run = runTool(
      ["check", "--json", try Bolt12VectorFiles.string(vector)] + arguments + ["--now", "1"])
    let json = try JSON.parse(run.stdout)
    let codes = json["violations"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
    return (run.code, codes, json)
  }

  @Test("bolt12-issue40: an offer that meets every expectation: ok, its object under bolt12")
  func meets() throws {
    let msat = try #require(UInt64(try Bolt12VectorFiles.field("with amount", 8), radix: 16))
    let (code, codes, json) = try Self.codes(
      "with amount",
      [
        "--amount-msat", String(msat), "--max-amount-msat", String(msat), "--payee",
        Self.otherKey, "--payee", Self.issuerID, "--network", "bitcoin", "--description",
        "Test vectors",
      ])
    #expect(code == 0 && codes.isEmpty, "\(json)")
    #expect(json["ok"] == .bool(true))
    #expect(json["bolt12"]?["type"] == .string("bolt12 offer"))
    #expect(json["bolt12"]?["offer_amount_msat"] == .unsigned(msat))
  }

  @Test("bolt12-issue40: every violation at once, in the check's order")
  func violations() throws {
    let msat = try #require(UInt64(try Bolt12VectorFiles.field("with amount", 8), radix: 16))
    let (code, codes, _) = try Self.codes(
      "with amount",
      [
        "--amount-msat", String(msat + 1), "--max-amount-msat", String(msat - 1), "--payee",
        Self.otherKey, "--network", "tb", "--description", "something else",
      ])
    #expect(code == 1)
    #expect(
      codes == [
        "check.amount_mismatch", "check.amount_too_large", "check.payee_mismatch",
        "check.network_mismatch", "check.description_mismatch",
      ])
  }

  @Test("bolt12-issue40: amountless, in a currency, blinded paths only, testnet, expiry")
  func offerCases() throws {
    let noAmount = "with description (but no amount)"
    #expect(try Self.codes(noAmount, ["--amount-msat", "1"]).1 == ["check.amount_missing"])
    #expect(try Self.codes(noAmount, ["--amount-msat", "1", "--allow-amountless"]).1 == [])
    #expect(
      try Self.codes("with currency", ["--amount-msat", "1"]).1 == ["check.amount_in_currency"])
    let blinded = "with no issuer_id and blinded path via Bob (0x424242...), path_key 020202..."
    let (_, blindedCodes, blindedJSON) = try Self.codes(blinded, ["--payee", Self.issuerID])
    #expect(blindedCodes == ["check.payee_mismatch"])
    let message = blindedJSON["violations"]?.arrayValue?.first?["message"]?.stringValue ?? ""
    #expect(message.contains("blinded"), "\(message)")
    #expect(try Self.codes("for testnet", ["--network", "tb"]).1 == [])
    #expect(try Self.codes("for testnet", ["--network", "bc"]).1 == ["check.network_mismatch"])
    // Field 14 is 0x7a4297d8; expired at that second.
    let expiring = try Bolt12VectorFiles.string("with expiry")
    #expect(runTool(["check", expiring, "--now", String(0x7a42_97d8 - 1)]).code == 0)
    let expired = runTool(["check", expiring, "--now", String(0x7a42_97d8)])
    #expect(expired.code == 1)
    #expect(expired.stderr.hasPrefix("error: check.expired: "))
  }

  @Test("bolt12-issue40: an option that means nothing for an offer is a usage error naming it")
  func usage() throws {
    let text = try Bolt12VectorFiles.string("with amount")
    for option in [["--payment-hash", String(repeating: "0", count: 64)], ["--max-cltv", "9"]] {
      let run = runTool(["check", text] + option)
      #expect(run.code == 2, "\(option)")
      #expect(run.stderr.contains(option[0]) && run.stderr.contains("BOLT #12 offer"))
    }
  }

  @Test("bolt12-issue40: a broken offer gives its reader error in the verdict's shape")
  func broken() throws {
    let text = try Bolt12VectorFiles.string("Malformed: unknown even TLV type 78")
    let run = runTool(["check", "--json", text])
    #expect(run.code == 1)
    let json = try JSON.parse(run.stdout)
    #expect(json["ok"] == .bool(false) && json["valid"] == .bool(false))
    #expect(json["error"]?["code"] == .string("bolt12.unknown_even"))
    let request = runTool(["check", "lnr1qq"])
    #expect(request.stderr.hasPrefix("error: input.bolt12_invoice_request: "))
  }
}
