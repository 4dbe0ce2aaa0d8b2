import OfflineReceive

/// A scripted payment history: each read answers the next scripted list (the last one repeats),
/// runs an optional hook while "in progress", and can be parked until resumed.
actor FakeHistory {
  private var answers: [[PaymentRecord]?]
  private var duringRead: [@Sendable () async -> Void] = []
  private(set) var reads = 0
  private var parkNext = false
  private var parked: CheckedContinuation<Void, Never>?

  init(_ answers: [[PaymentRecord]?] = [[]]) { self.answers = answers }

  /// Runs `hook` inside the next read, before it answers.
  func onNextRead(_ hook: @escaping @Sendable () async -> Void) { duringRead.append(hook) }
  func parkNextRead() { parkNext = true }
  var isParked: Bool { parked != nil }
  func unpark() {
    parked?.resume()
    parked = nil
  }
  func setAnswers(_ answers: [[PaymentRecord]?]) { self.answers = answers }

  func payments() async -> [PaymentRecord]? {
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
actor FakeStatus {
  var answer: NodeRequestStatus = .ready(bolt11: "")
  func set(_ status: NodeRequestStatus) { answer = status }
  func status(of intentID: IntentID) async throws -> NodeRequestStatus { answer }
}

extension PaymentGate {
  /// A gate over a scripted history.
  init(
    history: FakeHistory,
    providerStatus: (@Sendable (IntentID) async throws -> NodeRequestStatus)? = nil,
    clock: any WallClock, maxHistoryReads: Int = 4
  ) {
    self.init(
      history: { await history.payments() }, providerStatus: providerStatus, clock: clock,
      maxHistoryReads: maxHistoryReads)
  }
}
