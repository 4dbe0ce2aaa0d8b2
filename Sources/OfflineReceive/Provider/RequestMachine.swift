import Bolt11

/// One intent's request lifecycle as a value: each event returns the actions to run, and nothing
/// inside reads a clock, calls the node or touches the journal.
///
/// `PollingProvider` runs the actions (journal writes, node calls, the validator, waits) and
/// feeds what they produced back as events. Every state the journal records is written by a
/// `.save` action of this machine, so its rules hold whoever drives it:
/// - a recorded payment is final: no later event changes a record settled by a payment;
/// - an ended intent is never moved to a new node request and never becomes live again;
/// - a record keeps the payment hash of the invoice the node released for it (one the validator
///   refused included), so a late payment is still matched; a request that later releases
///   another invoice ends rather than replace it;
/// - a cancel retires the display, then records the end, then cancels the node request;
/// - an answer that arrives for an attempt the intent has left (it was cancelled or paid
///   meanwhile, or a save failed) changes nothing and ends that attempt;
/// - a save the journal refused is an event too (`saveFailed`): the machine stands where the
///   journal does.
package struct RequestMachine: Sendable, Equatable {
  /// Where the intent stands: what the journal holds for it (or will once the pending `.save`
  /// actions ran), and what is in flight.
  package private(set) var state: State

  /// The record and what is in flight, in the combinations that can occur.
  ///
  /// Every case holds the record. `unwritten` is a new intent at `intent` before its first
  /// save; `preparing` and `validating` hold a record still live (`intent`, `submitted` or
  /// `ready`); `releasing` holds one live or `cancelling`. Every other record is `idle`.
  package enum State: Sendable, Equatable {
    /// A new intent: nothing is in the journal until it is prepared.
    case unwritten(JournalRecord)
    /// In the journal, nothing in flight.
    case idle(JournalRecord)
    /// Waiting for the node; `resumed` when the record was in the journal before this attempt.
    case preparing(JournalRecord, resumed: Bool, lastStatus: NodeRequestStatus?)
    /// Waiting for the validator's verdict on the node's Ready invoice.
    case validating(JournalRecord)
    /// Ending the intent for `reason`: the node's status is checked, its request cancelled,
    /// then `then` is answered.
    case releasing(JournalRecord, TerminalReason, then: AfterRelease)

    /// The record, whatever is in flight.
    package var record: JournalRecord {
      switch self {
      case .unwritten(let record), .idle(let record), .preparing(let record, _, _),
        .validating(let record), .releasing(let record, _, _):
        record
      }
    }
  }

  /// What a release answers once the node request is released.
  package enum AfterRelease: Sendable, Equatable {
    /// The reason it ended (a wallet's cancel, a superseded intent, a restart).
    case report
    /// The intent ended before this prepare: `offline.intent_ended`, or `offline.settled`.
    case endIntent
    /// The error that made the intent end (a refused invoice).
    case refuse(OfflineReceiveError)
  }

  /// Something that happened to the intent.
  ///
  /// `prepare`, `restart`, `cancel` and `paid` start a call, each answered by its own result
  /// type (`PrepareResult`, `ReleaseResult`, `ReleaseResult`, `PaymentResult`); the others
  /// are what the actions of that call produced.
  package enum Event: Sendable, Equatable {
    /// A caller asks for the intent's invoice (new, or resumed).
    case prepare
    /// After a restart: a pending cancel is retried.
    case restart
    /// The node answered a prepare or a status call.
    case nodeAnswered(NodeRequestStatus)
    /// The node's prepare call failed.
    case prepareFailed(NodeError)
    /// A status call failed: the identity is kept and the wait goes on.
    case statusFailed(NodeError)
    /// The caller's deadline passed before Ready.
    case deadline
    /// The validator's verdict on the node's Ready invoice.
    case validated(Result<AcceptedInvoice, OfflineRejection>)
    /// The wallet ends the intent (its cancel, or a new intent superseding it).
    case cancel
    /// The node's status before a cancel; nil when it could not be read.
    case releaseStatus(NodeRequestStatus?)
    /// The node's answer to the cancel: nil when it confirmed.
    case cancelAnswered(NodeError?)
    /// The invoice of this intent was paid.
    case paid
    /// A save was refused or failed, and the journal holds this record (nil: none of the
    /// intent): the machine stands there, and whatever was in flight is over.
    case saveFailed(JournalRecord?)
  }

  /// What the provider does next.
  package enum Action: Sendable, Equatable {
    /// Writes the record to the journal; a refusal ends the call with `offline.journal`.
    case save(JournalRecord)
    /// Tells the observers to take the intent's invoice off the screen.
    case retireDisplay
    /// Calls the node's idempotent prepare with the record's request id and arguments.
    case callPrepare
    /// Waits the poll interval and asks the node's status, or answers `.deadline` when the
    /// caller's deadline has passed.
    case pollStatus
    /// Runs the offline validator on the node's Ready invoice.
    case validate(String)
    /// Asks the node's status before cancelling.
    case checkStatus
    /// Calls the node's cancel.
    case callCancel
    /// The call is answered.
    case finish(Answer)
  }

  /// How a call ends: the result type of the event that started it.
  package enum Answer: Sendable, Equatable {
    /// The answer to `prepare`.
    case prepare(PrepareResult)
    /// The answer to `cancel` or `restart`.
    case release(ReleaseResult)
    /// The answer to `paid`.
    case payment(PaymentResult)
  }

  /// How a prepare ends.
  package enum PrepareResult: Sendable, Equatable {
    /// The node's invoice passed the validator.
    case ready(AcceptedInvoice)
    /// The deadline passed while the node was still working.
    case pending(lastStatus: NodeRequestStatus?)
    /// The prepare failed with this error.
    case failed(OfflineReceiveError)
  }

  /// How a cancel (or a restart's retry of a pending cancel) ends.
  package enum ReleaseResult: Sendable, Equatable {
    /// The intent ended, for this reason.
    case released(TerminalReason)
    /// The cancel failed with this error (`offline.cancel_pending`: the node did not confirm).
    case failed(OfflineReceiveError)
  }

  /// How a payment ends.
  package enum PaymentResult: Sendable, Equatable {
    /// The payment is recorded; the intent stood at `previous` before it.
    case paid(previous: RequestState)
    /// The payment was recorded already.
    case alreadyPaid
  }

  /// The machine of a record read from the journal.
  package init(stored record: JournalRecord) {
    state = .idle(record)
  }

  /// The machine of a new intent: nothing is written until it is prepared.
  package init(
    newIntent intentID: IntentID, amount: Millisatoshis, description: String, scope: WalletScope
  ) {
    state = .unwritten(
      JournalRecord(
        intentID: intentID, nodeRequestID: intentID.rawValue, amount: amount,
        description: description, state: .intent, scope: scope))
  }

  /// What the journal holds for the intent, or will once the pending `.save` actions ran.
  package var record: JournalRecord { state.record }

  /// The record as the journal holds it when the machine is made: nil for a new intent. The
  /// machine's first save names it as the version it was computed from.
  package var storedVersion: JournalRecord? {
    if case .unwritten = state { nil } else { record }
  }

  /// Whether nothing is in flight: no node call, validation or release awaits an answer.
  package var isAtRest: Bool {
    switch state {
    case .unwritten, .idle: true
    case .preparing, .validating, .releasing: false
    }
  }

  private var intentID: IntentID { record.intentID }
  private var isPaid: Bool { record.isPaid }

  /// Applies `event` and returns what to do, in order; the last action of a call is `.finish`.
  package mutating func handle(_ event: Event) -> [Action] {
    switch event {
    case .prepare: return start()
    case .restart: return restart()
    case .paid: return pay()
    case .cancel: return cancel()
    case .saveFailed(let held):
      if let held {
        state = .idle(held)
      } else {
        var unwritten = record
        unwritten.state = .intent
        unwritten.paymentHash = nil
        unwritten.expiresAt = nil
        state = .unwritten(unwritten)
      }
      return []
    case .nodeAnswered(let status):
      guard case .preparing(_, let resumed, _) = state else { return abandoned() }
      return answered(status, resumed: resumed)
    case .prepareFailed(let error):
      guard case .preparing = state else { return abandoned() }
      return prepareFailed(error)
    case .statusFailed:
      // A blip, or a not-found before the node's recovery, never forgets a live identity.
      guard case .preparing = state else { return abandoned() }
      return [.pollStatus]
    case .deadline:
      guard case .preparing(let record, _, let lastStatus) = state else { return abandoned() }
      state = .idle(record)
      return [.finish(.prepare(.pending(lastStatus: lastStatus)))]
    case .validated(let verdict):
      guard case .validating(let record) = state else { return abandoned() }
      return validated(verdict, record)
    case .releaseStatus(let status):
      guard case .releasing(let record, let reason, let then) = state else {
        return abandonedRelease()
      }
      return releaseChecked(status, record, reason, then)
    case .cancelAnswered(let error):
      guard case .releasing(let record, let reason, let then) = state else {
        return abandonedRelease()
      }
      return cancelAnswered(error, record, reason, then)
    }
  }

  // MARK: - Preparing

  private mutating func start() -> [Action] {
    let record: JournalRecord
    let resumed: Bool
    switch state {
    case .releasing(_, let reason, _):
      // Another call is ending it.
      return [.finish(.prepare(.failed(ended(reason))))]
    case .preparing, .validating:
      return [
        .finish(
          .prepare(
            .failed(
              OfflineReceiveError(
                .requestInProgress, "the intent is being prepared or cancelled already",
                intentID: intentID))))
      ]
    case .unwritten(let new):
      record = new
      resumed = false
    case .idle(let stored):
      record = stored
      resumed = true
    }
    switch record.state {
    case .intent, .submitted, .ready:
      state = .preparing(record, resumed: resumed, lastStatus: nil)
      // The record is written before the node call (write-ahead).
      return resumed ? [.callPrepare] : [.save(record), .callPrepare]
    case .cancelling(let reason):
      // Its node request is released; the intent stays ended, with its payment hash.
      return release(record, reason, then: .endIntent, retiring: false)
    case .terminal(let reason):
      // Never moved to a new node request: its invoice may still be paid, and the record must
      // keep matching that payment.
      return [.finish(answer(after: .endIntent, reason))]
    }
  }

  /// After a restart, a pending cancel is retried; an ended intent answers its reason.
  private mutating func restart() -> [Action] {
    switch state {
    case .releasing(_, let reason, _):
      // Another call is ending it.
      return [.finish(.release(.released(reason)))]
    case .preparing, .validating, .unwritten:
      return [.finish(.release(.failed(notReleasing())))]
    case .idle(let record):
      switch record.state {
      case .cancelling(let reason): return release(record, reason, then: .report, retiring: false)
      case .terminal(let reason): return [.finish(.release(.released(reason)))]
      case .intent, .submitted, .ready: return [.finish(.release(.failed(notReleasing())))]
      }
    }
  }

  private func notReleasing() -> OfflineReceiveError {
    OfflineReceiveError(
      .retryable, "the intent has no pending cancel; resume it by prepare", intentID: intentID)
  }

  private mutating func answered(_ status: NodeRequestStatus, resumed: Bool) -> [Action] {
    var record = record
    var actions: [Action] = []
    if record.state == .intent {
      record.state = .submitted
      actions.append(.save(record))
    }
    switch status {
    case .ready(let bolt11):
      state = .validating(record)
      return actions + [.validate(bolt11)]
    case .settled(let fulfilled):
      // A settled epoch whose voucher was not fulfilled ended unpaid: the intent is over.
      let error =
        fulfilled
        ? Self.paid(intentID)
        : OfflineReceiveError(.unavailable, "the intent settled unpaid", intentID: intentID)
      return actions + end(record, .settled(fulfilled: fulfilled), .prepare(.failed(error)))
    case .expired, .failed:
      let reason = Self.reason(status)
      // A resumed request that ended ends its intent; the session prepares a new intent in the
      // same call.
      let error =
        resumed
        ? ended(reason)
        : OfflineReceiveError(
          .unavailable, "the node request ended: \(status)", intentID: intentID)
      return actions + end(record, reason, .prepare(.failed(error)))
    case .preparing, .awaitingActivation, .awaitingWitnesses:
      state = .preparing(record, resumed: resumed, lastStatus: status)
      return actions + [.pollStatus]
    }
  }

  private mutating func prepareFailed(_ error: NodeError) -> [Action] {
    let failure = OfflineReceiveError(node: error, intentID: intentID)
    guard failure.endsIntent else {
      // A lost answer may hide a created request: the retry resumes it by the same id.
      state = .idle(record)
      return [.finish(.prepare(.failed(failure)))]
    }
    return end(record, .refused("\(error)"), .prepare(.failed(failure)))
  }

  private mutating func validated(
    _ verdict: Result<AcceptedInvoice, OfflineRejection>, _ record: JournalRecord
  ) -> [Action] {
    var record = record
    switch verdict {
    case .success(let accepted):
      if let shown = record.paymentHash, shown != accepted.paymentHash {
        // A payer may hold the invoice shown before: the record keeps its hash, and the
        // intent ends rather than show a second invoice for one request.
        let error = OfflineReceiveError(
          .invalidInvoice, "the node released another invoice than the one this intent showed",
          intentID: intentID)
        return release(
          record, .invalidInvoice("offline.invoice_changed"), then: .refuse(error),
          retiring: true)
      }
      record.state = .ready
      record.paymentHash = accepted.paymentHash
      record.expiresAt = accepted.invoice.expiresAt
      state = .idle(record)
      return [.save(record), .finish(.prepare(.ready(accepted)))]
    case .failure(let rejection):
      var actions: [Action] = []
      // Kept, and written at once, so that a payment of the refused invoice is still matched to
      // its intent (a hash already kept is never replaced).
      if let invoice = rejection.invoice, record.paymentHash == nil {
        record.paymentHash = invoice.paymentHash
        record.expiresAt = invoice.expiresAt
        actions.append(.save(record))
      }
      let error = OfflineReceiveError(
        .invalidInvoice, "the node's invoice was refused: \(rejection.message)",
        intentID: intentID, rejection: rejection)
      // The refused invoice was never shown: there is no display to retire.
      return actions
        + release(
          record, .invalidInvoice(rejection.dottedCode), then: .refuse(error), retiring: false)
    }
  }

  // MARK: - Ending

  private mutating func cancel() -> [Action] {
    let record = record
    switch record.state {
    case .terminal(let reason):
      return [.retireDisplay, .finish(.release(.released(reason)))]
    case .cancelling(let reason):
      return release(record, reason, then: .report, retiring: true)
    case .intent, .submitted, .ready:
      return release(record, .cancelled, then: .report, retiring: true)
    }
  }

  /// Starts ending the intent: the display first, then the journal, then the node.
  private mutating func release(
    _ record: JournalRecord, _ reason: TerminalReason, then: AfterRelease, retiring: Bool
  ) -> [Action] {
    if case .releasing = state {
      // Another call is releasing it already; the journal says `cancelling`, and that call (or
      // the next restart) finishes the cancel.
      return (retiring ? [.retireDisplay] : []) + [.finish(answer(after: then, reason))]
    }
    state = .releasing(record, reason, then: then)
    var actions: [Action] = retiring ? [.retireDisplay] : []
    // The node may never have seen a request still at `intent`: there is no status to check.
    guard record.state != .intent else {
      return actions + writeCancelling(record, reason, then)
    }
    actions.append(.checkStatus)
    return actions
  }

  private mutating func writeCancelling(
    _ record: JournalRecord, _ reason: TerminalReason, _ then: AfterRelease
  ) -> [Action] {
    var record = record
    var actions: [Action] = []
    if record.state != .cancelling(reason) {
      record.state = .cancelling(reason)
      actions.append(.save(record))
    }
    state = .releasing(record, reason, then: then)
    return actions + [.callCancel]
  }

  private mutating func releaseChecked(
    _ status: NodeRequestStatus?, _ record: JournalRecord, _ reason: TerminalReason,
    _ then: AfterRelease
  ) -> [Action] {
    // A request the node reports paid is not cancelled but recorded as settled, and one that
    // ended already needs no cancel.
    guard let status, status.isTerminal else { return writeCancelling(record, reason, then) }
    let final: TerminalReason =
      status == .settled(fulfilled: true) ? .settled(fulfilled: true) : reason
    return end(record, final, answer(after: then, final))
  }

  private mutating func cancelAnswered(
    _ error: NodeError?, _ record: JournalRecord, _ reason: TerminalReason, _ then: AfterRelease
  ) -> [Action] {
    guard let error, error != .requestNotFound else {
      // Confirmed, or already gone on the node.
      return end(record, reason, answer(after: then, reason))
    }
    // The record stays `cancelling`; the cancel is retried by the next cancel, prepare or
    // restart. The intent is over all the same.
    state = .idle(record)
    switch then {
    case .report:
      return [
        .finish(
          .release(
            .failed(
              OfflineReceiveError(
                .cancelPending, "the node request is not cancelled yet: \(error)",
                intentID: intentID, nodeError: error))))
      ]
    case .endIntent:
      return [.finish(.prepare(.failed(ended(reason))))]
    case .refuse(var refusal):
      // Reported with the refusal.
      refusal.nodeError = error
      refusal.message += "; its node request is not cancelled yet: \(error)"
      return [.finish(.prepare(.failed(refusal)))]
    }
  }

  private func answer(after then: AfterRelease, _ reason: TerminalReason) -> Answer {
    switch then {
    case .report: .release(.released(reason))
    case .refuse(let error): .prepare(.failed(error))
    case .endIntent:
      .prepare(
        .failed(
          reason == .settled(fulfilled: true)
            ? Self.paid(intentID)
            : ended(reason)))
    }
  }

  /// Records the end and answers `answer`.
  private mutating func end(_ record: JournalRecord, _ reason: TerminalReason, _ answer: Answer)
    -> [Action]
  {
    var record = record
    record.state = .terminal(reason)
    state = .idle(record)
    return [.save(record), .finish(answer)]
  }

  private mutating func pay() -> [Action] {
    guard !isPaid else { return [.finish(.payment(.alreadyPaid))] }
    let previous = record.state
    // Whatever was in flight for the intent is over: its answers are abandoned.
    return end(record, .settled(fulfilled: true), .payment(.paid(previous: previous)))
  }

  /// The call that drove the intent stopped before its answer (its task was cancelled, or a
  /// journal write failed): the phase it left is over, and the journal's state stands.
  package mutating func interrupt(releasing: Bool) {
    switch state {
    case .unwritten, .idle: break
    case .preparing(let record, _, _), .validating(let record):
      if !releasing { state = .idle(record) }
    case .releasing(let record, _, _):
      if releasing { state = .idle(record) }
    }
  }

  /// The answer to a prepare's event of an attempt the intent has left: nothing changes.
  private func abandoned() -> [Action] {
    if isPaid {
      return [
        .finish(
          .prepare(
            .failed(Self.paid(intentID))))
      ]
    }
    if case .releasing(_, let reason, _) = state {
      return [.finish(.prepare(.failed(overtaken(reason))))]
    }
    switch record.state {
    case .terminal(let reason), .cancelling(let reason):
      return [.finish(.prepare(.failed(overtaken(reason))))]
    case .intent, .submitted, .ready:
      return [
        .finish(
          .prepare(
            .failed(
              OfflineReceiveError(
                .retryable, "the intent changed while the call was in flight",
                intentID: intentID))))
      ]
    }
  }

  /// The answer to a release's event of a release the intent has left (a payment overtook it):
  /// the intent's end, or that it changed.
  private func abandonedRelease() -> [Action] {
    switch record.state {
    case .terminal(let reason): return [.finish(.release(.released(reason)))]
    case .cancelling(let reason): return [.finish(.release(.failed(overtaken(reason))))]
    case .intent, .submitted, .ready: break
    }
    return [
      .finish(
        .release(
          .failed(
            OfflineReceiveError(
              .retryable, "the intent changed while the call was in flight",
              intentID: intentID))))
    ]
  }

  /// Why a call's attempt was overtaken by the intent's end: a cancel (the wallet's, or a new
  /// intent superseding it) is `offline.cancelled`, so that nothing prepares it again.
  private func overtaken(_ reason: TerminalReason) -> OfflineReceiveError {
    guard reason == .cancelled else { return ended(reason) }
    return OfflineReceiveError(
      .cancelled, "the intent was cancelled while this call waited", intentID: intentID)
  }

  private func ended(_ reason: TerminalReason) -> OfflineReceiveError {
    Self.ended(reason, intentID)
  }

  fileprivate static func ended(_ reason: TerminalReason, _ intentID: IntentID)
    -> OfflineReceiveError
  {
    OfflineReceiveError(
      .intentEnded, "the intent ended (\(reason)); prepare a new intent", intentID: intentID)
  }

  fileprivate static func paid(_ intentID: IntentID) -> OfflineReceiveError {
    OfflineReceiveError(.settled, "the intent was paid", intentID: intentID)
  }

  private static func reason(_ status: NodeRequestStatus) -> TerminalReason {
    switch status {
    case .expired: .expired
    case .settled(let fulfilled): .settled(fulfilled: fulfilled)
    case .failed(let text) where text == "cancelled": .cancelled
    case .failed(let text): .failed(text)
    default: .failed("\(status)")
    }
  }
}

extension RequestMachine.PrepareResult {
  /// A release's answer in the terms of the prepare that started the release
  /// (`offline.settled`, or `offline.intent_ended`): what a prepare answers when a payment
  /// overtook its release.
  package init(_ release: RequestMachine.ReleaseResult, intentID: IntentID) {
    switch release {
    case .released(.settled(fulfilled: true)): self = .failed(RequestMachine.paid(intentID))
    case .released(let reason): self = .failed(RequestMachine.ended(reason, intentID))
    case .failed(let error): self = .failed(error)
    }
  }
}
