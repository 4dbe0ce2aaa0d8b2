import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import Testing

/// §2.P scenarios over a scripted node, and the provider's transition table.
@Suite struct PollingProviderScriptTests {
  static func code(_ body: () async throws -> PrepareOutcome<AcceptedInvoice>) async
    -> OfflineReceiveError.Code?
  {
    await error(body)?.code
  }

  static func error(_ body: () async throws -> PrepareOutcome<AcceptedInvoice>) async
    -> OfflineReceiveError?
  {
    do {
      _ = try await body()
      return nil
    } catch let error as OfflineReceiveError { return error } catch { return nil }
  }

  @Test("P2: an immediately Ready request does not poll")
  func p2() async throws {
    let fixture = ScriptedFixture(prepare: [.success(.ready(bolt11: ScriptedFixture.coffee))])
    guard case .ready = try await fixture.prepare() else { Issue.record("not ready"); return }
    #expect(await fixture.node.calls == ["prepare request-1 1000000 Coffee"])
    #expect(await fixture.clock.sleeps.isEmpty)
  }

  @Test(
    "P4 (departs from: journal emptied, W5 tombstones): terminal states end the intent without cancel",
    arguments: [
      (NodeRequestStatus.expired, OfflineReceiveError.Code.unavailable, TerminalReason.expired),
      (.settled(fulfilled: true), .settled, .settled(fulfilled: true)),
      (.settled(fulfilled: false), .unavailable, .settled(fulfilled: false)),
      (
        .failed(reason: "settlement node offline"), .unavailable, .failed("settlement node offline")
      ),
    ])
  func p4(status: NodeRequestStatus, code: OfflineReceiveError.Code, reason: TerminalReason) async {
    let fixture = ScriptedFixture(prepare: [.success(.preparing)], status: [.success(status)])
    #expect(await Self.code { try await fixture.prepare() } == code)
    #expect(await fixture.state() == .terminal(reason))
    #expect(await fixture.node.calls.contains { $0.hasPrefix("cancel") } == false)
  }

  @Test(
    "P5 (departs from: every node error is unavailable and forgets, W7): terminal errors end the intent, transient ones keep it, each cause its own code",
    arguments: [
      (NodeError.disabled, OfflineReceiveError.Code.nodeDisabled, false),
      (.ineligible, .ineligible, false), (.requestConflict, .requestConflict, false),
      (.invalidAmount, .insufficientLiquidity, false), (.unavailable, .nodeUnavailable, true),
      (.requestNotFound, .retryable, true), (.notRunning, .nodeStopped, true),
      (.persistenceFailed, .nodeStorage, true), (.responseLost, .responseLost, true),
    ])
  func p5(error: NodeError, code: OfflineReceiveError.Code, keeps: Bool) async {
    let fixture = ScriptedFixture(prepare: [.failure(error)])
    let failure = await Self.error { try await fixture.prepare() }
    #expect(failure?.code == code)
    #expect(failure?.nodeError == error)
    #expect(failure?.endsIntent == !keeps)
    #expect(await fixture.state()?.isLive == keeps)
  }

