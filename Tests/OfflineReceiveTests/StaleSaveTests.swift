import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

/// An in-memory journal where another writer moves a record on just before a versioned save
/// compares: the window between a provider's read and its save, made deterministic.
actor InterleavingJournal: RequestJournal {
  private var contents = JournalContents(capacity: 16)
  /// How many versioned saves still meet the other writer first.
  private var interleavings = 0
  /// The states the other writer moves the record to, in turn.
  private var moves: [RequestState] = []
  /// How many writes the other writer made.
  private(set) var otherWrites = 0

  /// The next `count` versioned saves each find the record moved on by another writer, to each
  /// of `states` in turn.
  func interleave(times count: Int, to states: [RequestState] = [.cancelling(.cancelled), .ready]) {
    interleavings = count
    moves = states
  }

  func records() -> [JournalRecord] { contents.records }
  func record(_ intentID: IntentID) -> JournalRecord? { contents.record(intentID) }
  func save(_ record: JournalRecord) throws(JournalError) { try contents.save(record) }
  func save(_ record: JournalRecord, replacing expected: JournalRecord?) throws(JournalError) {
    if interleavings > 0, var held = contents.record(record.intentID), !held.isPaid {
      interleavings -= 1
      held.state = moves[otherWrites % moves.count]
      try contents.save(held)
      otherWrites += 1
    }
    try contents.save(record, replacing: expected)
  }
  func remove(_ intentID: IntentID) { contents.remove(intentID) }
  func removeAll(scope: WalletScope) { contents.removeAll(scope: scope) }
  func pruneTerminal() { contents.pruneTerminal() }
  func pruneEnded(asOf now: UInt64, margin: UInt64) {
    contents.pruneEnded(asOf: now, margin: margin)
  }
}

/// A save whose record another process moved on between the provider's read and its write
/// (`journal.stale`): a payment is never refused for it; every other save is.
@Suite struct StaleSaveTests {
  /// A provider over an interleaving journal, with intent "a" prepared until Ready.
  static func readyIntent() async throws
    -> (LifecycleFixture, InterleavingJournal, PollingProvider, AcceptedInvoice)
  {
    let fixture = LifecycleFixture()
    let journal = InterleavingJournal()
    let provider = PollingProvider(
      node: fixture.node, journal: journal, scope: ProviderFixture.scope,
      clock: fixture.phoneClock)
    let shown = try #require(
      try await provider.prepare(
        intentID: IntentID("a"), amount: .sats(3000), description: "Coffee"
      )
      .invoice)
    return (fixture, journal, provider, shown)
  }

  /// Intent "a" Ready, then paid; the payment is reported while another writer moves the
  /// record on before each of the next `times` versioned saves.
  static func paidWhileMoving(times: Int) async throws
    -> (InterleavingJournal, PollingProvider, PaymentHash, SettledPayment?)
  {
    let (fixture, journal, provider, shown) = try await Self.readyIntent()
    _ = await fixture.node.settle(requestID: "a")
    await journal.interleave(times: times)
    let payment = try await provider.paymentReceived(shown.paymentHash)
    return (journal, provider, shown.paymentHash, payment)
  }

  @Test("a payment whose record moved on before its save is merged and recorded")
  func paymentOverAMovedRecord() async throws {
    let (journal, provider, hash, payment) = try await Self.paidWhileMoving(times: 1)
    #expect(payment?.intentID == IntentID("a"))
    #expect(await journal.otherWrites == 1)
    #expect(await journal.record(IntentID("a"))?.state == .terminal(.settled(fulfilled: true)))
    #expect(await journal.record(IntentID("a"))?.paymentHash == hash)
    #expect(await provider.unwrittenPayments.isEmpty)
  }

  @Test("a payment whose record keeps moving is reported, kept in memory, and written later")
  func paymentOverARecordThatKeepsMoving() async throws {
    let (journal, provider, hash, payment) = try await Self.paidWhileMoving(times: 1_000)
    #expect(payment?.intentID == IntentID("a"))
    #expect(await provider.unwrittenPayments == [hash])
    // The retries are bounded: the provider gave up long before the other writer did.
    #expect(await journal.otherWrites < 10)
    // Once the other writer stops, the next call writes the payment.
    await journal.interleave(times: 0)
    _ = try await provider.restore()
    #expect(await provider.unwrittenPayments.isEmpty)
    #expect(await journal.record(IntentID("a"))?.state == .terminal(.settled(fulfilled: true)))
  }

  @Test("a cancel whose record moved on before its save is refused; the retry cancels")
  func cancelOverAMovedRecordIsRefused() async throws {
    let (fixture, journal, provider, _) = try await Self.readyIntent()
    // Another process found the node's invoice changed and is releasing the request.
    let other = TerminalReason.invalidInvoice("offline.invoice_changed")
    await journal.interleave(times: 1, to: [.cancelling(other)])
    let error = await #expect(throws: OfflineReceiveError.self) {
      try await provider.cancel(intentID: IntentID("a"))
    }
    #expect(error?.code == .journal)
    #expect(error?.journalError?.code == .stale)
    #expect(error?.endsIntent == false)
    // The other writer's record stands, and the node request was not cancelled.
    #expect(await journal.record(IntentID("a"))?.state == .cancelling(other))
    #expect(await fixture.node.liveRequestCount == 1)
    // The retry starts from the other writer's record and finishes its release.
    #expect(try await provider.cancel(intentID: IntentID("a")) == other)
    #expect(await journal.record(IntentID("a"))?.state == .terminal(other))
    #expect(await fixture.node.liveRequestCount == 0)
  }
}
