import Bolt12
import Testing

/// The examples of the module's documentation page behave as it says.
@Suite struct DocumentationExampleTests {
  @Test("the decoded offer of the documentation page") func decoded() throws {
    let offer = try Offer.decode(
      "lno1qcp4256ypqpzwyq2p32x2um5ypmx2cm5dae8x93pqthvwfzadd7jejes8q9lhc4rvjxd022zv5l44g6qah82ru5rdpnpj",
      options: try #require(ReadOptions(now: 1_800_000_000, network: "bc")))
    #expect(offer.description == "Test vectors")
    #expect(offer.amountText == "100.00 USD")
    #expect(
      offer.issuerID?.description
        == "02eec7245d6b7d2ccb30380bfbe2a3648cd7a942653f5aa340edcea1f283686619")
    #expect(offer.networks == [.bitcoin])
    #expect(offer.json.hasPrefix(#"{"type":"bolt12 offer","valid":true,"offer_id":""#))
  }

  @Test("the refused offer of the documentation page") func refused() {
    do {
      _ = try Offer.decode("lno1pgx9getnwss8vetrw3hhyuc")
      Issue.record("decoded")
    } catch {
      #expect(error.code == .missingField)
      #expect(error.field == "offer_issuer_id")
    }
  }
}
