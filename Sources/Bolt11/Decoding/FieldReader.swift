import Bech32Codec
import Secp256k1

/// Reads a framed invoice's tagged fields into `InvoiceFields`, each by its row of the field
/// table (`FieldDefinition.table`), in the order that file describes: the row's length and
/// repetition rules from their packed form (`FieldType.readerChecks`), then the type's reader.
struct FieldReader {
  /// The whole data part, borrowed for the read: one buffer, no reference counting per field.
  let words: UnsafeBufferPointer<UInt8>
  let mode: DecodeOptions.Mode
  /// Where word 0 of the data part stands in the caller's input.
  let dataOffset: Int
  /// Where a field's data is regrouped to bytes (`withBytes`), on the stack while the fields are
  /// read (`readFields`), empty otherwise: every field's bytes fit in it, and each reader copies
  /// out what it keeps.
  private var scratch = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

  // What the fields said so far: each type's case of `readValue(of:_:)` sets its own.
  var paymentHash: PaymentHash?
  var paymentSecret: PaymentSecret?
  /// `d`, as the last one read left it.
  var text: Text?
  var descriptionHash: DescriptionHash?
  var statedPayee: PublicKey?
  /// Whether the last `n` read was 33 bytes not in compressed form (first byte neither 02 nor
  /// 03): no `PublicKey`, refused when the signature is checked (`field.invalid_pubkey`).
  var statedPayeeIsMalformed = false
  var expiry: UInt64?
  var minFinalCLTV: UInt64?
  var features = Features()
  var fallbacks: [Fallback] = []
  var routeHints: [RouteHint] = []
  var metadata: [UInt8]?
  var extra: [ExtraField] = []
  var warnings: [InvoiceWarning]
  /// The single-valued types read so far, as a bit set over the 32 type numbers.
  private var seen: UInt32 = 0

  /// How a `d` field is kept.
  enum Text {
    /// Its data, `words[range]`, regroups to valid UTF-8: kept where it lies.
    case inPlace(Range<Int>)
    /// Compat mode's text of invalid UTF-8, with U+FFFD for each invalid sequence.
    case replaced([UInt8])
  }

  private init(
    words: UnsafeBufferPointer<UInt8>, mode: DecodeOptions.Mode, dataOffset: Int,
    warnings: [InvoiceWarning]
  ) {
    self.words = words
    self.mode = mode
    self.dataOffset = dataOffset
    self.warnings = warnings
  }

  /// Reads every tagged field of the data part `words` and applies the presence rules.
  ///
  /// - Parameters:
  ///   - words: the framed data part (`RawInvoice.words`); `d` keeps a reference to it.
  ///   - hrp: the human-readable part, whose currency, amount and warnings the fields join.
  ///   - mode: which outcome of each rule applies.
  ///   - dataOffset: where word 0 stands in the caller's input, for error positions.
  /// - Throws: steps 5 and 6 of the check order (`Invoice+Decoding.swift`).
  static func read(
    _ words: [UInt8], hrp: HumanReadablePart, mode: DecodeOptions.Mode, dataOffset: Int
  ) throws(InvoiceError) -> InvoiceFields {
    try words.withUnsafeBufferPointer { buffer throws(InvoiceError) in
      var reader = FieldReader(
        words: buffer, mode: mode, dataOffset: dataOffset, warnings: hrp.warnings)
      try reader.readFields()
      return try reader.fields(hrp: hrp, words: words)
    }
  }

  /// The most bytes a field's data regroups to: 1023 words (`data_length`'s 10 bits) are 5115
  /// bits, 639 whole bytes and 3 bits of padding; one more for a mode that reads the padding.
  static let maximumFieldBytes = 1023 * 5 / 8 + 1

