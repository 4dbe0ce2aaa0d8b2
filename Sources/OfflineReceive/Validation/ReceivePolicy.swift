public import Bolt11

/// What an offline invoice must be for this wallet to display it: the request (amount,
/// description), the payee and network, and the lifetime rules of `display`.
public struct ReceivePolicy: Sendable, Equatable {
  /// The exact amount the user asked for.
  public var amount: Millisatoshis
  /// Our own node: the only acceptable payee.
  public var nodeID: NodeID
  /// The chain the wallet runs on; nil accepts any (the command line without `--network`).
  public var network: Currency?
  /// When set, the invoice must carry exactly this text in a `d` field.
  public var description: String?
  /// How long the invoice may be shown.
  public var display: DisplayPolicy

  /// A policy for one request, with the lifetime rules of `display`.
  public init(
    amount: Millisatoshis, nodeID: NodeID, network: Currency?, description: String? = nil,
    display: DisplayPolicy = DisplayPolicy()
  ) {
    self.amount = amount
    self.nodeID = nodeID
    self.network = network
    self.description = description
    self.display = display
  }

  /// A policy for one request, with each lifetime rule given on its own.
  public init(
    amount: Millisatoshis, nodeID: NodeID, network: Currency?, description: String? = nil,
    maxDisplaySeconds: UInt64, minRemainingSeconds: UInt64, clockSkewSeconds: UInt64,
    safetyMarginSeconds: UInt64
  ) {
    self.init(
      amount: amount, nodeID: nodeID, network: network, description: description,
      display: DisplayPolicy(
        maxDisplaySeconds: maxDisplaySeconds, minRemainingSeconds: minRemainingSeconds,
        clockSkewSeconds: clockSkewSeconds, safetyMarginSeconds: safetyMarginSeconds))
  }

  /// `display.maxDisplaySeconds`.
  public var maxDisplaySeconds: UInt64 {
    get { display.maxDisplaySeconds }
    set { display.maxDisplaySeconds = newValue }
  }
  /// `display.minRemainingSeconds`.
  public var minRemainingSeconds: UInt64 {
    get { display.minRemainingSeconds }
    set { display.minRemainingSeconds = newValue }
  }
  /// `display.clockSkewSeconds`.
  public var clockSkewSeconds: UInt64 {
    get { display.clockSkewSeconds }
    set { display.clockSkewSeconds = newValue }
  }
  /// `display.safetyMarginSeconds`.
  public var safetyMarginSeconds: UInt64 {
    get { display.safetyMarginSeconds }
    set { display.safetyMarginSeconds = newValue }
  }
}
