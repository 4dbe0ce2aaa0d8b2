import Bolt11
import OfflineReceive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The child process of the journal crash tests
/// (`offline-receive-demo journal-writer DIR N [TAG START]`).
///
/// Saves records START..<N one after another, writing `ack I` straight to file descriptor 1 (no
/// buffer) after each save returns, so the parent knows which records were acknowledged before
/// it sends SIGKILL. Every other record is then marked terminal, so that replacements are killed
/// too, not only appends. With a TAG, ids are `TAG-intent-I`, so several writers can share one
/// journal; a restarted writer continues from START.
enum JournalWriter {
  static func run(directory: String, count: Int, tag: String = "", start: Int = 0) async -> Int32 {
    let scope = WalletScope(network: .regtest, nodeID: DemoKeys.nodeID)
    let prefix = tag.isEmpty ? "" : tag + "-"
    do {
      let journal = try FileRequestJournal(directory: directory, capacity: 1_000_000)
      for index in start..<max(start, count) {
        var record = JournalRecord(
          intentID: IntentID("\(prefix)intent-\(index)"), nodeRequestID: "request-\(index)",
          amount: Millisatoshis(UInt64(index + 1) * 1000), description: "crash \(index)",
          state: .submitted, scope: scope)
        try await journal.save(record)
        emit("ack \(index)")
        if index % 2 == 1 {
          record.state = .terminal(.settled(fulfilled: true))
          try await journal.save(record)
          emit("ack-terminal \(index)")
        }
      }
      return 0
    } catch {
      emit("error \(error)")
      return 1
    }
  }

  /// Writes one line to standard output with `write(2)`, so nothing waits in a buffer.
  private static func emit(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
  }
}
