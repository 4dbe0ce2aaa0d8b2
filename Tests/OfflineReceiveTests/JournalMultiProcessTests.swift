import Bolt11
import Foundation
import OfflineReceive
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Several processes share one file journal, as a wallet app and its extension do: each writes
/// its own records while the others write theirs, and each is killed with SIGKILL at random
/// points and restarted where it left off.
@Suite struct JournalMultiProcessTests {
  static let writers = ["a", "b"]
  static let recordsPerWriter = 1000
  static let kills = 6

  /// One writer process and what it acknowledged before it ended.
  final class Writer {
    let tag: String
    var process: Process?
    var pipe = Pipe()
    var acknowledged: Set<Int> = []
    var acknowledgedTerminal: Set<Int> = []
    var errors: [String] = []

    init(tag: String) { self.tag = tag }

    func start(_ executable: String, directory: String) throws {
      let next = (acknowledged.max() ?? -1) + 1
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = [
        "journal-writer", directory, "\(JournalMultiProcessTests.recordsPerWriter)", tag,
        "\(next)",
      ]
      pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      self.process = process
    }

    /// Waits for the process to end and reads its acknowledgements.
    func collect() {
      guard let process else { return }
      process.waitUntilExit()
      let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      for line in output.split(separator: "\n") {
        let parts = line.split(separator: " ")
        if parts.first == "error" { errors.append(String(line)) }
        guard parts.count == 2, let index = Int(parts[1]) else { continue }
        if parts[0] == "ack" { acknowledged.insert(index) }
        if parts[0] == "ack-terminal" { acknowledgedTerminal.insert(index) }
      }
      self.process = nil
    }

    var isDone: Bool { acknowledged.count == JournalMultiProcessTests.recordsPerWriter }
  }

  /// Starts the writers, kills one at random every 50 to 450 ms (restarting it after its last
  /// acknowledgement) and returns how many kills landed mid-run. It never suspends: sleeps are
  /// `usleep` on this thread, so busy test threads elsewhere cannot delay the kills.
  static func run(_ writers: [Writer], _ executable: String, _ directory: String) throws -> Int {
    for writer in writers { try writer.start(executable, directory: directory) }
    var generator = SplitMix64(seed: 0x5EED)
    var killedMidRun = 0
    for _ in 0..<Self.kills {
      usleep(UInt32(50_000 + generator.next() % 400_000))
      let writer = writers[Int(generator.next() % UInt64(writers.count))]
      guard let process = writer.process else { continue }
      kill(process.processIdentifier, SIGKILL)
      writer.collect()
      // Killed before it acknowledged its last record: the kill landed mid-run.
      if !writer.isDone { killedMidRun += 1 }
      if !writer.isDone { try writer.start(executable, directory: directory) }
    }
    return killedMidRun
  }

  @Test("two writer processes killed at random lose no acknowledged record and invent none")
  func twoProcessesWithKills() async throws {
    let executable = try #require(JournalCrashTests.writerPath, "build offline-receive-demo first")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let writers = Self.writers.map(Writer.init)
    let killedMidRun = try Self.run(writers, executable, directory.path)
    for writer in writers {
      writer.collect()
      // A writer whose last kill landed after its last acknowledgement finishes now.
      while !writer.isDone && writer.errors.isEmpty {
        try writer.start(executable, directory: directory.path)
        writer.collect()
      }
      #expect(writer.errors.isEmpty, "\(writer.tag): \(writer.errors)")
    }

    let journal = try FileRequestJournal(directory: directory.path)
    let records = try await journal.records()
    var expected: Set<String> = []
    for writer in writers {
      for index in writer.acknowledged { expected.insert("\(writer.tag)-intent-\(index)") }
    }
    let stored = Set(records.map(\.intentID.rawValue))
    let lost = expected.subtracting(stored)
    let invented = stored.subtracting(expected)
    #expect(lost.isEmpty, "lost: \(lost.sorted())")
    #expect(invented.isEmpty, "invented: \(invented.sorted())")
    #expect(records.count == stored.count, "a record appears twice")
    #expect(expected.count == Self.writers.count * Self.recordsPerWriter)
    for writer in writers {
      for index in writer.acknowledgedTerminal {
        let record = records.first { $0.intentID.rawValue == "\(writer.tag)-intent-\(index)" }
        #expect(record?.state.isLive == false, "\(writer.tag): tombstone \(index) lost")
      }
    }
    // No temporary file outlives its writer's next open.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix("journal.tmp") }
    #expect(leftovers.isEmpty, "\(leftovers)")
    // The kills must land mid-run for the test to mean something.
    #expect(killedMidRun >= Self.kills / 2)
  }
}

