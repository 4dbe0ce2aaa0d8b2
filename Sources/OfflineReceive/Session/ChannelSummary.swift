public import Bolt11

/// What the eligibility snapshot needs to know about one channel.
public struct ChannelSummary: Sendable, Hashable {
  /// Whether the channel is marked *ready*. Only ready channels count.
  public var isReady: Bool
  /// Whether the peer is connected; eligibility does not require it.
  public var isUsable: Bool
  /// Inbound capacity.
  public var inboundCapacity: Millisatoshis

  /// A channel as the eligibility snapshot sees it.
  public init(isReady: Bool, isUsable: Bool, inboundCapacity: Millisatoshis) {
    self.isReady = isReady
    self.isUsable = isUsable
    self.inboundCapacity = inboundCapacity
  }
}
