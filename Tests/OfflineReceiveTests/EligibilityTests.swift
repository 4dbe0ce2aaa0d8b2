import OfflineReceive
import Testing

/// §1.1 and the pre-existing wallet scenarios W4/W5 over the eligibility snapshot.
@Suite struct EligibilityTests {
  @Test(
    "1.1: has-liquidity needs Lightning, a running node, a positive amount, known capacity, amount <= capacity"
  )
  func hasLiquidity() {
    #expect(EligibilitySnapshot(amountSats: 1000, inboundCapacitySats: 1000).hasLiquidity)
    #expect(!EligibilitySnapshot(amountSats: 1001, inboundCapacitySats: 1000).hasLiquidity)
    #expect(!EligibilitySnapshot(amountSats: 0, inboundCapacitySats: 1000).hasLiquidity)
    #expect(!EligibilitySnapshot(amountSats: 1, inboundCapacitySats: nil).hasLiquidity)
    #expect(
      !EligibilitySnapshot(amountSats: 1, inboundCapacitySats: 5, isNodeRunning: false)
        .hasLiquidity)
    #expect(
      !EligibilitySnapshot(amountSats: 1, inboundCapacitySats: 5, supportsLightning: false)
        .hasLiquidity)
  }

  @Test("1.1: sat to msat is checked; an amount that overflows never has liquidity")
  func checkedConversion() {
    // UInt64.max / 1000 = 18_446_744_073_709_551 sats is the largest that fits.
    let largest: UInt64 = 18_446_744_073_709_551
    #expect(EligibilitySnapshot(amountSats: largest, inboundCapacitySats: .max).amount != nil)
    let over = EligibilitySnapshot(amountSats: largest + 1, inboundCapacitySats: .max)
    #expect(over.amount == nil)
    #expect(!over.hasLiquidity)
  }

  @Test("1.1: equality covers all four fields; a capacity change alone is a different snapshot")
  func equality() {
    let base = EligibilitySnapshot(amountSats: 1000, inboundCapacitySats: 1000)
    #expect(base == EligibilitySnapshot(amountSats: 1000, inboundCapacitySats: 1000))
    #expect(base != EligibilitySnapshot(amountSats: 1000, inboundCapacitySats: 1001))
    #expect(base != EligibilitySnapshot(amountSats: 1000, inboundCapacitySats: nil))
  }

  @Test("W4: a channel that is not ready does not count: ready inbound is 0, no invoice")
  func w4() {
    let channels = [ChannelSummary(isReady: false, isUsable: true, inboundCapacityMsat: 50_000_000)]
    #expect(EligibilitySnapshot.readyInboundSats(channels) == 0)
    #expect(!EligibilitySnapshot(amountSats: 1, channels: channels).hasLiquidity)
    #expect(!ReceiveFlow.canCreateLightningInvoice(amountSats: nil, channels: channels))
  }

  @Test("W5: only ready channels count (usable not required); the boundary is inclusive")
  func w5() {
    let channels = [
      ChannelSummary(isReady: false, isUsable: true, inboundCapacityMsat: 100_000_000),
      ChannelSummary(isReady: true, isUsable: false, inboundCapacityMsat: 25_000_000),
    ]
    #expect(EligibilitySnapshot.readyInboundSats(channels) == 25_000)
    #expect(ReceiveFlow.canCreateLightningInvoice(amountSats: 25_000, channels: channels))
    #expect(!ReceiveFlow.canCreateLightningInvoice(amountSats: 25_001, channels: channels))
  }

  @Test("1.1: msat to sat is floor division of the sum; an unknown list is unknown capacity")
  func floorAndUnknown() {
    let channels = [
      ChannelSummary(isReady: true, isUsable: true, inboundCapacityMsat: 1_999),
      ChannelSummary(isReady: true, isUsable: true, inboundCapacityMsat: 1),
    ]
    #expect(EligibilitySnapshot.readyInboundSats(channels) == 2)
    #expect(EligibilitySnapshot.readyInboundSats(nil) == nil)
  }
}
