extension Double {
  /// Whether the value has no fraction: `rounded() == self` (true for the infinities, false for
  /// NaN), in comparisons and integer conversions only.
  ///
  /// `rounded()` is a call to the C library's `round` (and the generic `rounded(_:)` pulls in
  /// `rint`, `trunc`, `ceil` and `floor`), which a program that imports neither Foundation nor
  /// Glibc does not link on Linux.
  var isWhole: Bool {
    // Every finite double of magnitude 2^52 or more is whole: its 52 fraction bits are all
    // spent on places of 1 and above. Below that, Int64 holds it, and the conversion truncates.
    if !isFinite || magnitude >= 0x1p52 { return !isNaN }
    return Double(Int64(self)) == self
  }
}