  @Test(
    "P8 (departs from: status first, §3 C): a pending request after a restart resumes by prepare under the stored id"
  )
  func p8() async throws {
    let stored = JournalRecord(
      intentID: IntentID("before-restart"), nodeRequestID: "before-restart",
      amount: Millisatoshis(1_000_000), description: "Coffee", state: .submitted,
      scope: ProviderFixture.scope)
    let fixture = ScriptedFixture(
      prepare: [.success(.awaitingWitnesses)],
      status: [.success(.ready(bolt11: ScriptedFixture.coffee))], records: [stored])
    guard case .ready = try await fixture.prepare("before-restart") else {
      Issue.record("not ready")
      return
    }
    #expect(
      await fixture.node.calls == [
        "prepare before-restart 1000000 Coffee", "status before-restart",
      ])
  }

  @Test(
    "P10 (departs from: the old request is left to block the channel, W4): a different intent cancels the old one and keeps a tombstone"
  )
  func p10() async throws {
    let fixture = ProviderFixture()
    _ = try await fixture.prepare("before-restart")
    _ = try await fixture.prepare("edited", sats: 2000)
    let calls = await fixture.node.calls
    #expect(calls.contains("cancel before-restart"))
    #expect(calls.contains("prepare edited"))
    let records = await fixture.journal.records()
    #expect(records.map(\.intentID) == [IntentID("before-restart"), IntentID("edited")])
    #expect(records.first?.state == .terminal(.cancelled))
  }

  @Test("P14: an unparsable Ready invoice is rejected as invalid and the intent ends")
  func p14() async {
    let fixture = ScriptedFixture(prepare: [.success(.ready(bolt11: "lnbcrt1garbage"))])
    #expect(await Self.code { try await fixture.prepare() } == .invalidInvoice)
    #expect(await fixture.state()?.isLive == false)
  }

  /// One row of the provider's state machine: journal state before × node answer → what the
  /// call does (outcome) and the journal state after.
  struct Row: CustomTestStringConvertible, Sendable {
    var before: RequestState?
    var answer: Result<NodeRequestStatus, NodeError>
    /// The call's error, or nil when it answered Ready.
    var outcome: OfflineReceiveError.Code?
    var after: RequestState
    var testDescription: String {
      "\(before.map { "\($0)" } ?? "none") × \(answer) → \(outcome?.rawValue ?? "ready"), \(after)"
    }
  }

  static let coffee = ScriptedFixture.coffee
  static let rows: [Row] = [
    Row(before: nil, answer: .success(.ready(bolt11: coffee)), outcome: nil, after: .ready),
    Row(
      before: nil, answer: .success(.expired), outcome: .unavailable,
      after: .terminal(.expired)),
    Row(
      before: nil, answer: .success(.settled(fulfilled: true)), outcome: .settled,
      after: .terminal(.settled(fulfilled: true))),
    Row(
      before: nil, answer: .failure(.ineligible), outcome: .ineligible,
      after: .terminal(.refused("ineligible"))),
    Row(
      before: nil, answer: .failure(.unavailable), outcome: .nodeUnavailable,
      after: .intent),
    Row(
      before: nil, answer: .failure(.responseLost), outcome: .responseLost,
      after: .intent),
    Row(
      before: nil, answer: .success(.ready(bolt11: "x")), outcome: .invalidInvoice,
      after: .terminal(.invalidInvoice("bech32.no_separator"))),
    Row(
      before: .submitted, answer: .success(.ready(bolt11: coffee)), outcome: nil, after: .ready
    ),
    Row(
      before: .submitted, answer: .failure(.requestNotFound), outcome: .retryable,
      after: .submitted),
    // W2, second pass: a resumed request that ended ends its intent, which keeps its node
    // request (the session prepares a new intent in the same call), never moved to a new one.
    Row(
      before: .submitted, answer: .success(.expired), outcome: .intentEnded,
      after: .terminal(.expired)),
    Row(
      before: .terminal(.expired), answer: .success(.ready(bolt11: coffee)),
      outcome: .intentEnded, after: .terminal(.expired)),
  ]

  @Test("transition table: journal state × node answer → action, next state", arguments: rows)
  func transition(row: Row) async {
    let records =
      row.before.map {
        [
          JournalRecord(
            intentID: IntentID("request-1"), nodeRequestID: "request-1",
            amount: Millisatoshis(1_000_000), description: "Coffee", state: $0,
            scope: ProviderFixture.scope)
        ]
      } ?? []
    // After the scripted answer, a second prepare would be ready at once: no row may reach it.
    let fixture = ScriptedFixture(
      prepare: [row.answer, .success(.ready(bolt11: Self.coffee))], records: records)
    var outcome: OfflineReceiveError.Code?
    do {
      guard case .ready = try await fixture.prepare() else {
        Issue.record("pending")
        return
      }
    } catch let error as OfflineReceiveError {
      outcome = error.code
    } catch { Issue.record("not an offline error: \(error)") }
    #expect(outcome == row.outcome)
    #expect(await fixture.state() == row.after)
  }
}
