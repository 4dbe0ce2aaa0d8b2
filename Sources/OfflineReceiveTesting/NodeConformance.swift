internal import Bolt11
internal import OfflineReceive

/// The node-side offline-receive contract as runnable scenarios, for `SimulatedNode` and for any
/// adapter's own client.
///
/// Each scenario builds fresh nodes from the factory and returns the broken expectations; an
/// empty list is a pass.
public enum NodeConformance {
  /// Makes a fresh node, configured for offline receive or not, with a ready settlement
  /// channel of ample inbound capacity and the peer connected.
  public typealias Factory = @Sendable (_ configured: Bool) async -> any NodeConformanceHarness

  /// Every scenario id: the node-side contract (`N1` to `N10`), then the wallet-side lifecycle
  /// through `PollingProvider` (`refused-invoice`, `payment`, `late-payment`, `failed-cancel`,
  /// `restart`), then the bugs an adapter's node was found with (`settled-stays-settled`,
  /// `paid-after-cancel`, `ready-after-recovery`, `lost-answer`, `cancel-before-recovery`,
  /// `unpaid-settlement`).
  public static let scenarios = (1...10).map { "N\($0)" } + lifecycleScenarios

  /// The amount every scenario asks: 1000 sat.
  static let amount = Millisatoshis(1_000_000)

  /// Runs one scenario.
  public static func run(_ id: String, factory: Factory) async -> [String] {
    var failures: [String] = []
    func check(_ condition: Bool, _ message: String) {
      if !condition { failures.append("\(id): \(message)") }
    }
    switch id {
    case "N1": await n1(factory, check)
    case "N2": await n2(factory, check)
    case "N3": await n3(factory, check)
    case "N4": await n4(factory, check)
    case "N5": await n5(factory, check)
    case "N6": await n6(factory, check)
    case "N7": await n7(factory, check)
    case "N8": await n8(factory, check)
    case "N9": await n9(factory, check)
    case "N10": await n10(factory, check)
    case "refused-invoice": await refusedInvoice(factory, check)
    case "payment": await payment(factory, check)
    case "late-payment": await latePayment(factory, check)
    case "failed-cancel": await failedCancel(factory, check)
    case "restart": await restart(factory, check)
    case "settled-stays-settled": await settledStaysSettled(factory, check)
    case "paid-after-cancel": await paidAfterCancel(factory, check)
    case "ready-after-recovery": await readyAfterRecovery(factory, check)
    case "lost-answer": await lostAnswer(factory, check)
    case "cancel-before-recovery": await cancelBeforeRecovery(factory, check)
    case "unpaid-settlement": await unpaidSettlement(factory, check)
    default: check(false, "no such scenario")
    }
    return failures
  }

  typealias Check = (Bool, String) -> Void

  /// What a call threw, or nil when it answered.
  /// The client's calls throw only `NodeError`, so any other error cannot occur.
  static func error<Value>(_ body: () async throws -> Value) async -> NodeError? {
    do {
      _ = try await body()
      return nil
    } catch { return error as? NodeError }
  }

  /// Checks that each named call throws `expected`.
  static func expect(
    _ expected: NodeError, _ check: Check,
    _ calls: [(name: String, call: () async throws -> Void)]
  ) async {
    for (name, call) in calls {
      let thrown = await error(call)
      check(thrown == expected, "\(name) threw \(String(describing: thrown)), not \(expected)")
    }
  }

  /// Polls status until ready (at most 16 calls), returning the invoice.
  static func pollToReady(_ node: any NodeOfflineReceiveClient, _ id: String) async -> String? {
    for _ in 0..<16 {
      if case .ready(let bolt11)? = try? await node.status(requestID: id) { return bolt11 }
    }
    return nil
  }

  // N1: "Every call fails with *disabled* unless offline receive was configured".
  static func n1(_ factory: Factory, _ check: Check) async {
    let node = await factory(false).client
    await expect(
      .disabled, check,
      [
        ("ownNodeID", { _ = try await node.ownNodeID() }),
        ("canReceive", { _ = try await node.canReceive(amount: amount) }),
        (
          "prepare", { _ = try await node.prepare(requestID: "a", amount: amount, description: "") }
        ),
        ("status", { _ = try await node.status(requestID: "a") }),
        ("cancel", { _ = try await node.cancel(requestID: "a") }),
      ])
  }

  // N2: "Capability, prepare and cancel need a running node ... Status does not".
  static func n2(_ factory: Factory, _ check: Check) async {
    let harness = await factory(true)
    let node = harness.client
    _ = try? await node.prepare(requestID: "a", amount: amount, description: "")
    await harness.stopNode()
    await expect(
      .notRunning, check,
      [
        ("canReceive", { _ = try await node.canReceive(amount: amount) }),
        (
          "prepare", { _ = try await node.prepare(requestID: "b", amount: amount, description: "") }
        ),
        ("cancel", { _ = try await node.cancel(requestID: "a") }),
      ])
    check(
      await error { try await node.status(requestID: "a") } == nil, "status needs a running node")
  }

