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

  /// The policy of one request of the wallet `scope`: the one place a request's policy is made.
  init(
    _ scope: WalletScope, amount: Millisatoshis, description: String?, display: DisplayPolicy
  ) {
    self.init(
      amount: amount, nodeID: scope.nodeID, network: scope.network, description: description,
      display: display)
  }

  /// The lifetime rules of `display`, read and written as the policy's own:
  /// `policy.maxDisplaySeconds` is `policy.display.maxDisplaySeconds`.
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<DisplayPolicy, Value>) -> Value {
    get { display[keyPath: keyPath] }
    set { display[keyPath: keyPath] = newValue }
  }

  /// The payer's check with the receiver's preset: exactly ``amount`` (an amountless invoice
  /// does not do), ``nodeID`` as the only payee, ``network``, ``description`` as a direct `d`
  /// field, the clock skew as the future tolerance, and the minimum lifetime counted to the
  /// safety margin.
  public var expectations: InvoiceExpectations {
    var expectations = InvoiceExpectations()
    expectations.amount = amount
    expectations.payees = [nodeID]
    expectations.network = network
    expectations.description = description.map(InvoiceExpectations.Description.directText)
    expectations.maxFutureSeconds = display.clockSkewSeconds
    expectations.minRemainingSeconds = display.minRemainingSeconds
    expectations.expiryMarginSeconds = display.safetyMarginSeconds
    return expectations
  }
}
