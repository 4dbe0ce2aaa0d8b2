public import Bolt11
public import OfflineReceive
public import Secp256k1

/// A deterministic node implementing the offline-receive node contract (the one
/// `NodeConformance` checks) as a scripted state machine, with fault injection.
///
/// Each `status` call moves a request one stage on (preparing → awaitingActivation →
/// awaitingWitnesses → ready) while the settlement peer is connected (otherwise it stays
/// preparing). Invoices come from the `makeInvoice` closure, so tests sign them with a test key.
/// Time comes from the injected clock: a ready request whose invoice has expired reports
/// `expired`.
///
/// It is both the client (`NodeOfflineReceiveClient`) and its own conformance harness
/// (`NodeConformanceHarness`, whose levers `stopNode()`, `restartProcess()`, ... call `stop()`,
/// `restart()`, ...), so a test can hand it to a `PollingProvider` directly; an adapter's own
/// harness wraps its binding instead, as the adapter article shows.
public actor SimulatedNode: NodeOfflineReceiveClient {
  /// Makes the invoice for a request: (request id, amount, description, created at).
  public typealias InvoiceMaker =
    @Sendable (
      _ requestID: String, _ amount: Millisatoshis, _ description: String, _ createdAt: UInt64
    )
    -> (bolt11: String, expiresAt: UInt64)

  /// Which call a fault applies to.
  public enum Call: Hashable, Sendable {
    /// `canReceive(amount:)`.
    case canReceive
    /// `prepare(requestID:amount:description:)`.
    case prepare
    /// `status(requestID:)`.
    case status
    /// `cancel(requestID:)`.
    case cancel
  }

  private enum Stage: Int, Comparable {
    case preparing, awaitingActivation, awaitingWitnesses, ready
    static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  private struct Request {
    var amount: Millisatoshis
    var description: String
    var stage: Stage = .preparing
    var terminal: NodeRequestStatus?
    var invoice: (bolt11: String, expiresAt: UInt64)?
    /// Ready carries the invoice only after it was released in the current process.
    var releasedInThisProcess = false
    /// Put back at the invoice stage by recovery: the worker re-registers its witnesses on the
    /// next status call and re-releases it on the one after.
    var awaitsRerelease = false
  }

  /// A new request when 64 are already live fails with *unavailable*.
  public static let liveRequestLimit = 64

  private let nodeID: PublicKey
  /// The chain its invoices are for (what `makeInvoice` signs).
  public nonisolated let network: Currency
  /// The node's clock; a `ManualClock` moves on each of the wallet's sleeps.
  public nonisolated let clock: any WallClock
  private let makeInvoice: InvoiceMaker
  private var configured: Bool
  private var running = true
  private var recovered = true
  /// The settlement channel's ready inbound capacity, or nil when there is no ready channel.
  private var inbound: Millisatoshis?
  private var peerConnected = true
  private var table: [String: Request] = [:]
  /// What survives a restart (the node's durable store).
  private var durable: [String: Request] = [:]
  private var lostResponses: [Call: Int] = [:]
  private var injectedErrors: [Call: [NodeError]] = [:]
  /// Every call made, in order, for assertions: "prepare request-1", "status request-1", ...
  public private(set) var calls: [String] = []

  /// A running node with `nodeID` on `network`, whose ready inbound capacity is `inbound` (nil:
  /// unknown, nothing is eligible) and whose invoices `makeInvoice` makes; `configured` false
  /// builds a node without offline receive, where every call throws `.disabled`.
  public init(
    nodeID: PublicKey, clock: any WallClock, network: Currency = .regtest,
    inbound: Millisatoshis? = Millisatoshis(10_000_000_000), configured: Bool = true,
    makeInvoice: @escaping InvoiceMaker
  ) {
    self.nodeID = nodeID
    self.network = network
    self.clock = clock
    self.inbound = inbound
    self.configured = configured
    self.makeInvoice = makeInvoice
  }

  // MARK: - Fault injection and scripting

  /// The next `count` answers to `call` are lost after the node did the work.
  public func loseResponses(_ call: Call, count: Int = 1) {
    lostResponses[call, default: 0] += count
  }
  /// The next calls to `call` fail with these errors, in order, before doing anything.
  public func inject(_ errors: [NodeError], into call: Call) {
    injectedErrors[call, default: []] += errors
  }
  public func setPeerConnected(_ connected: Bool) { peerConnected = connected }
  /// Sets the ready inbound capacity; nil is unknown.
  public func setInbound(_ amount: Millisatoshis?) { inbound = amount }
  /// Stops the node.
  public func stop() { running = false }
  /// Starts a stopped node again, in the same process: its table is kept.
  public func start() { running = true }
  /// A process restart: the in-memory table is lost, durable requests wait for recovery. The
  /// node runs afterwards, whether or not it was stopped.
  public func restart() {
    running = true
    recovered = false
    table = [:]
  }
  /// Start-up recovery: re-inserts every durable request; a released invoice goes back to
  /// awaitingWitnesses until it is re-released.
  public func recover() {
    recovered = true
    for (id, var request) in durable {
      if request.terminal == nil, request.stage == .ready {
        request.stage = .awaitingWitnesses
        request.awaitsRerelease = true
      }
      request.releasedInThisProcess = false
      table[id] = request
    }
  }
  /// The payer pays: the epoch closes and the request settles. Returns the invoice's bolt11 so
  /// a test can derive the payment hash.
  ///
  /// A request that was cancelled or expired after its invoice was released can still be paid:
  /// the payer may have paid before the close took effect.
  @discardableResult
  public func settle(requestID: String, fulfilled: Bool = true) -> String? {
    guard var request = table[requestID] else { return nil }
    switch request.terminal {
    case nil: break
    case .expired?, .failed(reason: "cancelled")?: guard request.invoice != nil else { return nil }
    default: return nil
    }
    request.terminal = .settled(fulfilled: fulfilled)
    store(requestID, request)
    return request.invoice?.bolt11
  }
  /// Forces a request to expire.
  public func expire(requestID: String) {
    guard var request = table[requestID], request.terminal == nil else { return }
    request.terminal = .expired
    store(requestID, request)
  }
  /// Whether the node holds a non-terminal request with this id.
  public func isLive(requestID: String) -> Bool {
    table[requestID].map { $0.terminal == nil } ?? false
  }
  /// How many requests are live (not ended); the node allows one.
  public var liveRequestCount: Int { table.values.count { $0.terminal == nil } }

  // MARK: - The node API

  public func ownNodeID() throws(NodeError) -> PublicKey {
    calls.append("ownNodeID")
    guard configured else { throw .disabled }
    return nodeID
  }

  public func canReceive(amount: Millisatoshis) async throws(NodeError) -> Bool {
    calls.append("canReceive \(amount.rawValue)")
    try gate(.canReceive, needsRunning: true, needsRecovery: true)
    await expireByClock()
    // N3: "Amount 0 answers false."
    guard amount.rawValue > 0 else { return try answer(.canReceive, false) }
    return try answer(.canReceive, isEligible(amount))
  }

  public func prepare(requestID: String, amount: Millisatoshis, description: String)
    async
    throws(NodeError) -> NodeRequestStatus
  {
    calls.append("prepare \(requestID)")
    try gate(.prepare, needsRunning: true, needsRecovery: true)
    await expireByClock()
    if let existing = table[requestID] {
      // N4: "The same id with different arguments fails with *requestConflict*."
      guard existing.amount == amount, existing.description == description else {
        throw .requestConflict
      }
      // N4: "idempotent for the same id with identical (amount, description)".
      return try answer(.prepare, publicStatus(requestID))
    }
    guard amount.rawValue > 0 else { throw .invalidAmount }
    guard liveRequestCount < Self.liveRequestLimit else { throw .unavailable }
    guard isEligible(amount) else { throw .ineligible }
    store(requestID, Request(amount: amount, description: description))
    return try answer(.prepare, .preparing)
  }

  public func status(requestID: String) async throws(NodeError) -> NodeRequestStatus {
    calls.append("status \(requestID)")
    // N2: "Status does not need a running node."
    try gate(.status, needsRunning: false, needsRecovery: false)
    await expireByClock()
    // N6: before recovery "status answers *requestNotFound* for everything".
    guard var request = table[requestID] else { throw .requestNotFound }
    if request.terminal == nil, request.awaitsRerelease {
      // N6: "reports *awaitingWitnesses*, and becomes Ready again once the worker re-releases it".
      request.awaitsRerelease = false
      store(requestID, request)
    } else if request.terminal == nil, peerConnected, request.stage < .ready {
      request.stage = Stage(rawValue: request.stage.rawValue + 1)!
      if request.stage == .ready { await release(&request, requestID: requestID) }
      store(requestID, request)
    } else if request.terminal == nil, request.stage == .ready, !request.releasedInThisProcess {
      await release(&request, requestID: requestID)
      store(requestID, request)
    }
    return try answer(.status, publicStatus(requestID))
  }

  public func cancel(requestID: String) throws(NodeError) {
    calls.append("cancel \(requestID)")
    try gate(.cancel, needsRunning: true, needsRecovery: true)
    guard var request = table[requestID] else { throw .requestNotFound }
    if request.terminal == nil { request.terminal = .failed(reason: "cancelled") }
    store(requestID, request)
    _ = try answer(.cancel, ())
  }

  // MARK: - Internals

  private func gate(_ call: Call, needsRunning: Bool, needsRecovery: Bool) throws(NodeError) {
    // N1: "Every call fails with *disabled* unless offline receive was configured".
    guard configured else { throw .disabled }
    if var errors = injectedErrors[call], !errors.isEmpty {
      let error = errors.removeFirst()
      injectedErrors[call] = errors
      throw error
    }
    if needsRunning, !running { throw .notRunning }
    // N6: "Until recovery has run, capability and prepare fail with *unavailable*".
    if needsRecovery, !recovered { throw .unavailable }
  }

  /// Returns `value`, unless this answer is to be lost.
  private func answer<Value>(_ call: Call, _ value: Value) throws(NodeError) -> Value {
    if let lost = lostResponses[call], lost > 0 {
      lostResponses[call] = lost - 1
      throw .responseLost
    }
    return value
  }

  /// A ready channel, enough inbound, no other live request on the channel.
  private func isEligible(_ amount: Millisatoshis) -> Bool {
    guard let inbound, amount <= inbound else { return false }
    return liveRequestCount == 0
  }

  private func release(_ request: inout Request, requestID: String) async {
    if request.invoice == nil {
      request.invoice = makeInvoice(
        requestID, request.amount, request.description, await clock.now())
    }
    request.releasedInThisProcess = true
  }

  private func publicStatus(_ requestID: String) -> NodeRequestStatus {
    guard let request = table[requestID] else { return .failed(reason: "unknown") }
    if let terminal = request.terminal { return terminal }
    switch request.stage {
    case .preparing: return .preparing
    case .awaitingActivation: return .awaitingActivation
    case .awaitingWitnesses: return .awaitingWitnesses
    case .ready:
      guard request.releasedInThisProcess, let invoice = request.invoice else {
        return .awaitingWitnesses
      }
      return .ready(bolt11: invoice.bolt11)
    }
  }

  /// A request whose invoice has expired closes and reports expired.
  private func expireByClock() async {
    let now = await clock.now()
    for (id, request) in table where request.terminal == nil {
      if let invoice = request.invoice, ExpiryRule.isExpired(expiresAt: invoice.expiresAt, at: now)
      {
        var expired = request
        expired.terminal = .expired
        store(id, expired)
      }
    }
  }

  private func store(_ requestID: String, _ request: Request) {
    table[requestID] = request
    durable[requestID] = request
  }
}
