import Bolt11JSON
import Bolt11ToolFixtures
import TestSupport
import Testing

/// `bolt11 explain` of a BOLT #12 offer: its records with offset, type, length, name, value
/// and meaning, then the verdict; `decode` and `validate` refuse offers and name `inspect`.
/// Strings are BOLT #12's vectors; offsets follow from their listed fields' lengths.
@Suite struct ExplainOfferTests {
  /// How an offer is given: alone, after `lightning:`, or as a URI's `lno=` value (with a
  /// character before it that takes two bytes), plain or with its prefix percent-encoded; and
  /// what `explain`'s first line says it was given.
  static let forms: [(prefix: String, encoded: Bool, given: String)] = [
    ("", false, "a BOLT #12 offer"), ("lightning:", false, "a BOLT #12 offer"),
    (
      "bitcoin:?label=Café&lno=", false,
      "a bitcoin: URI (BIP-321); its lno= offer starts at character 24"
    ),
    (
      "bitcoin:?label=Café&lno=", true,
      "a bitcoin: URI (BIP-321); its lno= offer starts at character 24"
    ),
  ]

  @Test(
    "bolt12-issue40: a valid offer: every record, then valid; alone, after lightning:, in lno=",
    arguments: forms.indices)
  func valid(form: Int) throws {
    let (prefix, encoded, given) = Self.forms[form]
    let offer = try Bolt12VectorFiles.string("with currency")
    // "lno" written as "%6C%6E%6F".
    let run = runTool(["explain", prefix + (encoded ? "%6C%6E%6F" + offer.dropFirst(3) : offer)])
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("given: \(given), "), "\(run.stdout)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    // Types 6 (3 bytes), 8 (2), 10 (12), 22 (33): records at 0, 5, 9 and 23.
    for (offset, type, length, name) in [
      (0, 6, 3, "offer_currency"), (5, 8, 2, "offer_amount"), (9, 10, 12, "offer_description"),
      (23, 22, 33, "offer_issuer_id"),
    ] {
      let fields = ["\(offset)", "\(type)", "\(length)", name]
      #expect(
        lines.contains { $0.split(separator: " ").map(String.init) == fields }, "\(run.stdout)")
    }
    #expect(run.stdout.contains("\"USD\"") && run.stdout.contains("10000"))
    #expect(lines.last?.hasPrefix("valid: a BOLT #12 offer, 100.00 USD") == true)
  }

  @Test("bolt12-issue40: a record fault: the verdict says the byte and the type")
  func recordFault() throws {
    let text = try Bolt12VectorFiles.string("Malformed: unknown even TLV type 78")
    let run = runTool(["explain", text])
    #expect(run.code == 1)
    let last = try #require(run.stdout.split(separator: "\n").last.map(String.init))
    #expect(last.hasPrefix("invalid: bolt12.unknown_even: "), "\(last)")
    // Records 10 (2 + 5 bytes) and 22 (2 + 33 bytes) first: the even one at byte 42.
    #expect(last.hasSuffix("(at byte 42 of the data, type 72)"), "\(last)")
    #expect(run.stderr.hasPrefix("error: bolt12.unknown_even: "))
    // "pt7s" is 0x0a 0xfd: type 10 and a length whose two further bytes are missing.
    let truncated = runTool(["explain", "lno1pt7s"])
    #expect(truncated.code == 1)
    #expect(
      truncated.stdout.hasSuffix(
        "invalid: bolt12.truncated: the record's length runs past the end "
          + "(at byte 0 of the data, type 10)\n"))
  }

  @Test("bolt12-issue40: decode and validate refuse offers with input.bolt12_offer, naming inspect")
  func decodeRefuses() throws {
    let text = try Bolt12VectorFiles.string("with currency")
    let node = "02eec7245d6b7d2ccb30380bfbe2a3648cd7a942653f5aa340edcea1f283686619"
    for arguments in [
      ["decode", "--json", text], ["validate", text, "--amount-msat", "1", "--node-id", node],
    ] {
      let run = runTool(arguments)
      #expect(run.code == 1, "\(arguments)")
      #expect(run.stderr.hasPrefix("error: input.bolt12_offer: "), "\(run.stderr)")
      #expect(run.stderr.contains("bolt11 inspect"), "\(run.stderr)")
    }
  }
}
