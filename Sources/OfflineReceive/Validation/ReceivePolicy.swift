public import Bolt11
public import Secp256k1

/// What an offline invoice must be for this wallet to display it: the request (amount,
/// description), the payee and network, and the lifetime rules of `display`.
@dynamicMemberLookup
public struct ReceivePolicy: Sendable, Equatable {
  /// The exact amount the user asked for.
  public var amount: Millisatoshis
  /// Our own node: the only acceptable payee.
  public var nodeID: PublicKey
  /// The chain the wallet runs on; nil accepts any (the command line without `--network`).
  public var network: Currency?
  /// When set, the invoice must carry exactly this text in a `d` field.
  public var description: String?
  /// How long the invoice may be shown.
  public var display: DisplayPolicy

  /// A policy for one request, with the lifetime rules of `display`.
  public init(
    amount: Millisatoshis, nodeID: PublicKey, network: Currency?, description: String? = nil,
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
    amount: Millisatoshis, nodeID: PublicKey, network: Currency?, description: String? = nil,
    maxDisplaySeconds: UInt64, minRemainingSeconds: UInt64, clockSkewSeconds: UInt64,
    safetyMarginSeconds: UInt64
  ) {
    self.init(
      amount: amount, nodeID: nodeID, network: network, description: description,
      display: DisplayPolicy(
        maxDisplaySeconds: maxDisplaySeconds, minRemainingSeconds: minRemainingSeconds,
        clockSkewSeconds: clockSkewSeconds, safetyMarginSeconds: safetyMarginSeconds))
  }

  /// The lifetime rules of `display`, read and written as the policy's own:
  /// `policy.maxDisplaySeconds` is `policy.display.maxDisplaySeconds`.
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<DisplayPolicy, Value>) -> Value {
    get { display[keyPath: keyPath] }
    set { display[keyPath: keyPath] = newValue }
  }
}
