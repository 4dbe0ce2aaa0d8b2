/// How every reader of pasted, scanned or typed text trims it, and how its positions count.
///
/// One rule for every entry point (invoices, payment strings, the command line): a UTF-8
/// byte-order mark at the very start is skipped, then Unicode white space (`White_Space`: ASCII
/// space, tab, line feed, vertical tab, form feed, carriage return, U+0085, the no-break space
/// U+00A0, U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F and U+3000) is trimmed at
/// both ends. A position in an error is a character offset: Unicode scalars counted from the
/// start of the string as given, before trimming.
package enum InputText {
  /// The part of `bytes` left once the byte-order mark and the white space around it are
  /// removed; indices are `bytes`' own.
  ///
  /// - Complexity: O(k) in the bytes removed.
  package static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    var start = 0
    var end = bytes.count
    // A UTF-8 byte-order mark, EF BB BF.
    if end >= 3, bytes[0] == 0xef, bytes[1] == 0xbb, bytes[2] == 0xbf {
      start = 3
    }
    while start < end {
      let length = whiteSpaceLength(bytes, at: start, end: end)
      if length == 0 { break }
      start += length
    }
    while end > start {
      let length = whiteSpaceLength(bytes, endingAt: end, start: start)
      if length == 0 { break }
      end -= length
    }
    return start..<end
  }

  /// The trimmed part of `bytes` without a `lightning:` prefix (any case), and the prefix's
  /// range when there is one: what an invoice reader reads.
  package static func trimmedInvoice(_ bytes: UnsafeBufferPointer<UInt8>)
    -> (scheme: Range<Int>?, invoice: Range<Int>)
  {
    let range = trimmed(bytes)
    // "lightning:" in ASCII; `| 0x20` lower-cases letters and leaves ":" as it is.
    let scheme: StaticString = "lightning:"
    let schemeCount = scheme.utf8CodeUnitCount
    let start = range.lowerBound
    if range.count > schemeCount
      && (0..<schemeCount).allSatisfy({ bytes[start + $0] | 0x20 == scheme.utf8Start[$0] })
    {
      return (start..<(start + schemeCount), (start + schemeCount)..<range.upperBound)
    }
    return (nil, range)
  }

  /// `trimmed(_:)` on an array.
  package static func trimmed(_ bytes: [UInt8]) -> Range<Int> {
    bytes.withUnsafeBufferPointer { trimmed($0) }
  }

  /// `trimmedInvoice(_:)` on an array.
  package static func trimmedInvoice(_ bytes: [UInt8]) -> (
    scheme: Range<Int>?, invoice: Range<Int>
  ) {
    bytes.withUnsafeBufferPointer { trimmedInvoice($0) }
  }

  /// Whether `byte` is ASCII white space: space, tab, line feed, vertical tab, form feed or
  /// carriage return.
  @inline(__always)
  package static func isASCIIWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (byte >= 0x09 && byte <= 0x0d)
  }

  /// The length in bytes of the white space character that starts at `index` (before `end`),
  /// or 0 when none does.
  @inline(__always)
  static func whiteSpaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int)
    -> Int
  {
    let first = bytes[index]
    if first < 0x80 { return isASCIIWhiteSpace(first) ? 1 : 0 }
    if first == 0xc2, end - index >= 2 {
      return isTwoByteWhiteSpace(bytes[index + 1]) ? 2 : 0
    }
    if first >= 0xe1, first <= 0xe3, end - index >= 3 {
      return isThreeByteWhiteSpace(first, bytes[index + 1], bytes[index + 2]) ? 3 : 0
    }
    return 0
  }

  /// The length in bytes of the white space character that ends just before `end` (and starts
  /// at `start` or later), or 0 when none does.
  @inline(__always)
  static func whiteSpaceLength(
    _ bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int, start: Int
  ) -> Int {
    let last = bytes[end - 1]
    if last < 0x80 { return isASCIIWhiteSpace(last) ? 1 : 0 }
    if end - start >= 2, bytes[end - 2] == 0xc2, isTwoByteWhiteSpace(last) { return 2 }
    if end - start >= 3, isThreeByteWhiteSpace(bytes[end - 3], bytes[end - 2], last) { return 3 }
    return 0
  }

  /// U+0085 (C2 85) and the no-break space U+00A0 (C2 A0), by their second byte.
  @inline(__always)
  private static func isTwoByteWhiteSpace(_ second: UInt8) -> Bool {
    second == 0x85 || second == 0xa0
  }

  /// The three-byte white space characters: U+1680 (E1 9A 80), U+2000 to U+200A (E2 80 80 to
  /// E2 80 8A), U+2028 and U+2029 (E2 80 A8, A9), U+202F (E2 80 AF), U+205F (E2 81 9F) and
  /// U+3000 (E3 80 80).
  private static func isThreeByteWhiteSpace(_ first: UInt8, _ second: UInt8, _ third: UInt8)
    -> Bool
  {
    switch (first, second) {
    case (0xe1, 0x9a): third == 0x80
    case (0xe2, 0x80): (0x80...0x8a).contains(third) || [0xa8, 0xa9, 0xaf].contains(third)
    case (0xe2, 0x81): third == 0x9f
    case (0xe3, 0x80): third == 0x80
    default: false
    }
  }

  /// The character offset (Unicode scalars) of the byte at `offset` in `bytes`: the bytes
  /// before it that start a character, so that a byte which is not UTF-8 counts as one.
  ///
  /// - Complexity: O(n) in `offset`; errors call it, never the path of a valid input.
  package static func scalarOffset<Bytes: RandomAccessCollection<UInt8>>(
    ofByte offset: Int, in bytes: Bytes
  ) -> Int where Bytes.Index == Int {
    let end = min(max(offset, bytes.startIndex), bytes.endIndex)
    var count = offset - end  // past the end: one character a byte
    for index in bytes.startIndex..<end where bytes[index] & 0xc0 != 0x80 { count += 1 }
    return count
  }

  /// The byte offset in `bytes` of the character at `offset` (Unicode scalars, a byte that is
  /// not UTF-8 counting as one): `scalarOffset(ofByte:in:)` undone.
  ///
  /// - Complexity: O(n) in the offset.
  package static func byteOffset<Bytes: RandomAccessCollection<UInt8>>(
    ofScalar offset: Int, in bytes: Bytes
  ) -> Int where Bytes.Index == Int {
    var count = 0
    for index in bytes.indices where bytes[index] & 0xc0 != 0x80 {
      if count == offset { return index }
      count += 1
    }
    return bytes.endIndex + (offset - count)
  }

  /// The index in `text` of the character at `offset` (Unicode scalars from its start), or nil
  /// when `text` is shorter.
  package static func index(atScalarOffset offset: Int, in text: String) -> String.Index? {
    guard offset >= 0 else { return nil }
    let scalars = text.unicodeScalars
    return scalars.index(scalars.startIndex, offsetBy: offset, limitedBy: scalars.endIndex)
  }
}
