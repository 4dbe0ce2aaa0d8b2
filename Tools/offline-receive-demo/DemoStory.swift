import Bolt11
import OfflineReceive
import OfflineReceiveTesting
import Secp256k1

/// One offline-receive story against the simulated node, printed as a timeline: prepare, lost
/// response, retry with the same request id, process restart, restore, payment, QR retired.
///
/// The wallet side is the library's `ReceiveFlow` (session → payment gate → display store) over
/// the `PollingProvider`, rebuilt after the "restart" from the journal alone.
enum DemoStory {
  static func run() async -> Int32 {
    // 0x01 repeated 32 times: an obviously fake key, for this demo only.
    guard let key = try? SigningKey(secretKey: [UInt8](repeating: 0x01, count: 32)) else {
      return 1
    }
    let nodeID = key.publicKey
    let start: UInt64 = 1_700_000_000
    let clock = ManualClock(seconds: start)
    let node = SimulatedNode(nodeID: nodeID, clock: clock) {
      requestID, amount, description, createdAt in
      var builder = InvoiceBuilder(
        currency: .regtest, paymentHash: PaymentHash(preimage: Array(requestID.utf8)),
        paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 0x22, count: 32))!,
        description: .text(description),
        createdAt: createdAt)
      builder.amount = amount
      builder.expirySeconds = 3600
      builder.features = try! Features(bits: [8, 14])
      let invoice = try! builder.build(signingWith: key)
      return (invoice.string, invoice.expiresAt)
    }
    let journal = InMemoryRequestJournal()
    let scope = WalletScope(network: .regtest, nodeID: nodeID)
    let channels = [
      ChannelSummary(isReady: true, isUsable: true, inboundCapacity: Millisatoshis(5_000_000))
    ]
    let intent = IntentID("coffee-1")

    /// The wallet process: a provider over the shared node and journal, and a fresh flow.
    func launchWallet() async -> (PollingProvider, ReceiveFlow) {
      let provider = PollingProvider(
        node: node, journal: journal, scope: scope, clock: clock)
      let flow = ReceiveFlow(
        provider: provider, scope: scope, history: { [] },
        providerStatus: { try await provider.status(of: $0) }, clock: clock,
        makeIntentID: { intent })
      await flow.observe(provider)
      return (provider, flow)
    }
    func say(_ text: String) async {
      print("t=+\(await clock.seconds() - start)s  \(text)")
    }
    func qr(_ flow: ReceiveFlow) async -> String {
      let shown = await flow.visible.bolt11
      return shown.isEmpty ? "(no QR)" : String(shown.prefix(32)) + "..."
    }

    var (provider, flow) = await launchWallet()
    await say("prepare 1000 sat \"Coffee\" (intent \(intent)), node answer will be lost")
    await node.loseResponses(.prepare)
    do {
      _ = try await flow.requestOfflineInvoice(
        amount: Millisatoshis(1_000_000), description: "Coffee", channels: channels)
      return 1
    } catch {
      await say("prepare answer lost: \(error)")
    }
    await say("retry: the session resumes the same intent, the node sees the same request id")
    guard
      case .ready(let first, _) = try? await flow.requestOfflineInvoice(
        amount: Millisatoshis(1_000_000), description: "Coffee", channels: channels)
    else { return 1 }
    await say("ready and displayed until \(first.displayUntil): QR \(await qr(flow))")

    await clock.advance(seconds: 30)
    await say("process restart: wallet memory gone (QR with it), node table lost until recovery")
    await node.restart()
    (provider, flow) = await launchWallet()
    await say(
      "after restart: QR \(await qr(flow)); journal keeps \(await journal.records().count) record(s)"
    )
    await node.recover()
    let restored = (try? await provider.restore())?.ready ?? []
    await say("restore: \(restored.count) invoice(s) by idempotent prepare under the stored id")
    for item in restored { try? await flow.restore(item) }
    await say(
      "QR displayed again: \(await qr(flow)), same invoice: \(await flow.visible.bolt11 == first.bolt11)"
    )
    let prepares = await node.calls.filter { $0.hasPrefix("prepare") }
    await say("node prepare calls: \(prepares); live node requests: \(await node.liveRequestCount)")

    await clock.advance(seconds: 120)
    guard let paid = await node.settle(requestID: intent.rawValue),
      let invoice = try? Invoice.decode(paid)
    else { return 1 }
    let hash = invoice.paymentHash
    await say("payment received for \(hash)")
    _ = try? await flow.paymentReceived(hash)
    let retired = await flow.visible == .empty
    await say(
      "QR retired: \(retired); next deadline: \(String(describing: await flow.nextDeadline))")
    return retired && restored.count == 1 && prepares.allSatisfy({ $0 == "prepare coffee-1" })
      ? 0 : 1
  }
}
