public import Chains
public import Secp256k1

/// A blinded path: an introduction node anyone can reach, a key to share a secret with it, and
/// hops whose node ids are blinded, each with data only that hop can read.
///
/// Every key is a point on the curve, and there is at least one hop: the reader refuses a path
/// with none.
public struct BlindedPath: Sendable, Hashable {
  /// The introduction node: a node id, or one end of a channel.
  public enum FirstNode: Sendable, Hashable {
    /// The node with this id.
    case nodeID(PublicKey)
    /// One end of a channel: `direction` 0 names the channel's first node (`node_id_1` of its
    /// announcement), 1 its second.
    case channel(ShortChannelID, direction: UInt8)
  }

  /// One hop of the path.
  public struct Hop: Sendable, Hashable {
    /// The hop's blinded node id.
    public let blindedNodeID: PublicKey
    /// The data encrypted to the hop.
    public let encryptedRecipientData: [UInt8]

    /// Makes a hop; ``OfferBuilder`` refuses a key off the curve and data over 65,535 bytes.
    public init(blindedNodeID: PublicKey, encryptedRecipientData: [UInt8]) {
      self.blindedNodeID = blindedNodeID
      self.encryptedRecipientData = encryptedRecipientData
    }
  }

  /// The introduction node (`first_node_id`).
  public let firstNode: FirstNode
  /// The key the introduction node shares a secret with (`first_path_key`).
  public let firstPathKey: PublicKey
  /// The hops (`path`), at least one.
  public let hops: [Hop]

  /// Makes a path; ``OfferBuilder`` refuses one without hops, with a key off the curve or with
  /// more than 255 hops.
  public init(firstNode: FirstNode, firstPathKey: PublicKey, hops: [Hop]) {
    self.firstNode = firstNode
    self.firstPathKey = firstPathKey
    self.hops = hops
  }
}
