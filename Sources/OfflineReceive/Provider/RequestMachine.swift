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
///   meanwhile) changes nothing and ends that attempt.
package struct RequestMachine: Sendable, Equatable {
  /// What the journal holds for the intent, or will once the pending `.save` actions ran.
  package private(set) var record: JournalRecord
  /// What the intent is doing now.
  package private(set) var phase: Phase
  /// Whether the record is in the journal: false for a new intent until its first save.
  private var isStored: Bool

  /// What the intent is doing, beyond what the journal records.
  package enum Phase: Sendable, Equatable {
    /// Nothing in flight.
    case idle
    /// Waiting for the node; `resumed` when the record was in the journal before this attempt.
    case preparing(resumed: Bool, lastStatus: NodeRequestStatus?)
    /// Waiting for the validator's verdict on the node's Ready invoice.
    case validating
    /// Ending the intent for `reason`: the node's status is checked, its request cancelled, then
    /// `then` is answered.
    case releasing(TerminalReason, then: AfterRelease)
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
  package enum Event: Sendable, Equatable {
    /// A caller asks for the intent's invoice (new, or resumed).
    case prepare
    /// After a restart: a pending cancel is retried, a live request resumed.
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
    case finish(Outcome)
  }

  /// How a call ends.
  package enum Outcome: Sendable, Equatable {
    /// The node's invoice passed the validator.
    case ready(AcceptedInvoice)
    /// The deadline passed while the node was still working.
    case pending(lastStatus: NodeRequestStatus?)
    /// The intent ended, for this reason.
    case released(TerminalReason)
    /// The payment is recorded; the intent stood at `previous` before it.
    case paid(previous: RequestState)
    /// The payment was recorded already.
    case alreadyPaid
    /// The call failed with this error.
    case failed(OfflineReceiveError)
  }

  /// The machine of a record read from the journal.
  package init(stored record: JournalRecord) {
    self.record = record
    phase = .idle
    isStored = true
  }

  /// The machine of a new intent: nothing is written until it is prepared.
  package init(
    newIntent intentID: IntentID, amount: Millisatoshis, description: String, scope: WalletScope
  ) {
    record = JournalRecord(
      intentID: intentID, nodeRequestID: intentID.rawValue, amount: amount,
      description: description, state: .intent, scope: scope)
    phase = .idle
    isStored = false
  }

  /// The record as the journal holds it when the machine is made: nil for a new intent. The
  /// machine's first save names it as the version it was computed from.
  package var storedVersion: JournalRecord? { isStored ? record : nil }

  private var intentID: IntentID { record.intentID }
  private var isPaid: Bool { record.state == .terminal(.settled(fulfilled: true)) }

  /// Applies `event` and returns what to do, in order; the last action of a call is `.finish`.
  package mutating func handle(_ event: Event) -> [Action] {
    switch event {
    case .prepare: return start(restarting: false)
    case .restart: return start(restarting: true)
    case .paid: return pay()
    case .cancel: return cancel()
    case .nodeAnswered(let status):
      guard case .preparing(let resumed, _) = phase else { return abandoned() }
      return answered(status, resumed: resumed)
    case .prepareFailed(let error):
      guard case .preparing = phase else { return abandoned() }
      return prepareFailed(error)
    case .statusFailed:
      // A blip, or a not-found before the node's recovery, never forgets a live identity.
      guard case .preparing = phase else { return abandoned() }
      return [.pollStatus]
    case .deadline:
      guard case .preparing(_, let lastStatus) = phase else { return abandoned() }
      phase = .idle
      return [.finish(.pending(lastStatus: lastStatus))]
    case .validated(let verdict):
      guard case .validating = phase else { return abandoned() }
      return validated(verdict)
    case .releaseStatus(let status):
      guard case .releasing(let reason, let then) = phase else { return abandoned(release: true) }
      return releaseChecked(status, reason, then)
    case .cancelAnswered(let error):
      guard case .releasing(let reason, let then) = phase else { return abandoned(release: true) }
      return cancelAnswered(error, reason, then)
    }
  }

  // MARK: - Preparing

  private mutating func start(restarting: Bool) -> [Action] {
    if case .releasing(let reason, _) = phase {
      // Another call is ending it.
      return [.finish(restarting ? .released(reason) : .failed(ended(reason)))]
    }
    switch record.state {
    case .intent, .submitted, .ready:
      guard phase == .idle else {
        return [
          .finish(
            .failed(
              OfflineReceiveError(
                .requestInProgress, "the intent is being prepared or cancelled already",
                intentID: intentID)))
        ]
      }
      phase = .preparing(resumed: isStored, lastStatus: nil)
      // The record is written before the node call (write-ahead).
      if isStored { return [.callPrepare] }
      isStored = true
      return [.save(record), .callPrepare]
    case .cancelling(let reason):
      // Its node request is released; the intent stays ended, with its payment hash.
      return release(reason, then: restarting ? .report : .endIntent, retiring: false)
    case .terminal(let reason):
      // Never moved to a new node request: its invoice may still be paid, and the record must
      // keep matching that payment.
      return [.finish(restarting ? .released(reason) : answer(after: .endIntent, reason))]
    }
  }

  private mutating func answered(_ status: NodeRequestStatus, resumed: Bool) -> [Action] {
    var actions: [Action] = []
    if record.state == .intent {
      record.state = .submitted
      actions.append(.save(record))
    }
    switch status {
    case .ready(let bolt11):
      phase = .validating
      return actions + [.validate(bolt11)]
    case .settled(let fulfilled):
      // A settled epoch whose voucher was not fulfilled ended unpaid: the intent is over.
      let error =
        fulfilled
        ? OfflineReceiveError(.settled, "the intent was paid", intentID: intentID)
        : OfflineReceiveError(.unavailable, "the intent settled unpaid", intentID: intentID)
      return actions + end(.settled(fulfilled: fulfilled), .failed(error))
    case .expired, .failed:
      let reason = Self.reason(status)
      // A resumed request that ended ends its intent; the session prepares a new intent in the
      // same call.
      let error =
        resumed
        ? ended(reason)
        : OfflineReceiveError(
          .unavailable, "the node request ended: \(status)", intentID: intentID)
      return actions + end(reason, .failed(error))
    case .preparing, .awaitingActivation, .awaitingWitnesses:
      phase = .preparing(resumed: resumed, lastStatus: status)
      return actions + [.pollStatus]
    }
  }

  private mutating func prepareFailed(_ error: NodeError) -> [Action] {
    let failure = OfflineReceiveError(node: error, intentID: intentID)
    guard failure.endsIntent else {
      // A lost answer may hide a created request: the retry resumes it by the same id.
      phase = .idle
      return [.finish(.failed(failure))]
    }
    return end(.refused("\(error)"), .failed(failure))
  }

  private mutating func validated(_ verdict: Result<AcceptedInvoice, OfflineRejection>)
    -> [Action]
  {
    switch verdict {
    case .success(let accepted):
      if let shown = record.paymentHash, shown != accepted.paymentHash {
        // A payer may hold the invoice shown before: the record keeps its hash, and the
        // intent ends rather than show a second invoice for one request.
        let error = OfflineReceiveError(
          .invalidInvoice, "the node released another invoice than the one this intent showed",
          intentID: intentID)
        return release(
          .invalidInvoice("offline.invoice_changed"), then: .refuse(error), retiring: true)
      }
      record.state = .ready
      record.paymentHash = accepted.paymentHash
      record.expiresAt = accepted.invoice.expiresAt
      phase = .idle
      return [.save(record), .finish(.ready(accepted))]
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
        + release(.invalidInvoice(rejection.dottedCode), then: .refuse(error), retiring: false)
    }
  }

  // MARK: - Ending

  private mutating func cancel() -> [Action] {
    switch record.state {
    case .terminal(let reason):
      return [.retireDisplay, .finish(.released(reason))]
    case .cancelling(let reason):
      return release(reason, then: .report, retiring: true)
    case .intent, .submitted, .ready:
      return release(.cancelled, then: .report, retiring: true)
    }
  }

  /// Starts ending the intent: the display first, then the journal, then the node.
  private mutating func release(_ reason: TerminalReason, then: AfterRelease, retiring: Bool)
    -> [Action]
  {
    if case .releasing = phase {
      // Another call is releasing it already; the journal says `cancelling`, and that call (or
      // the next restart) finishes the cancel.
      return (retiring ? [.retireDisplay] : []) + [.finish(answer(after: then, reason))]
    }
    phase = .releasing(reason, then: then)
    var actions: [Action] = retiring ? [.retireDisplay] : []
    // The node may never have seen a request still at `intent`: there is no status to check.
    guard record.state != .intent else { return actions + writeCancelling(reason) }
    actions.append(.checkStatus)
    return actions
  }

  private mutating func writeCancelling(_ reason: TerminalReason) -> [Action] {
    var actions: [Action] = []
    if record.state != .cancelling(reason) {
      record.state = .cancelling(reason)
      isStored = true
      actions.append(.save(record))
    }
    return actions + [.callCancel]
  }

  private mutating func releaseChecked(
    _ status: NodeRequestStatus?, _ reason: TerminalReason, _ then: AfterRelease
  ) -> [Action] {
    // A request the node reports paid is not cancelled but recorded as settled, and one that
    // ended already needs no cancel.
    guard let status, status.isTerminal else { return writeCancelling(reason) }
    let final: TerminalReason =
      status == .settled(fulfilled: true) ? .settled(fulfilled: true) : reason
    return end(final, answer(after: then, final))
  }

  private mutating func cancelAnswered(
    _ error: NodeError?, _ reason: TerminalReason, _ then: AfterRelease
  ) -> [Action] {
    guard let error, error != .requestNotFound else {
      // Confirmed, or already gone on the node.
      return end(reason, answer(after: then, reason))
    }
    // The record stays `cancelling`; the cancel is retried by the next cancel, prepare or
    // restart. The intent is over all the same.
    phase = .idle
    switch then {
    case .report:
      return [
        .finish(
          .failed(
            OfflineReceiveError(
              .cancelPending, "the node request is not cancelled yet: \(error)",
              intentID: intentID, nodeError: error)))
      ]
    case .endIntent:
      return [.finish(.failed(ended(reason)))]
    case .refuse(var refusal):
      // Reported with the refusal.
      refusal.nodeError = error
      refusal.message += "; its node request is not cancelled yet: \(error)"
      return [.finish(.failed(refusal))]
    }
  }

  private func answer(after then: AfterRelease, _ reason: TerminalReason) -> Outcome {
    switch then {
    case .report: .released(reason)
    case .refuse(let error): .failed(error)
    case .endIntent:
      reason == .settled(fulfilled: true)
        ? .failed(OfflineReceiveError(.settled, "the intent was paid", intentID: intentID))
        : .failed(ended(reason))
    }
  }

  /// Records the end and answers `outcome`.
  private mutating func end(_ reason: TerminalReason, _ outcome: Outcome) -> [Action] {
    record.state = .terminal(reason)
    isStored = true
    phase = .idle
    return [.save(record), .finish(outcome)]
  }

  private mutating func pay() -> [Action] {
    guard !isPaid else { return [.finish(.alreadyPaid)] }
    let previous = record.state
    // Whatever was in flight for the intent is over: its answers are abandoned.
    return end(.settled(fulfilled: true), .paid(previous: previous))
  }

  /// The call that drove the intent stopped before its answer (its task was cancelled, or a
  /// journal write failed): the phase it left is over, and the journal's state stands.
  package mutating func interrupt(releasing: Bool) {
    switch phase {
    case .idle: break
    case .preparing, .validating: if !releasing { phase = .idle }
    case .releasing: if releasing { phase = .idle }
    }
  }

  /// The answer to an event of an attempt the intent has left: nothing changes. A release that
  /// a payment overtook answers that the intent was paid.
  private func abandoned(release: Bool = false) -> [Action] {
    if release, case .terminal(let reason) = record.state { return [.finish(.released(reason))] }
    if isPaid {
      return [
        .finish(.failed(OfflineReceiveError(.settled, "the intent was paid", intentID: intentID)))
      ]
    }
    if case .releasing(let reason, _) = phase { return [.finish(.failed(overtaken(reason)))] }
    switch record.state {
    case .terminal(let reason), .cancelling(let reason):
      return [.finish(.failed(overtaken(reason)))]
    case .intent, .submitted, .ready:
      return [
        .finish(
          .failed(
            OfflineReceiveError(
              .retryable, "the intent changed while the call was in flight", intentID: intentID)))
      ]
    }
  }

  /// Why a call's attempt was overtaken by the intent's end: a cancel (the wallet's, or a new
  /// intent superseding it) is `offline.cancelled`, so that nothing prepares it again.
  private func overtaken(_ reason: TerminalReason) -> OfflineReceiveError {
    guard reason == .cancelled else { return ended(reason) }
    return OfflineReceiveError(
      .cancelled, "the intent was cancelled while this call waited", intentID: intentID)
  }

  private func ended(_ reason: TerminalReason) -> OfflineReceiveError {
    OfflineReceiveError(
      .intentEnded, "the intent ended (\(reason)); prepare a new intent", intentID: intentID)
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