/// The file journal's own safety rules, in one process.
@Suite struct FileJournalSafetyTests {
  static func record(_ name: String, state: RequestState = .submitted) -> JournalRecord {
    JournalRecord(
      intentID: IntentID(name), nodeRequestID: name, amount: Millisatoshis(1000),
      description: "", state: state, scope: RequestJournalTests.scope)
  }

  static func files(_ directory: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  @Test("opening a journal in a directory that does not exist fails")
  func missingDirectory() throws {
    let directory = try TemporaryDirectory()
    directory.remove()
    let error = try #require(throws: JournalError.self) {
      try FileRequestJournal(directory: directory.path)
    }
    #expect(error.code == .io)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  @Test(
    "an append that fails leaves no change behind; the next save starts from the file, unblocked",
    arguments: [FileRequestJournal.WriteStep.append, .appendSync])
  func failedAppend(step: FileRequestJournal.WriteStep) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    try await journal.save(Self.record("kept"))
    let before = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/journal"))
    await journal.failNextWrite(at: step)
    await #expect(throws: JournalError.self) { try await journal.save(Self.record("failed")) }
    // The half-written or unsynced line is cut off again.
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path + "/journal")) == before)
    #expect(try await journal.records().map(\.intentID) == [IntentID("kept")])
    try await journal.save(Self.record("next"))
    #expect(try await journal.records().map(\.intentID) == [IntentID("kept"), IntentID("next")])
    let reopened = try FileRequestJournal(directory: directory.path)
    #expect(try await reopened.records().map(\.intentID) == [IntentID("kept"), IntentID("next")])
  }

  @Test(
    "a compaction that fails removes its temporary file; the next call starts from the file",
    arguments: [FileRequestJournal.WriteStep.write, .fsync, .rename])
  func failedCompaction(step: FileRequestJournal.WriteStep) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    try await journal.save(Self.record("kept"))
    try await journal.save(Self.record("ended", state: .terminal(.cancelled)))
    await journal.failNextWrite(at: step)
    // pruneTerminal rewrites the file.
    await #expect(throws: JournalError.self) { try await journal.pruneTerminal() }
    #expect(try Self.files(directory) == ["journal", "journal.lock"])
    #expect(try await journal.records().map(\.intentID) == [IntentID("kept"), IntentID("ended")])
    try await journal.pruneTerminal()
    #expect(try await journal.records().map(\.intentID) == [IntentID("kept")])
  }

  @Test("two journals over one directory take turns and each sees the other's records")
  func twoInstancesInOneProcess() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try FileRequestJournal(directory: directory.path, capacity: 1000)
    let second = try FileRequestJournal(directory: directory.path, capacity: 1000)
    await withThrowingTaskGroup(of: Void.self) { group in
      for (tag, journal) in [("first", first), ("second", second)] {
        group.addTask {
          for index in 0..<60 { try await journal.save(Self.record("\(tag)-\(index)")) }
        }
      }
    }
    #expect(try await first.records().count == 120)
    #expect(try await second.records().count == 120)
  }

  @Test("a temporary file left by a killed writer is removed when the journal opens")
  func staleTemporaryFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for name in ["journal.tmp", "journal.tmp-4242-7"] {
      _ = FileManager.default.createFile(atPath: directory.path + "/" + name, contents: Data([1]))
    }
    // The first call removes them, under the lock.
    _ = try await FileRequestJournal(directory: directory.path).records()
    #expect(try Self.files(directory) == ["journal.lock"])
  }

  #if os(Linux)
    @Test("the journal's descriptors are close-on-exec")
    func closeOnExec() async throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let journal = try FileRequestJournal(directory: directory.path)
      try await journal.save(Self.record("one"))
      // The lock file and the journal file are held open.
      var descriptors = 0
      for name in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
        guard let descriptor = Int32(name),
          let target = try? FileManager.default.destinationOfSymbolicLink(
            atPath: "/proc/self/fd/\(name)"),
          target.hasPrefix(directory.path)
        else { continue }
        descriptors += 1
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0, "\(target)")
      }
      #expect(descriptors == 2)
      _ = journal
    }
  #endif
}
