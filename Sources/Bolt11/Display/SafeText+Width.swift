extension SafeText {
  /// The columns a terminal gives `character`: 2 for a wide one, 1 for any other, 0 for a
  /// cluster of nothing but removed scalars.
  ///
  /// Wide: a cluster whose first scalar is East Asian Wide or Fullwidth (CJK ideographs, kana,
  /// Hangul syllables, full-width forms, from the Unicode East Asian Width table's blocks), or
  /// that shows as an emoji (a scalar of emoji presentation, an emoji followed by U+FE0F, a flag
  /// of two regional indicators, a joined emoji sequence).
  public static func columns(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if isEastAsianWide(first.value) { return 2 }
    let properties = first.properties
    if properties.isEmojiPresentation { return 2 }
    if properties.isEmoji && first.value > 0x7F
      && scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D })
    {
      return 2
    }
    return 1
  }

  /// The columns of a whole text, character by character (``columns(of:)-(Character)``).
  public static func columns(of text: String) -> Int {
    text.reduce(0) { $0 + columns(of: $1) }
  }

  /// Whether `value` is East Asian Wide (W) or Fullwidth (F) in Unicode's East Asian Width
  /// table, by its blocks; emoji come from the scalar's emoji properties instead.
  static func isEastAsianWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F,  // Hangul Jamo leading consonants
      0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK punctuation
      0x3041...0x33FF,  // kana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK compatibility
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xA000...0xA4CF,  // Yi
      0xA960...0xA97F,  // Hangul Jamo extended A
      0xAC00...0xD7A3,  // Hangul syllables
      0xF900...0xFAFF,  // CJK compatibility ideographs
      0xFE10...0xFE19,  // vertical forms
      0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
      0xFF00...0xFF60,  // full-width forms
      0xFFE0...0xFFE6,  // full-width signs
      0x16FE0...0x18AFF,  // ideographic symbols, Tangut
      0x1B000...0x1B2FF,  // kana supplement and extensions, Nushu
      0x1F200...0x1F2FF,  // enclosed ideographic supplement
      0x20000...0x2FFFD,  // CJK extensions B to F, compatibility supplement
      0x30000...0x3FFFD:  // CJK extensions G and H
      return true
    default:
      return false
    }
  }
}
