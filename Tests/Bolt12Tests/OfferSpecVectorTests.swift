import Bech32Codec
import Bolt12
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