  /// Reads every field, borrowing the table of checks once rather than once per field, with
  /// `scratch` on the stack. Only `Void` passes through the closures: the fields are built after,
  /// and are not copied through them.
  @inline(__always)
  private mutating func readFields() throws(InvoiceError) {
    let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumFieldBytes) {
      scratch in
      self.scratch = scratch
      defer { self.scratch = UnsafeMutableBufferPointer(start: nil, count: 0) }
      return FieldType.readerChecks.withUnsafeBufferPointer { checks in
        Result { () throws(InvoiceError) in
          try RawInvoice.forEachField(in: words) { field throws(InvoiceError) in
            let checks = checks[Int(field.tag)]
            guard checks != 0, let type = FieldType(rawValue: field.tag) else {
              keepAsExtra(field)
              return
            }
            try read(field, type, checks)
          }
        }
      }
    }
    try result.get()
  }

  /// Reads one field of type `type` (see `FieldTable.swift` for the order of the checks), whose
  /// row's length and repetition rules `checks` holds (`FieldType.readerChecks`): one load per
  /// field, not one per rule from the row.
  @inline(__always)
  private mutating func read(_ field: RawInvoice.Field, _ type: FieldType, _ checks: UInt32)
    throws(InvoiceError)
  {
    if checks & FieldType.ReaderCheck.fixedLength != 0 {
      let length = Int(checks & FieldType.ReaderCheck.lengthMask)
      if field.range.count != length {
        guard
          try allow(
            .wrongLength, field,
            "`\(field.letter)` has \(field.range.count) characters; it must have \(length)")
        else { return }
      }
    }
    if checks & FieldType.ReaderCheck.singleValued != 0 {
      let bit: UInt32 = 1 << UInt32(field.tag)
      if seen & bit != 0 {
        guard try allow(.duplicate, field, "a second `\(field.letter)` field") else { return }
      }
      seen |= bit
    }
    try readValue(of: type, field)
  }

  /// The fields read, once the presence rules hold.
  ///
  /// Each value is moved out of the reader (`take`), not copied: a copy would retain it once more.
  @inline(__always)
  private mutating func fields(hrp: HumanReadablePart, words wordArray: [UInt8])
    throws(InvoiceError) -> InvoiceFields
  {
    let end = dataOffset + words.count - RawInvoice.signatureWordCount
    guard let paymentHash else {
      try allowMissing(.paymentHash, .missing, "no `p` (payment hash) field", at: end)
      preconditionFailure("the table lets an invoice without `p` through")
    }
    if paymentSecret == nil {
      try allowMissing(.paymentSecret, .missing, "no `s` (payment secret) field", at: end)
    }
    let description: DescriptionStorage
    let text: DescriptionStorage? =
      switch text.take() {
      case .inPlace(let range): .words(wordArray, range)
      case .replaced(let utf8): .text(utf8)
      case nil: nil
      }
    switch (text, descriptionHash) {
    case (.some, .some):
      try allowMissing(
        .description, .bothDescriptions, "both `d` and `h` are present", at: end)
      preconditionFailure("the table lets an invoice with `d` and `h` through")
    case (nil, nil):
      try allowMissing(
        .description, .missingDescription, "neither `d` nor `h` is present", at: end)
      preconditionFailure("the table lets an invoice without a description through")
    case (.some(let text), nil): description = text
    case (nil, .some(let hash)): description = .hash(hash)
    }

    let createdAt = RawInvoice.timestamp(of: words)
    let expirySeconds = expiry ?? InvoiceFields.defaultExpirySeconds
    guard
      let expiresAt = ExpiryRule.exactExpiresAt(createdAt: createdAt, expirySeconds: expirySeconds)
    else {
      throw InvoiceError(
        .fieldValueTooLarge, "timestamp plus expiry does not fit in 64 bits",
        field: FieldType.expiry.letter)
    }
    return InvoiceFields(
      currency: hrp.currency, amount: hrp.amount, createdAt: createdAt,
      paymentHash: paymentHash, paymentSecret: paymentSecret,
      descriptionStorage: description,
      statedPayee: statedPayee, statedPayeeIsMalformed: statedPayeeIsMalformed,
      expirySeconds: expirySeconds, expiresAt: expiresAt,
      minFinalCLTVExpiryDelta: minFinalCLTV ?? InvoiceFields.defaultMinFinalCLTVExpiryDelta,
      features: Self.take(&features, leaving: Features()),
      fallbacks: Self.take(&fallbacks, leaving: []),
      routeHints: Self.take(&routeHints, leaving: []),
      paymentMetadata: metadata.take(), extraFields: Self.take(&extra, leaving: []),
      warnings: Self.take(&warnings, leaving: []))
  }

  /// `value`, moved out and replaced with `empty`.
  private static func take<Value>(_ value: inout Value, leaving empty: Value) -> Value {
    var taken = empty
    swap(&taken, &value)
    return taken
  }

  // MARK: Applying a row's rules

  /// Applies what the mode does with `field` breaking `breach`: throws when it refuses, records
  /// the warning when it warns, keeps the field as an extra one when it skips it.
  ///
  /// - Returns: whether to go on reading the field (false once it is kept as an extra field).
  /// Out of line: only a field breaking a rule gets here, and its code would spread the hot
  /// path of every reader over more instruction-cache lines.
  @inline(never)
  mutating func allow(
    _ breach: FieldBreach, _ field: RawInvoice.Field, _ message: @autoclosure () -> String
  ) throws(InvoiceError) -> Bool {
    let definition = FieldDefinition.table[FieldType.rowIndex[Int(field.tag)]]
    switch definition.outcome(of: breach, in: mode) {
    case .refuse(let code):
      throw InvoiceError(
        code, message(), position: dataOffset + field.start, field: field.letter)
    case .warn(let warning):
      warnings.append(warning)
      return true
    case .keepAsExtra:
      keepAsExtra(field)
      return false
    }
  }

  /// Applies what the mode does with a presence rule of `type` broken; `position` is where the
  /// signature starts.
  @inline(never)  // Out of line, as `allow`.
  private mutating func allowMissing(
    _ type: FieldType, _ breach: FieldBreach, _ message: String, at position: Int
  ) throws(InvoiceError) {
    switch type.definition.outcome(of: breach, in: mode) {
    case .refuse(let code): throw InvoiceError(code, message, position: position)
    case .warn(let warning): warnings.append(warning)
    case .keepAsExtra: break  // no field to keep
    }
  }

  @inline(never)  // Out of line, as `allow`: unknown fields are rare.
  private mutating func keepAsExtra(_ field: RawInvoice.Field) {
    extra.append(ExtraField(tag: field.tag, words: Array(words[field.range])))
  }

  // MARK: Readers of the rows that need more than one line

  /// `d`: UTF-8 text, kept as its place in the data part.
  mutating func readDescription(_ field: RawInvoice.Field) throws(InvoiceError) {
    // Regrouped on the stack and checked there: nothing is allocated.
    guard let isValid = try withBytes(of: field, Self.isValidUTF8) else { return }
    guard isValid else { return try readInvalidDescription(field) }
    text = .inPlace(field.range)
  }

  /// `d` that is not valid UTF-8: refused, or in compat mode kept with U+FFFD for each invalid
  /// sequence. Out of line, as `allow`.
  @inline(never)
  private mutating func readInvalidDescription(_ field: RawInvoice.Field) throws(InvoiceError) {
    guard try allow(.invalidUTF8, field, "`d` is not valid UTF-8") else { return }
    text = try withBytes(of: field) { bytes in
      .replaced(Array(String(decoding: bytes, as: UTF8.self).utf8))
    }
  }

  /// Whether `bytes` are well-formed UTF-8 (The Unicode Standard, table 3-7, "Well-Formed UTF-8
  /// Byte Sequences"): what `String(validating:as:)` accepts, without building a string or
  /// calling the standard library's generic decoder.
  ///
  /// ASCII is checked 32 bytes at a time, then eight, from which the check goes straight to the
  /// first byte that is not ASCII.
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var index = 0
    while index < count {
      if count - index >= 32 {
        let any =
          raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          | raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
          | raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
          | raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
        if any & 0x8080_8080_8080_8080 == 0 {
          index += 32
          continue
        }
      }
      if count - index >= 8 {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let high = word & 0x8080_8080_8080_8080
        guard high != 0 else {
          index += 8
          continue
        }
        // The lowest high bit marks the first byte that is not ASCII: on to it.
        index += high.trailingZeroBitCount >> 3
      }
      let lead = bytes[index]
      guard lead >= 0x80 else {
        index += 1
        continue
      }
      // The sequence's length, and the range its second byte must lie in (the table's
      // exceptions: no overlong form, no surrogate, nothing above U+10FFFF).
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xbf
      switch lead {
      case 0xc2...0xdf: length = 2
      case 0xe0: (length, low) = (3, 0xa0)
      case 0xe1...0xec, 0xee...0xef: length = 3
      case 0xed: (length, high) = (3, 0x9f)
      case 0xf0: (length, low) = (4, 0x90)
      case 0xf1...0xf3: length = 4
      case 0xf4: (length, high) = (4, 0x8f)
      default: return false  // a continuation byte, C0, C1 or F5...FF
      }
      guard count - index >= length else { return false }
      let second = bytes[index + 1]
      guard second >= low && second <= high else { return false }
      for offset in 2..<length where bytes[index + offset] & 0xc0 != 0x80 { return false }
      index += length
    }
    return true
  }

  /// `c`: an integer that a warning marks when no HTLC can carry it.
  mutating func readMinFinalCLTV(_ field: RawInvoice.Field) throws(InvoiceError) {
    guard let delta = try integer(of: field) else { return }
    if delta > UInt32.max {
      guard try allow(.unusableCLTV, field, "`c` is above 2^32 - 1") else { return }
    }
    minFinalCLTV = delta
  }

  /// `9`: feature bits, minimal, every required one known, every dependency set.
  mutating func readFeatures(_ field: RawInvoice.Field) throws(InvoiceError) {
    guard try checkMinimal(field) else { return }
    let features = Features(words: UnsafeBufferPointer(rebasing: words[field.range]))
    if let bit = features.firstUnknownRequiredBit {
      guard try allow(.unknownRequiredFeature, field, "unknown required feature bit \(bit)")
      else { return }
    }
    if let missing = features.firstMissingDependency {
      guard
        try allow(
          .missingFeatureDependency, field,
          "feature bit \(missing.feature) needs feature \(missing.requires) or "
            + "\(missing.requires + 1)")
      else { return }
    }
    self.features = features
  }

  /// `f`: a version word, then the program as bytes.
  @inline(never)  // Out of line: most invoices have no `f`, and its code would spread the loop.
  mutating func readFallback(_ field: RawInvoice.Field) throws(InvoiceError) {
    guard let version = words[field.range].first else {
      _ = try allow(.invalidFallback, field, "`f` is empty")
      return
    }
    guard Fallback.isKnownVersion(version) else {
      _ = try allow(.unknownFallbackVersion, field, "`f` has unknown version \(version)")
      return
    }
    guard let program = try bytes(of: field, dropping: 1) else { return }
    guard let fallback = Fallback(version: version, program: program) else {
      _ = try allow(
        .invalidFallback, field,
        "version \(version) fallback cannot have a \(program.count)-byte program")
      return
    }
    fallbacks.append(fallback)
  }

  /// `r`: one or more 51-byte hops, each key in compressed form.
  @inline(never)  // Out of line, as `readFallback`.
  mutating func readRouteHint(_ field: RawInvoice.Field) throws(InvoiceError) {
    // The hops, or the rule they break and how.
    let read = try withBytes(of: field) { bytes -> Result<[RouteHop], RouteFault> in
      guard !bytes.isEmpty, bytes.count % RouteHop.encodedLength == 0 else {
        return .failure(
          RouteFault(
            breach: .invalidRoute,
            message: "`r` has \(bytes.count) bytes; it must be one or more hops of 51 bytes"))
      }
      var hops: [RouteHop] = []
      hops.reserveCapacity(bytes.count / RouteHop.encodedLength)
      for start in stride(from: 0, to: bytes.count, by: RouteHop.encodedLength) {
        let hop = UnsafeBufferPointer(rebasing: bytes[start..<(start + RouteHop.encodedLength)])
        // A compressed key starts 02 or 03; whether it is on the curve is checked after the
        // signature, when asked (`DecodeOptions.checkRouteHintKeys`).
        guard let hop = RouteHop(bytes: hop) else {
          return .failure(
            RouteFault(breach: .invalidHopKey, message: "route hop key is not a compressed key"))
        }
        hops.append(hop)
      }
      return .success(hops)
    }
    switch read {
    case nil: return
    case .success(let hops): routeHints.append(RouteHint(hops: hops))
    case .failure(let fault): _ = try allow(fault.breach, field, fault.message)
    }
  }

  private struct RouteFault: Error {
    var breach: FieldBreach
    var message: String
  }

  // MARK: Reading data words

  /// The field's data as bytes; nil when a padding rule kept the field as an extra one.
  mutating func bytes(of field: RawInvoice.Field, dropping dropped: Int = 0) throws(InvoiceError)
    -> [UInt8]?
  {
    try withBytes(of: field, dropping: dropped) { Array($0) }
  }

  /// Calls `body` with the field's data regrouped to bytes in `scratch`, applying the padding
  /// rules; nil when one of them kept the field as an extra one.
  ///
  /// Only the call to `body` is made for each type of value: the regrouping and its rules are one
  /// function, shared by every reader.
  /// - Parameter dropped: 0, or 1 for a field known to have a first word (`f`'s version).
  @inline(__always)
  mutating func withBytes<Result>(
    of field: RawInvoice.Field, dropping dropped: Int = 0,
    _ body: (UnsafeBufferPointer<UInt8>) throws(InvoiceError) -> Result
  ) throws(InvoiceError) -> Result? {
    guard let count = try regroup(field, dropping: dropped) else { return nil }
    return try body(UnsafeBufferPointer(rebasing: scratch[0..<count]))
  }

  /// Regroups the field's data after its first `dropped` words to bytes in `scratch`, applying
  /// the padding rules: how many bytes, or nil when a rule kept the field as an extra one.
  @inline(never)
  private mutating func regroup(_ field: RawInvoice.Field, dropping dropped: Int)
    throws(InvoiceError) -> Int?
  {
    let data = UnsafeBufferPointer(
      rebasing: words[(field.range.lowerBound + dropped)..<field.range.upperBound])
    switch Bech32.regroupUnpadded(data, into: scratch) {
    case .success(let count): return count
    case .failure(let padding): return try allowPadding(padding, field, data)
    }
  }

  /// What the mode does with `field`'s data, `data`, breaking a padding rule: throws, gives nil
  /// when it keeps the field as an extra one, or regroups the whole bytes into `scratch`.
  @inline(never)  // Out of line, as `allow`.
  private mutating func allowPadding(
    _ padding: Bech32.PaddingError, _ field: RawInvoice.Field, _ data: UnsafeBufferPointer<UInt8>
  ) throws(InvoiceError) -> Int? {
    let allowed =
      switch padding {
      case .nonZeroPadding:
        try allow(.nonZeroPadding, field, "`\(field.letter)` has non-zero padding bits")
      case .excessPadding:
        try allow(.excessPadding, field, "`\(field.letter)` has a whole character of padding")
      }
    guard allowed else { return nil }
    // A mode that lets the padding pass reads the whole bytes.
    return Bech32.regroup(data, into: scratch, padded: false).count
  }

  /// Whether to go on reading the field: it starts with a non-zero word, or the mode lets that
  /// pass.
  private mutating func checkMinimal(_ field: RawInvoice.Field) throws(InvoiceError) -> Bool {
    guard words[field.range].first == 0 else { return true }
    return try allow(.nonMinimal, field, "`\(field.letter)` starts with a zero character")
  }

  /// A big-endian unsigned integer field (`x`, `c`), minimal and at most 64 bits; nil when a rule
  /// kept the field as an extra one.
  mutating func integer(of field: RawInvoice.Field) throws(InvoiceError) -> UInt64? {
    guard try checkMinimal(field) else { return nil }
    guard
      let value = RawInvoice.bigEndianValue(of: UnsafeBufferPointer(rebasing: words[field.range]))
    else {
      guard try allow(.valueTooLarge, field, "`\(field.letter)` does not fit in 64 bits") else {
        return nil
      }
      return UInt64.max
    }
    return value
  }
}
