import Testing

@testable import Bolt11

/// A field type as BOLT #11's "Tagged Fields" list gives it.
struct SpecField: Sendable, CustomTestStringConvertible {
  var letter: Character
  var number: UInt8
  /// `data_length` when the spec fixes it.
  var fixedLength: Int?
  var testDescription: String { String(letter) }
}

@Suite struct FieldTableTests {
  /// BOLT 11, "Tagged Fields": "`p` (1): `data_length` 52", "`s` (16): `data_length` 52",
  /// "`d` (13)", "`m` (27)", "`n` (19): `data_length` 53", "`h` (23): `data_length` 52",
  /// "`x` (6)", "`c` (24)", "`f` (9)", "`r` (3)", "`9` (5)".
  static let specFields: [SpecField] = [
    SpecField(letter: "p", number: 1, fixedLength: 52),
    SpecField(letter: "s", number: 16, fixedLength: 52),
    SpecField(letter: "d", number: 13),
    SpecField(letter: "m", number: 27),
    SpecField(letter: "n", number: 19, fixedLength: 53),
    SpecField(letter: "h", number: 23, fixedLength: 52),
    SpecField(letter: "x", number: 6),
    SpecField(letter: "c", number: 24),
    SpecField(letter: "f", number: 9),
    SpecField(letter: "r", number: 3),
    SpecField(letter: "9", number: 5),
  ]

  @Test("each letter has the spec's number and fixed length", arguments: specFields)
  func row(_ field: SpecField) throws {
    let type = try #require(FieldType(letter: field.letter))
    #expect(type.number == field.number)
    #expect(type.letter == field.letter)
    #expect(FieldType(number: field.number) == type)
    #expect(type.definition.type == type)
    if let fixed = field.fixedLength {
      #expect(type.length == FieldLength(minimum: fixed, maximum: fixed))
      #expect(
        type.definition.outcome(of: .wrongLength, in: .strict) == .refuse(.fieldInvalidLength))
      #expect(type.definition.outcome(of: .wrongLength, in: .compat) == .keepAsExtra)
    } else {
      #expect(!type.length.isFixed)
    }
  }

  @Test("the table has one row per spec letter and no other")
  func rows() {
    #expect(FieldDefinition.table.count == Self.specFields.count)
    #expect(Set(FieldType.allCases.map(\.letter)) == Set(Self.specFields.map(\.letter)))
    #expect(FieldType(letter: "q") == nil)  // 0: no type
    #expect(FieldType(letter: "P") == nil)  // letters are lower case
    #expect(FieldType(letter: "b") == nil)  // not Bech32
    #expect(FieldType(number: 0) == nil)
  }

  /// BOLT 11: "there may be more than one `r` field"; `f` fields are one address each. The others
  /// are refused twice (the spec gives one value to each).
  @Test("only f and r repeat")
  func singleValued() {
    for type in FieldType.allCases {
      let repeats = type == .fallback || type == .routeHint
      #expect(type.isSingleValued == !repeats, "\(type.letter)")
      if type.isSingleValued {
        #expect(type.definition.outcome(of: .duplicate, in: .compat) == .refuse(.fieldDuplicate))
      }
    }
  }

  /// The reader loads one packed entry per field for the length and repetition rules: it must say
  /// what the spec does, for every type number, and nothing for a number with no type.
  @Test(
    "the reader's packed checks say the spec's fixed lengths and repetitions", arguments: 0..<32)
  func readerChecks(_ number: Int) {
    let checks = FieldType.readerChecks[number]
    guard let field = Self.specFields.first(where: { $0.number == number }) else {
      #expect(checks == 0)
      return
    }
    #expect(checks & FieldType.ReaderCheck.known != 0)
    let repeats = field.letter == "f" || field.letter == "r"
    #expect((checks & FieldType.ReaderCheck.singleValued != 0) == !repeats)
    #expect((checks & FieldType.ReaderCheck.fixedLength != 0) == (field.fixedLength != nil))
    #expect(Int(checks & FieldType.ReaderCheck.lengthMask) == field.fixedLength ?? 0)
  }

  /// The readers rely on these: bad padding gives no bytes to read, and an invoice without `p`
  /// or a description has nothing to pay.
  @Test("padding and presence rules refuse in both modes")
  func refusals() {
    let byteValued: [FieldType] = [
      .paymentHash, .paymentSecret, .description, .descriptionHash, .payee, .paymentMetadata,
      .fallback, .routeHint,
    ]
    for type in byteValued {
      for mode in DecodeOptions.Mode.allCases {
        #expect(
          type.definition.outcome(of: .nonZeroPadding, in: mode)
            == .refuse(.invoiceNonZeroPadding))
        #expect(
          type.definition.outcome(of: .excessPadding, in: mode) == .refuse(.fieldInvalidLength))
      }
    }
    for mode in DecodeOptions.Mode.allCases {
      #expect(
        FieldType.paymentHash.definition.outcome(of: .missing, in: mode)
          == .refuse(.fieldMissingPaymentHash))
      #expect(
        FieldType.description.definition.outcome(of: .bothDescriptions, in: mode)
          == .refuse(.fieldBothDescriptions))
      #expect(
        FieldType.description.definition.outcome(of: .missingDescription, in: mode)
          == .refuse(.fieldMissingDescription))
    }
  }

  /// The contract's compat mode: each relaxed field rule warns with its strict code.
  @Test("compat relaxes exactly the contract's field rules")
  func compat() {
    let relaxed: [(FieldType, FieldBreach, InvoiceWarning)] = [
      (.paymentSecret, .missing, .fieldMissingPaymentSecret),
      (.description, .invalidUTF8, .fieldInvalidUTF8),
      (.features, .unknownRequiredFeature, .featuresUnknownRequired),
    ]
    for (type, breach, warning) in relaxed {
      #expect(type.definition.outcome(of: breach, in: .compat) == .warn(warning))
      #expect(
        type.definition.outcome(of: breach, in: .strict)
          == .refuse(InvoiceError.Code(rawValue: warning.rawValue)!))
    }
    #expect(
      FieldType.minFinalCLTVExpiryDelta.definition.outcome(of: .unusableCLTV, in: .strict)
        == .warn(.cltvUnusable))
  }
}
