public import Bolt11

/// What an offline invoice must be for this wallet to display it.
///
/// Defaults follow the contract's `bolt11 validate` options: `--max-display-seconds` 3600,
/// `--min-remaining-seconds` 60, `--clock-skew-seconds` 60, `--safety-margin-seconds` 0.
public struct ReceivePolicy: Sendable, Equatable {
  /// The exact amount the user asked for.
  public var amount: Millisatoshis
  /// Our own node: the only acceptable payee.
  public var nodeID: NodeID
  /// The chain the wallet runs on; nil accepts any (the command line without `--network`).
  public var network: Currency?
  /// When set, the invoice must carry exactly this text in a `d` field.
  public var description: String?
  /// The longest the invoice may be shown, counted from validation.
  public var maxDisplaySeconds: UInt64
  /// The least lifetime left (before the safety margin) for the invoice to be worth showing.
  public var minRemainingSeconds: UInt64
  /// How far in the future a signed timestamp may lie, for clocks that disagree.
  public var clockSkewSeconds: UInt64
  /// Seconds before the signed expiry at which the wallet stops showing the invoice.
  public var safetyMarginSeconds: UInt64

  public init(
    amount: Millisatoshis, nodeID: NodeID, network: Currency?, description: String? = nil,
    maxDisplaySeconds: UInt64 = 3600, minRemainingSeconds: UInt64 = 60,
    clockSkewSeconds: UInt64 = 60, safetyMarginSeconds: UInt64 = 0
  ) {
    self.amount = amount
    self.nodeID = nodeID
    self.network = network
    self.description = description
    self.maxDisplaySeconds = maxDisplaySeconds
    self.minRemainingSeconds = minRemainingSeconds
    self.clockSkewSeconds = clockSkewSeconds
    self.safetyMarginSeconds = safetyMarginSeconds
  }
}
