/// "Did you mean ...?" for a mistyped command, option or value, as git and cargo suggest.
enum Suggestion {
  /// `; did you mean X?` for the candidate nearest `typed`, or an empty string when none is near.
  ///
  /// Near: at most a third of the typed word's letters edited (at least one, at most three), or
  /// the one candidate that starts with what was typed; for a short option (`-V`), the one long
  /// option that starts with its letter. Ties go to the first candidate given.
  static func didYouMean(_ typed: String, among candidates: [String]) -> String {
    nearest(typed, among: candidates).map { "; did you mean \($0)?" } ?? ""
  }

  static func nearest(_ typed: String, among candidates: [String]) -> String? {
    // A short option (`-V`): the one long option that starts with its letter, either case.
    let bytes = Array(typed.utf8)
    if bytes.count == 2, bytes[0] == UInt8(ascii: "-"), bytes[1] != UInt8(ascii: "-") {
      let letter = bytes[1] | 0x20
      let long = candidates.filter {
        let candidate = Array($0.utf8)
        return candidate.count > 3 && candidate[0...1] == [0x2d, 0x2d] && candidate[2] == letter
      }
      return long.count == 1 ? long[0] : nil
    }
    let stem = typed.drop { $0 == "-" }
    let allowed = min(3, max(1, stem.count / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != typed {
      let distance = editDistance(Array(typed.utf8), Array(candidate.utf8))
      if distance <= allowed && distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    if let best { return best.candidate }
    let extensions = candidates.filter { stem.count >= 2 && $0.hasPrefix(typed) }
    return extensions.count == 1 ? extensions[0] : nil
  }

  /// The Levenshtein distance: insertions, deletions and substitutions of one byte each.
  ///
  /// - Complexity: O(a.count × b.count) time, O(b.count) memory.
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for (i, byteA) in a.enumerated() {
      current[0] = i + 1
      for (j, byteB) in b.enumerated() {
        current[j + 1] = min(
          previous[j + 1] + 1, current[j] + 1, previous[j] + (byteA == byteB ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
