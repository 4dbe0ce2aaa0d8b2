import Bolt11
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

@testable import OfflineReceive

/// §2.S: defaults are amount 1000 sats, capacity 1000, node running, Lightning supported.
@Suite struct SessionTests {
  static let eligible = EligibilitySnapshot(amount: .sats(1000), inboundCapacity: .sats(1000))
  static let scope = WalletScope(network: .regtest, nodeID: TestKeys.ourNodeID)

  let provider = FakeProvider()
  let clock = ManualClock(seconds: TestInvoices.now)

  /// The flow whose session these tests drive: its preparations are not shown.
  func session(_ provider: (any OfflineReceiveProvider)? = nil) -> ReceiveFlow {
    ReceiveFlow(
      provider: provider ?? self.provider, scope: Self.scope, history: { [] }, clock: clock)
  }

  func snapshot(
    _ amount: UInt64 = 1000, capacity: UInt64? = 1000, running: Bool = true,
    lightning: Bool = true
  ) -> EligibilitySnapshot {
    EligibilitySnapshot(
      amount: .sats(amount), inboundCapacity: capacity.map { .sats($0) }, isNodeRunning: running,
      supportsLightning: lightning)
  }

  /// An eligible, selected session for 1000 sats.
  func selectedSession() async -> ReceiveFlow {
    let session = session()
    await session.updateEligibility(Self.eligible)
    await session.setSelected(true)
    return session
  }

