import Bolt11
import OfflineReceiveFixtures
import OfflineReceiveTesting
import TestSupport
import Testing

@testable import OfflineReceive

/// Many overlapping preparations, payments and expiries against the simulated node, with a
/// checker that never sees a displayed invoice that is paid, expired, or for another amount,
/// note or payee. Bounded in count (and so in time: well under a few seconds).
@Suite struct ConcurrencyStressTests {
  /// Payments delivered to the wallet so far.
  actor Ledger {
    private(set) var paid: Set<PaymentHash> = []
    func add(_ hash: PaymentHash) { paid.insert(hash) }
  }

  actor Violations {
    private(set) var list: [String] = []
    private(set) var checks = 0
    private(set) var displayedSeen = 0
    private(set) var preparations = 0
    func prepared() { preparations += 1 }
    private(set) var workersLeft = 2
    func workerDone() { workersLeft -= 1 }
    var running: Bool { workersLeft > 0 }
    func add(_ text: String) { list.append(text) }
    func checked(displayed: Bool) {
      checks += 1
      if displayed { displayedSeen += 1 }
    }
  }

  @Test(
    "stress: overlapping preparations, payments and expiries never display a paid, expired or foreign invoice"
  )
  func stress() async throws {
    // Contention can starve every preparation in one round; invariants are checked in every
    // round, and a few rounds (each well under a second) make sure something was displayed.
    var displayed = 0
    var prepared = 0
    var paid = 0
    for round in 0..<10 where displayed == 0 || paid == 0 {
      let result = await Self.round(seed: UInt64(round))
      #expect(result.violations == [], "round \(round)")
      #expect(result.checks > 0)
      displayed += result.displayed
      prepared += result.prepared
      paid += result.paid
    }
    #expect(prepared > 0)
    // The run must have displayed and paid something, or the checker checked nothing.
    #expect(displayed > 0)
    #expect(paid > 0)
  }

  struct RoundResult {
    var violations: [String]
    var checks: Int
    var displayed: Int
    var prepared: Int
    var paid: Int
  }

  static func round(seed: UInt64) async -> RoundResult {
    let clock = ManualClock(seconds: TestInvoices.now)
    let node = SimulatedNode(nodeID: TestKeys.ourNodeID, clock: clock) {
      requestID, amount, description, createdAt in
      let invoice = TestInvoices.make(
        amountMsat: amount.rawValue, description: .text(description), createdAt: createdAt,
        expirySeconds: 900,
        paymentHash: TestInvoices.hash(requestID: requestID))
      return (invoice.string, invoice.expiresAt)
    }
    let journal = InMemoryRequestJournal(capacity: 64)
    let provider = PollingProvider(
      node: node, journal: journal, scope: ProviderFixture.scope, clock: clock,
      timeout: .seconds(60))
    let flow = await ReceiveFlow(
      provider: provider as any OfflineReceiveProvider, scope: ProviderFixture.scope,
      history: FakeHistory([[]]), providerStatus: { try await provider.status(of: $0) },
      clock: clock, ordinaryCache: InMemoryOrdinaryCache())
    let ledger = Ledger()
    let violations = Violations()
    let channels = [
      ChannelSummary(isReady: true, isUsable: true, inboundCapacity: Millisatoshis(10_000_000))
    ]

    /// The invariant: whatever the display calls prepared is unpaid, unexpired, and for the
    /// request's amount and note, paid to our node.
    @Sendable func check() async {
      // Read the paid set first: a payment delivered before the read must not be shown.
      let paidBefore = await ledger.paid
      let now = await clock.seconds()
      let prepared = await flow.preparedOfflineRequest(now: now)
      await violations.checked(displayed: prepared != nil)
      if let (invoice, amount, description) = prepared {
        if paidBefore.contains(invoice.paymentHash) {
          await violations.add("paid invoice displayed: \(invoice.paymentHash)")
        }
        if now >= invoice.invoice.expiresAt || now >= invoice.displayUntil {
          await violations.add("expired invoice displayed at \(now)")
        }
        if invoice.invoice.amount != amount {
          await violations.add(
            "displayed \(String(describing: invoice.invoice.amount)) for \(amount)")
        }
        if invoice.invoice.description != .text(description) {
          await violations.add("displayed another note")
        }
        if invoice.invoice.payeeNodeID.bytes != TestKeys.ourNodeID.bytes {
          await violations.add("displayed another payee")
        }
      }
    }

    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<2 {
        group.addTask {
          var generator = SplitMix64(seed: seed &* 16 &+ UInt64(worker) &+ 1)
          // Worker 0 is the user editing and re-preparing; worker 1 is an occasional
          // overlapping refresh of the same wallet.
          for _ in 0..<60 {
            if worker == 1, generator.next() % 3 != 0 {
              await Task.yield()
              continue
            }
            let amount: Millisatoshis = [.sats(1000), .sats(2000), .sats(3000)][
              Int(generator.next() % 3)]
            let note = ["Coffee", "Tea"][Int(generator.next() % 2)]
            do {
              let outcome = try await flow.requestOfflineInvoice(
                amount: amount, description: note, channels: channels)
              if case .ready = outcome {
                await violations.prepared()
                // Check at the moment a preparation lands, too, not only when the checker runs.
                await check()
              }
            } catch {
              // The channel holds another live request (N3): the user supersedes it
              // explicitly (W4).
              guard worker == 0 else { continue }
              for record in await journal.records() where record.state.isLive {
                _ = try? await provider.cancel(intentID: record.intentID)
              }
            }
          }
          await violations.workerDone()
        }
      }
      group.addTask {
        // The payer: pays whatever is displayed, or something else, and tells the wallet.
        var generator = SplitMix64(seed: 99)
        // Each loop ends with the workers, and in any case after a bounded number of turns.
        for _ in 0..<50_000 where await violations.running {
          await Task.yield()
          guard let intent = await flow.displayedIntent,
            let bolt11 = await node.settle(requestID: intent.rawValue),
            let invoice = try? Invoice.decode(bolt11)
          else { continue }
          let hash = invoice.paymentHash
          if generator.next() % 4 == 0 { await Task.yield() }
          _ = try? await flow.paymentReceived(hash)
          await ledger.add(hash)
        }
      }
      group.addTask {
        // Time passes and the wallet retires what expired.
        var generator = SplitMix64(seed: 7)
        for _ in 0..<50_000 where await violations.running {
          await clock.advance(by: .milliseconds(generator.next() % 100))
          await flow.retireExpired(now: await clock.seconds())
          await Task.yield()
        }
      }
      group.addTask {
        for _ in 0..<50_000 where await violations.running {
          await check()
          await Task.yield()
        }
      }
    }
    return RoundResult(
      violations: await violations.list, checks: await violations.checks,
      displayed: await violations.displayedSeen, prepared: await violations.preparations,
      paid: await ledger.paid.count)
  }
}
