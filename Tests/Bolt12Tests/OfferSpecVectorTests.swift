import Bech32Codec
import Bolt12
import Foundation
import TestSupport
import Testing

/// BOLT #12's `offers-test.json`, run as published: the verdict, and for a valid offer every
/// listed field's type, length and hex among the decoded offer's records.
@Suite struct OfferSpecVectorTests {
  struct Field: Sendable {
    var type: UInt64
    var length: Int
    var hex: String
  }

  struct Row: Sendable, CustomTestStringConvertible {
    var description: String
    var valid: Bool
    var string: String
    var fields: [Field]
    var testDescription: String { description }
  }

  static let rows: [Row] = Bolt12Vectors.published("offers-test.json").compactMap { entry in
    guard let description = entry["description"] as? String, let valid = entry["valid"] as? Bool,
      let string = entry["bolt12"] as? String
    else { return nil }
    let fields = (entry["fields"] as? [[String: Any]] ?? []).compactMap { field -> Field? in
      guard let type = field["type"] as? Int, let length = field["length"] as? Int,
        let hex = field["hex"] as? String
      else { return nil }
      return Field(type: UInt64(type), length: length, hex: hex)
    }
    return Row(description: description, valid: valid, string: string, fields: fields)
  }

  @Test("the spec's offers file has its 53 vectors, 20 of them valid") func count() {
    #expect(Self.rows.count == 53)
    #expect(Self.rows.filter(\.valid).count == 20)
  }

  @Test("offers-test.json, as published", arguments: rows)
  func published(_ row: Row) throws {
    let verdict = Result { () throws(Bolt12Error) in try Offer.decode(row.string) }
    switch verdict {
    case .failure(let error):
      #expect(!row.valid, "refused: \(error)")
    case .success(let offer):
      #expect(row.valid, "decoded, but the spec calls it invalid")
      let stream = try TLVStream(framing: offer.bytes)
      #expect(!row.fields.isEmpty)
      for field in row.fields {
        let record = try #require(stream.records.first { $0.type == field.type })
        #expect(record.length == field.length, "type \(field.type)")
        #expect(Hex.encode(stream.value(of: record)) == field.hex, "type \(field.type)")
      }
    }
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
    let invalid = OfferSpecVectorTests.rows.filter { !$0.valid }.map(\.description)
    #expect(invalid == Self.codes.map(\.0))
  }

  @Test("each invalid spec offer gives the contract's code", arguments: codes)
  func code(_ description: String, _ code: Bolt12Error.Code) throws {
    let row = try #require(OfferSpecVectorTests.rows.first { $0.description == description })
    do {
      _ = try Offer.decode(row.string)
      Issue.record("decoded")
    } catch {
      #expect(error.code == code, "\(error)")
    }
  }
}

/// Where the tests find BOLT #12's vector files and ours.
enum Bolt12Vectors {
  /// A file of BOLT #12's own vectors, copied as published into `Vectors/spec/bolt12/`.
  static func spec(_ name: String) throws -> URL {
    try PackageFolder.vectors().appendingPathComponent("spec/bolt12/\(name)")
  }

  /// The published file `name` as a JSON array of objects; empty when it cannot be read, which
  /// the count tests catch.
  static func published(_ name: String) -> [[String: Any]] {
    guard let data = try? Data(contentsOf: spec(name)),
      let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    else { return [] }
    return list
  }
}
