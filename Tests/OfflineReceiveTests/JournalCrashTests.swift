import Foundation
import OfflineReceive
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the file journal in a child process (`offline-receive-demo journal-writer`) and kills it
/// with SIGKILL at random points during its writes, then checks that the file opens and holds
/// every record the child acknowledged.
@Suite struct JournalCrashTests {
  static let runs = 200
  static let recordsPerRun = 24

  /// The demo binary sits next to the test bundle in the build folder.
  static var writerPath: String? {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = url.appendingPathComponent("offline-receive-demo").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      url.deleteLastPathComponent()
    }
    guard let root = try? PackageFolder.root() else { return nil }
    let candidate = root.appendingPathComponent(".build/debug/offline-receive-demo").path
    return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
  }

  @Test("SIGKILL at random points never loses an acknowledged record or corrupts the file")
  func killAtRandomPoints() async throws {
    let writer = try #require(Self.writerPath, "build offline-receive-demo first")
    var generator = SplitMix64(seed: 0xC0FFEE)
    var killedMidRun = 0
    for run in 0..<Self.runs {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: writer)
      process.arguments = ["journal-writer", directory.path, "\(Self.recordsPerRun)"]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      // Kill after a random delay: from before the first write to after the last.
      usleep(UInt32(generator.next() % 40_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(!output.contains("error"), "run \(run): \(output)")
      if process.terminationReason == .uncaughtSignal { killedMidRun += 1 }

      let journal: FileRequestJournal
      do {
        journal = try FileRequestJournal(directory: directory.path)
      } catch {
        Issue.record("run \(run): the journal does not open after SIGKILL: \(error)")
        continue
      }
      let records = try await journal.records()
      for line in output.split(separator: "\n") {
        let parts = line.split(separator: " ")
        guard parts.count == 2, let index = Int(parts[1]) else { continue }
        let record = records.first { $0.intentID == IntentID("intent-\(index)") }
        #expect(record != nil, "run \(run): acknowledged record \(index) lost")
        if parts[0] == "ack-terminal" {
          #expect(record?.state.isLive == false, "run \(run): acknowledged tombstone \(index) lost")
        }
      }
    }
    // The kills must land mid-run often enough for the test to mean something.
    #expect(killedMidRun > Self.runs / 4)
  }
}
