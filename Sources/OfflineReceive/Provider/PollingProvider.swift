import Bolt11

/// Turns the node's request state machine into one awaited result, with the journal as the only
/// memory of identity.
///
/// - Identity is the caller's intent id, never a lookup by amount and description.
/// - An ended intent is never moved to a new node request: preparing it again answers
///   `offline.intent_ended` (the session then prepares a new intent in the same call), so its
///   record keeps the payment hash of the invoice it showed and a late payment is recorded.
/// - Resuming is an idempotent prepare with the stored id and arguments; a not-found answer is
///   ambiguous (the node may not have recovered yet) and never deletes an identity.
/// - A new intent cancels (or, when told so, refuses while there are) the other live intents,
///   but never cancels a request the node reports paid.
/// - A Ready invoice that fails the validator ends its intent and cancels the node request, so
///   the settlement channel is free for the next prepare at once.
/// - Node errors are classified: transient ones keep the identity.
/// - A deadline gives `.pending`, not a failure.
/// - Concurrent calls for one intent join the same in-flight task.
public actor PollingProvider {
  let node: any NodeOfflineReceiveClient
  let journal: any RequestJournal
  private let scope: WalletScope
  private let display: DisplayPolicy
  private let clock: any WallClock
  private let timeout: Duration
  private let pollInterval: Duration
  private let cancelsOtherIntents: Bool
  private let endedRetention: UInt64
  /// The latest creation time of an invoice the node signed and this provider accepted: a lower
  /// bound on the real time that moving the phone's clock cannot raise. 0 until the first one.
  private var nodeSignedAt: UInt64 = 0
  /// One running preparation per intent, and the callers waiting for it, each by its own
  /// continuation: a caller's cancellation ends only its own wait.
  private struct Flight {
    var id: UInt64
    var task: Task<Void, Never>
    var waiters: [UInt64: CheckedContinuation<PrepareOutcome<AcceptedInvoice>, any Error>] = [:]
  }
  private var inFlight: [IntentID: Flight] = [:]
  private var nextWaiter: UInt64 = 0
  /// How long an ended record is kept after its invoice's expiry, in seconds: two days, twice
  /// the settlement deadline of 144 blocks, since the node credits an offline payment only when
  /// its epoch closes, after the invoice's expiry.
  public static let defaultEndedRetention: UInt64 = 172_800
  private var cancelObservers: [@Sendable (IntentID) async -> Void] = []

  /// - Parameters:
  ///   - node: the adapter over the node's offline-receive API.
  ///   - journal: where intents are remembered; `FileRequestJournal` in production.
  ///   - scope: this wallet's network and node id; records of other scopes are left alone.
  ///   - display: the lifetime rules every Ready invoice must meet.
  ///   - clock: the time and the waits between status calls; `SystemClock` in production.
  ///   - timeout: how long one call waits for Ready before it answers `.pending`, on the
  ///     clock's monotonic time (`WallClock.monotonicNow()`), never on the wall clock.
  ///   - pollInterval: the pause between status calls.
  ///   - cancelsOtherIntents: whether a new intent cancels the wallet's other live intents
  ///     (the node allows one live request per settlement channel), or is refused with
  ///     `offline.request_in_progress` while one exists.
  ///   - endedRetention: how long, in seconds after its invoice's expiry, an ended record is
  ///     kept so that a late payment of that invoice is still matched; then it is pruned.
  public init(
    node: any NodeOfflineReceiveClient, journal: any RequestJournal, scope: WalletScope,
    display: DisplayPolicy = DisplayPolicy(), clock: any WallClock,
    timeout: Duration = .seconds(60), pollInterval: Duration = .milliseconds(500),
    cancelsOtherIntents: Bool = true, endedRetention: UInt64 = defaultEndedRetention
  ) {
    self.endedRetention = endedRetention
    self.node = node
    self.journal = journal
    self.scope = scope
    self.display = display
    self.clock = clock
    self.timeout = timeout
    self.pollInterval = pollInterval
    self.cancelsOtherIntents = cancelsOtherIntents
  }

  /// Advisory capability: node errors answer false; zero answers false without
  /// asking the node.
  ///
  /// The node allows one live request per settlement channel, so while one of this wallet's
  /// own intents is live (an invoice on display) the node answers no. When new intents cancel
  /// the wallet's other live intents (the default), that hold ends with the next prepare, so it
  /// does not count: the answer is yes, and the prepare cancels the old intent first.
  public func canReceive(amount: Millisatoshis) async -> Bool {
    guard amount.rawValue > 0 else { return false }
    guard let answer = try? await node.canReceive(amount: amount) else { return false }
    if answer { return true }
    guard cancelsOtherIntents, let records = try? await journal.records() else { return false }
    return records.contains { $0.scope == scope && $0.state.isLive }
  }

  /// `canReceive(amount:)` that says why not: a node fault (stopped, not recovered, storage, a
  /// lost answer) is `offline.retryable` with the node's error; the node's refusal
  /// (`disabled`, `ineligible`, ...) or its "no" is `offline.unavailable`, with its error when
  /// it gave one.
  public func checkCapability(amount: Millisatoshis) async throws {
    guard amount.rawValue > 0 else {
      throw OfflineReceiveError(.insufficientLiquidity, "\(amount) cannot be received")
    }
    do {
      if try await node.canReceive(amount: amount) { return }
    } catch {
      switch error.disposition {
      case .retryable, .ambiguous:
        throw OfflineReceiveError(.retryable, "node: \(error)", nodeError: error)
      case .terminal:
        throw OfflineReceiveError(.unavailable, "node refused: \(error)", nodeError: error)
      }
    }
    // While one of this wallet's own intents holds the channel, a new intent cancels it first.
    guard cancelsOtherIntents,
      let records = try? await journal.records(),
      records.contains(where: { $0.scope == scope && $0.state.isLive })
    else {
      throw OfflineReceiveError(.unavailable, "the node does not offer \(amount) now")
    }
  }

  /// How many callers wait for the intent's preparation now: for tests.
  package func waiterCount(_ intentID: IntentID) -> Int { inFlight[intentID]?.waiters.count ?? 0 }
  /// Whether a preparation of the intent runs now: for tests.
  package func isPreparing(_ intentID: IntentID) -> Bool { inFlight[intentID] != nil }

  /// Prepares (or resumes) the intent and waits until Ready, a terminal answer, or the deadline.
  ///
  /// - Throws: `OfflineReceiveError` carrying `intentID`; `CancellationError` when the calling
  ///   task is cancelled (the node request and the journal record are left alone).
  public func prepare(intentID: IntentID, amount: Millisatoshis, description: String)
    async throws -> PrepareOutcome<AcceptedInvoice>
  {
    // Zero fails before any journal or node access.
    guard amount.rawValue > 0 else {
      throw OfflineReceiveError(
        .insufficientLiquidity, "\(amount) cannot be received", intentID: intentID)
    }
    nextWaiter += 1
    let waiter = nextWaiter
    if inFlight[intentID] == nil {
      let flightID = waiter
      let task = Task {
        let result: Result<PrepareOutcome<AcceptedInvoice>, any Error>
        do {
          result = .success(try await self.run(intentID, amount: amount, description: description))
        } catch {
          result = .failure(error)
        }
        self.finish(intentID, flightID, result)
      }
      inFlight[intentID] = Flight(id: flightID, task: task)
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard !Task.isCancelled else {
          continuation.resume(throwing: CancellationError())
          leave(intentID, waiter: nil)
          return
        }
        inFlight[intentID]?.waiters[waiter] = continuation
      }
    } onCancel: {
      Task { await self.leave(intentID, waiter: waiter) }
    }
  }

  /// The preparation ended: every caller still waiting gets its result.
  private func finish(
    _ intentID: IntentID, _ flightID: UInt64,
    _ result: Result<PrepareOutcome<AcceptedInvoice>, any Error>
  ) {
    guard inFlight[intentID]?.id == flightID, let flight = inFlight.removeValue(forKey: intentID)
    else { return }
    for continuation in flight.waiters.values { continuation.resume(with: result) }
  }

  /// A caller was cancelled: only its wait ends. When no caller waits any more, the
  /// preparation is cancelled too (the node request and the journal record are left alone).
  private func leave(_ intentID: IntentID, waiter: UInt64?) {
    guard var flight = inFlight[intentID] else { return }
    if let waiter, let continuation = flight.waiters.removeValue(forKey: waiter) {
      continuation.resume(throwing: CancellationError())
    }
    if flight.waiters.isEmpty {
      // Nobody waits: the run stops, and the next caller starts a new one.
      inFlight[intentID] = nil
      flight.task.cancel()
    } else {
      inFlight[intentID] = flight
    }
  }

  /// Calls `observer` with an intent's id before that intent's node request is cancelled (by
  /// `cancel(intentID:)`, or by a new intent superseding it), so whatever shows its invoice
  /// retires it first: `ReceiveFlow` observes its provider this way. Observers run in the order
  /// they were added.
  public func observeCancels(_ observer: @escaping @Sendable (IntentID) async -> Void) {
    cancelObservers.append(observer)
  }

  /// Ends the intent and cancels its node request, keeping a tombstone; a request the node no
  /// longer knows counts as cancelled.
  ///
  /// In this order, whoever calls it: the observers (`observeCancels(_:)`) retire the display and
  /// the session's preparation, the journal records the end, the node request is cancelled.
  /// A request the node reports paid is not cancelled: it is recorded as settled.
  /// - Returns: why the intent ended: `.cancelled`, or `.settled` when it was paid.
  /// - Throws: `offline.retryable` with the node's error when the cancel failed; the record stays
  ///   `cancelling` and the cancel is retried by the next `cancel`, `prepare` or `restore()`.
  @discardableResult
  public func cancel(intentID: IntentID) async throws -> TerminalReason {
    guard let record = try await journalCall(intentID, { try await journal.record(intentID) })
    else {
      return .cancelled
    }
    await notifyCancel(intentID)
    switch record.state {
    case .terminal(let reason): return reason
    case .cancelling(let reason): return try await release(record, reason)
    case .intent, .submitted, .ready: return try await release(record, .cancelled)
    }
  }

  /// Records a payment (the node's payment event, or a paid status) against the intent whose
  /// invoice has `hash`, whatever state that intent was in.
  ///
  /// - Returns: the payment, or nil when no intent of this wallet has that invoice or it was
  ///   recorded already.
  /// - Throws: `offline.journal` when the journal refused the write; call again.
  @discardableResult
  public func paymentReceived(_ hash: PaymentHash) async throws -> SettledPayment? {
    let records = try await journalCall { try await journal.records() }
    guard var record = records.first(where: { $0.scope == scope && $0.paymentHash == hash })
    else { return nil }
    let previous = record.state
    guard previous != .terminal(.settled(fulfilled: true)) else { return nil }
    record.state = .terminal(.settled(fulfilled: true))
    try await journalCall(record.intentID) { try await journal.save(record) }
    return SettledPayment(
      intentID: record.intentID, amount: record.amount, description: record.description,
      previousState: previous)
  }

  /// After a restart, reconciles every unfinished record of this wallet with the node: resumes
  /// preparations by idempotent prepare, and retries pending cancels.
  ///
  /// - Returns: every unfinished record, sorted into exactly one list of the report.
  /// - Throws: `offline.journal` when the journal cannot be read.
  public func restore() async throws -> RestoreReport {
    let records = try await journalCall { try await journal.records() }
    var report = RestoreReport()
    for record in records where record.scope == scope && record.state.isLive {
      do {
        if case .cancelling(let reason) = record.state {
          let final = try await release(record, reason)
          if case .settled(fulfilled: true) = final {
            report.settled.append(record.intentID)
          } else {
            report.ended.append(record.intentID)
          }
          continue
        }
        switch try await prepare(
          intentID: record.intentID, amount: record.amount, description: record.description)
        {
        case .ready(let accepted, let intentID):
          report.ready.append(.ready(accepted, intentID: intentID))
        case .pending:
          report.pending.append(record.intentID)
        }
      } catch let error as OfflineReceiveError where error.code == .settled {
        report.settled.append(record.intentID)
      } catch let error as OfflineReceiveError where error.endsIntent {
        report.ended.append(record.intentID)
      } catch let error as OfflineReceiveError {
        report.failures.append(error)
      } catch {
        report.failures.append(
          OfflineReceiveError(.retryable, "\(error)", intentID: record.intentID))
      }
    }
    return report
  }

  // MARK: - The preparation

  private func run(_ intentID: IntentID, amount: Millisatoshis, description: String) async throws
    -> PrepareOutcome<AcceptedInvoice>
  {
    // The wait runs on the monotonic clock: moving the phone's clock changes nothing.
    let started = await clock.monotonicNow()
    var record: JournalRecord
    var isResume: Bool
    if let stored = try await journalCall(intentID, { try await journal.record(intentID) }) {
      guard stored.scope == scope else {
        throw OfflineReceiveError(
          .scopeMismatch, "the intent belongs to another wallet", intentID: intentID)
      }
      record = stored
      switch stored.state {
      case .intent, .submitted, .ready:
        isResume = true
      case .cancelling(let reason):
        // Its node request is released; the intent stays ended, with its payment hash.
        if case .settled(fulfilled: true) = try await release(stored, reason) {
          throw OfflineReceiveError(.settled, "the intent was paid", intentID: intentID)
        }
        throw ended(intentID, reason)
      case .terminal(.settled(fulfilled: true)):
        throw OfflineReceiveError(.settled, "the intent was paid", intentID: intentID)
      case .terminal(let reason):
        // Never moved to a new node request: its invoice may still be paid, and the record
        // must keep matching that payment.
        throw ended(intentID, reason)
      }
    } else {
      // Ended records no payment can arrive for go before each new intent: the journal holds
      // the live records and those ended recently. The time they are judged by is never later
      // than the node's last signature, so a phone clock set forward prunes nothing still
      // payable (a payment can reach even a cancelled request until its invoice expires);
      // before the first invoice of this process nothing is pruned.
      let now = min(await clock.now(), nodeSignedAt)
      if now > 0 {
        try await journalCall(intentID) {
          try await journal.pruneEnded(asOf: now, margin: endedRetention)
        }
      }
      try await supersedeOthers(than: intentID)
      record = JournalRecord(
        intentID: intentID, nodeRequestID: intentID.rawValue, amount: amount,
        description: description, state: .intent, scope: scope)
      isResume = false
    }
    // The record is written before the node call (write-ahead).
    try await journalCall(intentID) { try await journal.save(record) }

    var lastStatus: NodeRequestStatus?
    var status: NodeRequestStatus
    do {
      status = try await node.prepare(
        requestID: record.nodeRequestID, amount: amount, description: description)
    } catch {
      throw try await failure(for: error, record: record)
    }
    if record.state == .intent {
      record.state = .submitted
      try await journalCall(record.intentID) { try await journal.save(record) }
    }
    while true {
      lastStatus = status
      switch status {
      case .ready(let bolt11):
        return try await accept(bolt11, record: record)
      case .settled(let fulfilled):
        try await tombstone(record, reason(status))
        // A settled epoch whose voucher was not fulfilled ended unpaid: the intent is over.
        throw fulfilled
          ? OfflineReceiveError(.settled, "the intent was paid", intentID: intentID)
          : OfflineReceiveError(.unavailable, "the intent settled unpaid", intentID: intentID)
      case .expired, .failed:
        try await tombstone(record, reason(status))
        if isResume {
          // A resumed request that ended ends its intent; the session prepares a new intent
          // in the same call.
          throw ended(intentID, reason(status))
        }
        throw OfflineReceiveError(
          .unavailable, "the node request ended: \(status)", intentID: intentID)
      case .preparing, .awaitingActivation, .awaitingWitnesses:
        break
      }
      // The deadline is checked before each sleep and is exclusive.
      guard await clock.monotonicNow() - started < timeout else {
        return .pending(intentID, lastStatus: lastStatus)
      }
      try await clock.sleep(for: pollInterval)
      do {
        status = try await node.status(requestID: record.nodeRequestID)
      } catch {
        // A blip, or a not-found before the node's recovery, never forgets a live identity.
        status = lastStatus ?? .preparing
      }
    }
  }

  /// The error a failed node prepare becomes; terminal ones leave a tombstone.
  private func failure(for error: NodeError, record: JournalRecord) async throws
    -> OfflineReceiveError
  {
    switch error.disposition {
    case .retryable, .ambiguous:
      // A lost answer may hide a created request: the retry resumes it by the same id.
      return OfflineReceiveError(
        .retryable, "node: \(error)", intentID: record.intentID, nodeError: error)
    case .terminal:
      try await tombstone(record, .refused("\(error)"))
      return OfflineReceiveError(
        .unavailable, "node refused: \(error)", intentID: record.intentID, nodeError: error)
    }
  }

  private func accept(_ bolt11: String, record: JournalRecord) async throws -> PrepareOutcome<
    AcceptedInvoice
  > {
    let policy = ReceivePolicy(
      scope, amount: record.amount, description: record.description, display: display)
    switch OfflineInvoiceValidator.validate(bolt11, policy: policy, now: await clock.now()) {
    case .success(let accepted):
      nodeSignedAt = max(nodeSignedAt, accepted.invoice.createdAt)
      var ready = record
      ready.state = .ready
      ready.paymentHash = accepted.paymentHash
      ready.expiresAt = accepted.invoice.expiresAt
      try await journalCall(record.intentID) { try await journal.save(ready) }
      return .ready(accepted, intentID: record.intentID)
    case .failure(let rejection):
      var refused = record
      // Kept so that a payment of the refused invoice is still matched to its intent.
      if let invoice = rejection.invoice {
        refused.paymentHash = invoice.paymentHash
        refused.expiresAt = invoice.expiresAt
      }
      var error = OfflineReceiveError(
        .invalidInvoice, "the node's invoice was refused: \(rejection.message)",
        intentID: record.intentID, rejection: rejection)
      do {
        try await release(refused, .invalidInvoice(rejection.dottedCode))
      } catch let cancelFailure as OfflineReceiveError where cancelFailure.code == .retryable {
        // Reported with the refusal; the cancel is retried later.
        error.nodeError = cancelFailure.nodeError
        error.message += "; its node request is not cancelled yet: \(cancelFailure.message)"
      }
      throw error
    }
  }

  /// Ends `record` for `reason` and cancels its node request: `cancelling` is written first, so
  /// a cancel cut short by a crash or a failure is retried; `terminal` once the node confirms.
  ///
  /// The node's status is checked first: a request the node reports paid is not cancelled but
  /// recorded as settled, and one that already ended needs no cancel.
  @discardableResult
  private func release(_ record: JournalRecord, _ reason: TerminalReason) async throws
    -> TerminalReason
  {
    if record.state != .intent,
      let status = try? await node.status(requestID: record.nodeRequestID), status.isTerminal
    {
      let final = status == .settled(fulfilled: true) ? .settled(fulfilled: true) : reason
      try await tombstone(record, final)
      return final
    }
    var cancelling = record
    cancelling.state = .cancelling(reason)
    if cancelling != record {
      try await journalCall(record.intentID) { try await journal.save(cancelling) }
    }
    do {
      try await node.cancel(requestID: record.nodeRequestID)
    } catch .requestNotFound {
      // Already gone on the node.
    } catch {
      throw OfflineReceiveError(
        .retryable, "cancel failed: \(error)", intentID: record.intentID, nodeError: error)
    }
    try await tombstone(record, reason)
    return reason
  }

  private func supersedeOthers(than intentID: IntentID) async throws {
    let others = try await journalCall { try await journal.records() }.filter {
      $0.scope == scope && $0.state.isLive && $0.intentID != intentID
    }
    guard !others.isEmpty else { return }
    guard cancelsOtherIntents else {
      throw OfflineReceiveError(
        .requestInProgress, "intent \(others[0].intentID) is still live; cancel it first",
        intentID: intentID)
    }
    for other in others {
      await notifyCancel(other.intentID)
      if case .cancelling(let reason) = other.state {
        try await release(other, reason)
      } else {
        try await release(other, .cancelled)
      }
    }
  }

  private func notifyCancel(_ intentID: IntentID) async {
    for observer in cancelObservers { await observer(intentID) }
  }

  private func ended(_ intentID: IntentID, _ reason: TerminalReason) -> OfflineReceiveError {
    OfflineReceiveError(
      .intentEnded, "the intent ended (\(reason)); prepare a new intent", intentID: intentID)
  }

  private func tombstone(_ record: JournalRecord, _ reason: TerminalReason) async throws {
    var finished = record
    finished.state = .terminal(reason)
    try await journalCall(record.intentID) { try await journal.save(finished) }
  }

  private func reason(_ status: NodeRequestStatus) -> TerminalReason {
    switch status {
    case .expired: .expired
    case .settled(let fulfilled): .settled(fulfilled: fulfilled)
    case .failed(let text) where text == "cancelled": .cancelled
    case .failed(let text): .failed(text)
    default: .failed("\(status)")
    }
  }

  /// Runs a journal call, reporting its refusal as `offline.journal` with the journal's error
  /// attached (and the intent, when the call concerns one).
  private func journalCall<Value>(
    _ intentID: IntentID? = nil, _ body: () async throws -> Value
  ) async throws -> Value {
    do { return try await body() } catch let error as JournalError {
      throw OfflineReceiveError(.journal, "\(error)", intentID: intentID, journalError: error)
    }
  }
}
