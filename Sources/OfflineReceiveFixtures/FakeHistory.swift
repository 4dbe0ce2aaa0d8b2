import OfflineReceive

/// A scripted payment history: each read answers the next scripted list (the last one repeats),
/// runs an optional hook while "in progress", and can be parked until resumed.
package actor FakeHistory {
  private var answers: [[PaymentRecord]?]
  private var duringRead: [@Sendable () async -> Void] = []
  package private(set) var reads = 0
  private var parkNext = false
  private var parked: CheckedContinuation<Void, Never>?

  package init(_ answers: [[PaymentRecord]?] = [[]]) { self.answers = answers }

  /// Runs `hook` inside the next read, before it answers.
  package func onNextRead(_ hook: @escaping @Sendable () async -> Void) { duringRead.append(hook) }
  package func parkNextRead() { parkNext = true }
  package var isParked: Bool { parked != nil }
  package func unpark() {
    parked?.resume()
    parked = nil
  }
  package func setAnswers(_ answers: [[PaymentRecord]?]) { self.answers = answers }

  package func payments() async -> [PaymentRecord]? {
    reads += 1
    let answer = answers.count > 1 ? answers.removeFirst() : answers[0]
    if parkNext {
      parkNext = false
      await withCheckedContinuation { parked = $0 }
    }
    if !duringRead.isEmpty { await duringRead.removeFirst()() }
    return answer
  }
}

/// A provider status that answers what it is told.
package actor FakeStatus {
  var answer: NodeRequestStatus = .ready(bolt11: "")
  package init() {}
  package func set(_ status: NodeRequestStatus) { answer = status }
  package func status(of intentID: IntentID) async throws -> NodeRequestStatus { answer }
}

extension ReceiveFlow {
  /// A flow over `provider` whose gate reads a scripted history and whose ordinary invoice is
  /// loaded from, and persisted to, `ordinaryCache` (when given).
  package init(
    provider: (any OfflineReceiveProvider)?, scope: WalletScope,
    history: FakeHistory = FakeHistory(),
    providerStatus: (@Sendable (IntentID) async throws -> NodeRequestStatus)? = nil,
    clock: any WallClock, ordinaryCache cache: InMemoryOrdinaryCache? = nil,
    maxHistoryReads: Int = 4
  ) async {
    var persist: (@Sendable (DisplayedInvoice?) async -> Void)?
    if let cache { persist = { await cache.store($0) } }
    let ordinary = await cache?.load()
    self.init(
      provider: provider, scope: scope, history: { await history.payments() },
      providerStatus: providerStatus, clock: clock, ordinary: ordinary,
      persistOrdinary: persist, maxHistoryReads: maxHistoryReads)
  }
}
