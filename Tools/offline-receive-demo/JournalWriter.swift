import Bolt11
import OfflineReceive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The child process of the journal crash test (`offline-receive-demo journal-writer DIR N`).
///
/// Saves records 0..<N one after another, writing `ack I` straight to file descriptor 1 (no buffer) after each save returns,
/// so the parent knows which records were acknowledged before it sends SIGKILL. Every other
/// record is then marked terminal, so that replacements are killed too, not only appends.
enum JournalWriter {
  static func run(directory: String, count: Int) async -> Int32 {
    let scope = WalletScope(network: .regtest, nodeID: DemoKeys.nodeID)
    do {
      let journal = try FileRequestJournal(directory: directory, capacity: count)
      for index in 0..<count {
        var record = JournalRecord(
          intentID: IntentID("intent-\(index)"), nodeRequestID: "request-\(index)",
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
