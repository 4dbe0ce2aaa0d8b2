import Bech32Codec
import Secp256k1

// The tagged fields of BOLT #11, one row per type letter: its number, name, length, whether it may
// repeat, what each mode does when a field breaks one of its rules, what the builder refuses and
// how it writes it; then, in the same order, how a reader reads it (`readValue(of:_:)`). Read it
// beside the spec's "Tagged Fields" section.
//
// A field is a 5-bit type, a 10-bit `data_length` (in 5-bit words) and that many data words. The
// reader (`FieldReader`) applies to each field, in received order:
//  1. a type with no row is an unknown field: kept, uninterpreted, in `extraFields` (BOLT 11:
//     "MUST skip over unknown fields");
//  2. a fixed length (`p`, `h`, `s`, `n`): the `wrongLength` rule;
//  3. a single-valued type seen before: the `duplicate` rule;
//  4. the type's reader (`readValue(of:_:)`, after the table), which applies the rest of the
//     row's rules.
// After the last field it applies the presence rules (`missing`, `bothDescriptions`).
//
// The builder writes the rows' fields in table order unless told another order; adding a letter
// means adding its row and its reader's case here, and its value to `InvoiceFields` and
// `InvoiceBuilder`.

/// The type of a tagged field that BOLT #11 defines, by its 5-bit number.
///
/// A field whose number is not one of these is unknown: readers keep it, uninterpreted, in
/// ``InvoiceFields/extraFields`` in both modes. Cases are in the order the builder writes them.
public enum FieldType: UInt8, CaseIterable, Sendable {
  /// `p` (1): the payment hash.
  case paymentHash = 1
  /// `s` (16): the payment secret.
  case paymentSecret = 16
  /// `d` (13): the description, as UTF-8 text.
  case description = 13
  /// `h` (23): the SHA-256 of a description given elsewhere.
  case descriptionHash = 23
  /// `n` (19): the payee's public key.
  case payee = 19
  /// `x` (6): the expiry, in seconds.
  case expiry = 6
  /// `c` (24): the `min_final_cltv_expiry_delta`.
  case minFinalCLTVExpiryDelta = 24
  /// `m` (27): payment metadata.
  case paymentMetadata = 27
  /// `9` (5): feature bits.
  case features = 5
  /// `f` (9): an on-chain fallback address.
  case fallback = 9
  /// `r` (3): a private route.
  case routeHint = 3

  /// The 5-bit type number.
  public var number: UInt8 { rawValue }

  /// The type numbered `number`, or nil for an unknown type.
  public init?(number: UInt8) { self.init(rawValue: number) }

  /// The type whose letter is `letter`, or nil for an unknown or non-Bech32 letter.
  public init?(letter: Character) {
    guard let number = Bech32.word(of: letter), Bech32.character(of: number) == letter else {
      return nil
    }
    self.init(rawValue: number)
  }

  /// The type as its Bech32 character (`p`, `9`, ...).
  public var letter: Character { Bech32.character(of: rawValue) }

  /// This type's row of the field table.
  public var definition: FieldDefinition { FieldDefinition.table[Self.rowIndex[Int(rawValue)]] }

  /// BOLT #11's name for the field's value (`payment_hash`).
  public var name: String { definition.name }
  /// How many data words the field may have.
  public var length: FieldLength { definition.length }
  /// Whether an invoice may carry at most one field of this type.
  public var isSingleValued: Bool { definition.isSingleValued }

  /// For each type number, the index of its row in `FieldDefinition.table`; -1 for none.
  static let rowIndex: [Int] = {
    var index = [Int](repeating: -1, count: 32)
    for (row, definition) in FieldDefinition.table.enumerated() {
      index[Int(definition.type.rawValue)] = row
    }
    return index
  }()
}

extension FieldType {
  /// Bits of a `readerChecks` entry.
  enum ReaderCheck {
    /// The type has a row.
    static let known: UInt32 = 1 << 31
    /// At most one field of the type.
    static let singleValued: UInt32 = 1 << 30
    /// Every field of the type has the length in `lengthMask`.
    static let fixedLength: UInt32 = 1 << 29
    /// The fixed length, in words.
    static let lengthMask: UInt32 = 0xffff
  }