  @Test(
    "S1/P16: a session over the default (unavailable) provider never advertises offline receive")
  func s1() async throws {
    let session = ReceiveFlow(provider: nil, scope: Self.scope, history: { [] }, clock: clock)
    await session.updateEligibility(Self.eligible)
    await session.setSelected(true)
    #expect(await session.isEligible == false)
    #expect(await session.isSelected == false)
    await #expect(throws: OfflineReceiveError.self) {
      try await session.prepareInvoice(Self.eligible, description: "Test")
    }
  }

  @Test(
    "S2: invalid amounts and wallet states never reach the provider",
    arguments: [
      (0, 1000, true, true), (1001, 1000, true, true), (1000, nil, true, true),
      (1000, 0, true, true), (1000, 1000, false, true), (1000, 1000, true, false),
    ] as [(UInt64, UInt64?, Bool, Bool)])
  func s2(amount: UInt64, capacity: UInt64?, running: Bool, lightning: Bool) async {
    let session = session()
    await session.updateEligibility(
      snapshot(amount, capacity: capacity, running: running, lightning: lightning))
    await session.setSelected(true)
    #expect(await session.isEligible == false)
    #expect(await session.isSelected == false)
    #expect(await provider.queries.isEmpty)
  }

  @Test("S3: the exact-liquidity boundary still needs provider approval")
  func s3() async {
    await provider.setCapability(false)
    let session = session()
    await session.updateEligibility(Self.eligible)
    #expect(await session.isEligible == false)
    await provider.setCapability(true)
    await session.updateEligibility(Self.eligible)
    await session.setSelected(true)
    #expect(await session.canSelect(for: Self.eligible))
    #expect(await session.isSelected)
    #expect(await provider.queries == [.sats(1000), .sats(1000)])
  }

  @Test("S4: editing the amount clears selection and makes the old result unusable")
  func s4() async {
    let session = await selectedSession()
    #expect(await session.canSelect(for: snapshot(999)) == false)
    await session.updateEligibility(snapshot(999))
    #expect(await session.isEligible)
    #expect(await session.canSelect(for: snapshot(999)))
    #expect(await session.isSelected == false)
    #expect(await provider.queries == [.sats(1000), .sats(999)])
  }

  @Test("S5: losing liquidity clears selection when nothing was attempted")
  func s5() async {
    let session = await selectedSession()
    await session.updateEligibility(snapshot(capacity: 999))
    #expect(await session.isEligible == false)
    #expect(await session.isSelected == false)
  }

  @Test("S6: a capability error counts as no and clears selection, swallowed")
  func s6() async {
    let session = await selectedSession()
    await provider.failCapability(.init(tag: "boom"))
    await session.updateEligibility(Self.eligible)
    #expect(await session.isEligible == false)
    #expect(await session.isSelected == false)
  }

  @Test(
    "S7: reset clears eligibility, selection, snapshot, preparation, and replaces the generation")
  func s7() async throws {
    let session = await selectedSession()
    _ = try await session.prepareInvoice(Self.eligible, description: "Test")
    let before = await session.session.generation
    await session.resetReceiveSession()
    #expect(await session.isEligible == false)
    #expect(await session.isSelected == false)
    #expect(await session.eligibilitySnapshot == nil)
    #expect(await session.session.preparation == nil)
    #expect(await session.session.generation != before)
  }

  @Test("S8: a stale capability answer cannot restore eligibility")
  func s8() async {
    let session = session()
    await provider.suspendNextQuery()
    let old = Task { await session.updateEligibility(Self.eligible) }
    #expect(await eventually { await provider.hasSuspendedQuery })
    await session.updateEligibility(snapshot(0))
    await provider.resumeQuery(with: true)
    await old.value
    await session.setSelected(true)
    #expect(await session.isEligible == false)
    #expect(await session.isSelected == false)
  }

  @Test("S9: reset invalidates a pending capability answer")
  func s9() async {
    let session = session()
    await provider.suspendNextQuery()
    let old = Task { await session.updateEligibility(Self.eligible) }
    #expect(await eventually { await provider.hasSuspendedQuery })
    await session.resetReceiveSession()
    await provider.resumeQuery(with: true)
    await old.value
    #expect(await session.isEligible == false)
    #expect(await session.isSelected == false)
  }

  @Test("S10: preparation re-checks capability and creates nothing if it was revoked")
  func s10() async {
    let session = session()
    await session.updateEligibility(Self.eligible)
    await provider.setCapability(false)
    do {
      _ = try await session.prepareInvoice(Self.eligible, description: "Test")
      Issue.record("prepared despite a revoked capability")
    } catch let error as OfflineReceiveError {
      #expect(error.code == .unavailable)
    } catch { Issue.record("\(error)") }
    #expect(await provider.queries == [.sats(1000), .sats(1000)])
    #expect(await provider.prepares.isEmpty)
  }

  @Test("S11: a provider preparation failure propagates unchanged, once")
  func s11() async {
    let session = session()
    await session.updateEligibility(Self.eligible)
    await provider.setPrepareError(FakeProvider.CustomError(tag: "custom"))
    await #expect(throws: FakeProvider.CustomError(tag: "custom")) {
      try await session.prepareInvoice(Self.eligible, description: "Test")
    }
    #expect(await provider.prepares.count == 1)
  }

  @Test("S12: preparation passes the exact request through and returns the bolt11 unchanged")
  func s12() async throws {
    let fixed = TestInvoices.make(amountMsat: 1_000_000, description: .text("Test")).string
    await provider.setFixedInvoice(fixed)
    let session = session()
    await session.updateEligibility(Self.eligible)
    let result = try await session.prepareInvoice(Self.eligible, description: "Test")
    #expect(result.invoice?.invoice.string == fixed)
    let calls = await provider.prepares
    #expect(calls.map(\.amount) == [.sats(1000)])
    #expect(calls.map(\.description) == ["Test"])
  }

  @Test("S13/S17: a retry keeps the request identity after the reservation used up the liquidity")
  func s13() async throws {
    let session = await selectedSession()
    // A lost activation response: the library's typed retryable error.
    await provider.setPrepareError(OfflineReceiveError(.retryable, "response lost"))
    await #expect(throws: OfflineReceiveError.self) {
      try await session.prepareInvoice(Self.eligible, description: "Test")
    }
    await provider.setCapability(false)
    await session.updateEligibility(snapshot(capacity: 0))
    #expect(await session.isSelected)
    await provider.setPrepareError(nil)
    _ = try await session.prepareInvoice(snapshot(capacity: 0), description: "Test")
    let ids = await provider.prepares.map(\.intentID)
    #expect(ids.count == 2)
    #expect(ids.first == ids.last)
    #expect(await provider.queries == [.sats(1000), .sats(1000)])
    await session.updateEligibility(snapshot(capacity: 0, lightning: false))
    #expect(await session.isSelected == false)
  }

  @Test("S14: a changed request or a new session gets a new identity")
  func s14() async throws {
    let session = session()
    let requests: [(UInt64, String)] = [(1000, "First"), (1000, "Second"), (999, "Second")]
    for (amount, description) in requests {
      _ = try await session.prepareInvoice(snapshot(amount), description: description)
    }
    await session.resetReceiveSession()
    _ = try await session.prepareInvoice(snapshot(999), description: "Second")
    #expect(Set(await provider.prepares.map(\.intentID)).count == 4)
  }

  @Test("S15: display predicate of a prepared invoice; exclusive at expiry, no node consulted")
  func s15() throws {
    let invoice = TestInvoices.make(
      amountMsat: 1_000_000, description: .text("Test"), expirySeconds: 60)
    let accepted = try #require(
      OfflineInvoiceValidator.validate(
        invoice.string,
        policy: TestInvoices.policy(description: "Test"),
        now: TestInvoices.now
      ).accepted)
    let now = TestInvoices.now
    #expect(accepted.isDisplayable(amount: .sats(1000), description: "Test", now: now))
    #expect(!accepted.isDisplayable(amount: .sats(1000), description: "Test", now: now + 60))
    #expect(accepted.isDisplayable(amount: .sats(1000), description: "Test", now: now + 59))
    #expect(!accepted.isDisplayable(amount: .sats(999), description: "Test", now: now))
    #expect(!accepted.isDisplayable(amount: .sats(1000), description: "Edited", now: now))
  }

  @Test(
    "S16: no liquidity fails before any provider call; amountless counts as 0; capability errors propagate"
  )
  func s16() async {
    let session = session()
    for bad in [snapshot(capacity: 0), snapshot(0)] {
      do {
        _ = try await session.prepareInvoice(bad, description: "Test")
        Issue.record("prepared without liquidity")
      } catch let error as OfflineReceiveError {
        #expect(error.code == .insufficientLiquidity)
      } catch { Issue.record("\(error)") }
    }
    #expect(await provider.queries.isEmpty)
    await provider.failCapability(.init(tag: "raw"))
    await #expect(throws: FakeProvider.CustomError(tag: "raw")) {
      try await session.prepareInvoice(Self.eligible, description: "Test")
    }
  }

  @Test("S18: a matching preparation is reused; another one gets a fresh id and cancels nothing")
  func s18() async throws {
    let session = session()
    _ = try await session.prepareInvoice(Self.eligible, description: "A")
    let first = try #require(await session.session.preparation?.intentID)
    _ = try await session.prepareInvoice(Self.eligible, description: "A")
    #expect(await session.session.preparation?.intentID == first)
    _ = try await session.prepareInvoice(Self.eligible, description: "B")
    #expect(await session.session.preparation?.intentID != first)
    let ids = await provider.prepares.map(\.intentID)
    #expect(ids[0] == ids[1] && ids[1] != ids[2])
  }

  @Test("S19: once attempted, the same request skips liquidity and capability checks")
  func s19() async throws {
    let session = session()
    _ = try await session.prepareInvoice(Self.eligible, description: "A")
    await provider.setCapability(false)
    _ = try await session.prepareInvoice(snapshot(capacity: 0), description: "A")
    #expect(await provider.queries == [.sats(1000)])
    #expect(await provider.prepares.count == 2)
  }

  @Test(
    "S20: an empty bolt11 is `invalid_invoice`; a cancellation after the answer keeps `attempted`")
  func s20() async throws {
    let session = session()
    await provider.setFixedInvoice("")
    do {
      _ = try await session.prepareInvoice(Self.eligible, description: "A")
      Issue.record("accepted an empty invoice")
    } catch let error as OfflineReceiveError {
      #expect(error.code == .invalidInvoice)
    }
    await provider.setFixedInvoice(nil)
    let other = self.session()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await other.prepareInvoice(Self.eligible, description: "B")
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(await other.hasPreparationAttempt(amount: .sats(1000), description: "B"))
  }

  @Test(
    "S21: selection needs eligibility or an attempt for the amount; can-select needs both eligibility and equal snapshot"
  )
  func s21() async throws {
    let session = session()
    await provider.setCapability(false)
    await session.updateEligibility(Self.eligible)
    await session.setSelected(true)
    #expect(await session.isSelected == false)
    await provider.setCapability(true)
    await provider.setPrepareError(OfflineReceiveError(.retryable, "lost"))
    _ = try? await session.prepareInvoice(Self.eligible, description: "A")
    await provider.setCapability(false)
    await session.updateEligibility(Self.eligible)
    await session.setSelected(true)
    #expect(await session.isSelected)
    #expect(await session.canSelect(for: Self.eligible) == false)
  }

  @Test(
    "S22: attempt matching for selection uses the amount only, for reuse amount and description")
  func s22() async throws {
    let session = session()
    await session.updateEligibility(Self.eligible)
    await session.setSelected(true)
    await provider.setPrepareError(OfflineReceiveError(.retryable, "lost"))
    _ = try? await session.prepareInvoice(Self.eligible, description: "Note")
    await provider.setCapability(false)
    await session.updateEligibility(Self.eligible)
    #expect(await session.isSelected)
    #expect(await session.session.hasAttempt(forAmount: .sats(1000)))
    #expect(await session.hasPreparationAttempt(amount: .sats(1000), description: "Other") == false)
  }

  @Test(
    "S23 (departs from: expire drops whatever preparation is current, W9): expiring names the intent and keeps the generation"
  )
  func s23() async throws {
    let session = session()
    let first = try await session.prepareInvoice(Self.eligible, description: "Old")
    let generation = await session.session.generation
    _ = try await session.prepareInvoice(Self.eligible, description: "New")
    // The old invoice expires while the new preparation is current: it must not drop it.
    var machine = await session.session
    let dropped = machine.expirePreparation(first.intentID)
    #expect(dropped == false)
    #expect(machine.preparation?.description == "New")
    let current = try #require(machine.preparation?.intentID)
    let dropped2 = machine.expirePreparation(current)
    #expect(dropped2)
    #expect(machine.preparation == nil)
    #expect(machine.hasAttempt(forAmount: .sats(1000)) == false)
    #expect(machine.generation == generation)
  }

  @Test("W16 (departs from: stickiness ends only on reset or expiry): a terminal answer ends it")
  func w16() async throws {
    let session = await selectedSession()
    await provider.setPrepareError(OfflineReceiveError(.unavailable, "gate turned off"))
    _ = try? await session.prepareInvoice(Self.eligible, description: "A")
    #expect(await session.session.hasAttempt(forAmount: .sats(1000)) == false)
    await provider.setCapability(false)
    await session.updateEligibility(snapshot(capacity: 0))
    #expect(await session.isSelected == false)
  }

  @Test(
    "W13: every provider's invoice passes the validator: another payee is refused by the session")
  func w13() async {
    await provider.setFixedInvoice(
      TestInvoices.make(description: .text("A"), key: TestKeys.other).string)
    let session = session()
    do {
      _ = try await session.prepareInvoice(Self.eligible, description: "A")
      Issue.record("accepted another payee")
    } catch let error as OfflineReceiveError {
      #expect(error.rejection?.dottedCode == "offline.payee_mismatch")
    } catch { Issue.record("\(error)") }
  }
}

