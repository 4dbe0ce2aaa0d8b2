import Bolt11

/// Turns the node's request state machine into one awaited result, with the journal as the only
/// memory of identity.
///
/// Each intent's lifecycle is one `RequestMachine` value: every event (prepare, the node's
/// answer, the validator's verdict, cancel, payment, deadline, restart) returns the actions to
/// run, and this actor runs them (journal writes, node calls, waits). Every call on one intent
/// shares its machine while any runs, so a payment or a cancel that lands while a preparation
/// waits for the node is never overwritten by it.
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
  /// The lifetime rules every Ready invoice is validated against (with the wallet's scope and
  /// the request's amount and description, the receive policy): `ReceiveFlow` takes its clock
  /// skew from here, so the QR and the validator never disagree.
  public nonisolated let display: DisplayPolicy
  private let clock: any WallClock
  private let timeout: Duration
  private let pollInterval: Duration
  private let cancelsOtherIntents: Bool
  private let endedRetention: UInt64
  /// The latest creation time of an invoice the node signed and this provider accepted: a lower
  /// bound on the real time that moving the phone's clock cannot raise. 0 until the first one.
  private var nodeSignedAt: UInt64 = 0
  /// A running preparation, and the callers waiting for it, each by its own continuation: a
  /// caller's cancellation ends only its own wait. Its id is the id of its first caller.
  private struct Flight {
    var id: UInt64
    var task: Task<Void, Never>
    var waiters: [UInt64: CheckedContinuation<PrepareOutcome<AcceptedInvoice>, any Error>] = [:]
  }
  /// Everything this provider holds for one intent, for the intent's whole life: it is
  /// forgotten once the intent has no record in the journal (pruned, or never written) and
  /// nothing is in flight for it.
  private struct Slot {
    /// The intent's request machine, shared by the calls driving it, so that a payment or a
    /// cancel that lands while a preparation waits for the node is seen by it; nil before the
    /// first call loaded it.
    var machine: RequestMachine?
    /// The version of the record the journal holds, as far as the machine knows: its last
    /// save issued, or the record it was loaded from. Each save names it, so a record another
    /// process moved on meanwhile is never overwritten.
    var version: JournalRecord?
    /// The version the journal is known to hold: the record the machine was loaded from, its
    /// last save once written, or what the journal held when a save was refused. It differs
    /// from `version` while a save is being written.
    var confirmed: JournalRecord?
    /// The running preparation, which every `prepare` of the intent joins.
    var flight: Flight?
    /// A preparation every caller left, still winding down: the next one starts once it has
    /// stopped, so a retry right after a cancellation resumes the intent instead of finding it
    /// in progress.
    var stopping: (id: UInt64, task: Task<Void, Never>)?

    /// Whether the machine is at rest: no phase in flight (its state says so) and no save being
    /// written. Then no call drives it, and the next call loads it again from the journal, where
    /// another process may have moved the record on.
    var isAtRest: Bool { (machine?.isAtRest ?? true) && version == confirmed }
    var isEmpty: Bool { machine == nil && flight == nil && stopping == nil }
  }
  private var slots: [IntentID: Slot] = [:]
  private var nextWaiter: UInt64 = 0
  /// How long an ended record is kept after its invoice's expiry, in seconds: two days, twice
  /// the settlement deadline of 144 blocks, since the node credits an offline payment only when
  /// its epoch closes, after the invoice's expiry.
  public static let defaultEndedRetention: UInt64 = 172_800
  private var cancelObservers: [@Sendable (IntentID) async -> Void] = []
  /// Every damage the journal reported to this provider, oldest first: each `journal.corrupt`
  /// error names where the damaged file was set aside and how many records were salvaged. The
  /// provider carries on with the salvaged records; `restore()` reports what it met.
  public private(set) var journalDamage: [JournalError] = []
  /// Payments reported but not yet written, because the journal refused the write (a full
  /// disk): each is written again by every later call, until the journal takes it.
  public private(set) var unwrittenPayments: [PaymentHash] = []

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

  /// `canReceive(amount:)` that says why not, each cause its own code with the node's error
  /// attached: `offline.node_unavailable` (not recovered yet), `offline.node_stopped`,
  /// `offline.node_storage`, `offline.response_lost` keep the intent; `offline.node_disabled`
  /// ends it. The node's "no" is `offline.ineligible`, or `offline.request_in_progress` when one
  /// of this wallet's own intents holds the channel and new intents do not cancel others.
  public func checkCapability(amount: Millisatoshis) async throws {
    guard amount.rawValue > 0 else {
      throw OfflineReceiveError(.insufficientLiquidity, "\(amount) cannot be received")
    }
    do {
      if try await node.canReceive(amount: amount) { return }
    } catch {
      throw OfflineReceiveError(node: error)
    }
    let records = try await journalCall { try await journal.records() }
    guard let live = records.first(where: { $0.scope == scope && $0.state.isLive }) else {
      throw OfflineReceiveError(.ineligible, "the node cannot take a request for \(amount) now")
    }
    // While one of this wallet's own intents holds the channel, a new intent cancels it first.
    guard cancelsOtherIntents else {
      throw OfflineReceiveError(
        .requestInProgress, "intent \(live.intentID) holds the settlement channel; cancel it first")
    }
  }

  /// How many callers wait for the intent's preparation now: for tests.
  package func waiterCount(_ intentID: IntentID) -> Int {
    slots[intentID]?.flight?.waiters.count ?? 0
  }
  /// How many intents this provider holds a slot for: for tests.
  package var slotCount: Int { slots.count }
  /// Whether a preparation of the intent runs now: for tests.
  package func isPreparing(_ intentID: IntentID) -> Bool { slots[intentID]?.flight != nil }

  /// Changes the intent's slot, and removes it when nothing is left in it.
  private func withSlot<Value>(_ intentID: IntentID, _ change: (inout Slot) -> Value) -> Value {
    var slot = slots[intentID] ?? Slot()
    let value = change(&slot)
    slots[intentID] = slot.isEmpty ? nil : slot
    return value
  }

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
    if slots[intentID]?.flight == nil {
      let flightID = waiter
      let previous = slots[intentID]?.stopping?.task
      let task = Task {
        await previous?.value
        let result: Result<PrepareOutcome<AcceptedInvoice>, any Error>
        do {
          result = .success(try await self.run(intentID, amount: amount, description: description))
        } catch {
          result = .failure(error)
        }
        self.finish(intentID, flightID, result)
      }
      withSlot(intentID) { $0.flight = Flight(id: flightID, task: task) }
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard !Task.isCancelled else {
          continuation.resume(throwing: CancellationError())
          leave(intentID, waiter: nil)
          return
        }
        slots[intentID]?.flight?.waiters[waiter] = continuation
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
    let flight = withSlot(intentID) { slot -> Flight? in
      if slot.stopping?.id == flightID { slot.stopping = nil }
      guard slot.flight?.id == flightID else { return nil }
      defer { slot.flight = nil }
      return slot.flight
    }
    guard let flight else { return }
    for continuation in flight.waiters.values { continuation.resume(with: result) }
  }

  /// A caller was cancelled: only its wait ends. When no caller waits any more, the
  /// preparation is cancelled too (the node request and the journal record are left alone).
  private func leave(_ intentID: IntentID, waiter: UInt64?) {
    let left = withSlot(intentID) {
      slot -> CheckedContinuation<PrepareOutcome<AcceptedInvoice>, any Error>? in
      guard var flight = slot.flight else { return nil }
      let continuation = waiter.flatMap { flight.waiters.removeValue(forKey: $0) }
      if flight.waiters.isEmpty {
        // Nobody waits: the run stops, and the next caller starts a new one once it has.
        slot.flight = nil
        slot.stopping = (flight.id, flight.task)
        flight.task.cancel()
      } else {
        slot.flight = flight
      }
      return continuation
    }
    left?.resume(throwing: CancellationError())
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
  /// - Throws: `offline.cancel_pending` with the node's error when the node could not be reached:
  ///   the intent is over, its record stays `cancelling`, and the cancel is retried by the next
  ///   `cancel`, `prepare` or `restore()`.
  @discardableResult
  public func cancel(intentID: IntentID) async throws -> TerminalReason {
    try await release(intentID, .cancel) ?? .cancelled
  }

  /// Records a payment (the node's payment event, or a paid status) against the intent whose
  /// invoice has `hash`, whatever state that intent was in.
  ///
  /// A record another process moved on since this provider read it is read again and the
  /// payment written over it: a payment is never refused as stale. When the journal cannot
  /// write it now (a full disk, or other writers that keep moving the record on), the payment
  /// is reported all the same and kept in `unwrittenPayments`; every later call of this
  /// provider writes it again until the journal takes it.
  ///
  /// - Returns: the payment, or nil when no intent of this wallet has that invoice or it was
  ///   recorded already.
  /// - Throws: `offline.journal` when the journal could not be read; call again.
  @discardableResult
  public func paymentReceived(_ hash: PaymentHash) async throws -> SettledPayment? {
    await writeUnwrittenPayments()
    do {
      return try await recordPayment(hash)
    } catch let error as OfflineReceiveError
      where error.code == .journal
      && (error.journalError?.code == .io || error.journalError?.code == .stale)
    {
      // The disk refused the write, or other writers kept moving the record on: the payment
      // is reported all the same and written by a later call.
      guard let records = try? await journal.records(),
        let record = records.first(where: { $0.scope == scope && $0.paymentHash == hash })
      else { throw error }
      if !unwrittenPayments.contains(hash) { unwrittenPayments.append(hash) }
      return SettledPayment(
        intentID: record.intentID, amount: record.amount, description: record.description,
        previousState: record.state)
    }
  }

  /// Writes the payments the journal refused before; those it refuses again stay.
  private func writeUnwrittenPayments() async {
    for hash in unwrittenPayments {
      do {
        _ = try await recordPayment(hash)
        unwrittenPayments.removeAll { $0 == hash }
      } catch {
        return
      }
    }
  }

  private func recordPayment(_ hash: PaymentHash) async throws -> SettledPayment? {
    let records = try await journalCall { try await journal.records() }
    guard let record = records.first(where: { $0.scope == scope && $0.paymentHash == hash })
    else { return nil }
    // The record just read, with no wait since: no second read.
    let answer = try await drive(record.intentID, .paid, initial: RequestMachine(stored: record))
    switch answer {
    case .payment(.paid(let previous))?:
      return SettledPayment(
        intentID: record.intentID, amount: record.amount, description: record.description,
        previousState: previous)
    case nil, .payment(.alreadyPaid)?: return nil
    case let other?: throw unexpected(other, record.intentID)
    }
  }

  /// After a restart, reconciles every unfinished record of this wallet with the node: resumes
  /// preparations by idempotent prepare, and retries pending cancels.
  ///
  /// - Returns: every unfinished record, sorted into exactly one list of the report.
  /// - Throws: `offline.journal` when the journal cannot be read.
  public func restore() async throws -> RestoreReport {
    let damageBefore = journalDamage.count
    await writeUnwrittenPayments()
    let records = try await journalCall { try await journal.records() }
    var report = RestoreReport()
    for record in records where record.scope == scope && record.state.isLive {
      do {
        if case .cancelling = record.state {
          // Read afresh: earlier records of this loop awaited the node, and a payment may have
          // landed meanwhile.
          if try await release(record.intentID, .restart) == .settled(fulfilled: true) {
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
      } catch let error as OfflineReceiveError where error.code == .cancelPending {
        // Retried by the next call; reported as a failure until the node confirms it.
        report.failures.append(error)
      } catch let error as OfflineReceiveError where error.code == .settled {
        report.settled.append(record.intentID)
      } catch let error as OfflineReceiveError
        where error.code == .journal
        && record.paymentHash.map(unwrittenPayments.contains) == true
      {
        // Paid, and the journal could not write it yet: kept, and written by a later call.
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
    report.journalDamage = Array(journalDamage[damageBefore...])
    return report
  }

  // MARK: - The preparation

  private func run(_ intentID: IntentID, amount: Millisatoshis, description: String) async throws
    -> PrepareOutcome<AcceptedInvoice>
  {
    // The wait runs on the monotonic clock: moving the phone's clock changes nothing.
    let started = await clock.monotonicNow()
    await writeUnwrittenPayments()
    let initial: RequestMachine
    if let stored = try await journalCall(intentID, { try await journal.record(intentID) }) {
      guard stored.scope == scope else {
        throw OfflineReceiveError(
          .scopeMismatch, "the intent belongs to another wallet", intentID: intentID)
      }
      initial = RequestMachine(stored: stored)
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
      let records = try await journalCall { try await journal.records() }
      forgetSlots(keeping: records)
      try await supersedeOthers(than: intentID, records)
      initial = RequestMachine(
        newIntent: intentID, amount: amount, description: description, scope: scope)
    }
    let result: RequestMachine.PrepareResult
    switch try await drive(intentID, .prepare, initial: initial, started: started) {
    case .prepare(let prepared)?: result = prepared
    case .release(let released)?:
      // The release this prepare started was overtaken: its answer, in a prepare's terms.
      result = RequestMachine.PrepareResult(released, intentID: intentID)
    case nil:
      throw OfflineReceiveError(
        .retryable, "the intent left the journal during the call", intentID: intentID)
    case let other?:
      throw unexpected(other, intentID)
    }
    switch result {
    case .ready(let accepted):
      nodeSignedAt = max(nodeSignedAt, accepted.invoice.createdAt)
      return .ready(accepted, intentID: intentID)
    case .pending(let lastStatus):
      return .pending(intentID, lastStatus: lastStatus)
    case .failed(let error):
      throw error
    }
  }

  // MARK: - Running the request machine

  /// Feeds `event` to the intent's machine and runs the actions it returns (journal writes,
  /// node calls, the validator, waits), feeding their results back, until one answers.
  ///
  /// The machine is shared by every call on the intent while any runs, so a payment or a
  /// cancel that lands while a preparation waits for the node is seen by it. When it is at
  /// rest (`Slot.isAtRest`), it is `initial` (the caller's record as just read, or a new
  /// intent), or else loaded from the journal.
  /// - Returns: the machine's answer, or nil when the journal has no record of the intent.
  /// - Throws: a failed answer as its error; `offline.journal` when a write was refused (the
  ///   machine is told, and stands where the journal does); `CancellationError`.
  private func drive(
    _ intentID: IntentID, _ event: RequestMachine.Event, initial: RequestMachine? = nil,
    started: Duration? = nil
  ) async throws -> RequestMachine.Answer? {
    if slots[intentID]?.isAtRest ?? true {
      var machine = initial
      if machine == nil {
        guard let stored = try await journalCall(intentID, { try await journal.record(intentID) })
        else { return nil }
        machine = RequestMachine(stored: stored)
      }
      // Another call may have started driving it during the read: that one is shared.
      if slots[intentID]?.isAtRest ?? true, let machine {
        withSlot(intentID) {
          $0.machine = machine
          $0.version = machine.storedVersion
          $0.confirmed = machine.storedVersion
        }
      }
    }
    do {
      return try await run(intentID, event, started: started)
    } catch let error as OfflineReceiveError where error.journalError != nil {
      // The machine was told of the refused write (`saveFailed`) and stands where the journal
      // does.
      throw error
    } catch {
      // Cancelled mid-way: the phase this call drove is over.
      slots[intentID]?.machine?.interrupt(releasing: event == .cancel || event == .restart)
      throw error
    }
  }

  /// Feeds `event` (`cancel` or `restart`) to the intent's machine.
  ///
  /// - Returns: why the intent ended; nil when the journal has no record of it.
  /// - Throws: a failed release as its error (`offline.cancel_pending` when the node did not
  ///   confirm), and what `drive` throws.
  private func release(_ intentID: IntentID, _ event: RequestMachine.Event) async throws
    -> TerminalReason?
  {
    switch try await drive(intentID, event) {
    case nil: return nil
    case .release(.released(let reason))?: return reason
    case .release(.failed(let error))?: throw error
    case let other?: throw unexpected(other, intentID)
    }
  }

  /// Feeds `event`, runs the actions, feeds their results back, until the machine answers.
  private func run(_ intentID: IntentID, _ event: RequestMachine.Event, started: Duration?)
    async throws -> RequestMachine.Answer
  {
    var actions = step(intentID, event)
    while !actions.isEmpty {
      let action = actions.removeFirst()
      if case .finish(let answer) = action { return answer }
      guard let record = slots[intentID]?.machine?.record else { break }
      actions += try await perform(action, record, started: started)
    }
    throw OfflineReceiveError(
      .retryable, "the intent changed while the call was in flight", intentID: intentID)
  }

  /// Applies `event` to the intent's machine, which this call holds.
  private func step(_ intentID: IntentID, _ event: RequestMachine.Event)
    -> [RequestMachine.Action]
  {
    slots[intentID]?.machine?.handle(event) ?? []
  }

  /// Runs one action on `record` (the machine's, as it stands) and returns what the machine
  /// answers to its result.
  private func perform(
    _ action: RequestMachine.Action, _ record: JournalRecord, started: Duration?
  ) async throws -> [RequestMachine.Action] {
    let intentID = record.intentID
    func step(_ event: RequestMachine.Event) -> [RequestMachine.Action] {
      self.step(intentID, event)
    }
    switch action {
    case .save(let written):
      // The version is the last save issued, so that saves of one machine following each
      // other name each other.
      let expected = slots[intentID]?.version
      slots[intentID]?.version = written
      do {
        try await write(written, replacing: expected)
      } catch let error as OfflineReceiveError where error.journalError != nil {
        // Not written: the machine stands where the journal does, and this call fails.
        let held: JournalRecord?
        do { held = try await journal.record(intentID) } catch { held = expected }
        slots[intentID]?.version = held
        slots[intentID]?.confirmed = held
        _ = step(.saveFailed(held))
        throw error
      }
      // Written. Saves of one machine name each other, so the last one issued is written only
      // after every earlier one: once it is, no save is in flight.
      if slots[intentID]?.version == written { slots[intentID]?.confirmed = written }
      return []
    case .retireDisplay:
      await notifyCancel(intentID)
      return []
    case .callPrepare:
      do {
        let status = try await node.prepare(
          requestID: record.nodeRequestID, amount: record.amount, description: record.description)
        return step(.nodeAnswered(status))
      } catch {
        return step(.prepareFailed(error))
      }
    case .pollStatus:
      // The deadline is checked before each sleep and is exclusive.
      guard let started, await clock.monotonicNow() - started < timeout else {
        return step(.deadline)
      }
      try await clock.sleep(for: pollInterval)
      do {
        return step(.nodeAnswered(try await node.status(requestID: record.nodeRequestID)))
      } catch {
        return step(.statusFailed(error))
      }
    case .validate(let bolt11):
      let policy = ReceivePolicy(
        scope, amount: record.amount, description: record.description, display: display)
      let verdict = OfflineInvoiceValidator.validate(bolt11, policy: policy, now: await clock.now())
      return step(.validated(verdict))
    case .checkStatus:
      let status = try? await node.status(requestID: record.nodeRequestID)
      return step(.releaseStatus(status))
    case .callCancel:
      do {
        try await node.cancel(requestID: record.nodeRequestID)
        return step(.cancelAnswered(nil))
      } catch .requestNotFound {
        // Before its recovery a node may not know a request it holds: a not-found cancel is
        // believed only from a recovered node, else it stays pending.
        do {
          _ = try await node.canReceive(amount: record.amount)
        } catch .unavailable {
          return step(.cancelAnswered(.unavailable))
        } catch {}
        return step(.cancelAnswered(.requestNotFound))
      } catch {
        return step(.cancelAnswered(error))
      }
    case .finish:
      return [action]
    }
  }

  /// How many times a payment is written again over a record other writers keep moving on,
  /// before it is kept in memory (`unwrittenPayments`) and written by a later call.
  static let paymentWriteAttempts = 4

  /// Writes `record`, computed from `expected` (the version of the record the journal held when
  /// the intent's machine last read or wrote it).
  ///
  /// When another writer (another process over the same journal) moved the record on
  /// meanwhile, the journal refuses with `journal.stale`. Each kind of save then does what
  /// keeps the most important fact:
  /// - A payment (a record settled by a payment, from the payment event or the node's status)
  ///   is never refused: the record is read again and the payment written over whatever it
  ///   holds now, since a payment outranks every other state and the record keeps the hash
  ///   that was paid. After `paymentWriteAttempts` refusals in a row it fails with
  ///   `offline.journal` (`journal.stale`), and `paymentReceived` keeps it in memory.
  /// - A record another writer settled by a payment is final: `offline.settled`.
  /// - Every other save (the write-ahead intent, progress to submitted or ready, a refused
  ///   invoice's hash, a cancel, an end) is refused with `offline.journal`, which keeps the
  ///   intent: the other writer's record stands, and the caller's retry starts from it. Writing
  ///   over it could undo a cancel or an end the other writer recorded, or show an invoice it
  ///   already ended. The refusal loses nothing the node holds: the retry resumes the request
  ///   by idempotent prepare, or cancels it again (a request already gone counts as
  ///   cancelled).
  private func write(_ record: JournalRecord, replacing expected: JournalRecord?) async throws {
    let intentID = record.intentID
    var expected = expected
    var attempt = 1
    while true {
      do {
        return try await journalCall(intentID) {
          try await journal.save(record, replacing: expected)
        }
      } catch let error as OfflineReceiveError where error.journalError?.code == .stale {
        let held = try await journalCall(intentID) { try await journal.record(intentID) }
        if held?.isPaid == true {
          // Recorded by another writer: for a payment, the record says it already.
          if record.isPaid { return }
          throw OfflineReceiveError(
            .settled, "the intent was paid (recorded by another process)", intentID: intentID,
            journalError: error.journalError)
        }
        guard record.isPaid, attempt < Self.paymentWriteAttempts else {
          keepUnwritten(record)
          throw error
        }
        expected = held
        attempt += 1
      } catch let error as OfflineReceiveError where error.code == .journal {
        keepUnwritten(record)
        throw error
      }
    }
  }

  /// A payment the journal could not take (a full disk) is kept, so that no path that learned
  /// of it (the node's event, a settled status during a prepare or a restore) forgets it; every
  /// later call writes it again.
  private func keepUnwritten(_ record: JournalRecord) {
    guard record.isPaid, let hash = record.paymentHash, !unwrittenPayments.contains(hash) else {
      return
    }
    unwrittenPayments.append(hash)
  }

  /// Forgets the slots of intents without a record in `records` (pruned, or never written)
  /// whose machine is at rest with no preparation running or winding down.
  private func forgetSlots(keeping records: [JournalRecord]) {
    let kept = Set(records.map(\.intentID))
    slots = slots.filter { intentID, slot in
      kept.contains(intentID) || !slot.isAtRest || slot.flight != nil || slot.stopping != nil
    }
  }

  /// `records`: the journal's records, as just read.
  private func supersedeOthers(than intentID: IntentID, _ records: [JournalRecord]) async throws {
    let others = records.filter {
      $0.scope == scope && $0.state.isLive && $0.intentID != intentID
    }
    guard !others.isEmpty else { return }
    guard cancelsOtherIntents else {
      throw OfflineReceiveError(
        .requestInProgress, "intent \(others[0].intentID) is still live; cancel it first",
        intentID: intentID)
    }
    for other in others {
      do {
        // Read afresh: an earlier cancel of this loop awaited the node, and a payment may have
        // landed meanwhile.
        _ = try await release(other.intentID, .cancel)
      } catch let error as OfflineReceiveError where error.code == .cancelPending {
        // The other request still holds the channel: this intent waits, and is not created.
        throw error.nodeError.map { OfflineReceiveError(node: $0, intentID: intentID) }
          ?? OfflineReceiveError(.retryable, error.message, intentID: intentID)
      } catch var error as OfflineReceiveError where error.code == .journal {
        // The other intent's cancel could not be written (a full disk): this intent is not
        // created, and the wallet, which keys its retry on the error's intent, is told so
        // under the intent it asked for.
        error.message = "intent \(other.intentID): \(error.message)"
        error.intentID = intentID
        throw error
      }
    }
  }

  private func notifyCancel(_ intentID: IntentID) async {
    for observer in cancelObservers { await observer(intentID) }
  }

  /// An answer the machine does not give to this event.
  private func unexpected(_ answer: RequestMachine.Answer, _ intentID: IntentID)
    -> OfflineReceiveError
  {
    OfflineReceiveError(.retryable, "unexpected answer \(answer)", intentID: intentID)
  }

  /// Runs a journal call, reporting its refusal as `offline.journal` (`offline.journal_full`)
  /// with the journal's error attached (and the intent, when the call concerns one).
  ///
  /// A damaged journal (`journal.corrupt`) has set its file aside and kept every record it still
  /// proves by the time it answers: the damage is added to `journalDamage` and the call made
  /// again on what was salvaged, so that a payment arriving then is still recorded and the live
  /// requests are still found.
  private func journalCall<Value>(
    _ intentID: IntentID? = nil, _ body: () async throws -> Value
  ) async throws -> Value {
    do { return try await body() } catch let error as JournalError where error.code == .corrupt {
      journalDamage.append(error)
    } catch let error as JournalError {
      throw OfflineReceiveError(journal: error, intentID: intentID)
    }
    do { return try await body() } catch let error as JournalError {
      throw OfflineReceiveError(journal: error, intentID: intentID)
    }
  }
}
