/// The node's offline-receive configuration, as developer settings produce it (spec §1.11,
/// §2.C).
public struct NodeConfiguration: Sendable, Hashable {
  /// The settlement node (an LSP), lower-case hex.
  public var settlementNodeID: String
  /// Witnesses, lower-case hex, in input order, without the settlement node.
  public var witnessNodeIDs: [String]
  // Spec §1.11 development defaults.
  public var invoiceExpirySeconds: UInt64 = 3600
  public var safetyMarginSeconds: UInt64 = 120
  public var settlementDeadlineBlocks: UInt32 = 144
  public var deadlineMarginBlocks: UInt32 = 6
  public var claimMarginBlocks: UInt32 = 20
  public var voucherExpiryBlocks: UInt32 = 288
  public var witnessRetentionBlocks: UInt32 = 288
  public var minimumReceipts: UInt32 = 0
  public var feeBaseMsat: UInt64 = 0
  public var feeProportionalMillionths: UInt32 = 0
  public var nodePollSeconds: UInt64 = 5

  public init(settlementNodeID: String, witnessNodeIDs: [String]) {
    self.settlementNodeID = settlementNodeID
    self.witnessNodeIDs = witnessNodeIDs
  }

  /// The configuration for these settings, or nil.
  ///
  /// Spec §2.C: no configuration when the toggle is off; the settlement node is "the override if
  /// valid, otherwise the first trusted LSP peer. If neither exists, no configuration".
  public static func make(
    toggle: Bool, settlementOverride: String?, trustedPeers: [String], witnesses: String
  ) -> NodeConfiguration? {
    guard toggle else { return nil }
    let settlement =
      settlementOverride.flatMap(normalizedNodeID)
      ?? trustedPeers.lazy.compactMap(normalizedNodeID).first
    guard let settlement else { return nil }
    return NodeConfiguration(
      settlementNodeID: settlement, witnessNodeIDs: parseWitnesses(witnesses, excluding: settlement)
    )
  }

  /// Spec §2.C: "Toggle on in a build without the binding: still not enabled. The
  /// configuration itself depends only on the toggle."
  public static func isEnabled(_ configuration: NodeConfiguration?, bindingAvailable: Bool) -> Bool
  {
    configuration != nil && bindingAvailable
  }

  /// Spec §1.11: "66 hex characters starting `02` or `03`, case-insensitive on input and
  /// normalised to lower case"; surrounding white space is ignored.
  public static func normalizedNodeID(_ text: String) -> String? {
    let trimmed = text.split(whereSeparator: \.isWhitespace)
    guard trimmed.count == 1 else { return nil }
    return NodeID(hex: String(trimmed[0]))?.description
  }

  /// Spec §1.11: "separators are commas, whitespace and newlines; invalid ids and duplicates are
  /// dropped; the settlement id is removed from the witness list."
  public static func parseWitnesses(_ text: String, excluding settlement: String) -> [String] {
    var seen: Set<String> = [settlement]
    var result: [String] = []
    for token in text.split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
      guard let id = normalizedNodeID(String(token)), seen.insert(id).inserted else { continue }
      result.append(id)
    }
    return result
  }
}