/// The session's value machine on its own: each provider answer is an event, and the events
/// that overtook it decide whether it still counts.
@Suite struct SessionMachineTests {
  static let eligible = SessionTests.eligible

  /// Begins preparing "A" for the eligible snapshot: a new intent, whose capability is checked.
  static func newPreparation(_ session: inout OfflineReceiveSession) throws -> SessionPreparation {
    let step = try session.beginPreparation(eligible, description: "A")
    guard case .checkCapability(let checked) = step else {
      throw OfflineReceiveError(.unavailable, "no capability check: \(step)")
    }
    return checked
  }

  @Test("S8 as events: a capability answer for an overtaken update is dropped")
  func staleAnswerDropped() throws {
    var session = OfflineReceiveSession(makeIntentID: { IntentID("unused") })
    let oldQuery = session.updateEligibility(Self.eligible)
    let newerQuery = session.updateEligibility(Self.eligible)
    let old = try #require(oldQuery)
    let newer = try #require(newerQuery)
    session.capabilityAnswered(true, generation: old)
    #expect(session.isEligible == false)
    session.capabilityAnswered(true, generation: newer)
    #expect(session.isEligible)
    session.reset()
    session.capabilityAnswered(true, generation: newer)
    #expect(session.isEligible == false)
  }

  @Test("S10/S17 as events: a capability check overtaken by another preparation is cancelled")
  func overtakenCapabilityCheck() throws {
    var session = OfflineReceiveSession(makeIntentID: { IntentID("first") })
    let checked = try Self.newPreparation(&session)
    #expect(checked.attempted == false)
    // The intent ends while the check runs: its answer no longer counts.
    session.expirePreparation(checked.intentID)
    var overtaken = session
    #expect(throws: CancellationError.self) { try overtaken.capabilityConfirmed(checked) }
    #expect(session.preparation == nil)
  }

  @Test("S19 as events: an attempted preparation goes straight to the provider, same identity")
  func attemptedSkipsTheCheck() throws {
    var session = OfflineReceiveSession(makeIntentID: { IntentID("first") })
    let checked = try Self.newPreparation(&session)
    let attempted = try session.capabilityConfirmed(checked)
    #expect(attempted.attempted)
    let noLiquidity = EligibilitySnapshot(amount: .sats(1000), inboundCapacity: .sats(0))
    let step = try session.beginPreparation(noLiquidity, description: "A")
    #expect(step == .prepare(attempted))
  }
}