  // N3: amount 0 is false; one live request per settlement channel; unavailable before recovery.
  static func n3(_ factory: Factory, _ check: Check) async {
    let harness = await factory(true)
    let node = harness.client
    check((try? await node.canReceive(amount: Millisatoshis(0))) == false, "amount 0 is eligible")
    check(
      (try? await node.canReceive(amount: amount)) == true,
      "a ready channel is not eligible")
    _ = try? await node.prepare(requestID: "a", amount: amount, description: "")
    check(
      (try? await node.canReceive(amount: amount)) == false,
      "eligible while another request is live on the channel")
    check(
      await error {
        try await node.prepare(requestID: "b", amount: amount, description: "")
      }
        == .ineligible, "a second live request is not ineligible")
    await harness.restartProcess()
    check(
      await error { try await node.canReceive(amount: amount) } == .unavailable,
      "capability before recovery is not unavailable")
  }

  // N4: idempotent for the same id and arguments; conflict otherwise; first status preparing.
  static func n4(_ factory: Factory, _ check: Check) async {
    let node = await factory(true).client
    let first = try? await node.prepare(requestID: "a", amount: amount, description: "x")
    check(first == .preparing, "the first status is not preparing")
    let again = try? await node.prepare(requestID: "a", amount: amount, description: "x")
    check(again != nil && again?.isTerminal == false, "the same prepare is not idempotent")
    check(
      await error {
        try await node.prepare(
          requestID: "a", amount: Millisatoshis(amount.rawValue + 1), description: "x")
      }
        == .requestConflict, "other arguments are not a conflict")
    check(
      await error {
        try await node.prepare(requestID: "z", amount: Millisatoshis(0), description: "")
      }
        == .invalidAmount, "amount 0 is not invalidAmount")
  }

  // N5: unknown id is requestNotFound; stages lead to ready(bolt11); cancel is failed("cancelled").
  static func n5(_ factory: Factory, _ check: Check) async {
    let node = await factory(true).client
    check(
      await error { try await node.status(requestID: "nope") } == .requestNotFound, "unknown id")
    _ = try? await node.prepare(requestID: "a", amount: amount, description: "")
    check(await pollToReady(node, "a") != nil, "never became ready")
    try? await node.cancel(requestID: "a")
    check(
      (try? await node.status(requestID: "a")) == .failed(reason: "cancelled"),
      "a cancelled request is not failed(cancelled)")
  }

  // N6: after a restart, status is requestNotFound until recovery, then awaitingWitnesses, then
  // ready again once re-released.
  static func n6(_ factory: Factory, _ check: Check) async {
    let harness = await factory(true)
    let node = harness.client
    _ = try? await node.prepare(requestID: "a", amount: amount, description: "")
    let before = await pollToReady(node, "a")
    await harness.restartProcess()
    check(
      await error { try await node.status(requestID: "a") } == .requestNotFound,
      "status before recovery is not requestNotFound")
    check(
      await error {
        try await node.prepare(requestID: "a", amount: amount, description: "")
      }
        == .unavailable, "prepare before recovery is not unavailable")
    await harness.runRecovery()
    let recovered = try? await node.prepare(requestID: "a", amount: amount, description: "")
    check(
      recovered == .awaitingWitnesses, "a released request does not resume at the invoice stage")
    let after = await pollToReady(node, "a")
    check(
      after != nil && after == before, "the recovered request is not ready with the same invoice")
  }

  // N7: cancel of an unknown id is requestNotFound; before activation it fails the request.
  static func n7(_ factory: Factory, _ check: Check) async {
    let node = await factory(true).client
    check(
      await error { try await node.cancel(requestID: "nope") } == .requestNotFound, "unknown id")
    _ = try? await node.prepare(requestID: "a", amount: amount, description: "")
    check(await error { try await node.cancel(requestID: "a") } == nil, "cancel failed")
    check(
      (try? await node.status(requestID: "a")) == .failed(reason: "cancelled"),
      "not failed(cancelled)")
    check((try? await node.canReceive(amount: amount)) == true, "the channel was not freed")
  }

  // N8: past its deadline after activation, a request reports expired.
  static func n8(_ factory: Factory, _ check: Check) async {
    let harness = await factory(true)
    let node = harness.client
    _ = try? await node.prepare(requestID: "a", amount: amount, description: "")
    _ = await pollToReady(node, "a")
    await harness.expireRequest("a")
    check((try? await node.status(requestID: "a")) == .expired, "not expired")
  }

  // N9: without the settlement peer, preparing lasts indefinitely.
  static func n9(_ factory: Factory, _ check: Check) async {
    let harness = await factory(true)
    let node = harness.client
    await harness.setPeerConnected(false)
    _ = try? await node.prepare(requestID: "a", amount: amount, description: "")
    for _ in 0..<8 {
      check((try? await node.status(requestID: "a")) == .preparing, "moved on without the peer")
    }
  }

  // N10: settlement is reported as settled; the channel is eligible again once it is terminal.
  static func n10(_ factory: Factory, _ check: Check) async {
    let harness = await factory(true)
    let node = harness.client
    _ = try? await node.prepare(requestID: "a", amount: amount, description: "")
    _ = await pollToReady(node, "a")
    check(
      (try? await node.canReceive(amount: amount)) == false, "eligible during the epoch")
    await harness.settleRequest("a")
    check((try? await node.status(requestID: "a")) == .settled(fulfilled: true), "not settled")
    check(
      (try? await node.canReceive(amount: amount)) == true, "not eligible after the epoch")
  }
}
