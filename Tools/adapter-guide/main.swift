// The code of the article "Writing a provider adapter" (OfflineReceive.docc), run in CI:
// `swift run adapter-guide` exits 0 only when every step behaved as the article says.
import Bolt11
import Foundation
import OfflineReceive
import OfflineReceiveTesting
import Secp256k1

// MARK: 1. The adapter

/// The adapter: the node's offline-receive API behind `NodeOfflineReceiveClient`. Here the
/// "binding" is a `SimulatedNode`; a real adapter calls its node library and maps each of that
/// library's errors to a `NodeError` code, keeping the library's text as the message, e.g.
/// `throw NodeError(.notRunning, String(describing: bindingError))`.
struct MyNodeAdapter: NodeOfflineReceiveClient {
  let binding: SimulatedNode

  func ownNodeID() async throws(NodeError) -> PublicKey { try await binding.ownNodeID() }

  func canReceive(amount: Millisatoshis) async throws(NodeError) -> Bool {
    try await binding.canReceive(amount: amount)
  }

  func prepare(requestID: String, amount: Millisatoshis, description: String)
    async throws(NodeError) -> NodeRequestStatus
  {
    try await binding.prepare(
      requestID: requestID, amount: amount, description: description)
  }

  func status(requestID: String) async throws(NodeError) -> NodeRequestStatus {
    try await binding.status(requestID: requestID)
  }

  func cancel(requestID: String) async throws(NodeError) {
    try await binding.cancel(requestID: requestID)
  }
}

// MARK: 2. The conformance run

/// The adapter plus the levers the conformance suite pulls on the node behind it.
struct MyHarness: NodeConformanceHarness {
  let node: SimulatedNode
  var client: any NodeOfflineReceiveClient { MyNodeAdapter(binding: node) }
  var network: Currency { node.network }
  var clock: any WallClock { node.clock }
  func restartProcess() async { await node.restart() }
  func runRecovery() async { await node.recover() }
  func stopNode() async { await node.stop() }
  func settleRequest(_ requestID: String) async { await node.settle(requestID: requestID) }
  func expireRequest(_ requestID: String) async { await node.expire(requestID: requestID) }
  func setPeerConnected(_ connected: Bool) async { await node.setPeerConnected(connected) }
  func loseNextPrepareAnswer() async -> Bool {
    await node.loseResponses(.prepare)  // a real harness drops the connection after sending
    return true
  }
  func settleRequestUnpaid(_ requestID: String) async -> Bool {
    await node.settle(requestID: requestID, fulfilled: false) != nil  // the epoch closes unpaid
  }
}

// A test key (0x01 repeated), never a real one.
let signer = TestSigner(secretKey: [UInt8](repeating: 0x01, count: 32))!
let start: UInt64 = 1_700_000_000
var failures = 0

@MainActor func check(_ condition: Bool, _ step: String) {
  print(condition ? "ok      \(step)" : "FAILED  \(step)")
  if !condition { failures += 1 }
}

for scenario in NodeConformance.scenarios {
  let broken = await NodeConformance.run(scenario) { configured in
    MyHarness(
      node: SimulatedNode(
        nodeID: signer.nodeID, clock: ManualClock(seconds: start), configured: configured,
        makeInvoice: signer.invoiceMaker()))
  }
  check(broken.isEmpty, "conformance \(scenario) \(broken)")
}

// MARK: 3. The wallet over the adapter

let node = SimulatedNode(
  nodeID: signer.nodeID, clock: ManualClock(seconds: start), makeInvoice: signer.invoiceMaker())
/// The phone's clock; it may disagree with the node's. In production: `SystemClock()`.
let phone = ManualClock(seconds: start)
let scope = WalletScope(network: .regtest, nodeID: signer.nodeID)
let channels = [
  ChannelSummary(isReady: true, isUsable: true, inboundCapacity: Millisatoshis(50_000_000))
]
let directory = NSTemporaryDirectory() + "adapter-guide-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: directory) }

/// One wallet process: the journal on disk, the provider over the adapter, the flow.
func launchWallet() async throws -> (FileRequestJournal, PollingProvider, ReceiveFlow) {
  let journal = try FileRequestJournal(directory: directory)
  let provider = PollingProvider(
    node: MyNodeAdapter(binding: node), journal: journal, scope: scope, clock: phone)
  let flow = await ReceiveFlow(
    provider: provider, scope: scope, history: { [] }, clock: phone)
  return (journal, provider, flow)
}

