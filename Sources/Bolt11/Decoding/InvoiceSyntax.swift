import Bech32Codec

/// An invoice's characters cut into located pieces, whether or not they make a valid invoice,
/// and the first fault that the decoder's syntax steps find in them.
///
/// The pieces are cut with the decoder's own stages: its trimming, the Bech32 separator and
/// alphabet, the human-readable part's reader, the field framing of `RawInvoice` and the
/// signature's place. The fault is what steps 1 to 4 of the decoder's check order report
/// (`SignedRawInvoice.readSyntax`: length, Bech32, human-readable part, framing), so its code
/// and position are the ones `Invoice.decode` gives. Pieces that start after the fault's position
/// are not cut; a piece that holds the fault is cut as far as its characters can be read.
///
/// Positions are byte offsets in the input, as the decoder counts them (the same as characters
/// for any Bech32 string).
package struct InvoiceSyntax: Sendable {
  /// The amount in the human-readable part: digits, then an optional multiplier letter.
  package struct Amount: Sendable, Equatable {
    /// The characters that should be digits.
    package var digits: Range<Int>
    /// The multiplier letter, when the amount does not end in a digit.
    package var multiplier: Range<Int>?
    /// The amount as the reader reads it; nil when the reader refuses it.
    package var value: Millisatoshis?
    /// The unit the digits count (`bitcoin`, `micro-bitcoin`, ...); nil for an unknown
    /// multiplier.
    package var unitName: String?
    /// The whole amount.
    package var range: Range<Int> {
      digits.lowerBound..<(multiplier?.upperBound ?? digits.upperBound)
    }
  }

  /// A tagged field as the framing finds it.
  package struct Field: Sendable, Equatable {
    /// The 5-bit type.
    package var tag: UInt8
    /// The type character, lower case.
    package var letter: Character
    /// Where the type character stands.
    package var position: Int
    /// The `data_length` the field declares, in characters.
    package var declaredLength: Int
    /// The data characters: all `declaredLength` of them or, for a field that overruns the
    /// signature, those before the signature.
    package var data: Range<Int>
    /// The data as 5-bit words; nil when a character among them is not in the Bech32 alphabet.
    package var words: [UInt8]?
    /// The two `data_length` characters.
    package var lengthRange: Range<Int> { (position + 1)..<(position + 3) }
    /// Type, `data_length` and data.
    package var range: Range<Int> { position..<data.upperBound }
    /// Whether the data holds all the characters it declares.
    package var isComplete: Bool { data.count == declaredLength }
  }

  /// The 104 characters of signature: r ‖ s (64 bytes), then the recovery id byte.
  package struct Signature: Sendable, Equatable {
    /// The signature's characters.
    package var range: Range<Int>
    /// r ‖ s and the recovery id as the decoder splits them; nil when a character is not in the
    /// Bech32 alphabet.
    package var value: InvoiceSignature?
    /// The characters that hold the recovery id: its 8 bits are the last 8 of the 520, in the
    /// last two characters (the first of which also holds the last two bits of s).
    package var recoveryIDRange: Range<Int> { (range.upperBound - 2)..<range.upperBound }
  }

  /// The input, as given.
  package var input: [UInt8]
  /// A `lightning:` prefix before the invoice, which is not part of it.
  package var scheme: Range<Int>?
  /// The invoice: the input without surrounding white space and `scheme`.
  package var invoice: Range<Int>
  /// The human-readable part, before the separator.
  package var humanReadablePart: Range<Int>?
  /// `ln` and the currency prefix; nil when the human-readable part does not start with `ln`.
  package var prefix: Range<Int>?
  /// The currency the prefix names, when the reader knows it (in compat mode, also an unknown
  /// prefix of letters).
  package var currency: Currency?
  /// The amount, when the human-readable part has one.
  package var amount: Amount?
  /// The `1` between the human-readable part and the data.
  package var separator: Int?
  /// The seven timestamp characters.
  package var timestamp: Range<Int>?
  /// The timestamp in Unix seconds, when its characters are in the Bech32 alphabet.
  package var timestampValue: UInt64?
  /// The tagged fields, in order.
  package var fields: [Field] = []
  /// One or two characters before the signature, too few for a field's type and length.
  package var trailing: Range<Int>?
  /// The signature, when the data part is long enough to hold one after the timestamp.
  package var signature: Signature?
  /// The six checksum characters.
  package var checksum: Range<Int>?
  /// The invoice as the decoder holds it, when every data character is in the alphabet and the
  /// signature is cut: its `signingPreimage` and `signatureHash` are what the signature signs.
  package var raw: RawInvoice?
  /// The first fault of steps 1 to 4 of the decoder's check order; nil when there is none.
  package var fault: InvoiceError?
  /// Where the fault lies: its own position, or for a checksum that does not match, the
  /// checksum's characters.
  package var faultRange: Range<Int>?

  /// Cuts `bytes` into pieces and finds the first syntax fault, as `Invoice.decode` in `mode`
  /// would.
  package init(bytes: [UInt8], mode: DecodeOptions.Mode) {
    input = bytes
    (scheme, invoice) = InputText.trimmedInvoice(bytes)
    let found = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(InvoiceError) in
        try SignedRawInvoice.readSyntax(bytes: buffer, mode: mode)
      }
    }
    if case .failure(let error) = found { fault = error }
    cut(mode: mode)
    if let characterOffset = fault?.position {
      // The pieces are byte ranges; the fault's position counts characters.
      let position = InputText.byteOffset(ofScalar: characterOffset, in: bytes)
      faultRange = position..<(position + 1)
      dropPieces(after: position)
    } else if fault?.code == .bech32Checksum {
      faultRange = checksum
    }
  }

  /// Cuts `text` as `init(bytes:mode:)` does.
  package init(_ text: String, mode: DecodeOptions.Mode) {
    self.init(bytes: Array(text.utf8), mode: mode)
  }

  // MARK: - Cutting

  private mutating func cut(mode: DecodeOptions.Mode) {
    let separatorIndex = input.withUnsafeBufferPointer {
      Bech32.lastSeparator(UnsafeBufferPointer(rebasing: $0[invoice]))
    }
    guard separatorIndex >= 0 else { return }
    let separator = invoice.lowerBound + separatorIndex
    self.separator = separator
    let hrp = cutHumanReadablePart(invoice.lowerBound..<separator, mode: mode)
    cutData((separator + 1)..<invoice.upperBound, hrp: hrp)
  }

  /// Cuts the prefix and the amount; returns the human-readable part lower-cased, as the decoder
  /// reads and signs it.
  private mutating func cutHumanReadablePart(_ range: Range<Int>, mode: DecodeOptions.Mode)
    -> [UInt8]
  {
    humanReadablePart = range
    // Bech32 lower-cases letters only.
    let hrp = input[range].map { $0 >= 0x41 && $0 <= 0x5a ? $0 | 0x20 : $0 }
    guard hrp.starts(with: "ln".utf8) else { return hrp }
    let amountStart = HumanReadablePart.amountStart(in: hrp)
    prefix = range.lowerBound..<(range.lowerBound + amountStart)
    // The prefix alone, read by the same reader: its currency even when the amount is refused.
    currency =
      try? HumanReadablePart.parse(
        Array(hrp[..<amountStart]), offset: range.lowerBound, mode: mode
      ).currency
    guard amountStart < hrp.count else { return hrp }
    let digitsEnd = isDigit(hrp[hrp.count - 1]) ? hrp.count : hrp.count - 1
    amount = Amount(
      digits: (range.lowerBound + amountStart)..<(range.lowerBound + digitsEnd),
      multiplier: digitsEnd < hrp.count ? (range.lowerBound + digitsEnd)..<range.upperBound : nil,
      value: (try? HumanReadablePart.parse(hrp, offset: range.lowerBound, mode: mode))?.amount,
      unitName: HumanReadablePart.unitName(endingWith: hrp[hrp.count - 1]))
    return hrp
  }

  /// Cuts the data part: timestamp, tagged fields as `RawInvoice` frames them, signature,
  /// checksum.
  private mutating func cutData(_ range: Range<Int>, hrp: [UInt8]) {
    guard range.count >= Bech32.checksumLength else { return }
    let checksum = (range.upperBound - Bech32.checksumLength)..<range.upperBound
    // Word values; a character outside the alphabet reads as 0, and nothing from it on is
    // readable.
    var readableEnd = checksum.lowerBound
    var words: [UInt8] = []
    words.reserveCapacity(checksum.lowerBound - range.lowerBound)
    for position in range.lowerBound..<checksum.lowerBound {
      let byte = input[position]
      guard byte < 0x80, let word = Bech32.word(of: Character(Unicode.Scalar(byte))) else {
        readableEnd = min(readableEnd, position)
        words.append(0)
        continue
      }
      words.append(word)
    }
    guard words.count >= RawInvoice.timestampWordCount + RawInvoice.signatureWordCount else {
      return
    }
    self.checksum = checksum
    func readable(_ span: Range<Int>) -> Bool { span.upperBound <= readableEnd }
    let raw = RawInvoice(hrp: hrp, words: words, isUppercase: false)
    let start = range.lowerBound
    let timestamp = start..<(start + RawInvoice.timestampWordCount)
    self.timestamp = timestamp
    timestampValue = readable(timestamp) ? raw.timestamp : nil

    var framed = RawInvoice.timestampWordCount
    for field in raw.fields {
      guard readable((start + field.start)..<(start + field.range.lowerBound)) else { break }
      let data = (start + field.range.lowerBound)..<(start + field.range.upperBound)
      fields.append(
        Field(
          tag: field.tag, letter: field.letter, position: start + field.start,
          declaredLength: field.range.count, data: data,
          words: readable(data) ? Array(raw.words[field.range]) : nil))
      framed = field.range.upperBound
    }
    let signatureStart = words.count - RawInvoice.signatureWordCount
    let rest = framed..<signatureStart
    if rest.count > 0 && rest.count < 3 {
      trailing = (start + rest.lowerBound)..<(start + rest.upperBound)
    } else if rest.count >= 3, readable((start + rest.lowerBound)..<(start + rest.lowerBound + 3)) {
      // The field the framing refused: it declares more characters than remain.
      let tag = words[rest.lowerBound]
      let header = RawInvoice.Field(tag: tag, range: (rest.lowerBound + 3)..<(rest.lowerBound + 3))
      fields.append(
        Field(
          tag: tag, letter: header.letter, position: start + rest.lowerBound,
          declaredLength: words.withUnsafeBufferPointer {
            RawInvoice.dataLength(headerAt: rest.lowerBound, in: $0)
          },
          data: (start + header.range.lowerBound)..<(start + signatureStart), words: nil))
    }
    let signatureRange = (start + signatureStart)..<checksum.lowerBound
    signature = Signature(
      range: signatureRange,
      value: readable(signatureRange) ? InvoiceSignature(words: raw.words) : nil)
    if readableEnd == checksum.lowerBound { self.raw = raw }
  }

  /// Keeps only the pieces that start at or before `position`.
  private mutating func dropPieces(after position: Int) {
    func kept(_ range: Range<Int>?) -> Range<Int>? {
      range.flatMap { $0.lowerBound <= position ? $0 : nil }
    }
    scheme = kept(scheme)
    humanReadablePart = kept(humanReadablePart)
    prefix = kept(prefix)
    if let amount, amount.range.lowerBound > position { self.amount = nil }
    if let separator, separator > position { self.separator = nil }
    if kept(timestamp) == nil {
      timestamp = nil
      timestampValue = nil
    }
    fields.removeAll { $0.position > position }
    trailing = kept(trailing)
    if let signature, signature.range.lowerBound > position {
      self.signature = nil
      raw = nil
    }
    checksum = kept(checksum)
  }
}
