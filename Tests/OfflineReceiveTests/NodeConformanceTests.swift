import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Secp256k1
import Testing

/// §2.N: the public conformance suite run against `SimulatedNode`, one test per scenario.
@Suite struct NodeConformanceTests {
  static let factory: NodeConformance.Factory = { configured in
    let clock = ManualClock(seconds: TestInvoices.now)
    return SimulatedNode(nodeID: TestKeys.ourNodeID, clock: clock, configured: configured) {
      _, amount, description, createdAt in
      let invoice = TestInvoices.make(
        amountMsat: amount.rawValue, description: .text(description), createdAt: createdAt)
      return (invoice.string, invoice.expiresAt)
    }
  }

  @Test(
    "N1-N10 and the lifecycle: the simulated node passes each conformance scenario",
    arguments: [
      "N1", "N2", "N3", "N4", "N5", "N6", "N7", "N8", "N9", "N10", "refused-invoice", "payment",
      "late-payment", "failed-cancel", "restart", "settled-stays-settled", "paid-after-cancel",
      "ready-after-recovery", "lost-answer", "cancel-before-recovery", "unpaid-settlement",
    ])
  func scenario(id: String) async {
    #expect(await NodeConformance.run(id, factory: Self.factory) == [])
  }

  @Test("conformance: the scenario list is N1 to N10, and an unknown id fails")
  func list() async {
    #expect(
      NodeConformance.scenarios
        == (1...10).map { "N\($0)" } + [
          "refused-invoice", "payment", "late-payment", "failed-cancel", "restart",
          "settled-stays-settled", "paid-after-cancel", "ready-after-recovery", "lost-answer",
          "cancel-before-recovery", "unpaid-settlement",
        ])
    #expect(await NodeConformance.run("N11", factory: Self.factory).count == 1)
  }

  /// A node that breaks N4 (never conflicts) must be caught: the suite can fail.
  actor LaxNode: NodeConformanceHarness, NodeOfflineReceiveClient {
    nonisolated var client: any NodeOfflineReceiveClient { self }
    nonisolated var network: Currency { .regtest }
    nonisolated var clock: any WallClock { ManualClock(seconds: TestInvoices.now) }
    func restartProcess() {}
    func runRecovery() {}
    func stopNode() {}
    func settleRequest(_ requestID: String) {}
    func expireRequest(_ requestID: String) {}
    func setPeerConnected(_ connected: Bool) {}
    func ownNodeID() throws(NodeError) -> PublicKey { TestKeys.ourNodeID }
    func canReceive(amount: Millisatoshis) throws(NodeError) -> Bool { true }
    func prepare(requestID: String, amount: Millisatoshis, description: String) throws(NodeError)
      -> NodeRequestStatus
    { .preparing }
    func status(requestID: String) throws(NodeError) -> NodeRequestStatus { .preparing }
    func cancel(requestID: String) throws(NodeError) {}
  }

  @Test("conformance: a node that never reports a conflict fails N4")
  func laxNodeFails() async {
    let failures = await NodeConformance.run("N4") { _ in LaxNode() }
    #expect(failures.contains { $0.contains("conflict") })
  }

  /// A harness whose client ignores cancels: the node request stays live.
  struct IgnoresCancel: NodeConformanceHarness, NodeOfflineReceiveClient {
    let node: SimulatedNode
    var client: any NodeOfflineReceiveClient { self }
    var network: Currency { node.network }
    var clock: any WallClock { node.clock }
    func restartProcess() async { await node.restartProcess() }
    func runRecovery() async { await node.runRecovery() }
    func stopNode() async { await node.stopNode() }
    func settleRequest(_ requestID: String) async { await node.settleRequest(requestID) }
    func expireRequest(_ requestID: String) async { await node.expireRequest(requestID) }
    func setPeerConnected(_ connected: Bool) async { await node.setPeerConnected(connected) }
    func ownNodeID() async throws(NodeError) -> PublicKey { try await node.ownNodeID() }
    func canReceive(amount: Millisatoshis) async throws(NodeError) -> Bool {
      try await node.canReceive(amount: amount)
    }
    func prepare(requestID: String, amount: Millisatoshis, description: String)
      async
      throws(NodeError) -> NodeRequestStatus
    {
      try await node.prepare(requestID: requestID, amount: amount, description: description)
    }
    func status(requestID: String) async throws(NodeError) -> NodeRequestStatus {
      try await node.status(requestID: requestID)
    }
    func cancel(requestID: String) async throws(NodeError) {}
  }

  @Test("conformance: a client that ignores cancels fails the refused-invoice scenario")
  func ignoredCancelFails() async {
    let failures = await NodeConformance.run("refused-invoice") { configured in
      IgnoresCancel(node: await Self.factory(configured) as! SimulatedNode)
    }
    #expect(failures.contains { $0.contains("still held") })
  }

  /// A node with one of the bugs the first suite missed.
  actor BuggyNode: NodeConformanceHarness, NodeOfflineReceiveClient {
    enum Bug {
      case cancelsSettled, refusesPaymentAfterCancel, readyAfterRecovery, lostAsUnavailable
      case cancelNotFoundBeforeRecovery, unpaidSettlementAsPaid
    }
    let node: SimulatedNode
    let bug: Bug
    var cancelled: Set<String> = []
    /// The invoices it answered Ready with, kept across a restart (the ready-after-recovery
    /// bug answers from it at once).
    var cache: [String: String] = [:]
    var recovered = false
    /// Between a restart and the recovery.
    var recovering = false
    init(node: SimulatedNode, bug: Bug) {
      self.node = node
      self.bug = bug
    }
    nonisolated var client: any NodeOfflineReceiveClient { self }
    nonisolated var network: Currency { .regtest }
    nonisolated var clock: any WallClock { ManualClock(seconds: TestInvoices.now) }
    func restartProcess() async {
      recovering = true
      await node.restartProcess()
    }
    func runRecovery() async {
      recovered = true
      recovering = false
      await node.runRecovery()
    }
    func settleRequestUnpaid(_ requestID: String) async -> Bool {
      await node.settleRequestUnpaid(requestID)
    }
    func loseNextPrepareAnswer() async -> Bool { await node.loseNextPrepareAnswer() }
    func stopNode() async { await node.stopNode() }
    func settleRequest(_ requestID: String) async {
      if bug == .refusesPaymentAfterCancel && cancelled.contains(requestID) { return }
      await node.settleRequest(requestID)
    }
    func expireRequest(_ requestID: String) async { await node.expireRequest(requestID) }
    func setPeerConnected(_ connected: Bool) async { await node.setPeerConnected(connected) }
    func ownNodeID() async throws(NodeError) -> PublicKey { try await node.ownNodeID() }
    func canReceive(amount: Millisatoshis) async throws(NodeError) -> Bool {
      try await node.canReceive(amount: amount)
    }
    func prepare(requestID: String, amount: Millisatoshis, description: String)
      async throws(NodeError) -> NodeRequestStatus
    {
      do {
        return try await node.prepare(
          requestID: requestID, amount: amount, description: description)
      } catch .responseLost where bug == .lostAsUnavailable {
        throw .unavailable
      }
    }
    func status(requestID: String) async throws(NodeError) -> NodeRequestStatus {
      if bug == .cancelsSettled && cancelled.contains(requestID) {
        return .failed(reason: "cancelled")
      }
      if bug == .readyAfterRecovery, recovered, let bolt11 = cache[requestID] {
        return .ready(bolt11: bolt11)
      }
      let status = try await node.status(requestID: requestID)
      if case .ready(let bolt11) = status { cache[requestID] = bolt11 }
      if bug == .unpaidSettlementAsPaid, status == .settled(fulfilled: false) {
        return .settled(fulfilled: true)
      }
      return status
    }
    func cancel(requestID: String) async throws(NodeError) {
      if bug == .cancelNotFoundBeforeRecovery, recovering { throw .requestNotFound }
      cancelled.insert(requestID)
      try await node.cancel(requestID: requestID)
    }
  }

  @Test(
    "conformance: each node bug the first suite missed is caught (defect 9)",
    arguments: [
      ("settled-stays-settled", BuggyNode.Bug.cancelsSettled, "turned a settled request"),
      ("paid-after-cancel", .refusesPaymentAfterCancel, "was not settled"),
      ("ready-after-recovery", .readyAfterRecovery, "not awaitingWitnesses"),
      ("lost-answer", .lostAsUnavailable, "unavailable, not responseLost"),
      ("cancel-before-recovery", .cancelNotFoundBeforeRecovery, "requestNotFound"),
      ("unpaid-settlement", .unpaidSettlementAsPaid, "not settled(fulfilled: false)"),
    ])
  func buggyNodesFail(scenario: String, bug: BuggyNode.Bug, why: String) async {
    let failures = await NodeConformance.run(scenario) { configured in
      BuggyNode(node: await Self.factory(configured) as! SimulatedNode, bug: bug)
    }
    #expect(failures.contains { $0.contains(why) }, "\(failures)")
    // The well-behaved node passes the same scenario.
    #expect(await NodeConformance.run(scenario, factory: Self.factory).isEmpty)
  }
}

