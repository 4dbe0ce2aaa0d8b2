import Bolt11
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import OfflineReceive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file journal runs on a thread of its own, so waiting for the lock never holds a thread
/// of the cooperative pool.
@Suite struct JournalThreadTests {
  /// Lets go of a lock from a thread of its own after a delay, unless told to sooner, and
  /// remembers whether the delay ran out.
  final class Releaser: Sendable {
    let descriptor: Int32
    let state = Mutex<(released: Bool, byTimeout: Bool)>((false, false))

    init(descriptor: Int32, after seconds: UInt32) {
      self.descriptor = descriptor
      Thread { [self] in
        sleep(seconds)
        release(byTimeout: true)
      }.start()
    }

    func release(byTimeout: Bool) {
      state.withLock { state in
        guard !state.released else { return }
        state = (true, byTimeout)
        flock(descriptor, LOCK_UN)
      }
    }

    var releasedByTimeout: Bool { state.withLock { $0.byTimeout } }
  }

  static func record(_ name: String) -> JournalRecord {
    JournalRecord(
      intentID: IntentID(name), nodeRequestID: name, amount: Millisatoshis(1000),
      description: "", state: .submitted, scope: RequestJournalTests.scope)
  }

  @Test("journals waiting for a lock held elsewhere leave the cooperative pool to other tasks")
  func lockWaitLeavesThePoolFree() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // More journals than the pool has threads: had each blocked a pool thread, none would be
    // left.
    let count = ProcessInfo.processInfo.activeProcessorCount + 2
    let journals = try (0..<count).map { _ in
      try FileRequestJournal(directory: directory.path, capacity: 100)
    }
    // Another open file description holds the lock, as another process would.
    let holder = open(directory.path + "/journal.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    try #require(holder >= 0)
    defer { close(holder) }
    try #require(flock(holder, LOCK_EX) == 0)
    // Let go after three minutes at the latest: a starved pool lets nothing below run before
    // that, while other suites running beside this one (some block pool threads on processes
    // of their own) may slow the tasks below down by a minute and more under the thread
    // sanitizer on two cores (a CI run saw 79 s with the old 64 tasks of 100 yields).
    let releaser = Releaser(descriptor: holder, after: 180)
    let saves = Task {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (index, journal) in journals.enumerated() {
          group.addTask { try await journal.save(Self.record("waiting-\(index)")) }
        }
        try await group.waitForAll()
      }
    }
    // Let every save reach the lock; a starved pool would not wake this task before the
    // release either.
    try await Task.sleep(for: .milliseconds(200))
    // Any progress at all shows a free pool: a few tasks that each yield a few times.
    let sums = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var sum = 0
          for step in 0..<10 {
            await Task.yield()
            sum += step
          }
          return sum
        }
      }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(sums == Array(repeating: 45, count: 8))
    #expect(!releaser.releasedByTimeout, "the other tasks ran only once the lock was let go")
    releaser.release(byTimeout: false)
    try await saves.value
    #expect(try await journals[0].records().count == count)
  }

  #if os(Linux)
    @Test("every call runs on the journal's own thread, which ends when the journal goes")
    func threadEndsWithTheJournal() async throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      var threadID: Int32 = 0
      do {
        let journal = try FileRequestJournal(directory: directory.path)
        try await journal.save(Self.record("one"))
        threadID = journal.kernelThreadID
        #expect(threadID > 0)
        #expect(await journal.callingThreadID() == threadID)
        #expect(FileManager.default.fileExists(atPath: "/proc/self/task/\(threadID)"))
      }
      var ended = false
      for _ in 0..<500 where !ended {
        ended = !FileManager.default.fileExists(atPath: "/proc/self/task/\(threadID)")
        if !ended { try await Task.sleep(for: .milliseconds(10)) }
      }
      #expect(ended)
    }
  #endif
}

extension FileRequestJournal {
  /// The kernel id of the thread this call runs on.
  fileprivate func callingThreadID() -> Int32 {
    let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
    return target.flatMap { Int32($0.split(separator: "/").last ?? "") } ?? -1
  }
}
