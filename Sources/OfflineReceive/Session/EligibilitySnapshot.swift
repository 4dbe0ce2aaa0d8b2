public import Bolt11

/// What the wallet knows when it decides whether "receive offline" may be offered.
///
/// Equality covers all four fields: a capacity change alone is a *different* snapshot.
public struct EligibilitySnapshot: Sendable, Hashable {
  /// The requested amount in satoshis; an amountless request is 0.
  public var amountSats: UInt64
  /// Ready inbound capacity in satoshis, or nil when unknown.
  public var inboundCapacitySats: UInt64?
  /// Whether the node is running.
  public var isNodeRunning: Bool
  /// False for savings, hardware and on-chain-only receive sources.
  public var supportsLightning: Bool

  /// A snapshot with a known (or unknown, nil) ready inbound capacity.
  public init(
    amountSats: UInt64, inboundCapacitySats: UInt64?, isNodeRunning: Bool = true,
    supportsLightning: Bool = true
  ) {
    self.amountSats = amountSats
    self.inboundCapacitySats = inboundCapacitySats
    self.isNodeRunning = isNodeRunning
    self.supportsLightning = supportsLightning
  }

  /// A snapshot whose capacity is the ready inbound capacity of `channels` (nil: unknown list).
  public init(
    amountSats: UInt64, channels: [ChannelSummary]?, isNodeRunning: Bool = true,
    supportsLightning: Bool = true
  ) {
    self.init(
      amountSats: amountSats, inboundCapacitySats: Self.readyInboundSats(channels),
      isNodeRunning: isNodeRunning, supportsLightning: supportsLightning)
  }

  /// The amount in millisatoshis, or nil when `amountSats × 1000` does not fit in 64 bits.
  public var amount: Millisatoshis? { Millisatoshis(satoshis: amountSats) }

  /// True only when Lightning is supported, the node is running, the amount is
  /// positive, capacity is known, and amount ≤ capacity. The boundary is inclusive.
  ///
  /// An amount whose msat conversion overflows never has liquidity.
  public var hasLiquidity: Bool {
    guard supportsLightning, isNodeRunning, amountSats > 0, amount != nil,
      let inboundCapacitySats
    else { return false }
    return amountSats <= inboundCapacitySats
  }

  /// The sum of inbound capacity over channels marked *ready*, converted msat→sat by
  /// floor division. Channels that are not ready are ignored; a connected peer is not
  /// required. Capacity is unknown when the channel list itself is unknown.
  ///
  /// A sum past 64 bits of millisatoshis is more than any amount can ask, so it saturates.
  public static func readyInboundSats(_ channels: [ChannelSummary]?) -> UInt64? {
    guard let channels else { return nil }
    var totalMsat: UInt64 = 0
    for channel in channels where channel.isReady {
      totalMsat = totalMsat.addingSaturating(channel.inboundCapacityMsat)
    }
    return totalMsat / 1000
  }
}
