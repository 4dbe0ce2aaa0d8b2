public import Bolt11
public import Secp256k1

/// What an offline invoice must be for this wallet to display it: the request (amount,
/// description), the payee and network, and the shared rules of `display` (lifetime, final
/// CLTV).
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

  /// The largest `min_final_cltv_expiry_delta` a receiver shows by default: 432 blocks, three
  /// days.
  ///
  /// Payers cap the whole lock of a payment, the payee's final delta plus every hop's: LDK and
  /// Eclair at 1,008 blocks by default (LDK's `DEFAULT_MAX_TOTAL_CLTV_EXPIRY_DELTA`, Eclair's
  /// path-finding `max-cltv`), lnd and Core Lightning at 2,016 (lnd's `max-cltv-expiry`, Core
  /// Lightning's `maxdelay`). The final delta shares the strictest of these with the route:
  /// 432 leaves 576 blocks, four hops of 144 (the largest common per-hop delta), under 1,008.
  /// Nodes ask 18 to 144 blocks by default, so an ordinary invoice keeps far below it.
  public static let defaultMaxFinalCLTVExpiryDelta: UInt64 = 432

  /// The payer's expectation rules as a receiver sets them: exactly ``amount`` (an amountless
  /// invoice does not do), ``nodeID`` as the only payee, ``network``, ``description`` as a
  /// direct `d` field, the clock skew as the future tolerance, the minimum lifetime counted to
  /// the safety margin, and the final CLTV bound.
  public var expectations: InvoiceExpectations {
    var expectations = InvoiceExpectations()
    expectations.amount = amount
    expectations.payees = [nodeID]
    expectations.network = network
    expectations.description = description.map(InvoiceExpectations.Description.directText)
    expectations.maxFutureSeconds = display.clockSkewSeconds
    expectations.minRemainingSeconds = display.minRemainingSeconds
    expectations.expiryMarginSeconds = display.safetyMarginSeconds
    expectations.maxFinalCLTVExpiryDelta = display.maxFinalCLTVExpiryDelta
    return expectations
  }

  /// The names of the policy's numeric rules, as vector files spell them; the command line's
  /// options are the same names with dashes (`--max-cltv`).
  package static let numericRuleNames = [
    "max_display_seconds", "min_remaining_seconds", "clock_skew_seconds",
    "safety_margin_seconds", "max_cltv",
  ]

  /// Sets the numeric rule `name` (one of ``numericRuleNames``) to `value`: the one place a
  /// policy is read from named settings. Returns false for another name.
  package mutating func set(_ name: String, to value: UInt64) -> Bool {
    switch name {
    case "max_display_seconds": display.maxDisplaySeconds = value
    case "min_remaining_seconds": display.minRemainingSeconds = value
    case "clock_skew_seconds": display.clockSkewSeconds = value
    case "safety_margin_seconds": display.safetyMarginSeconds = value
    case "max_cltv": display.maxFinalCLTVExpiryDelta = value
    default: return false
    }
    return true
  }
}
