public import Bolt11

/// What the wallet knows when it decides whether "receive offline" may be offered.
///
/// Equality covers all four fields: a capacity change alone is a *different* snapshot.
public struct EligibilitySnapshot: Sendable, Hashable {
  /// The requested amount; an amountless request is 0.
  public var amount: Millisatoshis
  /// Ready inbound capacity, or nil when unknown.
  public var inboundCapacity: Millisatoshis?
  /// Whether the node is running.
  public var isNodeRunning: Bool
  /// False for savings, hardware and on-chain-only receive sources.
  public var supportsLightning: Bool

  /// A snapshot with a known (or unknown, nil) ready inbound capacity.
  public init(
    amount: Millisatoshis, inboundCapacity: Millisatoshis?, isNodeRunning: Bool = true,
    supportsLightning: Bool = true
  ) {
    self.amount = amount
    self.inboundCapacity = inboundCapacity
    self.isNodeRunning = isNodeRunning
    self.supportsLightning = supportsLightning
  }

  /// A snapshot whose capacity is the ready inbound capacity of `channels` (nil: unknown list).
  public init(
    amount: Millisatoshis, channels: [ChannelSummary]?, isNodeRunning: Bool = true,
    supportsLightning: Bool = true
  ) {
    self.init(
      amount: amount, inboundCapacity: Self.readyInboundCapacity(channels),
      isNodeRunning: isNodeRunning, supportsLightning: supportsLightning)
  }

  /// True only when Lightning is supported, the node is running, the amount is
  /// positive, capacity is known, and amount ≤ capacity. The boundary is inclusive.
  ///
  /// Amount and capacity compare in millisatoshis, so a capacity's fraction of a satoshi
  /// counts.
  public var hasLiquidity: Bool {
    guard supportsLightning, isNodeRunning, amount.rawValue > 0, let inboundCapacity
    else { return false }
    return amount <= inboundCapacity
  }

  /// The sum of inbound capacity over channels marked *ready*. Channels that are not ready
  /// are ignored; a connected peer is not required. Capacity is unknown when the channel list
  /// itself is unknown.
  ///
  /// A sum past 64 bits of millisatoshis is more than any amount can ask, so it saturates.
  public static func readyInboundCapacity(_ channels: [ChannelSummary]?) -> Millisatoshis? {
    guard let channels else { return nil }
    var total: UInt64 = 0
    for channel in channels where channel.isReady {
      total = total.addingSaturating(channel.inboundCapacity.rawValue)
    }
    return Millisatoshis(total)
  }
}