  /// For each type number, the rules of its row that a reader applies before the type's own
  /// reader, as `ReaderCheck` bits: 0 for a type with no row. Derived from the table; a field
  /// reads its entry with one load.
  static let readerChecks: [UInt32] = (0..<32).map { number in
    guard let type = FieldType(rawValue: UInt8(number)) else { return 0 }
    let definition = type.definition
    var checks = ReaderCheck.known
    if definition.isSingleValued { checks |= ReaderCheck.singleValued }
    if definition.length.isFixed {
      checks |= ReaderCheck.fixedLength | UInt32(definition.length.minimum)
    }
    return checks
  }
}

/// The number of data words a field may have: `minimum...maximum`.
public struct FieldLength: Sendable, Hashable, CustomStringConvertible {
  /// The fewest data words.
  public let minimum: Int
  /// The most data words.
  public let maximum: Int

  /// Whether every field of the type has the same length.
  public var isFixed: Bool { minimum == maximum }

  /// Exactly `words` words.
  static func exactly(_ words: Int) -> FieldLength { FieldLength(minimum: words, maximum: words) }
  /// `words.lowerBound` to `words.upperBound` words.
  static func between(_ words: ClosedRange<Int>) -> FieldLength {
    FieldLength(minimum: words.lowerBound, maximum: words.upperBound)
  }

  /// `52`, or `0...1023`.
  public var description: String { isFixed ? "\(minimum)" : "\(minimum)...\(maximum)" }

  /// 256 bits / 5, rounded up: `p`, `s` and `h`.
  static let hash = exactly(52)
  /// 264 bits / 5, rounded up: `n`.
  static let publicKey = exactly(53)
  /// Anything `data_length`'s 10 bits can say.
  static let any = between(0...1023)
}

/// A rule a field can break.
public enum FieldBreach: Sendable, Hashable, CaseIterable {
  /// A fixed-length field of another length.
  case wrongLength
  /// A second field of a single-valued type.
  case duplicate
  /// Byte-valued data whose padding bits are not zero.
  case nonZeroPadding
  /// Byte-valued data with a whole word of padding.
  case excessPadding
  /// An integer (or feature) field that starts with a zero word.
  case nonMinimal
  /// An integer beyond 64 bits, or an expiry that takes the timestamp beyond 64 bits.
  case valueTooLarge
  /// A `c` above 2^32 - 1, which no HTLC's 32-bit CLTV expiry can carry.
  case unusableCLTV
  /// A `d` that is not valid UTF-8.
  case invalidUTF8
  /// An even (required) feature bit this reader does not know.
  case unknownRequiredFeature
  /// A feature set without one it depends on (BOLT #9).
  case missingFeatureDependency
  /// An `f` of a version above 18, which readers do not interpret.
  case unknownFallbackVersion
  /// An `f` that is empty, or whose version and program length are not an address.
  case invalidFallback
  /// An `r` that is not one or more whole 51-byte hops.
  case invalidRoute
  /// A route hop key that does not start with 02 or 03.
  case invalidHopKey
  /// No field of a required type.
  case missing
  /// Both a `d` and an `h`.
  case bothDescriptions
  /// Neither a `d` nor an `h`.
  case missingDescription
}

/// What a reader does with a field that breaks a rule.
public enum FieldOutcome: Sendable, Hashable {
  /// Refuse the invoice with this code.
  case refuse(InvoiceError.Code)
  /// Read the invoice and report this warning beside it.
  case warn(InvoiceWarning)
  /// Skip the field, keeping it uninterpreted in ``InvoiceFields/extraFields``.
  case keepAsExtra
}

/// One rule of a field type and what each mode does when a field breaks it.
public struct FieldRule: Sendable, Hashable {
  /// The rule.
  public let breach: FieldBreach
  /// What strict mode does.
  public let strict: FieldOutcome
  /// What compat mode does.
  public let compat: FieldOutcome

  /// The same outcome in both modes.
  init(_ breach: FieldBreach, _ outcome: FieldOutcome) {
    self.init(breach, strict: outcome, compat: outcome)
  }

  init(_ breach: FieldBreach, strict: FieldOutcome, compat: FieldOutcome) {
    self.breach = breach
    self.strict = strict
    self.compat = compat
  }

  /// What `mode` does.
  public func outcome(in mode: DecodeOptions.Mode) -> FieldOutcome {
    mode == .strict ? strict : compat
  }
}

