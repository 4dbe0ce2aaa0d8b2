import Bech32Codec

/// Reads a framed invoice's tagged fields into `InvoiceFields`, applying every field rule.
struct FieldReader {
  /// The whole data part, borrowed for the read: one buffer, no reference counting per field.
  let words: UnsafeBufferPointer<UInt8>
  let mode: DecodeOptions.Mode
  /// Where word 0 of the data part stands in the caller's input.
  let dataOffset: Int

  // Field types, by their 5-bit values (the Bech32 character in the comment).
  static let paymentHashTag: UInt8 = 1  // p
  static let routeTag: UInt8 = 3  // r
  static let featuresTag: UInt8 = 5  // 9
  static let expiryTag: UInt8 = 6  // x
  static let fallbackTag: UInt8 = 9  // f
  static let descriptionTag: UInt8 = 13  // d
  static let paymentSecretTag: UInt8 = 16  // s
  static let payeeTag: UInt8 = 19  // n
  static let descriptionHashTag: UInt8 = 23  // h
  static let minFinalCLTVTag: UInt8 = 24  // c
  static let metadataTag: UInt8 = 27  // m

  /// Types that may appear at most once (`p s d h n x c 9 m`), as a bit set over the 32 types.
  static let singleValuedTags: UInt32 = [
    paymentHashTag, paymentSecretTag, descriptionTag, descriptionHashTag, payeeTag, expiryTag,
    minFinalCLTVTag, featuresTag, metadataTag,
  ].reduce(0) { $0 | 1 << UInt32($1) }

  /// Every type this reader interprets.
  static let knownTags: Set<UInt8> = [
    paymentHashTag, routeTag, featuresTag, expiryTag, fallbackTag, descriptionTag,
    paymentSecretTag, payeeTag, descriptionHashTag, minFinalCLTVTag, metadataTag,
  ]

  /// Types with a fixed length: `p`, `h`, `s`, `n`.
  static let fixedLengthTags: Set<UInt8> = [
    paymentHashTag, descriptionHashTag, paymentSecretTag, payeeTag,
  ]

  /// 256 bits / 5, rounded up: `p`, `s` and `h`.
  static let hashWordCount = 52
  /// 264 bits / 5, rounded up: `n`.
  static let publicKeyWordCount = 53

  /// - Parameter words: `raw.words`, valid while the reader is used.
  init(
    raw: RawInvoice, words: UnsafeBufferPointer<UInt8>, mode: DecodeOptions.Mode, dataOffset: Int
  ) {
    self.words = words
    self.mode = mode
    self.dataOffset = dataOffset
  }

