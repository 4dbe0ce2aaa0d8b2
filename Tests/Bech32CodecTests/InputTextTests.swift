import Testing

@testable import Bech32Codec

/// `InputText`: the one trimming rule and the one unit of positions, checked against the
/// standard library's Unicode tables.
@Suite struct InputTextTests {
  /// How many bytes `trimmed` removes from `text` followed by `x`.
  static func removedAtStart(_ text: String) -> Int {
    let bytes = Array((text + "x").utf8)
    return InputText.trimmed(bytes).lowerBound
  }

  /// How many bytes `trimmed` removes from `x` followed by `text`.
  static func removedAtEnd(_ text: String) -> Int {
    let bytes = Array(("x" + text).utf8)
    return bytes.count - InputText.trimmed(bytes).upperBound
  }

  @Test("every Unicode White_Space character is trimmed at both ends, nothing else")
  func whiteSpaceIsUnicodes() {
    for value in UInt32(0)..<0x1_0000 {
      guard let scalar = Unicode.Scalar(value), value != 0xFEFF else { continue }
      let text = String(Character(scalar))
      let expected = scalar.properties.isWhitespace ? text.utf8.count : 0
      #expect(Self.removedAtStart(text) == expected, "U+\(String(value, radix: 16))")
      #expect(Self.removedAtEnd(text) == expected, "U+\(String(value, radix: 16))")
    }
  }

  @Test("a byte-order mark is skipped at the very start only")
  func byteOrderMark() {
    #expect(Self.removedAtStart("\u{FEFF}") == 3)
    #expect(Self.removedAtStart("\u{FEFF}\u{A0} ") == 6)
    #expect(Self.removedAtStart(" \u{FEFF}") == 1)
    #expect(Self.removedAtEnd("\u{FEFF}") == 0)
  }

  @Test("white space only trims to nothing")
  func onlyWhiteSpace() {
    for text in ["", " ", "\u{A0}\u{3000}\n", "\u{FEFF}", "\u{FEFF}\u{2029}"] {
      #expect(InputText.trimmed(Array(text.utf8)).isEmpty, "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test("a lightning: prefix in any case is cut after the trimming")
  func lightningPrefix() {
    let bytes = Array("\u{A0} LIGHTNING:lnbc1x \u{3000}".utf8)
    let (scheme, invoice) = InputText.trimmedInvoice(bytes)
    #expect(scheme.map { Array(bytes[$0]) } == Array("LIGHTNING:".utf8))
    #expect(Array(bytes[invoice]) == Array("lnbc1x".utf8))
  }

  @Test("a byte offset counts as the characters before it, as String counts them")
  func scalarOffsets() {
    let text = "\u{FEFF}\u{A0}Café 語 🎉x"
    let bytes = Array(text.utf8)
    var offset = 0
    for (index, scalar) in text.unicodeScalars.enumerated() {
      #expect(InputText.scalarOffset(ofByte: offset, in: bytes) == index)
      let stringIndex = try? #require(InputText.index(atScalarOffset: index, in: text))
      #expect(stringIndex.map { text.unicodeScalars[$0] } == scalar)
      offset += String(scalar).utf8.count
    }
    #expect(InputText.index(atScalarOffset: text.unicodeScalars.count + 1, in: text) == nil)
    #expect(InputText.index(atScalarOffset: -1, in: text) == nil)
  }
}

extension InputTextTests {
  @Test("a character offset turns back into the byte offset it came from")
  func byteOffsets() {
    let bytes = Array("a\u{A0}é語🎉b".utf8) + [0xff, 0x61]
    for offset in 0...bytes.count where offset == bytes.count || bytes[offset] & 0xc0 != 0x80 {
      let characters = InputText.scalarOffset(ofByte: offset, in: bytes)
      #expect(InputText.byteOffset(ofScalar: characters, in: bytes) == offset, "\(offset)")
    }
    // "a", U+00A0, "é", "語", "🎉", "b", 0xFF, "a": eight characters, the 0xFF byte one of them.
    #expect(InputText.scalarOffset(ofByte: bytes.count, in: bytes) == 8)
  }
}
