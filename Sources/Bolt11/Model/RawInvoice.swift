import Bech32Codec

/// An invoice as received, syntax only: the human-readable part, the data part's 5-bit words and
/// where each tagged field lies in them, in received order, unknown fields included.
///
/// Nothing here is checked beyond the Bech32 checksum and the field framing, and re-encoding gives
/// back the received string byte for byte.
public struct RawInvoice: Sendable, Equatable {
  /// A tagged field's place in `words`.
  public struct Field: Sendable, Equatable {
    /// The 5-bit type (`p` is 1, `s` is 16, ...).
    public let tag: UInt8
    /// The field's data words, as indices into `RawInvoice.words`.
    public let range: Range<Int>
    /// Where the field's type character stands in `words`.
    public var start: Int { range.lowerBound - 3 }
    /// The type as its Bech32 character.
    public var letter: Character { Bech32.character(of: tag) }
  }

  /// The human-readable part, lower-cased (`lnbc2500u`).
  public let hrp: [UInt8]
  /// The whole data part: timestamp, tagged fields and signature, checksum excluded.
  public let words: [UInt8]
  /// The tagged fields in received order, framed from `words` on each call.
  public var fields: [Field] {
    var fields: [Field] = []
    words.withUnsafeBufferPointer { words in Self.forEachField(in: words) { fields.append($0) } }
    return fields
  }

  /// Calls `body` with each tagged field, in received order, without allocating.
  package func forEachField(_ body: (Field) -> Void) {
    words.withUnsafeBufferPointer { words in Self.forEachField(in: words, body) }
  }

  /// Calls `body` with each tagged field of the data part `words`, in order, without
  /// allocating. Stops before a partial header or a field that overruns the signature; the
  /// initializer refuses both, so for a `RawInvoice`'s words it visits every field.
  static func forEachField<Failure: Error>(
    in words: UnsafeBufferPointer<UInt8>, _ body: (Field) throws(Failure) -> Void
  ) throws(Failure) {
    guard words.count >= timestampWordCount + signatureWordCount else { return }
    let end = words.count - signatureWordCount
    var index = timestampWordCount
    while end - index >= 3 {
      let length = dataLength(headerAt: index, in: words)
      let start = index + 3
      guard length <= end - start else { return }
      try body(Field(tag: words[index] & 31, range: start..<(start + length)))
      index = start + length
    }
  }
  /// Whether the invoice was written in upper case.
  public let isUppercase: Bool

  /// 35 bits: seven words of timestamp.
  public static let timestampWordCount = 7
  /// 520 bits / 5: the 64-byte signature and its recovery id byte.
  public static let signatureWordCount = 104
  /// Longest invoice accepted, in characters, for ecosystem parity (lnd and others refuse longer).
  public static let maximumLength = 7089

  /// The signed timestamp, in Unix seconds (35 bits, big-endian).
  public var timestamp: UInt64 {
    words.withUnsafeBufferPointer { Self.timestamp(of: $0) }
  }

  /// The timestamp of a data part: its first seven words, big-endian (35 bits always fit).
  @inline(__always)
  static func timestamp(of words: UnsafeBufferPointer<UInt8>) -> UInt64 {
    bigEndianValue(of: UnsafeBufferPointer(rebasing: words[0..<timestampWordCount]))!
  }

  /// The `data_length` of the field whose header starts at `index`: type (5 bits) and length
  /// (10 bits) take three words, the length in the second and third.
  @inline(__always)
  static func dataLength(headerAt index: Int, in words: UnsafeBufferPointer<UInt8>) -> Int {
    Int(words[index + 1] & 31) << 5 | Int(words[index + 2] & 31)
  }

  /// 5-bit words read as one big-endian number (the timestamp, `x`, `c`), or nil when it does
  /// not fit in 64 bits.
  @inline(__always)
  static func bigEndianValue(of words: UnsafeBufferPointer<UInt8>) -> UInt64? {
    var value: UInt64 = 0
    for word in words {
      guard value >> 59 == 0 else { return nil }
      value = value << 5 | UInt64(word)
    }
    return value
  }

  /// Words from the timestamp up to the signature: what is signed, with the human-readable part.
  public var signedWords: ArraySlice<UInt8> {
    words[0..<(words.count - Self.signatureWordCount)]
  }

  /// The 104 signature words.
  public var signatureWords: ArraySlice<UInt8> {
    words[(words.count - Self.signatureWordCount)...]
  }

  /// The data words of `field`.
  public func data(of field: Field) -> ArraySlice<UInt8> { words[field.range] }

