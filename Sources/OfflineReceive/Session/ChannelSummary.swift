/// What the eligibility snapshot needs to know about one channel (spec §1.1, "Capacity source").
public struct ChannelSummary: Sendable, Hashable {
  /// Whether the channel is marked *ready*. Only ready channels count.
  public var isReady: Bool
  /// Whether the peer is connected. Spec §1.1: "usable" is **not** required.
  public var isUsable: Bool
  /// Inbound capacity in millisatoshis.
  public var inboundCapacityMsat: UInt64

  public init(isReady: Bool, isUsable: Bool, inboundCapacityMsat: UInt64) {
    self.isReady = isReady
    self.isUsable = isUsable
    self.inboundCapacityMsat = inboundCapacityMsat
  }
}
