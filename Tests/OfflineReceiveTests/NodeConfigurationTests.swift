import OfflineReceive
import Testing

/// §2.C: node configuration parsing.
@Suite struct NodeConfigurationTests {
  static let lsp = "02" + String(repeating: "cc", count: 32)
  static let own = "02" + String(repeating: "ee", count: 32)
  static let dd = "02" + String(repeating: "dd", count: 32)

  @Test("C1: toggle off gives no configuration and is not enabled")
  func c1() {
    let configuration = NodeConfiguration.make(
      toggle: false, settlementOverride: nil, trustedPeers: [Self.lsp], witnesses: "")
    #expect(configuration == nil)
    #expect(!NodeConfiguration.isEnabled(configuration, bindingAvailable: true))
  }

  @Test(
    "C2: toggle on without the binding is still not enabled; the configuration depends only on the toggle"
  )
  func c2() {
    let configuration = NodeConfiguration.make(
      toggle: true, settlementOverride: nil, trustedPeers: [Self.lsp], witnesses: "")
    #expect(configuration != nil)
    #expect(!NodeConfiguration.isEnabled(configuration, bindingAvailable: false))
    #expect(NodeConfiguration.isEnabled(configuration, bindingAvailable: true))
  }

  @Test(
    "C3: settlement node: first trusted peer by default; none without peer; invalid override falls back; padded upper case normalised"
  )
  func c3() throws {
    let byDefault = try #require(
      NodeConfiguration.make(
        toggle: true, settlementOverride: nil, trustedPeers: [Self.lsp, Self.dd], witnesses: ""))
    #expect(byDefault.settlementNodeID == Self.lsp)
    #expect(byDefault.witnessNodeIDs.isEmpty)
    #expect(byDefault.invoiceExpirySeconds == 3600)
    #expect(byDefault.settlementDeadlineBlocks == 144)
    #expect(
      NodeConfiguration.make(toggle: true, settlementOverride: nil, trustedPeers: [], witnesses: "")
        == nil)
    let invalid = NodeConfiguration.make(
      toggle: true, settlementOverride: "bad", trustedPeers: [Self.lsp], witnesses: "")
    #expect(invalid?.settlementNodeID == Self.lsp)
    let padded = NodeConfiguration.make(
      toggle: true, settlementOverride: "  " + Self.dd.uppercased() + " \n",
      trustedPeers: [Self.lsp],
      witnesses: "")
    #expect(padded?.settlementNodeID == Self.dd)
  }

  @Test("C4: witness list: order kept, settlement excluded, invalid and duplicates dropped")
  func c4() throws {
    let configuration = try #require(
      NodeConfiguration.make(
        toggle: true, settlementOverride: Self.own, trustedPeers: [Self.lsp],
        witnesses: "\(Self.own), \(Self.dd), bad, \(Self.lsp)\n\(Self.lsp)"))
    #expect(configuration.witnessNodeIDs == [Self.dd, Self.lsp])
  }

  @Test("C5: development defaults of §1.11")
  func c5() {
    let defaults = NodeConfiguration(settlementNodeID: Self.lsp, witnessNodeIDs: [])
    #expect(defaults.invoiceExpirySeconds == 3600 && defaults.safetyMarginSeconds == 120)
    #expect(defaults.settlementDeadlineBlocks == 144 && defaults.deadlineMarginBlocks == 6)
    #expect(defaults.claimMarginBlocks == 20 && defaults.voucherExpiryBlocks == 288)
    #expect(defaults.witnessRetentionBlocks == 288 && defaults.minimumReceipts == 0)
    #expect(defaults.feeBaseMsat == 0 && defaults.feeProportionalMillionths == 0)
    #expect(defaults.nodePollSeconds == 5)
  }
}
