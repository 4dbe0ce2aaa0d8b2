public import Bolt11
public import Secp256k1

/// The node's offline-receive API, as the provider reaches it: what a provider adapter
/// implements over its node binding.
///
/// The contract every adapter keeps (`NodeConformance` in `OfflineReceiveTesting` checks it):
/// - Every call throws `.disabled` when offline receive was not configured when the node was
///   built, `ownNodeID()` included.
/// - `canReceive`, `prepare` and `cancel` throw `.notRunning` on a stopped node; `status` still
///   answers.
/// - After a process restart and until the node's start-up recovery has run, `canReceive`,
///   `prepare` and `cancel` throw `.unavailable` and `status` throws `.requestNotFound` for every
///   id. A `cancel` that answers `.requestNotFound` then has cancelled nothing: the provider
///   believes a not-found cancel only once `canReceive` no longer throws `.unavailable`, and
///   otherwise keeps the cancel pending and retries it after the recovery.
/// - After the recovery, a request whose invoice was released before the restart answers
///   `.awaitingWitnesses` until the node releases the invoice again in the new process; only
///   then does `status` answer `.ready`, with the same invoice.
/// - The node allows one live request per settlement channel: while one is live, `canReceive`
///   answers false and a `prepare` under a new id throws `.ineligible`.
/// - Errors are `NodeError`; the adapter maps its binding's errors onto them and keeps the
///   binding's own text in the error's description where it has one.
public protocol NodeOfflineReceiveClient: Sendable {
  /// The node's own id: the payee of its invoices.
  func ownNodeID() async throws(NodeError) -> PublicKey
  /// Whether a new request for `amount` would be eligible now. Reserves nothing; zero
  /// answers false.
  func canReceive(amount: Millisatoshis) async throws(NodeError) -> Bool
  /// Starts a request under `requestID`, or, for the same id with the same amount and
  /// description, returns its current status (the call is idempotent, so a lost answer is
  /// retried safely). The first status is normally `.preparing`.
  ///
  /// - Throws: `.requestConflict` for a known id with other arguments, `.ineligible` when no
  ///   settlement channel can take a new request, `.invalidAmount` for zero.
  func prepare(requestID: String, amount: Millisatoshis, description: String)
    async throws(NodeError) -> NodeRequestStatus
  /// The current status of a request; `.ready` carries the invoice once the node has released
  /// it in this process.
  ///
  /// - Throws: `.requestNotFound` for an id the node does not hold (yet).
  func status(requestID: String) async throws(NodeError) -> NodeRequestStatus
  /// Cancels a request: afterwards its status is `.failed(reason: "cancelled")` and the
  /// channel can take a new request.
  ///
  /// - Throws: `.requestNotFound` for an unknown id; `.unavailable` before the node's start-up
  ///   recovery has run.
  func cancel(requestID: String) async throws(NodeError)
}