/// A row of the field table: everything the package knows about one field type, but how a reader
/// reads it (`FieldReader.readValue(of:_:)`, after the table).
public struct FieldDefinition: Sendable {
  /// The type.
  public let type: FieldType
  /// BOLT #11's name for the field's value.
  public let name: String
  /// How many data words a field of this type may have.
  public let length: FieldLength
  /// Whether an invoice may carry at most one field of this type.
  public let isSingleValued: Bool
  /// The rules a field of this type can break, and what each mode does then.
  public let rules: [FieldRule]
  /// Refuses a builder whose value for this type no reader would accept.
  let check: @Sendable (InvoiceBuilder) throws(InvoiceBuildError) -> Void
  /// The data words of each field of this type the builder writes, in order; the payee's key is
  /// given for `n`.
  let write: @Sendable (InvoiceBuilder, _ payee: PublicKey) -> [[UInt8]]

  /// What `mode` does with a field of this type that breaks `breach`.
  ///
  /// - Precondition: the row lists `breach` (a reader reports only its own row's rules).
  public func outcome(of breach: FieldBreach, in mode: DecodeOptions.Mode) -> FieldOutcome {
    guard let rule = rules.first(where: { $0.breach == breach }) else {
      preconditionFailure("the `\(type.letter)` row has no rule for \(breach)")
    }
    return rule.outcome(in: mode)
  }

  /// Whether readers in `mode` keep a field of this type with these data words uninterpreted,
  /// in `extraFields`, rather than read or refuse it.
  func isKeptAsExtra(_ words: [UInt8], mode: DecodeOptions.Mode) -> Bool {
    if length.isFixed && words.count != length.minimum {
      return outcome(of: .wrongLength, in: mode) == .keepAsExtra
    }
    if type == .fallback, let version = words.first {
      return !Fallback.isKnownVersion(version)
    }
    return false
  }

  // Rules shared by several rows.

  /// BOLT 11: "MUST fail the payment if any field with fixed `data_length` (`p`, `h`, `s`, `n`)
  /// does not have the correct length (52, 52, 52, 53)." Compat mode skips such a field, as the
  /// major node implementations do.
  private static let fixedLength = FieldRule(
    .wrongLength, strict: .refuse(.fieldInvalidLength), compat: .keepAsExtra)
  /// Refused in both modes: a reader cannot tell which of two values the writer meant.
  private static let single = FieldRule(.duplicate, .refuse(.fieldDuplicate))
  /// BOLT 11: "MUST pad field data to a multiple of 5 bits, using 0s." (writer)
  private static let padding = [
    FieldRule(.nonZeroPadding, .refuse(.invoiceNonZeroPadding)),
    FieldRule(.excessPadding, .refuse(.fieldInvalidLength)),
  ]
  /// BOLT 11: "if a `c`, `x`, or `9` field is provided which has a non-minimal `data_length`
  /// (i.e. begins with 0 field elements): SHOULD treat the invoice as invalid."
  private static let minimal = FieldRule(.nonMinimal, .refuse(.fieldNonMinimal))
  /// An integer of at most 64 bits.
  private static let integer = FieldRule(.valueTooLarge, .refuse(.fieldValueTooLarge))
  /// BOLT 11: "MUST fail the payment if neither a `d` field nor a `h` field is present, or if
  /// both are present."
  private static let oneDescription = [
    FieldRule(.bothDescriptions, .refuse(.fieldBothDescriptions)),
    FieldRule(.missingDescription, .refuse(.fieldMissingDescription)),
  ]

