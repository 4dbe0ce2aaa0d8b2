// What the BOLT #12 measurements share: passes that take turns, timed in rounds over a corpus.

import Foundation

#if !DEBUG
  /// Times passes over one corpus in turns, folding every pass's result into a checksum so that
  /// no work is optimized away.
  struct TurnTaking<Item> {
    let items: [Item]
    /// Corpus rounds per timing.
    let rounds: Int
    private(set) var checksum: UInt64 = 0

    init(_ items: [Item], rounds: Int) {
      self.items = items
      self.rounds = rounds
    }

    /// Nanoseconds per item of `rounds` passes of `body` over the corpus.
    mutating func time(_ body: ([Item]) -> UInt64) -> Double {
      let start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<rounds { checksum = checksum &* 31 &+ body(items) }
      return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(rounds * items.count)
    }

    /// The median of `values` (the upper one of an even count).
    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  }
#endif
