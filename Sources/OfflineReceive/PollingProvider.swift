import Bolt11

/// Turns the node's request state machine into one awaited result (spec §1.4), with the journal
/// as the only memory of identity.
///
/// Departures from the original, each from spec §4:
/// - W1: identity is the caller's intent id, never a lookup by (amount, description).
/// - W2: a resumed intent whose node request expired or failed is prepared afresh in the same call.
/// - W3/§3 C: resume is an idempotent prepare with the stored id and arguments; not-found is
///   ambiguous and never deletes an identity.
/// - W4: a new intent cancels (or refuses, per `SupersedePolicy`) other live intents.
/// - W7/W14: node errors are classified; transient ones keep the identity.
/// - W8: a deadline gives `.pending`, not a failure.
/// - W13: every Ready invoice passes `OfflineInvoiceValidator`.
/// - W15: concurrent calls for one intent join the same in-flight task.
public actor PollingProvider {
  private let node: any NodeOfflineReceiveClient
  private let journal: any RequestJournal
  private let scope: WalletScope
  private let display: DisplayPolicy
  private let clock: any WallClock
  private let sleeper: any Sleeper
  private let timeoutMilliseconds: UInt64
  private let pollIntervalMilliseconds: UInt64
  private let supersede: SupersedePolicy
  private var inFlight: [IntentID: Task<PrepareOutcome, any Error>] = [:]
  private var freshRequestCounter: UInt64 = 0

  /// - Parameters:
  ///   - timeoutMilliseconds: spec §1.4 default 60 s.
  ///   - pollIntervalMilliseconds: spec §1.4 default 0.5 s.
  public init(
    node: any NodeOfflineReceiveClient, journal: any RequestJournal, scope: WalletScope,
    display: DisplayPolicy = DisplayPolicy(), clock: any WallClock, sleeper: any Sleeper,
    timeoutMilliseconds: UInt64 = 60_000, pollIntervalMilliseconds: UInt64 = 500,
    supersede: SupersedePolicy = .cancelOthers
  ) {
    self.node = node
    self.journal = journal
    self.scope = scope
    self.display = display
    self.clock = clock
    self.sleeper = sleeper
    self.timeoutMilliseconds = timeoutMilliseconds
    self.pollIntervalMilliseconds = pollIntervalMilliseconds
    self.supersede = supersede
  }

  /// Advisory capability (P6): node errors answer false; zero and overflowing amounts answer
  /// false without asking the node.
  public func canReceive(amountSats: UInt64) async -> Bool {
    guard amountSats > 0, let amount = Millisatoshis(satoshis: amountSats) else { return false }
    return (try? await node.canReceive(amountMsat: amount.rawValue)) ?? false
  }

  /// Prepares (or resumes) the intent and waits until Ready, a terminal answer, or the deadline.
  ///
  /// - Throws: `OfflineReceiveError`; `CancellationError` when the calling task is cancelled
  ///   (P11: the node request and the journal record are left alone).
  public func prepare(intentID: IntentID, amountSats: UInt64, description: String) async throws
    -> PrepareOutcome
  {
    // P17: zero or an overflowing conversion fails before any journal or node access.
    guard amountSats > 0, let amount = Millisatoshis(satoshis: amountSats) else {
      throw OfflineReceiveError(.insufficientLiquidity, "\(amountSats) sat cannot be received")
    }
    if let running = inFlight[intentID] {
      return try await withTaskCancellationHandler {
        try await running.value
      } onCancel: {}
    }
    let task = Task { try await self.run(intentID, amount: amount, description: description) }
    inFlight[intentID] = task
    defer { inFlight[intentID] = nil }
    return try await withTaskCancellationHandler {
      try await task.value
    } onCancel: {
      task.cancel()
    }
  }

  /// P12/§3 F: cancels the node request and keeps a tombstone; not-found still succeeds.
  public func cancel(intentID: IntentID) async throws {
    guard let record = try await journal.record(intentID) else { return }
    do {
      try await node.cancel(requestID: record.nodeRequestID)
    } catch .requestNotFound {
      // Already gone on the node.
    } catch {
      throw OfflineReceiveError(.retryable, "cancel failed: \(error)", nodeError: error)
    }
    try await tombstone(record, .cancelled)
  }

  /// §3 B: after a restart, reconciles every live record of this wallet with the node by
  /// idempotent prepare, and returns the invoices that may be displayed again.
  public func restore() async -> [AcceptedInvoice] {
    guard let records = try? await journal.records() else { return [] }
    var restorable: [AcceptedInvoice] = []
    for record in records where record.scope == scope && record.state.isLive {
      let sats = record.amount.rawValue / 1000
      if case .ready(let accepted)? = try? await prepare(
        intentID: record.intentID, amountSats: sats, description: record.description)
      {
        restorable.append(accepted)
      }
    }
    return restorable
  }

  // MARK: - The preparation

  private func run(_ intentID: IntentID, amount: Millisatoshis, description: String) async throws
    -> PrepareOutcome
  {
    let deadline = await clock.milliseconds().addingSaturating(timeoutMilliseconds)
    var record: JournalRecord
    var isResume: Bool
    if let stored = try await journalCall({ try await journal.record(intentID) }) {
      guard stored.scope == scope else {
        throw OfflineReceiveError(.scopeMismatch, "intent \(intentID) belongs to another wallet")
      }
      record = stored
      isResume = stored.state.isLive
      if !isResume { record = try await freshRecord(from: stored) }
    } else {
      try await supersedeOthers(than: intentID)
      record = JournalRecord(
        intentID: intentID, nodeRequestID: intentID.rawValue, amount: amount,
        description: description, state: .intent, scope: scope)
      isResume = false
    }
    // §3 A: "The record is written *before* the node call (write-ahead)."
    try await journalCall { try await journal.save(record) }

    var lastStatus: NodeRequestStatus?
    var status: NodeRequestStatus
    do {
      status = try await node.prepare(
        requestID: record.nodeRequestID, amountMsat: amount.rawValue, description: description)
    } catch {
      throw try await failure(for: error, record: record)
    }
    if record.state == .intent {
      record.state = .submitted
      try await journalCall { try await journal.save(record) }
    }
    while true {
      lastStatus = status
      switch status {
      case .ready(let bolt11):
        return try await accept(bolt11, record: record)
      case .settled:
        try await tombstone(record, .settled(fulfilled: true))
        throw OfflineReceiveError(.settled, "intent \(intentID) was paid")
      case .expired, .failed:
        if isResume {
          // W2: "a terminal status on a *resumed* record means drop it and prepare fresh in the
          // same call. Fail only when the *new* request is terminal."
          try await tombstone(record, reason(status))
          return try await run(intentID, amount: amount, description: description)
        }
        try await tombstone(record, reason(status))
        throw OfflineReceiveError(.unavailable, "the node request ended: \(status)")
      case .preparing, .awaitingActivation, .awaitingWitnesses:
        break
      }
      // P3: "The deadline is checked before each sleep and is exclusive (≥ deadline means stop)".
      guard await clock.milliseconds() < deadline else {
        return .pending(intentID, lastStatus: lastStatus)
      }
      try await sleeper.sleep(milliseconds: pollIntervalMilliseconds)
      do {
        status = try await node.status(requestID: record.nodeRequestID)
      } catch {
        // W14: a blip (or a not-found before recovery, W3) never forgets a live identity.
        status = lastStatus ?? .preparing
      }
    }
  }

  /// The error a failed node prepare becomes; terminal ones leave a tombstone (W7).
  private func failure(for error: NodeError, record: JournalRecord) async throws
    -> OfflineReceiveError
  {
    switch error.disposition {
    case .retryable, .ambiguous:
      // W7: "retryable, keeping the identity"; "ambiguous, keeping the identity and re-checking".
      // A lost answer may hide a created request: the retry resumes it by the same id.
      return OfflineReceiveError(.retryable, "node: \(error)", nodeError: error)
    case .terminal:
      try await tombstone(record, .refused("\(error)"))
      return OfflineReceiveError(.unavailable, "node refused: \(error)", nodeError: error)
    }
  }

  private func accept(_ bolt11: String, record: JournalRecord) async throws -> PrepareOutcome {
    let policy = ReceivePolicy(
      amount: record.amount, nodeID: scope.nodeID, network: scope.network,
      description: record.description, maxDisplaySeconds: display.maxDisplaySeconds,
      minRemainingSeconds: display.minRemainingSeconds, clockSkewSeconds: display.clockSkewSeconds,
      safetyMarginSeconds: display.safetyMarginSeconds)
    switch OfflineInvoiceValidator.validate(bolt11, policy: policy, now: await clock.seconds()) {
    case .accepted(let accepted):
      var ready = record
      ready.state = .ready(paymentHash: accepted.paymentHash, expiresAt: accepted.invoice.expiresAt)
      try await journalCall { try await journal.save(ready) }
      return .ready(accepted)
    case .rejected(let rejection):
      try await tombstone(record, .invalidInvoice(rejection.dottedCode))
      throw OfflineReceiveError(
        .invalidInvoice, "the node's invoice was refused: \(rejection)", rejection: rejection)
    }
  }

  private func supersedeOthers(than intentID: IntentID) async throws {
    let others = try await journalCall { try await journal.records() }.filter {
      $0.scope == scope && $0.state.isLive && $0.intentID != intentID
    }
    guard !others.isEmpty else { return }
    switch supersede {
    case .refuse:
      throw OfflineReceiveError(
        .requestInProgress, "intent \(others[0].intentID) is still live; cancel it first")
    case .cancelOthers:
      for other in others { try await cancel(intentID: other.intentID) }
    }
  }

  private func freshRecord(from stored: JournalRecord) async throws -> JournalRecord {
    freshRequestCounter += 1
    var record = stored
    record.nodeRequestID = "\(stored.intentID.rawValue)-\(await clock.milliseconds())-\(freshRequestCounter)"
    record.state = .intent
    return record
  }

  private func tombstone(_ record: JournalRecord, _ reason: TerminalReason) async throws {
    var finished = record
    finished.state = .terminal(reason)
    try await journalCall { try await journal.save(finished) }
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

  /// Runs a journal call, reporting its refusal as `offline.journal`.
  private func journalCall<Value>(_ body: () async throws -> Value) async throws -> Value {
    do { return try await body() } catch let error as JournalError {
      throw OfflineReceiveError(.journal, "\(error)")
    }
  }
}
