import Bolt11
import OfflineReceive
import Secp256k1

/// One offline-receive story against the simulated node, printed as a timeline: prepare, lost
/// response, retry with the same request id, process restart, restore, payment, QR retired.
enum DemoStory {
  static func run() async -> Int32 {
    // 0x01 repeated 32 times: an obviously fake key, for this demo only.
    guard let key = try? SigningKey(secretKey: [UInt8](repeating: 0x01, count: 32)),
      let nodeID = NodeID(bytes: key.publicKey)
    else { return 1 }
    let clock = ManualClock(seconds: 1_700_000_000)
    let node = SimulatedNode(nodeID: nodeID, clock: clock) { requestID, amountMsat, description, createdAt in
      var builder = InvoiceBuilder(
        currency: .regtest, paymentHash: SHA256.hash(Array(requestID.utf8)),
        paymentSecret: [UInt8](repeating: 0x22, count: 32), description: .text(description),
        createdAt: createdAt)
      builder.amount = Millisatoshis(amountMsat)
      builder.expirySeconds = 3600
      builder.features = Features(bits: [8, 14])
      let invoice = try! builder.build(signingWith: key)
      return (invoice.string, invoice.expiresAt)
    }
    let journal = InMemoryRequestJournal()
    let scope = WalletScope(network: .regtest, nodeID: nodeID)
    func makeProvider() -> PollingProvider {
      PollingProvider(node: node, journal: journal, scope: scope, clock: clock, sleeper: clock)
    }
    func say(_ text: String) async {
      print("t=+\(await clock.seconds() - 1_700_000_000)s  \(text)")
    }
    let intent = IntentID("coffee-1")

    var provider = makeProvider()
    await say("prepare 1000 sat \"Coffee\" as intent \(intent)")
    await node.loseResponses(.prepare)
    do {
      _ = try await provider.prepare(intentID: intent, amountSats: 1000, description: "Coffee")
    } catch {
      await say("prepare answer lost: \(error)")
    }
    await say("retry with the same intent (same node request id)")
    guard case .ready(let first)? = try? await provider.prepare(
      intentID: intent, amountSats: 1000, description: "Coffee")
    else { return 1 }
    await say("ready: show QR until \(first.displayUntil): \(first.bolt11.prefix(40))...")

    await say("process restart: node table lost until recovery; the provider starts empty")
    await node.restart()
    provider = makeProvider()
    await node.recover()
    let restored = await provider.restore()
    await say("restore: \(restored.count) invoice(s) to display again (idempotent prepare, same id)")
    let prepares = await node.calls.filter { $0.hasPrefix("prepare") }
    await say("node prepare calls so far: \(prepares); live node requests: \(await node.liveRequestCount)")

    await clock.advance(seconds: 120)
    await node.settle(requestID: intent.rawValue)
    guard let paidHash = PaymentHash(bytes: SHA256.hash(Array(intent.rawValue.utf8))) else { return 1 }
    let retire = restored.contains { $0.paymentHash == paidHash }
    await say("payment received for \(paidHash): retire QR = \(retire)")
    return retire ? 0 : 1
  }
}
