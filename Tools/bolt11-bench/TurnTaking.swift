// What the BOLT #12 measurements share: passes that take turns, timed in rounds over a corpus,
// the vector files they read, the keys a blinded path makes the reader parse and the floor of a
// string's bytes and points.

import Bech32Codec
import Bolt12
import Foundation
import Secp256k1

#if !DEBUG
  /// Times passes over one corpus in turns, folding every pass's result into a checksum so that
  /// no work is optimized away.
  /// The JSON of the package's file at `path` (`Vectors/...`), as a `T`; exits with status 2 when
  /// it cannot be read as one.
  func packageJSON<T>(_ path: String, as type: T.Type) -> T {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let file = root.appendingPathComponent(path)
    guard let data = try? Data(contentsOf: file),
      let object = try? JSONSerialization.jsonObject(with: data) as? T
    else {
      FileHandle.standardError.write(Data("bolt11-bench: cannot read \(file.path)\n".utf8))
      exit(2)
    }
    return object
  }

  /// The floor every BOLT #12 reader pays for one string: its data words regrouped into bytes,
  /// and one `secp256k1_ec_pubkey_parse` of each point; a checksum of both.
  @inline(__always)
  func bytesAndPointsFloor(words: [UInt8], points: [[UInt8]]) -> UInt64 {
    let bytes = (try? Bech32.bytes(fromWords: words)) ?? []
    var sum = UInt64(bytes.count)
    for point in points where ECDSA.isValidPublicKey(point) { sum &+= 1 }
    return sum
  }

  extension BlindedPath {
    /// Each point of the path: its first node's id (when it names one), its path key, and each
    /// hop's blinded node id.
    var pointBytes: [[UInt8]] {
      var points: [[UInt8]] = []
      if case .nodeID(let key) = firstNode { points.append(key.bytes) }
      points.append(firstPathKey.bytes)
      return points + hops.map(\.blindedNodeID.bytes)
    }
  }

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

    /// Times `bodies` in turns, `turns` times after one untimed warm-up turn: for each body, its
    /// nanoseconds per item (as `time(_:)` gives them) of each timed turn, in turn order.
    mutating func timings(turns: Int, _ bodies: [([Item]) -> UInt64]) -> [[Double]] {
      var timings = [[Double]](repeating: [], count: bodies.count)
      for turn in 0...turns {
        for (index, body) in bodies.enumerated() {
          let nanoseconds = time(body)
          if turn > 0 { timings[index].append(nanoseconds) }
        }
      }
      return timings
    }

    /// The median of `values` (the upper one of an even count).
    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  }
#endif