  /// The table, in the order the builder writes fields.
  static let table: [FieldDefinition] = [
    FieldDefinition(
      type: .paymentHash, name: "payment_hash", length: .hash, isSingleValued: true,
      // BOLT 11: "MUST include exactly one `p` field." (writer)
      rules: [fixedLength, single] + padding + [
        FieldRule(.missing, .refuse(.fieldMissingPaymentHash))
      ],
      check: { _ in },  // a `PaymentHash` is 32 bytes
      write: { builder, _ in [builder.paymentHash.withUnsafeBytes { Bech32.words(fromBytes: $0) }] }
    ),

    FieldDefinition(
      type: .paymentSecret, name: "payment_secret", length: .hash, isSingleValued: true,
      // BOLT 11: "if a valid `s` field is not provided: MUST fail the payment." Compat mode reads
      // invoices written before payment secrets.
      rules: [fixedLength, single] + padding + [
        FieldRule(
          .missing, strict: .refuse(.fieldMissingPaymentSecret),
          compat: .warn(.fieldMissingPaymentSecret))
      ],
      check: { builder throws(InvoiceBuildError) in
        guard builder.paymentSecret != nil else {
          throw InvoiceBuildError(.invalidPaymentSecret, "an invoice needs a payment secret")
        }
      },
      write: { builder, _ in
        builder.paymentSecret.map { [$0.withUnsafeBytes { Bech32.words(fromBytes: $0) }] } ?? []
      }),

    FieldDefinition(
      type: .description, name: "description", length: .any, isSingleValued: true,
      // BOLT 11: "MUST set `d` to a valid UTF-8 string." (writer) Compat mode shows the text with
      // U+FFFD for each invalid sequence.
      rules: [single] + padding + oneDescription + [
        FieldRule(
          .invalidUTF8, strict: .refuse(.fieldInvalidUTF8), compat: .warn(.fieldInvalidUTF8))
      ],
      check: { builder throws(InvoiceBuildError) in
        guard case .text(let text) = builder.description else { return }
        guard text.utf8.count <= InvoiceBuilder.maximumFieldBytes else {
          throw InvoiceBuildError(
            .descriptionTooLong,
            "description is \(text.utf8.count) bytes; `d` holds at most "
              + "\(InvoiceBuilder.maximumFieldBytes) (use a description hash)")
        }
      },
      write: { builder, _ in
        guard case .text(let text) = builder.description else { return [] }
        return [Bech32.words(fromBytes: Array(text.utf8))]
      }),

    FieldDefinition(
      type: .descriptionHash, name: "description_hash", length: .hash, isSingleValued: true,
      rules: [fixedLength, single] + padding + oneDescription,
      // A `DescriptionHash` is 32 bytes: nothing to check.
      check: { _ throws(InvoiceBuildError) in },
      write: { builder, _ in
        guard case .hash(let hash) = builder.description else { return [] }
        return [hash.withUnsafeBytes { Bech32.words(fromBytes: $0) }]
      }),

    FieldDefinition(
      type: .payee, name: "payee", length: .publicKey, isSingleValued: true,
      // Whether the key is a point on the curve is checked with the signature.
      rules: [fixedLength, single] + padding,
      check: { _ in },  // the signer's own key
      write: { builder, payee in
        builder.statesPayee ? [payee.withUnsafeBytes { Bech32.words(fromBytes: $0) }] : []
      }),

    FieldDefinition(
      type: .expiry, name: "expiry", length: .between(0...13), isSingleValued: true,
      // 13 words hold 65 bits: a longer minimal field is beyond 64 bits.
      rules: [single, minimal, integer],
      check: { builder throws(InvoiceBuildError) in
        guard let expiry = builder.expirySeconds else { return }
        guard ExpiryRule.exactExpiresAt(createdAt: builder.createdAt, expirySeconds: expiry) != nil
        else {
          throw InvoiceBuildError(.invalidExpiry, "timestamp plus expiry does not fit in 64 bits")
        }
      },
      write: { builder, _ in builder.expirySeconds.map { [InvoiceBuilder.minimalWords($0)] } ?? [] }
    ),

    FieldDefinition(
      type: .minFinalCLTVExpiryDelta, name: "min_final_cltv_expiry_delta",
      length: .between(0...13), isSingleValued: true,
      // Contract: no HTLC's 32-bit CLTV expiry can carry a larger delta; readers accept it with a
      // warning.
      rules: [single, minimal, integer, FieldRule(.unusableCLTV, .warn(.cltvUnusable))],
      check: { _ in },  // any 64-bit value can be written
      write: { builder, _ in
        builder.minFinalCLTVExpiryDelta.map { [InvoiceBuilder.minimalWords($0)] } ?? []
      }),

    FieldDefinition(
      type: .paymentMetadata, name: "metadata", length: .any, isSingleValued: true,
      rules: [single] + padding,
      check: { builder throws(InvoiceBuildError) in
        guard let metadata = builder.paymentMetadata else { return }
        guard metadata.count <= InvoiceBuilder.maximumFieldBytes else {
          throw InvoiceBuildError(
            .invalidMetadata, "metadata is over \(InvoiceBuilder.maximumFieldBytes) bytes")
        }
      },
      write: { builder, _ in builder.paymentMetadata.map { [Bech32.words(fromBytes: $0)] } ?? [] }),

    FieldDefinition(
      type: .features, name: "features", length: .any, isSingleValued: true,
      rules: [
        single, minimal,
        // BOLT 11: "if the `9` field contains unknown _even_ bits that are non-zero: MUST fail the
        // payment. SHOULD indicate the unknown bit to the user."
        FieldRule(
          .unknownRequiredFeature, strict: .refuse(.featuresUnknownRequired),
          compat: .warn(.featuresUnknownRequired)),
        // BOLT 11: "if the feature vector does not set all known, transitive feature
        // dependencies: MUST NOT attempt the payment."
        FieldRule(.missingFeatureDependency, .refuse(.featuresMissingDependency)),
      ],
      // BOLT 11: "if `9` contains non-zero bits: MUST use the minimum `data_length` possible ...
      // otherwise: MUST omit the `9` field altogether." An empty `9` is written only when
      // `fieldOrder` names one: readers accept it, and `init(reproducing:)` must give it back.
      check: { builder throws(InvoiceBuildError) in
        if let bit = builder.features.firstUnknownRequiredBit {
          throw InvoiceBuildError(
            .invalidFeatures, "feature bit \(bit) is even (required) and unknown to readers")
        }
        if let missing = builder.features.firstMissingDependency {
          throw InvoiceBuildError(
            .invalidFeatures,
            "feature bit \(missing.feature) needs feature \(missing.requires) or "
              + "\(missing.requires + 1)")
        }
      },
      write: { builder, _ in
        !builder.features.isEmpty || builder.fieldOrder?.contains(FieldType.features.letter) == true
          ? [builder.features.words] : []
      }),

    FieldDefinition(
      type: .fallback, name: "fallback", length: .between(1...1023), isSingleValued: false,
      rules: padding + [
        // BOLT 11: "MUST skip over `f` fields that use an unknown `version`."
        FieldRule(.unknownFallbackVersion, .keepAsExtra),
        FieldRule(.invalidFallback, .refuse(.fieldInvalidFallback)),
      ],
      check: { _ in },  // a `Fallback` is valid by construction
      write: { builder, _ in
        builder.fallbacks.map { [$0.version] + Bech32.words(fromBytes: $0.program) }
      }),

    FieldDefinition(
      // One hop is 408 bits (82 words); twelve are 4896 (980 words), and thirteen do not fit.
      type: .routeHint, name: "route", length: .between(82...980), isSingleValued: false,
      rules: padding + [
        FieldRule(.invalidRoute, .refuse(.fieldInvalidRoute)),
        FieldRule(.invalidHopKey, .refuse(.fieldInvalidPubkey)),
      ],
      check: { builder throws(InvoiceBuildError) in
        for hint in builder.routeHints {
          guard (1...InvoiceBuilder.maximumHopsPerRoute).contains(hint.hops.count) else {
            throw InvoiceBuildError(
              .invalidRoute,
              "a route has 1 to \(InvoiceBuilder.maximumHopsPerRoute) hops, not \(hint.hops.count)")
          }
          for hop in hint.hops where !hop.nodeID.isOnCurve {
            throw InvoiceBuildError(.invalidRoute, "route hop key is not a valid compressed key")
          }
        }
      },
      write: { builder, _ in
        builder.routeHints.map { Bech32.words(fromBytes: $0.hops.flatMap(\.bytes)) }
      }),
  ]
}

