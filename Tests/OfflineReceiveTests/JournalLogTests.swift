import Bech32Codec
import Bolt11
import Foundation
import OfflineReceive
import OfflineReceiveFixtures
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file journal as an append log (schema 3): one line a save, compaction, a torn last
/// line, salvage of a damaged file, and the older schemas.
@Suite struct JournalLogTests {
  static let scope = RequestJournalTests.scope

  static func record(_ name: String, state: RequestState = .submitted) -> JournalRecord {
    JournalRecord(
      intentID: IntentID(name), nodeRequestID: name, amount: Millisatoshis(1000),
      description: "", state: state, scope: scope)
  }

  static func bytes(_ directory: TemporaryDirectory, _ name: String = "journal") throws -> [UInt8] {
    try Array(Data(contentsOf: URL(fileURLWithPath: directory.path + "/" + name)))
  }

  static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
  }

  @Test("a save appends one line, with its length and SHA-256, and leaves the rest untouched")
  func saveAppendsOneLine() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    try await journal.save(Self.record("a"))
    let first = try Self.bytes(directory)
    try await journal.save(Self.record("b"))
    let second = try Self.bytes(directory)
    #expect(Array(second.prefix(first.count)) == first)
    let lines = Self.lines(second)
    #expect(lines.count == 3)
    // The header: schema 3, one line written with it, the SHA-256 of the text before it.
    let headerText = "offline-journal 3 1"
    let digest = Hex.encode(SHA256.hash(Array(headerText.utf8)))
    #expect(String(decoding: lines[0], as: UTF8.self) == "\(headerText) \(digest)")
    // Each change line: `<length> <sha256> <json>`, checked here by hand.
    for line in lines.dropFirst() {
      let parts = line.split(separator: UInt8(ascii: " "), maxSplits: 2)
      let payload = Array(parts[2])
      #expect(Int(String(decoding: parts[0], as: UTF8.self)) == payload.count)
      #expect(String(decoding: parts[1], as: UTF8.self) == Hex.encode(SHA256.hash(payload)))
    }
    #expect(String(decoding: lines[2], as: UTF8.self).contains("\"intent\":\"b\""))
  }

  @Test("saving the same record again writes nothing")
  func unchangedSaveWritesNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    try await journal.save(Self.record("a"))
    let before = try Self.bytes(directory)
    try await journal.save(Self.record("a"))
    try await journal.pruneTerminal()
    #expect(try Self.bytes(directory) == before)
  }

  @Test("a thousand updates of one record leave a file of at most 64 change lines")
  func compactionBoundsTheFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    for index in 0..<1000 {
      var record = Self.record("a")
      record.nodeRequestID = "request-\(index)"
      try await journal.save(record)
      // The documented rule: more than twice the records' lines, and at least 64, compacts.
      #expect(Self.lines(try Self.bytes(directory)).count <= 1 + 64, "save \(index)")
    }
    let reopened = try FileRequestJournal(directory: directory.path)
    #expect(try await reopened.records().map(\.nodeRequestID) == ["request-999"])
  }

  @Test("a reader follows another writer's appends and its compactions")
  func readerFollowsWriter() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let writer = try FileRequestJournal(directory: directory.path, capacity: 100)
    let reader = try FileRequestJournal(directory: directory.path, capacity: 100)
    var expected: [JournalRecord] = []
    // 300 changes over 5 records: the log is compacted at 64 lines several times, so the
    // reader sees the file grow and be replaced.
    for index in 0..<300 {
      var record = Self.record("r\(index % 5)")
      record.nodeRequestID = "request-\(index)"
      try await writer.save(record)
      if index < 5 { expected.append(record) } else { expected[index % 5] = record }
      if index % 7 == 0 || index == 299 {
        #expect(try await reader.records() == expected, "change \(index)")
      }
    }
  }

  @Test("a reader re-reads a replaced file whole, even one larger than what it had read")
  func readerNoticesReplacement() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let writer = try FileRequestJournal(directory: directory.path)
    let reader = try FileRequestJournal(directory: directory.path)
    var record = Self.record("a")
    for index in 0..<60 {
      record.nodeRequestID = "request-\(index)"
      try await writer.save(record)
    }
    #expect(try await reader.records() == [record])
    let readSize = try Self.bytes(directory).count
    // A few long lines push the log past 64 lines (a compaction: a new file) and the new file
    // past the size the reader had read.
    for index in 0..<8 {
      record.description = String(repeating: "\(index)", count: 4000)
      try await writer.save(record)
    }
    #expect(try Self.bytes(directory).count > readSize)
    #expect(try await reader.records() == [record])
  }

  @Test("removeAll(scope:) rewrites the file: none of the wallet's records stays in it")
  func wipeLeavesNothingInTheFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    try await journal.save(Self.record("wiped-wallet-intent"))
    try await journal.save(Self.record("wiped-wallet-intent", state: .terminal(.cancelled)))
    try await journal.removeAll(scope: Self.scope)
    let text = String(decoding: try Self.bytes(directory), as: UTF8.self)
    #expect(!text.contains("wiped-wallet-intent"))
    #expect(try await journal.records().isEmpty)
  }

  @Test("a torn last line is ignored, and cut off before the next append")
  func tornLastLine() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    try await journal.save(Self.record("a"))
    let good = try Self.bytes(directory)
    // A writer killed in the middle of its append: half a line, no newline.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.path + "/journal"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("311 0123456789abcdef {\"amountMs".utf8))
    try handle.close()
    let other = try FileRequestJournal(directory: directory.path)
    #expect(try await other.records() == [Self.record("a")])
    try await other.save(Self.record("b"))
    let after = try Self.bytes(directory)
    #expect(Array(after.prefix(good.count)) == good)
    #expect(Self.lines(after).count == 3)
    #expect(try await journal.records() == [Self.record("a"), Self.record("b")])
    #expect(try await FileRequestJournal(directory: directory.path).records().count == 2)
  }

  @Test("defect 5: a journal cut inside an acknowledged line is damage, not a torn append")
  func cutInsideAcknowledgedLine() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    try await journal.save(Self.record("a"))
    try await journal.save(Self.record("b"))
    try await journal.save(Self.record("a", state: .terminal(.cancelled)))
    // Cut in place (same file) inside the last line, which was acknowledged.
    let size = try Self.bytes(directory).count
    #expect(truncate(directory.path + "/journal", off_t(size - 10)) == 0)
    let reopened = try FileRequestJournal(directory: directory.path)
    let error = try await #require(throws: JournalError.self) { try await reopened.records() }
    #expect(error.code == .corrupt)
    #expect(error.salvagedCount == 2)
    #expect(try await reopened.records() == [Self.record("a"), Self.record("b")])
    #expect(try await journal.records() == [Self.record("a"), Self.record("b")])
  }

  @Test("defect 5: the writer that saw the whole file finds the cut too")
  func cutSeenByTheRunningWriter() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    try await journal.save(Self.record("a"))
    try await journal.save(Self.record("b"))
    let size = try Self.bytes(directory).count
    #expect(truncate(directory.path + "/journal", off_t(size - 10)) == 0)
    let error = try await #require(throws: JournalError.self) { try await journal.records() }
    #expect(error.code == .corrupt)
    #expect(try await journal.records() == [Self.record("a")])
  }

  @Test("a whole last line that fails its checksum is corruption, not a torn append")
  func damagedLastLine() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    try await journal.save(Self.record("a"))
    try await journal.save(Self.record("b"))
    // The last line, newline and all, was acknowledged: a flipped byte in it is damage, and
    // its loss is reported, never silently dropped.
    var bytes = try Self.bytes(directory)
    let lastStart = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n"))! + 1
    bytes[lastStart + 80] ^= 0x01
    try Data(bytes).write(to: URL(fileURLWithPath: directory.path + "/journal"))
    let reopened = try FileRequestJournal(directory: directory.path)
    let error = try await #require(throws: JournalError.self) { try await reopened.records() }
    #expect(error.code == .corrupt)
    #expect(error.salvagedCount == 1)
    #expect(try await reopened.records() == [Self.record("a")])
  }

  @Test("defect 7: a damaged middle line salvages every record the good lines prove")
  func salvageKeepsLiveRecords() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    var ready = Self.record("live-ready", state: .ready)
    ready.paymentHash = TestInvoices.hash(0x22)
    ready.expiresAt = 1_800_003_600
    try await journal.save(Self.record("live-submitted"))
    try await journal.save(Self.record("ended", state: .intent))
    try await journal.save(ready)
    try await journal.save(Self.record("ended", state: .terminal(.cancelled)))
    try await journal.save(Self.record("live-submitted", state: .cancelling(.cancelled)))
    // Damage the line of `ready` (the fourth line: header, three saves before it), in the middle
    // of the log.
    var bytes = try Self.bytes(directory)
    let lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    bytes[lineStarts[3] + 80] ^= 0x01
    try Data(bytes).write(to: URL(fileURLWithPath: directory.path + "/journal"))

    let reopened = try FileRequestJournal(directory: directory.path)
    let error = try await #require(throws: JournalError.self) { try await reopened.records() }
    #expect(error.code == .corrupt)
    // Two intents are proven by good lines: `ready`'s only line is the damaged one.
    #expect(error.salvagedCount == 2)
    #expect(error.quarantinePath == directory.path + "/journal.corrupt-1")
    #expect(try Self.bytes(directory, "journal.corrupt-1") == bytes)
    // The latest proven state of each intent, in the order first written.
    let expected = [
      Self.record("live-submitted", state: .cancelling(.cancelled)),
      Self.record("ended", state: .terminal(.cancelled)),
    ]
    #expect(try await reopened.records() == expected)
    #expect(try await FileRequestJournal(directory: directory.path).records() == expected)
    // The first journal, which read the file before the damage, reads the salvaged one now.
    #expect(try await journal.records() == expected)
  }

  @Test("a schema-2 file whose checksum fails proves nothing: kept aside, the journal empty")
  func schemaTwoChecksumFailure() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let payload = "[]"
    let wrongDigest = String(repeating: "0", count: 64)
    let text = "offline-journal 2 \(payload.utf8.count) \(wrongDigest)\n\(payload)"
    _ = try directory.write("journal", text)
    let journal = try FileRequestJournal(directory: directory.path)
    let error = try await #require(throws: JournalError.self) { try await journal.records() }
    #expect(error.code == .corrupt)
    #expect(error.salvagedCount == 0)
    #expect(try Self.bytes(directory, "journal.corrupt-1") == Array(text.utf8))
    #expect(try await journal.records().isEmpty)
    try await journal.save(Self.record("next"))
    #expect(
      try await FileRequestJournal(directory: directory.path).records() == [Self.record("next")])
  }

  @Test("a second corruption is kept aside beside the first")
  func secondQuarantine() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.write("journal", "not a journal")
    _ = try directory.write("journal.corrupt-1", "an earlier one")
    let error = try await #require(throws: JournalError.self) {
      try await FileRequestJournal(directory: directory.path).records()
    }
    #expect(error.quarantinePath == directory.path + "/journal.corrupt-2")
    #expect(try Self.bytes(directory, "journal.corrupt-1") == Array("an earlier one".utf8))
  }
}