  mutating func read(hrp: HumanReadablePart) throws(InvoiceError) -> InvoiceFields {
    var seen: UInt32 = 0
    var paymentHash: InlineBytes32?
    var paymentSecret: InlineBytes32?
    var text: String?
    var descriptionHash: [UInt8]?
    var statedPayee: [UInt8]?
    var expiry: UInt64?
    var minFinalCLTV: UInt64?
    var features = Features()
    var fallbacks: [Fallback] = []
    var routeHints: [RouteHint] = []
    var metadata: [UInt8]?
    var extra: [ExtraField] = []
    var warnings = hrp.warnings

    try RawInvoice.forEachField(in: words) { field throws(InvoiceError) in
      let data = UnsafeBufferPointer(rebasing: words[field.range])
      let tag = field.tag
      switch tag {
      case Self.paymentHashTag, Self.paymentSecretTag, Self.descriptionHashTag, Self.payeeTag:
        // BOLT 11: "MUST fail the payment if any field with fixed `data_length` (`p`, `h`, `s`,
        // `n`) does not have the correct length (52, 52, 52, 53)."
        let expected = tag == Self.payeeTag ? Self.publicKeyWordCount : Self.hashWordCount
        guard data.count == expected else {
          if mode == .compat {
            extra.append(ExtraField(tag: tag, words: Array(data)))
            return
          }
          throw error(
            .fieldInvalidLength,
            "`\(field.letter)` has \(data.count) characters; it must have \(expected)", field)
        }
        try checkNotSeen(&seen, field)
        switch tag {
        case Self.paymentHashTag: paymentHash = try withBytes(of: field) { InlineBytes32($0) }
        case Self.paymentSecretTag: paymentSecret = try withBytes(of: field) { InlineBytes32($0) }
        case Self.descriptionHashTag: descriptionHash = try bytes(of: field)
        default: statedPayee = try bytes(of: field)
        }

      case Self.descriptionTag:
        try checkNotSeen(&seen, field)
        // Regrouped on the stack: the string is the only allocation.
        let (string, isUTF8) = try withBytes(of: field) { bytes -> (String?, Bool) in
          if let string = String(validating: bytes, as: UTF8.self) { return (string, true) }
          return (mode == .compat ? String(decoding: bytes, as: UTF8.self) : nil, false)
        }
        // BOLT 11: "MUST set `d` to a valid UTF-8 string." (writer)
        guard let string else {
          throw error(.fieldInvalidUTF8, "`d` is not valid UTF-8", field)
        }
        if !isUTF8 { warnings.append(.fieldInvalidUTF8) }
        text = string

      case Self.metadataTag:
        try checkNotSeen(&seen, field)
        metadata = try bytes(of: field)

      case Self.expiryTag:
        try checkNotSeen(&seen, field)
        expiry = try integer(of: field)

      case Self.minFinalCLTVTag:
        try checkNotSeen(&seen, field)
        let delta = try integer(of: field)
        if delta > UInt32.max {
          // Contract: no HTLC's 32-bit CLTV expiry can carry it; readers accept it with a warning.
          warnings.append(.cltvUnusable)
        }
        minFinalCLTV = delta

      case Self.featuresTag:
        try checkNotSeen(&seen, field)
        try checkMinimal(field)
        features = Features(words: data)
        if let bit = features.firstUnknownRequiredBit {
          // BOLT 11: "if the `9` field contains unknown _even_ bits that are non-zero: MUST fail
          // the payment. SHOULD indicate the unknown bit to the user."
          guard mode == .compat else {
            throw error(.featuresUnknownRequired, "unknown required feature bit \(bit)", field)
          }
          warnings.append(.featuresUnknownRequired)
        }
        if let missing = features.firstMissingDependency {
          // BOLT 11: "if the feature vector does not set all known, transitive feature
          // dependencies: MUST NOT attempt the payment."
          throw error(
            .featuresMissingDependency,
            "feature bit \(missing.feature) needs feature \(missing.requires) or "
              + "\(missing.requires + 1)", field)
        }

      case Self.fallbackTag:
        guard let version = data.first else {
          throw error(.fieldInvalidFallback, "`f` is empty", field)
        }
        guard version <= Fallback.p2shVersion else {
          // BOLT 11: "MUST skip over `f` fields that use an unknown `version`."
          extra.append(ExtraField(tag: tag, words: Array(data)))
          return
        }
        let program = try bytes(of: field, dropping: 1)
        guard let fallback = Fallback(version: version, program: program) else {
          throw error(
            .fieldInvalidFallback,
            "version \(version) fallback cannot have a \(program.count)-byte program", field)
        }
        fallbacks.append(fallback)

      case Self.routeTag:
        routeHints.append(try routeHint(field))

      default:
        extra.append(ExtraField(tag: tag, words: Array(data)))
      }
    }

    let end = dataOffset + words.count - RawInvoice.signatureWordCount
    // BOLT 11: "MUST include exactly one `p` field." (writer)
    guard let paymentHash else {
      throw InvoiceError(.fieldMissingPaymentHash, "no `p` (payment hash) field", position: end)
    }
    // BOLT 11: "if a valid `s` field is not provided: MUST fail the payment."
    if paymentSecret == nil {
      guard mode == .compat else {
        throw InvoiceError(
          .fieldMissingPaymentSecret, "no `s` (payment secret) field", position: end)
      }
      warnings.append(.fieldMissingPaymentSecret)
    }
    // BOLT 11: "MUST fail the payment if neither a `d` field nor a `h` field is present, or if
    // both are present."
    let description: InvoiceDescription
    switch (text, descriptionHash) {
    case (.some, .some):
      throw InvoiceError(.fieldBothDescriptions, "both `d` and `h` are present", position: end)
    case (nil, nil):
      throw InvoiceError(.fieldMissingDescription, "neither `d` nor `h` is present", position: end)
    case (.some(let text), nil): description = .text(text)
    case (nil, .some(let hash)): description = .hash(hash)
    }

    // 35 bits: the first seven words, big-endian.
    let createdAt = words[0..<RawInvoice.timestampWordCount].reduce(0) { $0 << 5 | UInt64($1) }
    let expirySeconds = expiry ?? InvoiceFields.defaultExpirySeconds
    let (expiresAt, overflow) = createdAt.addingReportingOverflow(expirySeconds)
    guard !overflow else {
      throw InvoiceError(
        .fieldValueTooLarge, "timestamp plus expiry does not fit in 64 bits", field: "x")
    }
    return InvoiceFields(
      currency: hrp.currency, amount: hrp.amount, createdAt: createdAt,
      paymentHashBytes: paymentHash, paymentSecretBytes: paymentSecret,
      description: description,
      statedPayee: statedPayee, expirySeconds: expirySeconds, expiresAt: expiresAt,
      minFinalCLTVExpiryDelta: minFinalCLTV ?? InvoiceFields.defaultMinFinalCLTVExpiryDelta,
      features: features, fallbacks: fallbacks, routeHints: routeHints,
      paymentMetadata: metadata, extraFields: extra, warnings: warnings)
  }

