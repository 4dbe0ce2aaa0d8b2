import OfflineReceive
import Testing

/// §2.N: the public conformance suite run against `SimulatedNode`, one test per scenario.
@Suite struct NodeConformanceTests {
  static let factory: NodeConformance.Factory = { configured in
    let clock = ManualClock(seconds: TestInvoices.now)
    return SimulatedNode(nodeID: TestKeys.ourNodeID, clock: clock, configured: configured) {
      _, amountMsat, description, createdAt in
      let invoice = TestInvoices.make(
        amountMsat: amountMsat, description: .text(description), createdAt: createdAt)
      return (invoice.string, invoice.expiresAt)
    }
  }

  @Test(
    "N1-N10: the simulated node passes each conformance scenario",
    arguments: ["N1", "N2", "N3", "N4", "N5", "N6", "N7", "N8", "N9", "N10"])
  func scenario(id: String) async {
    #expect(await NodeConformance.run(id, factory: Self.factory) == [])
  }

  @Test("conformance: the scenario list is N1 to N10, and an unknown id fails")
  func list() async {
    #expect(NodeConformance.scenarios == (1...10).map { "N\($0)" })
    #expect(await NodeConformance.run("N11", factory: Self.factory).count == 1)
  }

  /// A node that breaks N4 (never conflicts) must be caught: the suite can fail.
  actor LaxNode: NodeConformanceHarness, NodeOfflineReceiveClient {
    nonisolated var client: any NodeOfflineReceiveClient { self }
    func restartProcess() {}
    func runRecovery() {}
    func stopNode() {}
    func settleRequest(_ requestID: String) {}
    func expireRequest(_ requestID: String) {}
    func setPeerConnected(_ connected: Bool) {}
    func ownNodeID() throws(NodeError) -> NodeID { TestKeys.ourNodeID }
    func canReceive(amountMsat: UInt64) throws(NodeError) -> Bool { true }
    func prepare(requestID: String, amountMsat: UInt64, description: String) throws(NodeError)
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
}
