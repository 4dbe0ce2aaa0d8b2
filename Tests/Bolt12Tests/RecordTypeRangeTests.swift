import Bolt12
import Testing

/// `StringForm.Kind.recordTypeRanges` and `allowsRecord(ofType:)` against the ranges BOLT #12
/// gives each kind's reader, written here from the spec, each at its boundaries.
@Suite struct RecordTypeRangeTests {
  /// Each kind's ranges, from the spec's text. An offer: "outside the inclusive ranges: 1 to 79
  /// and 1000000000 to 1999999999". An invoice request: "non-signature TLV fields are outside
  /// the inclusive ranges: 0 to 159 and 1000000000 to 2999999999", and its "signature TLV
  /// elements: TLV types 240 through 1000 (inclusive)". An invoice: the spec names no range, but
  /// mirrors the request's ("all fields in ranges 0 to 159 and 1000000000 to 2999999999") and
  /// adds its own fields from type 160; rust-lightning reads it as 0 to 239, the signature types
  /// and 1000000000 to 3999999999.
  static let specRanges: [(StringForm.Kind, [(UInt64, UInt64)])] = [
    (.offer, [(1, 79), (1_000_000_000, 1_999_999_999)]),
    (.invoiceRequest, [(0, 159), (240, 1000), (1_000_000_000, 2_999_999_999)]),
    (.invoice, [(0, 239), (240, 1000), (1_000_000_000, 3_999_999_999)]),
  ]

  @Test("each kind lists the spec's ranges, lowest first", arguments: specRanges)
  func ranges(_ kind: StringForm.Kind, _ expected: [(UInt64, UInt64)]) {
    #expect(kind.recordTypeRanges.map(\.lowerBound) == expected.map(\.0))
    #expect(kind.recordTypeRanges.map(\.upperBound) == expected.map(\.1))
  }

  @Test(
    "a type is allowed exactly when a spec range holds it, at every boundary", arguments: specRanges
  )
  func boundaries(_ kind: StringForm.Kind, _ expected: [(UInt64, UInt64)]) {
    func inSpec(_ type: UInt64) -> Bool { expected.contains { $0.0 <= type && type <= $0.1 } }
    // Every range's ends and their neighbours, of every kind, and the extremes.
    var types: Set<UInt64> = [0, 1, UInt64.max, UInt64.max - 1]
    for (_, ranges) in Self.specRanges {
      for (low, high) in ranges {
        types.formUnion([low, high, high + 1])
        if low > 0 { types.insert(low - 1) }
      }
    }
    for type in types.sorted() {
      #expect(kind.allowsRecord(ofType: type) == inSpec(type), "type \(type)")
      if kind == .offer { #expect(OfferField.isInOfferRange(type) == inSpec(type)) }
    }
  }
}