  private func error(_ code: InvoiceError.Code, _ message: String, _ field: RawInvoice.Field)
    -> InvoiceError
  {
    InvoiceError(code, message, position: dataOffset + field.start, field: field.letter)
  }

  private func checkNotSeen(_ seen: inout UInt32, _ field: RawInvoice.Field) throws(InvoiceError) {
    let bit: UInt32 = 1 << UInt32(field.tag)
    guard Self.singleValuedTags & bit == 0 || seen & bit == 0 else {
      throw error(.fieldDuplicate, "a second `\(field.letter)` field", field)
    }
    seen |= bit
  }

  /// An `r` field: one or more 51-byte hops, each key in compressed form.
  private func routeHint(_ field: RawInvoice.Field) throws(InvoiceError) -> RouteHint {
    let hops = try withBytes(of: field) { bytes throws(InvoiceError) -> [RouteHop] in
      guard !bytes.isEmpty, bytes.count % RouteHop.encodedLength == 0 else {
        throw error(
          .fieldInvalidRoute,
          "`r` has \(bytes.count) bytes; it must be one or more hops of 51 bytes", field)
      }
      var hops: [RouteHop] = []
      hops.reserveCapacity(bytes.count / RouteHop.encodedLength)
      for start in stride(from: 0, to: bytes.count, by: RouteHop.encodedLength) {
        let hop = UnsafeBufferPointer(rebasing: bytes[start..<(start + RouteHop.encodedLength)])
        // A compressed key starts 02 or 03; whether it is on the curve is checked after the
        // signature, when asked (`DecodeOptions.checkRouteHintKeys`).
        guard hop[0] == 2 || hop[0] == 3 else {
          throw error(.fieldInvalidPubkey, "route hop key is not a compressed key", field)
        }
        hops.append(RouteHop(bytes: hop))
      }
      return hops
    }
    return RouteHint(hops: hops)
  }

  /// The field's data as bytes, refusing padding a writer could not have produced.
  private func bytes(of field: RawInvoice.Field, dropping dropped: Int = 0) throws(InvoiceError)
    -> [UInt8]
  {
    try withBytes(of: field, dropping: dropped) { Array($0) }
  }

  /// Calls `body` with the field's data regrouped to bytes in a stack buffer, refusing padding a
  /// writer could not have produced.
  ///
  /// - Parameter dropped: 0, or 1 for a field known to have a first word (`f`'s version).
  private func withBytes<Result>(
    of field: RawInvoice.Field, dropping dropped: Int = 0,
    _ body: (UnsafeBufferPointer<UInt8>) throws(InvoiceError) -> Result
  ) throws(InvoiceError) -> Result {
    let range = (field.range.lowerBound + dropped)..<field.range.upperBound
    // A field has at most 1023 words: 639 bytes and a few bits, within a stack buffer.
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count * 5 / 8 + 1) {
      buffer throws(InvoiceError) -> Result in
      switch Bech32.regroupUnpadded(UnsafeBufferPointer(rebasing: words[range]), into: buffer) {
      case .success(let count):
        return try body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
      case .failure(.nonZeroPadding):
        // BOLT 11: "MUST pad field data to a multiple of 5 bits, using 0s." (writer)
        throw error(.invoiceNonZeroPadding, "`\(field.letter)` has non-zero padding bits", field)
      case .failure(.excessPadding):
        throw error(
          .fieldInvalidLength, "`\(field.letter)` has a whole character of padding", field)
      }
    }
  }

  /// BOLT 11: "if a `c`, `x`, or `9` field is provided which has a non-minimal `data_length`
  /// (i.e. begins with 0 field elements): SHOULD treat the invoice as invalid."
  private func checkMinimal(_ field: RawInvoice.Field) throws(InvoiceError) {
    if words[field.range].first == 0 {
      throw error(.fieldNonMinimal, "`\(field.letter)` starts with a zero character", field)
    }
  }

  /// A big-endian unsigned integer field (`x`, `c`), minimal and at most 64 bits.
  private func integer(of field: RawInvoice.Field) throws(InvoiceError) -> UInt64 {
    try checkMinimal(field)
    var value: UInt64 = 0
    for word in words[field.range] {
      guard value >> 59 == 0 else {
        throw error(.fieldValueTooLarge, "`\(field.letter)` does not fit in 64 bits", field)
      }
      value = value << 5 | UInt64(word)
    }
    return value
  }
}
