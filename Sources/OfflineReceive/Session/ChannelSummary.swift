/// What the eligibility snapshot needs to know about one channel.
public struct ChannelSummary: Sendable, Hashable {
  /// Whether the channel is marked *ready*. Only ready channels count.
  public var isReady: Bool
  /// Whether the peer is connected; eligibility does not require it.
  public var isUsable: Bool
  /// Inbound capacity in millisatoshis.
  public var inboundCapacityMsat: UInt64

  /// A channel as the eligibility snapshot sees it.
  public init(isReady: Bool, isUsable: Bool, inboundCapacityMsat: UInt64) {
    self.isReady = isReady
    self.isUsable = isUsable
    self.inboundCapacityMsat = inboundCapacityMsat
  }
}
