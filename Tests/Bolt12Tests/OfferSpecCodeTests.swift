import Bolt12
import TestSupport
import Testing

/// The offers of BOLT #12's `offers-test.json`, as published, for the suites that take each one
/// (the runner of `bolt11 vectors` checks their verdicts and listed fields: see
/// `PublishedBolt12FileTests`).
enum SpecOffers {
  struct Row: Sendable, CustomTestStringConvertible {
    var description: String
    var valid: Bool
    var string: String
    var testDescription: String { description }
  }

  /// Every offer of the file, in file order; empty when it cannot be read, which
  /// `OfferSpecCodeTests` catches.
  static let rows: [Row] = ((try? Bolt12VectorFiles.published("offers-test.json")) ?? [])
    .compactMap { entry in
      guard let description = entry["description"] as? String,
        let valid = entry["valid"] as? Bool, let string = entry["bolt12"] as? String
      else { return nil }
      return Row(description: description, valid: valid, string: string)
    }
}

/// The code the contract's order gives each invalid offer of `offers-test.json`. Several break an
/// earlier rule than the one their description names: their records, framed by hand, show it (the
/// "zero num_hops" offer has a paths record of two bytes, whose path then reads as records of type
/// 2 after type 16; the two type-range offers write their type with a `bigsize` prefix too short
/// for it, so the value runs past the end).
@Suite struct OfferSpecCodeTests {
  static let codes: [(String, Bolt12Error.Code)] = [
    ("Malformed: fields out of order", .tlvOrder),
    ("Malformed: unknown even TLV type 78", .unknownEven),
    ("Malformed: empty", .malformed),
    ("Malformed: truncated at type", .truncated),
    ("Malformed: truncated in length", .truncated),
    ("Malformed: truncated after length", .truncated),
    ("Malformed: truncated in description", .truncated),
    ("Malformed: invalid offer_chains length", .invalidField),
    ("Malformed: truncated currency UTF-8", .invalidField),
    ("Malformed: invalid currency UTF-8", .invalidField),
    ("Malformed: truncated description UTF-8", .invalidUTF8),
    ("Malformed: invalid description UTF-8", .invalidUTF8),
    ("Malformed: truncated offer_paths", .invalidField),
    ("Malformed: zero num_hops in blinded_path", .tlvOrder),
    ("Malformed: truncated onionmsg_hop in blinded_path", .truncated),
    ("Malformed: bad first_node_id in blinded_path", .tlvOrder),
    ("Malformed: bad path_key in blinded_path", .tlvOrder),
    ("Malformed: bad blinded_node_id in onionmsg_hop", .tlvOrder),
    ("Malformed: truncated issuer UTF-8", .invalidUTF8),
    ("Malformed: invalid issuer UTF-8", .invalidUTF8),
    ("Malformed: invalid offer_issuer_id", .invalidField),
    ("Contains type >= 80", .tlvOutOfRange),
    ("Contains type > 1999999999", .truncated),
    ("Contains unknown even type (1000000002)", .truncated),
    ("Contains unknown feature 122", .unknownRequiredFeature),
    ("Missing offer_description, but has offer_amount", .missingField),
    ("Missing offer_amount with offer_currency", .currencyWithoutAmount),
    ("Invalid: zero offer_amount", .zeroAmount),
    ("Invalid: zero offer_amount with currency", .zeroAmount),
    ("Missing offer_issuer_id and no offer_path", .missingField),
    ("Second offer_path is empty", .invalidField),
    ("offer_chains with zero entries", .emptyChains),
    ("Bech32 padding exceeds 4-bit limit", .malformed),
  ]

  @Test("every invalid spec offer has its expected code") func covered() {
    let invalid = SpecOffers.rows.filter { !$0.valid }.map(\.description)
    #expect(invalid == Self.codes.map(\.0))
  }

  @Test("each invalid spec offer gives the contract's code", arguments: codes)
  func code(_ description: String, _ code: Bolt12Error.Code) throws {
    let row = try #require(SpecOffers.rows.first { $0.description == description })
    do {
      _ = try Offer.decode(row.string)
      Issue.record("decoded")
    } catch {
      #expect(error.code == code, "\(error)")
    }
  }
}
