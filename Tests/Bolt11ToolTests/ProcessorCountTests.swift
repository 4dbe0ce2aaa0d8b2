import Foundation
import SystemCall
import Testing

@testable import Bolt11Tool

/// The default `--jobs` of `decode --batch`: the processors in the affinity mask, counted here
/// independently from the kernel's own list (`Cpus_allowed_list` in `/proc/thread-self/status`).
///
/// Both sides are read for the calling thread: a mask is per thread, and a synchronous test runs
/// on one thread from start to end.
@Suite struct ProcessorCountTests {
  /// `/proc/thread-self/status`'s `Cpus_allowed_list` ("0-3,8,10-11"): the processors it names.
  static func allowedProcessors() throws -> [Int] {
    let status = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
    let line = try #require(
      status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
    let list = line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
    return try list.split(separator: ",").flatMap { range -> [Int] in
      let ends = try range.split(separator: "-").map { try #require(Int($0)) }
      return Array(ends[0]...ends[ends.count - 1])
    }
  }

  /// `taskset`, when installed.
  static let taskset = ["/usr/bin/taskset", "/bin/taskset"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Runs `taskset -p -c LIST TID` on the calling thread.
  static func pin(toProcessors list: String) throws {
    let thread = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
    let tid = try #require(thread.split(separator: "/").last.map(String.init))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(taskset))
    process.arguments = ["-p", "-c", list, tid]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "taskset -p -c \(list) \(tid) failed")
  }

  @Test("the default job count is the number of processors the affinity mask allows")
  func matchesAllowedList() throws {
    let allowed = try Self.allowedProcessors()
    #expect(allowedProcessorCount() == allowed.count)
    #expect(ToolEnvironment.availableProcessors() == allowed.count)
  }

  @Test(
    "pinned to one processor (taskset -c N), the default job count is 1",
    .enabled(if: taskset != nil, "taskset is not installed"))
  func pinnedToOne() throws {
    let allowed = try Self.allowedProcessors()
    let original = allowed.map(String.init).joined(separator: ",")
    try Self.pin(toProcessors: String(allowed[0]))
    defer { try? Self.pin(toProcessors: original) }
    try #require(try Self.allowedProcessors() == [allowed[0]])
    #expect(ToolEnvironment.availableProcessors() == 1)
  }
}
