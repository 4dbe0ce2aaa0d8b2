import Bolt11
import Bolt12
import Chains
import Secp256k1
import TestSupport
import Testing

/// The typed fields of the spec's valid offers, against what each vector's "field info" says.
@Suite struct OfferDecodingTests {
  /// The offer of offers-test.json with this description.
  static func spec(_ description: String) throws -> Offer {
    try Offer.decode(Bolt12VectorFiles.string(description))
  }

  @Test("the minimal offer: an issuer id, bitcoin, nothing else") func minimal() throws {
    let offer = try Self.spec("Minimal bolt12 offer")
    #expect(
      offer.issuerID?.description
        == "02eec7245d6b7d2ccb30380bfbe2a3648cd7a942653f5aa340edcea1f283686619")
    #expect(offer.chains == nil)
    #expect(offer.networks == [.bitcoin])
    #expect(offer.amount == nil && offer.description == nil && offer.paths == nil)
    #expect(offer.unknownRecords.isEmpty && offer.warnings.isEmpty)
    // The id is the SHA-256 of every record in the offer's ranges: here, the whole stream.
    #expect(offer.offerID.bytes == SHA256.hash(offer.bytes))
  }

  @Test("chains: testnet; liquidv1 (not in the table) and bitcoin, in order") func chains() throws {
    #expect(try Self.spec("for testnet").networks == [.testnet])
    #expect(try Self.spec("for bitcoin (redundant)").networks == [.bitcoin])
    let both = try Self.spec("for bitcoin or liquidv1")
    #expect(both.chains?.count == 2)
    #expect(both.networks == [nil, .bitcoin])
  }

  @Test("text, metadata, expiry, quantity and features") func fields() throws {
    #expect(try Self.spec("with description (but no amount)").description == "Test vectors")
    #expect(try Self.spec("with metadata").metadata == [UInt8](repeating: 0, count: 16))
    // The vector's hex, 7a4297d8: early on 2035-01-01 in UTC+10:30 ("expiry is 2035-01-01").
    #expect(try Self.spec("with expiry").absoluteExpiry == 0x7a42_97d8)
    #expect(
      try Self.spec("with issuer").issuer == "https://bolt12.org BOLT12 industries")
    #expect(try Self.spec("with quantity").quantityMax == 5)
    #expect(try Self.spec("with unlimited (or unknown) quantity").quantityMax == 0)
    #expect(try Self.spec("with single quantity (weird but valid)").quantityMax == 1)
    // Bit 99 (odd) in 13 bytes: the byte 12 from the end's bit 3.
    let features = try #require(try Self.spec("with feature").features)
    #expect(features.count == 13)
    #expect(features.first == 0x08 && features.dropFirst().allSatisfy { $0 == 0 })
  }

  @Test("amounts: 10000 msat; USD 100.00 in cents, with ISO 4217's two decimals")
  func amounts() throws {
    let msat = try Self.spec("with amount")
    #expect(msat.amount == 10_000 && msat.amountMsat == 10_000 && msat.currency == nil)
    #expect(msat.amountText == "10000 msat")
    let usd = try Self.spec("with currency")
    #expect(usd.currency == "USD" && usd.amount == 10_000 && usd.amountMsat == nil)
    #expect(usd.currencyMinorUnit == 2)
    #expect(usd.amountText == "100.00 USD")
  }

  @Test("blinded paths: a node id or a channel first, the path key, the hops") func paths() throws {
    let viaBob = try #require(
      try Self.spec("with blinded path via Bob (0x424242...), path_key 020202...").paths)
    #expect(viaBob.count == 1)
    let path = viaBob[0]
    // "via Bob (0x424242...)": Bob's secret key is 32 bytes of 0x42.
    let bob = try SigningKey(secretKey: [UInt8](repeating: 0x42, count: 32))
    #expect(path.firstNode == .nodeID(bob.publicKey))
    #expect(path.firstPathKey.description == "02" + String(repeating: "02", count: 32))
    #expect(
      path.hops.map(\.encryptedRecipientData) == [
        [UInt8](repeating: 0, count: 16), [UInt8](repeating: 0x11, count: 8),
      ])
    let viaChannel = try #require(
      try Self.spec("same, with blinded path first_node_id using sciddir").paths)
    // "short_channel_id is 0x0x42": block 0, transaction 0, output 42.
    #expect(
      viaChannel[0].firstNode
        == .channel(ShortChannelID(block: 0, transaction: 0, output: 42), direction: 0))
    let two = try #require(
      try Self.spec("... and with second blinded path via 1x2x3 (direction 1), path_key 020202...")
        .paths)
    #expect(two.count == 2)
    #expect(
      two[1].firstNode
        == .channel(ShortChannelID(block: 1, transaction: 2, output: 3), direction: 1))
    #expect(two[1].hops.last?.encryptedRecipientData == [UInt8](repeating: 0x22, count: 8))
    let pathsOnly = try Self.spec(
      "with no issuer_id and blinded path via Bob (0x424242...), path_key 020202...")
    #expect(pathsOnly.issuerID == nil && pathsOnly.paths?.count == 1)
  }

  @Test("unknown odd records are kept, in either range") func unknownOdd() throws {
    let hello = Array("helloworld".utf8)
    #expect(try Self.spec("unknown odd field").unknownRecords.map(\.type) == [33])
    #expect(try Self.spec("unknown odd field").unknownRecords.first?.value == hello)
    let experimental = try Self.spec("unknown odd experimental field")
    #expect(experimental.unknownRecords.map(\.type) == [1_000_000_033])
  }

  @Test(
    "ISO 4217 minor units",
    arguments: [("USD", 2), ("JPY", 0), ("KWD", 3), ("CLF", 4), ("EUR", 2), ("ISK", 0)])
  func minorUnits(_ code: String, decimals: Int) {
    #expect(CurrencyCode.minorUnit(code) == decimals)
    #expect(CurrencyCode.isListed(code))
  }

  @Test("a listed code without a minor unit, and an unlisted code") func unlisted() {
    #expect(CurrencyCode.isListed("XAU") && CurrencyCode.minorUnit("XAU") == nil)
    #expect(!CurrencyCode.isListed("ABC") && CurrencyCode.minorUnit("ABC") == nil)
  }
}
