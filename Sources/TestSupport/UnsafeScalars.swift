/// Scalars that must never reach a terminal raw, each with why: what `SafeText` must escape,
/// shared by the library's tests and the command line's.
package enum UnsafeScalars {
  /// Scalars that must never reach a terminal raw, each with why.
  package static let all: [(Unicode.Scalar, String)] = [
    ("\u{1B}", "ESC, starts every escape sequence"),
    ("\u{07}", "BEL, ends an OSC title sequence"),
    ("\u{0D}", "CR, returns to the start of the line"),
    ("\u{08}", "backspace"),
    ("\u{7F}", "DEL"),
    ("\u{9B}", "C1 CSI"),
    ("\u{85}", "C1 next line"),
    ("\u{202E}", "right-to-left override"),
    ("\u{202A}", "left-to-right embedding"),
    ("\u{2066}", "left-to-right isolate"),
    ("\u{2069}", "pop directional isolate"),
    ("\u{200F}", "right-to-left mark"),
    ("\u{061C}", "Arabic letter mark"),
    ("\u{200B}", "zero-width space"),
    ("\u{200D}", "zero-width joiner"),
    ("\u{2060}", "word joiner"),
    ("\u{FEFF}", "byte order mark"),
    ("\u{2028}", "line separator"),
    ("\u{00AD}", "soft hyphen"),
    ("\u{3164}", "Hangul filler (invisible letter)"),
    ("\u{E0041}", "tag character"),
    ("\u{E0100}", "variation selector 17"),
    ("\u{E000}", "private use"),
    ("\u{00A0}", "no-break space"),
    ("\u{0378}", "unassigned"),
  ]
}
