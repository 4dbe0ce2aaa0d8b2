import Bolt11
import Foundation
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import TestSupport
import Testing

@Suite struct RequestJournalTests {
  static let scope = WalletScope(network: .regtest, nodeID: TestKeys.ourNodeID)
  static let otherScope = WalletScope(network: .bitcoin, nodeID: TestKeys.ourNodeID)

  static func record(_ index: Int, state: RequestState = .submitted, scope: WalletScope = scope)
    -> JournalRecord
  {
    JournalRecord(
      intentID: IntentID("intent-\(index)"), nodeRequestID: "request-\(index)",
      amount: Millisatoshis(UInt64(index + 1) * 1000), description: "", state: state, scope: scope)
  }

  @Test(
    "J1 (departs from: oldest evicted at 16): live records are never evicted; the 17th is refused (W5)"
  )
  func j1() async throws {
    let journal = InMemoryRequestJournal()
    for index in 0..<16 { try await journal.save(Self.record(index)) }
    await #expect(throws: JournalError.self) { try await journal.save(Self.record(16)) }
    #expect(await journal.records().count == 16)
    #expect(await journal.record(IntentID("intent-0")) != nil)
    // A tombstone frees a live slot without dropping the identity until pruned.
    try await journal.save(Self.record(0, state: .terminal(.expired)))
    try await journal.save(Self.record(16))
    #expect(await journal.records().count == 17)
    await journal.pruneTerminal()
    #expect(await journal.record(IntentID("intent-0")) == nil)
  }

  @Test("J2: saving replaces by key (intent id, W1) and keeps the count")
  func j2() async throws {
    let journal = InMemoryRequestJournal()
    for index in 0..<3 { try await journal.save(Self.record(index)) }
    var replacement = Self.record(2)
    replacement.nodeRequestID = "replacement"
    try await journal.save(replacement)
    #expect(await journal.records().count == 3)
    #expect(await journal.record(IntentID("intent-2"))?.nodeRequestID == "replacement")
  }

  @Test("J3: a file journal reopened over the same directory loads an equal list")
  func j3() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    let hash = TestInvoices.hash(0x11)
    var ready = Self.record(2, state: .ready)
    ready.paymentHash = hash
    ready.expiresAt = 1_700_003_600
    var cancelling = Self.record(5, state: .cancelling(.invalidInvoice("offline.expired")))
    cancelling.paymentHash = hash
    let records = [
      Self.record(0), Self.record(1, state: .intent), ready,
      Self.record(3, state: .terminal(.failed("settlement: node offline"))),
      Self.record(4, state: .terminal(.settled(fulfilled: false)), scope: Self.otherScope),
      cancelling,
    ]
    for record in records { try await journal.save(record) }
    let reopened = try FileRequestJournal(directory: directory.path)
    #expect(try await reopened.records() == records)
  }

  @Test("J4/J5: removing every record leaves an empty journal that reopens empty")
  func j4() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    try await journal.save(Self.record(0))
    try await journal.remove(IntentID("intent-0"))
    #expect(try await FileRequestJournal(directory: directory.path).records().isEmpty)
  }

  @Test(
    "J6 (departs from: decode failure loads empty silently): corruption is reported and kept aside")
  func j6() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    try await journal.save(Self.record(0))
    let path = directory.path + "/journal"
    var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    // The one record's line was written with the header (the file's first write): damaging it
    // cannot be a torn append, and nothing else proves the record.
    bytes[bytes.count - 3] ^= 0x01
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let reopened = try FileRequestJournal(directory: directory.path)
    let error = try await #require(throws: JournalError.self) { try await reopened.records() }
    #expect(error.code == .corrupt)
    #expect(error.salvagedCount == 0)
    let quarantine = try #require(error.quarantinePath)
    #expect(quarantine == directory.path + "/journal.corrupt-1")
    #expect(try Array(Data(contentsOf: URL(fileURLWithPath: quarantine))) == bytes)
    // The damaged file is kept aside; the journal goes on, explicitly empty.
    #expect(try await reopened.records().isEmpty)
    #expect(try await FileRequestJournal(directory: directory.path).records().isEmpty)
  }

  @Test(
    "J6: a file cut at any byte reads as the saves before the cut, or as corrupt inside its compacted part"
  )
  func truncationAtEveryOffset() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let journal = try FileRequestJournal(directory: directory.path)
    // The first save writes the header and record 0 in one replacement; the next two append a
    // line each.
    try await journal.save(Self.record(0))
    let afterFirst = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/journal")).count
    try await journal.save(Self.record(1))
    let afterSecond = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/journal")).count
    try await journal.save(Self.record(0, state: .terminal(.cancelled)))
    let path = directory.path + "/journal"
    let full = try Data(contentsOf: URL(fileURLWithPath: path))
    for length in 0..<full.count {
      try full.prefix(length).write(to: URL(fileURLWithPath: path))
      let reopened = try FileRequestJournal(directory: directory.path)
      if length < afterFirst {
        let error = await #expect(throws: JournalError.self) { try await reopened.records() }
        #expect(error?.code == .corrupt, "length \(length)")
      } else {
        // A cut inside an appended line is an append that was never acknowledged.
        let expected =
          length < afterSecond ? [Self.record(0)] : [Self.record(0), Self.record(1)]
        #expect(try await reopened.records() == expected, "length \(length)")
      }
      for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
        try FileManager.default.removeItem(atPath: directory.path + "/" + file)
      }
    }
  }

  @Test("J7 (departs from: non-atomic read-modify-write): a schema version is written and checked")
  func schema() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try "offline-journal 4 2 0000\n[]".write(
      toFile: directory.path + "/journal", atomically: true, encoding: .utf8)
    let journal = try FileRequestJournal(directory: directory.path)
    await #expect(throws: JournalError(.unsupportedSchema, "schema 4; this library reads 1 to 3")) {
      try await journal.records()
    }
    await #expect(throws: JournalError.self) { try await journal.save(Self.record(0)) }
    // An unsupported schema is left in place, not quarantined.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "journal", "journal.lock",
      ])
  }

  @Test("wipe by scope removes only that wallet's records (§3 E)")
  func wipeByScope() async throws {
    let journal = InMemoryRequestJournal()
    try await journal.save(Self.record(0))
    try await journal.save(Self.record(1, scope: Self.otherScope))
    await journal.removeAll(scope: Self.scope)
    #expect(await journal.records().map(\.intentID) == [IntentID("intent-1")])
  }
}