  /// The bytes whose SHA-256 is signed: the human-readable part as received, lower-cased, then
  /// the data part before the signature regrouped to bytes with zero padding.
  ///
  /// BOLT 11: "the human-readable part (as UTF-8 bytes) concatenated with the data part
  /// (excluding the signature), with 0 bits appended to pad to a byte boundary."
  public var signingPreimage: [UInt8] { withSigningPreimage { Array($0) } }

  /// SHA-256 of `signingPreimage`: the message the signature commits to.
  public var signatureHash: [UInt8] { withSignatureHash { Array($0) } }

  /// Calls `body` with `signingPreimage` built in a stack buffer.
  func withSigningPreimage<Result, Failure: Error>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try Self.withSigningPreimage(
      hrp: hrp, signedWords: words[0..<(words.count - Self.signatureWordCount)], body)
  }

  /// Calls `body` with the signing preimage of `hrp` and `signedWords` (timestamp and fields)
  /// built in a stack buffer: the one place the preimage is made, for readers and writers.
  static func withSigningPreimage<Result, Failure: Error>(
    hrp: [UInt8], signedWords: ArraySlice<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // BOLT 11: the human-readable part, then the signed words with zero bits to a byte boundary.
    let preimageCount = hrp.count + (signedWords.count * 5 + 7) / 8
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: preimageCount) {
      preimage throws(Failure) -> Result in
      let hrpCount = hrp.withUnsafeBufferPointer { hrp in
        preimage.initialize(fromContentsOf: hrp)
      }
      _ = signedWords.withUnsafeBufferPointer { words in
        Bech32.regroup(
          words, into: UnsafeMutableBufferPointer(rebasing: preimage[hrpCount...]), padded: true)
      }
      return try body(UnsafeBufferPointer(preimage))
    }
  }

  /// SHA-256 of the signing preimage of `hrp` and `signedWords`: what a writer signs.
  static func signatureHash(hrp: [UInt8], signedWords: ArraySlice<UInt8>) -> [UInt8] {
    withSigningPreimage(hrp: hrp, signedWords: signedWords) {
      SHA256.hash(UnsafeRawBufferPointer($0))
    }
  }

  /// Calls `body` with `signatureHash` in a stack buffer: the preimage and its digest are built
  /// without an allocation.
  func withSignatureHash<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withSigningPreimage { preimage throws(Failure) -> Result in
      try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SHA256.digestLength) {
        digest throws(Failure) -> Result in
        SHA256.hash(UnsafeRawBufferPointer(preimage), into: digest)
        return try body(UnsafeRawBufferPointer(digest))
      }
    }
  }

  /// The invoice as a Bech32 string, exactly as received.
  public func encoded() -> String {
    Bech32.encode(hrp: hrp, words: words, variant: .bech32, uppercase: isUppercase)
  }
}

extension RawInvoice {
  /// Frames a decoded Bech32 string into timestamp, fields and signature.
  ///
  /// - Parameter offset: where the data part's first word stands in the caller's input.
  /// - Throws: `invoice.too_short`, `invoice.trailing_data` (a partial field header),
  ///   `field.invalid_length` (a field that overruns the signature).
  init(hrp: [UInt8], words: [UInt8], isUppercase: Bool, dataOffset offset: Int)
    throws(InvoiceError)
  {
    guard words.count >= Self.timestampWordCount + Self.signatureWordCount else {
      throw InvoiceError(
        .invoiceTooShort,
        "data part has \(words.count) characters; a timestamp and signature need "
          + "\(Self.timestampWordCount + Self.signatureWordCount)",
        position: offset)
    }
    let end = words.count - Self.signatureWordCount
    var index = Self.timestampWordCount
    while index < end {
      // Type (5 bits) and data_length (10 bits) take three words.
      guard end - index >= 3 else {
        throw InvoiceError(
          .invoiceTrailingData,
          "\(end - index) character(s) before the signature do not make a tagged field",
          position: offset + index)
      }
      let tag = words[index]
      let length = Int(words[index + 1]) << 5 | Int(words[index + 2])
      let start = index + 3
      guard length <= end - start else {
        throw InvoiceError(
          .fieldInvalidLength,
          "field \"\(Bech32.character(of: tag))\" declares \(length) "
            + "characters but only \(end - start) remain before the signature",
          position: offset + index, field: Bech32.character(of: tag))
      }
      index = start + length
    }
    self.hrp = hrp
    self.words = words
    self.isUppercase = isUppercase
  }
}
