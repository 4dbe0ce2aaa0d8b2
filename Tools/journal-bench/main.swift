// `swift run -c release journal-bench [DIRECTORY]`: what one save costs the file journal as
// a wallet's history grows, and how big the file gets.
//
// One request cycle is what the provider writes for one intent: the prune before a new
// intent, then intent → submitted → ready → terminal (the release). Requests come ten minutes
// apart (wallet time, not real time), so ended records age out after their invoice's expiry
// (one hour) plus `PollingProvider.defaultEndedRetention`. The figures are the median and the
// 99th percentile of every save of the `window` cycles before each mark, and the worst of
// every write of those cycles (prune and saves; it includes the compactions that fell in the
// window), with and without pruning (without it the records pile up: only up to 1,000
// requests). Each figure at 5,000 pruned requests is judged against its own goal; the exit
// status is 1 when one is missed. DIRECTORY is made when it does not exist.

import Bolt11
import OfflineReceive
import Secp256k1

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let marks = [100, 1000, 5000]
let scope = WalletScope(
  network: .regtest,
  nodeID: PublicKey(hex: "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad")!)

let window = 100

/// Makes `path` and its missing parents.
func makeParents(_ path: String) {
  var prefix = path.hasPrefix("/") ? "" : "."
  for part in path.split(separator: "/") {
    prefix += "/" + part
    mkdir(prefix, 0o755)
  }
}

func makeDirectory() -> String {
  let base = CommandLine.arguments.dropFirst().first ?? "/tmp"
  makeParents(base)
  var template = Array("\(base)/journal-bench-XXXXXX".utf8CString)
  guard let made = mkdtemp(&template) else { fatalError("mkdtemp in \(base) failed") }
  return String(cString: made)
}

func fileSize(_ path: String) -> Int {
  var status = stat()
  return stat(path, &status) == 0 ? Int(status.st_size) : 0
}

func removeDirectory(_ path: String) {
  for name in ["journal", "journal.lock"] { unlink(path + "/" + name) }
  rmdir(path)
}

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

struct Mark {
  var requests: Int
  var medianSave: Double
  var p99Save: Double
  var worstWrite: Double
  var records: Int
  var bytes: Int
}

func run(pruning: Bool, upTo last: Int) async throws -> [Mark] {
  let directory = makeDirectory()
  defer { removeDirectory(directory) }
  let journal = try FileRequestJournal(directory: directory)
  let clock = ContinuousClock()
  var now: UInt64 = 1_800_000_000
  var recentSaves: [[Double]] = []
  var recentWrites: [[Double]] = []
  var result: [Mark] = []
  for cycle in 1...last {
    var writes: [Double] = []
    var saves: [Double] = []
    func timed(_ write: () async throws -> Void) async throws {
      let start = clock.now
      try await write()
      writes.append(milliseconds(start.duration(to: clock.now)))
    }
    if pruning {
      try await timed {
        try await journal.pruneEnded(asOf: now, margin: PollingProvider.defaultEndedRetention)
      }
    }
    let id = "intent-\(cycle)"
    var record = JournalRecord(
      intentID: IntentID(id), nodeRequestID: id, amount: Millisatoshis(1_000_000),
      description: "Coffee", state: .intent, scope: scope)
    func save() async throws {
      try await timed { try await journal.save(record) }
      saves.append(writes.last!)
    }
    try await save()
    record.state = .submitted
    try await save()
    record.state = .ready
    var hash = [UInt8](repeating: 0, count: 32)
    withUnsafeBytes(of: UInt64(cycle).bigEndian) { hash.replaceSubrange(24..<32, with: $0) }
    record.paymentHash = PaymentHash(bytes: hash)
    record.expiresAt = now + 3600
    try await save()
    record.state = .terminal(.cancelled)
    try await save()
    recentSaves.append(saves)
    recentWrites.append(writes)
    if recentSaves.count > window {
      recentSaves.removeFirst()
      recentWrites.removeFirst()
    }
    now += 600
    if marks.contains(cycle) {
      let sorted = recentSaves.joined().sorted()
      result.append(
        Mark(
          requests: cycle, medianSave: sorted[sorted.count / 2],
          p99Save: sorted[min(sorted.count - 1, sorted.count * 99 / 100)],
          worstWrite: recentWrites.joined().max()!,
          records: try await journal.records().count, bytes: fileSize(directory + "/journal")))
    }
  }
  return result
}

func show(_ title: String, _ marks: [Mark]) {
  print(title)
  for mark in marks {
    print(
      "  \(mark.requests) lifetime requests: save median \(format3(mark.medianSave)) ms,"
        + " p99 \(format3(mark.p99Save)) ms (\(4 * window) saves),"
        + " worst write \(format3(mark.worstWrite)) ms,"
        + " \(mark.records) records, \(mark.bytes) bytes")
  }
}

func format3(_ value: Double) -> String {
  let thousandths = Int((value * 1000).rounded())
  let fraction = String(thousandths % 1000)
  return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}

let pruned = try await run(pruning: true, upTo: 5000)
let unpruned = try await run(pruning: false, upTo: 1000)
show("with pruning:", pruned)
show("without pruning:", unpruned)
if let first = pruned.first, let last = pruned.last, first.medianSave > 0 {
  print(
    "  save cost 5,000 / 100 requests, pruned: \(format3(last.medianSave / first.medianSave))×;"
      + " file \(last.bytes) / \(first.bytes) bytes")
}
if let pruned1000 = pruned.first(where: { $0.requests == 1000 }),
  let unpruned1000 = unpruned.first(where: { $0.requests == 1000 }), pruned1000.medianSave > 0
{
  print(
    "  at 1,000 requests, unpruned / pruned save: "
      + "\(format3(unpruned1000.medianSave / pruned1000.medianSave))×")
}
/// One figure at 5,000 pruned requests against its own goal.
func judge(_ name: String, _ value: Double, goal: Double) -> Bool {
  let met = value <= goal
  print("  \(name) \(format3(value)) ms, goal ≤ \(format3(goal)) ms: \(met ? "met" : "MISSED")")
  return met
}

guard let last = pruned.last else { exit(1) }
print("goals at \(last.requests) lifetime requests, pruned:")
let met = [
  judge("median save", last.medianSave, goal: 0.5),
  judge("p99 save", last.p99Save, goal: 2),
  judge("worst write", last.worstWrite, goal: 10),
]
exit(met.allSatisfy { $0 } ? 0 : 1)