var (journal, provider, flow) = try await launchWallet()

// MARK: 4. Prepare, validate, display, paid, retired

let coffee = try await flow.requestOfflineInvoice(
  amount: Millisatoshis(1_000_000), description: "Coffee", channels: channels)
guard case .ready(let shown, _) = coffee, let paidIntent = await flow.displayedIntent else {
  fatalError("the first invoice is not ready: \(coffee)")
}
check(await flow.visible.bolt11 == shown.bolt11, "the validated invoice is displayed")
// The node knows the request by the journal's node request id.
let paidRequest = try await journal.record(paidIntent)?.nodeRequestID ?? ""
await node.settle(requestID: paidRequest)
let payment = try await flow.paymentReceived(shown.paymentHash)
check(payment?.intentID == paidIntent, "the payment is matched to its intent")
check(await flow.visible == .empty, "the paid invoice is retired from the QR")
check(
  try await journal.record(paidIntent)?.state == .terminal(.settled(fulfilled: true)),
  "the journal records the intent as settled")

// MARK: 5. Refused, cancelled, retried

await phone.set(seconds: start - 600)  // the phone runs ten minutes behind the node
do {
  _ = try await flow.requestOfflineInvoice(
    amount: Millisatoshis(2_000_000), description: "Tea", channels: channels)
  check(false, "an invoice signed in the phone's future is refused")
} catch let error as OfflineReceiveError {
  check(error.rejection?.offlineCode == .futureTimestamp, "refused: \(error)")
  check(error.intentID != nil, "the error names the intent")
}
check(await node.liveRequestCount == 0, "the refused request is cancelled on the node")
await phone.set(seconds: start)  // the clock is fixed
let tea = try await flow.requestOfflineInvoice(
  amount: Millisatoshis(2_000_000), description: "Tea", channels: channels)
guard case .ready = tea, let teaIntent = await flow.displayedIntent else {
  fatalError("the retry is not ready: \(tea)")
}
check(true, "the retry is ready at once")

// MARK: 6. A lost response, then a retry under the same identity

// A new amount: the wallet cancels the displayed intent first (one live request per channel):
// the QR is retired, the intent ends, the node request is cancelled, in that order.
check(try await flow.cancel() == .cancelled, "the displayed intent is cancelled")
check(await flow.visible == .empty, "the cancelled invoice is off the QR")
check(!(await node.isLive(requestID: teaIntent.rawValue)), "its node request is cancelled")
await node.loseResponses(.prepare)
do {
  _ = try await flow.requestOfflineInvoice(
    amount: Millisatoshis(3_000_000), description: "Cake", channels: channels)
  check(false, "a lost answer is reported")
} catch let error as OfflineReceiveError {
  check(error.code == .responseLost && error.nodeError == .responseLost, "lost: \(error)")
}
let cake = try await flow.requestOfflineInvoice(
  amount: Millisatoshis(3_000_000), description: "Cake", channels: channels)
guard case .ready(let cakeInvoice, _) = cake, let cakeIntent = await flow.displayedIntent else {
  fatalError("the retry after a lost answer is not ready: \(cake)")
}
let prepares = await node.calls.filter { $0 == "prepare \(cakeIntent.rawValue)" }
check(prepares.count == 2, "the retry resumed the same node request")
check(await node.liveRequestCount == 1, "one live request, not two")

// MARK: 7. Restart, restore

await node.restart()  // the app and the node's process die; the journal file stays
(journal, provider, flow) = try await launchWallet()
check(await flow.visible == .empty, "a new process shows nothing")
await node.recover()  // the node's start-up recovery
let report = try await provider.restore()
check(report.failures.isEmpty, "restore failed nothing: \(report.failures)")
check(report.ready.map(\.intentID) == [cakeIntent], "the unpaid invoice is restorable")
for restored in report.ready { try await flow.restore(restored) }
check(await flow.visible.bolt11 == cakeInvoice.bolt11, "the same invoice is shown again")

print(failures == 0 ? "adapter-guide: every step behaved" : "adapter-guide: \(failures) failed")
exit(failures == 0 ? 0 : 1)
