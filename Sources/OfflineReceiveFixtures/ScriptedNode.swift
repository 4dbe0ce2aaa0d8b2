import Bolt11
import OfflineReceive
import OfflineReceiveTesting
import Secp256k1

/// A node client that answers from a script: the §2.P fakes, where a test needs statuses or
/// errors the simulated node would not produce in that order.
package actor ScriptedNode: NodeOfflineReceiveClient {
  var prepareAnswers: [Result<NodeRequestStatus, NodeError>]
  var statusAnswers: [Result<NodeRequestStatus, NodeError>]
  package private(set) var calls: [String] = []

  package init(
    prepare: [Result<NodeRequestStatus, NodeError>],
    status: [Result<NodeRequestStatus, NodeError>] = []
  ) {
    prepareAnswers = prepare
    statusAnswers = status
  }

  private static func next(_ answers: inout [Result<NodeRequestStatus, NodeError>])
    throws(NodeError) -> NodeRequestStatus
  {
    let answer = answers.count > 1 ? answers.removeFirst() : answers.first ?? .success(.preparing)
    return try answer.get()
  }

  package func ownNodeID() -> PublicKey { TestKeys.ourNodeID }
  package func canReceive(amount: Millisatoshis) -> Bool {
    calls.append("canReceive \(amount.rawValue)")
    return true
  }
  package func prepare(requestID: String, amount: Millisatoshis, description: String)
    throws(NodeError)
    -> NodeRequestStatus
  {
    calls.append("prepare \(requestID) \(amount.rawValue) \(description)")
    return try Self.next(&prepareAnswers)
  }
  package func status(requestID: String) throws(NodeError) -> NodeRequestStatus {
    calls.append("status \(requestID)")
    return try Self.next(&statusAnswers)
  }
  package func cancel(requestID: String) {
    calls.append("cancel \(requestID)")
  }
}

/// A provider over a scripted node with an in-memory journal and a manual clock.
package struct ScriptedFixture {
  package let clock = ManualClock(seconds: TestInvoices.now)
  package let journal: InMemoryRequestJournal
  package let node: ScriptedNode
  package let provider: PollingProvider

  package init(
    prepare: [Result<NodeRequestStatus, NodeError>],
    status: [Result<NodeRequestStatus, NodeError>] = [], records: [JournalRecord] = []
  ) {
    journal = InMemoryRequestJournal(records: records)
    node = ScriptedNode(prepare: prepare, status: status)
    provider = PollingProvider(
      node: node, journal: journal, scope: ProviderFixture.scope, clock: clock)
  }

  /// A valid Coffee invoice for 1000 sat, signed by our test key at the test clock.
  package static let coffee = TestInvoices.make(amountMsat: 1_000_000, description: .text("Coffee"))
    .string

  package func prepare(_ id: String = "request-1") async throws -> PrepareOutcome<AcceptedInvoice> {
    try await provider.prepare(intentID: IntentID(id), amount: .sats(1000), description: "Coffee")
  }

  package func state(_ id: String = "request-1") async -> RequestState? {
    await journal.record(IntentID(id))?.state
  }
}