/// Defect 4 through the provider: a node that answers not-found to a cancel before its
/// recovery has not cancelled anything.
@Suite struct CancelBeforeRecoveryTests {
  @Test(
    "defect 4: a cancel answered not-found before the node's recovery stays pending; restore finishes it"
  )
  func cancelNotFoundBeforeRecovery() async throws {
    let node = NodeConformanceTests.BuggyNode(
      node: await NodeConformanceTests.factory(true) as! SimulatedNode,
      bug: .cancelNotFoundBeforeRecovery)
    let journal = InMemoryRequestJournal()
    let provider = PollingProvider(
      node: node, journal: journal, scope: ProviderFixture.scope, clock: node.clock)
    let intent = IntentID("a")
    let outcome = try await provider.prepare(
      intentID: intent, amount: .sats(1000), description: "Coffee")
    try #require(outcome.invoice != nil)
    await node.restartProcess()
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await provider.cancel(intentID: intent)
    }
    #expect(error.code == .cancelPending)
    #expect(await journal.record(intent)?.state == .cancelling(.cancelled))
    await node.runRecovery()
    let report = try await provider.restore()
    #expect(report.ended == [intent])
    #expect(try await node.status(requestID: "a") == .failed(reason: "cancelled"))
    #expect(await journal.record(intent)?.state == .terminal(.cancelled))
  }
}
