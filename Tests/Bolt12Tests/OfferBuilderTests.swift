import Bolt12
import Chains
import Secp256k1
import Testing

@Suite struct OfferBuilderTests {
  static let validRows = SpecOffers.rows.filter(\.valid)

  /// A fake issuer key: the public key of the secret 32 bytes of 0x01, a test constant only.
  static let issuer = try! SigningKey(secretKey: [UInt8](repeating: 1, count: 32)).publicKey

  @Test("every valid spec offer re-encodes byte for byte", arguments: validRows)
  func reencodes(_ row: SpecOffers.Row) throws {
    let offer = try Offer.decode(row.string)
    let rebuilt = try OfferBuilder(offer).build()
    #expect(rebuilt.bytes == offer.bytes)
    #expect(rebuilt == offer)
    #expect(try Offer.decode(rebuilt.text) == offer)
  }

  @Test("writes every field, and the reader reads each back") func everyField() throws {
    var builder = OfferBuilder()
    builder.chains = [Chain.testnet4.genesisHash, Chain.signet.genesisHash]
    builder.metadata = [1, 2, 3]
    builder.currency = "EUR"
    builder.amount = 1_250
    builder.description = "Café ☕"
    builder.features = [0x02, 0x00]
    builder.absoluteExpiry = 1_900_000_000
    builder.paths = [
      BlindedPath(
        firstNode: .nodeID(Self.issuer), firstPathKey: Self.issuer,
        hops: [BlindedPath.Hop(blindedNodeID: Self.issuer, encryptedRecipientData: [9, 9])])
    ]
    builder.issuer = "example.com"
    builder.quantityMax = 0
    builder.issuerID = Self.issuer
    builder.unknownRecords = [UnknownRecord(type: 1_000_000_001, value: [7])]
    let offer = try builder.build()
    let read = try Offer.decode(offer.text)
    #expect(read.networks == [.testnet4, .signet])
    #expect(read.metadata == [1, 2, 3])
    #expect(read.amountText == "12.50 EUR" && read.currencyMinorUnit == 2)
    #expect(read.description == "Café ☕")
    #expect(read.features == [0x02, 0x00])
    #expect(read.absoluteExpiry == 1_900_000_000)
    #expect(read.paths == builder.paths)
    #expect(read.issuer == "example.com" && read.quantityMax == 0)
    #expect(read.issuerID == Self.issuer)
    #expect(read.unknownRecords == builder.unknownRecords)
  }

  @Test(
    "refuses what a reader refuses, with the reader's code",
    arguments: [
      ("amount without description", Bolt12Error.Code.missingField),
      ("no issuer id and no paths", .missingField), ("zero amount", .zeroAmount),
      ("currency without amount", .currencyWithoutAmount), ("lower-case currency", .invalidField),
      ("empty chains", .emptyChains), ("empty paths", .emptyPaths),
      ("feature bit 0", .unknownRequiredFeature), ("21 million BTC + 1 msat", .invalidField),
      ("unknown odd 31", nil), ("unknown even 30", .unknownEven),
      ("unknown odd 81", .tlvOutOfRange), ("a record on type 22", .tlvOrder),
    ] as [(String, Bolt12Error.Code?)])
  func refuses(_ change: String, code: Bolt12Error.Code?) {
    var builder = OfferBuilder()
    builder.issuerID = Self.issuer
    switch change {
    case "amount without description": builder.amount = 5
    case "no issuer id and no paths": builder.issuerID = nil
    case "zero amount": (builder.description, builder.amount) = ("x", 0)
    case "currency without amount": builder.currency = "USD"
    case "lower-case currency": (builder.currency, builder.amount) = ("usd", 1)
    case "empty chains": builder.chains = []
    case "empty paths": builder.paths = []
    case "feature bit 0": builder.features = [0x01]
    case "21 million BTC + 1 msat":
      (builder.description, builder.amount) = ("x", 21_000_000 * 100_000_000 * 1_000 + 1)
    case "unknown odd 31": builder.unknownRecords = [UnknownRecord(type: 31, value: [])]
    case "unknown even 30": builder.unknownRecords = [UnknownRecord(type: 30, value: [])]
    case "unknown odd 81": builder.unknownRecords = [UnknownRecord(type: 81, value: [])]
    default: builder.unknownRecords = [UnknownRecord(type: 22, value: [])]
    }
    do {
      _ = try builder.build()
      #expect(code == nil, "built, expected \(code?.rawValue ?? "")")
    } catch {
      #expect(error.code == code)
    }
  }

  @Test(
    "the amount's text follows ISO 4217's decimals",
    arguments: [
      ("USD", 1250, "12.50 USD"), ("JPY", 1250, "1250 JPY"), ("KWD", 5, "0.005 KWD"),
      ("CLF", 12345, "1.2345 CLF"), ("EUR", 7, "0.07 EUR"), ("XAU", 3, "3 XAU"),
    ] as [(String, UInt64, String)])
  func amountText(_ code: String, amount: UInt64, text: String) throws {
    var builder = OfferBuilder()
    builder.issuerID = Self.issuer
    builder.description = "x"
    builder.currency = code
    builder.amount = amount
    let offer = try builder.build()
    #expect(offer.amountText == text)
    #expect(offer.warnings.isEmpty)
  }

  @Test("an unlisted currency warns, and has no unit or text") func unknownCurrency() throws {
    var builder = OfferBuilder()
    builder.issuerID = Self.issuer
    builder.description = "x"
    builder.currency = "ABC"
    builder.amount = 1
    let offer = try builder.build()
    #expect(offer.warnings.map(\.code) == [.unknownCurrency])
    #expect(offer.currencyMinorUnit == nil && offer.amountText == nil)
  }
}