extension FieldReader {
  /// Reads one field of type `type` into the reader, applying the rules of its row not applied
  /// before it (see the order at the top of this file): each row's reader, in table order.
  ///
  /// A switch rather than a closure in each row: a closure call retains and releases its context
  /// once per field, and keeps the reader from being inlined into the loop over the fields.
  @inline(__always)
  mutating func readValue(of type: FieldType, _ field: RawInvoice.Field) throws(InvoiceError) {
    switch type {
    // The length rule was applied: 32 bytes make each of these.
    case .paymentHash:
      paymentHash = try withBytes(of: field) { PaymentHash(UnsafeRawBufferPointer($0))! }
    case .paymentSecret:
      paymentSecret = try withBytes(of: field) { PaymentSecret(UnsafeRawBufferPointer($0))! }
    case .description: try readDescription(field)
    case .descriptionHash:
      descriptionHash = try withBytes(of: field) { DescriptionHash(UnsafeRawBufferPointer($0))! }
    case .payee:
      // 33 bytes; a first byte other than 02 or 03 is refused with the signature check.
      if let key = try withBytes(of: field, { PublicKey(UnsafeRawBufferPointer($0)) }) {
        statedPayee = key
        statedPayeeIsMalformed = key == nil
      }
    case .expiry: expiry = try integer(of: field)
    case .minFinalCLTVExpiryDelta: try readMinFinalCLTV(field)
    case .paymentMetadata: metadata = try bytes(of: field)
    case .features: try readFeatures(field)
    case .fallback: try readFallback(field)
    case .routeHint: try readRouteHint(field)
    }
  }
}
