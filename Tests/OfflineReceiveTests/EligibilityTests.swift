import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import Testing

/// §1.1 and the pre-existing wallet scenarios W4/W5 over the eligibility snapshot.
@Suite struct EligibilityTests {
  @Test(
    "1.1: has-liquidity needs Lightning, a running node, a positive amount, known capacity, amount <= capacity"
  )
  func hasLiquidity() {
    #expect(EligibilitySnapshot(amount: .sats(1000), inboundCapacity: .sats(1000)).hasLiquidity)
    #expect(!EligibilitySnapshot(amount: .sats(1001), inboundCapacity: .sats(1000)).hasLiquidity)
    #expect(!EligibilitySnapshot(amount: .sats(0), inboundCapacity: .sats(1000)).hasLiquidity)
    #expect(!EligibilitySnapshot(amount: .sats(1), inboundCapacity: nil).hasLiquidity)
    #expect(
      !EligibilitySnapshot(amount: .sats(1), inboundCapacity: .sats(5), isNodeRunning: false)
        .hasLiquidity)
    #expect(
      !EligibilitySnapshot(amount: .sats(1), inboundCapacity: .sats(5), supportsLightning: false)
        .hasLiquidity)
  }

  @Test("1.1: sat to msat is checked before a snapshot exists; the top of the range compares")
  func checkedConversion() throws {
    // UInt64.max / 1000 = 18_446_744_073_709_551 sats is the largest that fits.
    let largest: UInt64 = 18_446_744_073_709_551
    let amount = try #require(Millisatoshis(satoshis: largest))
    #expect(amount.rawValue == 18_446_744_073_709_551_000)
    #expect(Millisatoshis(satoshis: largest + 1) == nil)
    let top = Millisatoshis(UInt64.max)
    #expect(EligibilitySnapshot(amount: top, inboundCapacity: top).hasLiquidity)
    let below = Millisatoshis(UInt64.max - 1)
    #expect(!EligibilitySnapshot(amount: top, inboundCapacity: below).hasLiquidity)
  }

  @Test("1.1: equality covers all four fields; a capacity change alone is a different snapshot")
  func equality() {
    let base = EligibilitySnapshot(amount: .sats(1000), inboundCapacity: .sats(1000))
    #expect(base == EligibilitySnapshot(amount: .sats(1000), inboundCapacity: .sats(1000)))
    #expect(base != EligibilitySnapshot(amount: .sats(1000), inboundCapacity: .sats(1001)))
    #expect(base != EligibilitySnapshot(amount: .sats(1000), inboundCapacity: nil))
  }

  @Test("W4: a channel that is not ready does not count: ready inbound is 0, no invoice")
  func w4() {
    let channels = [
      ChannelSummary(isReady: false, isUsable: true, inboundCapacity: Millisatoshis(50_000_000))
    ]
    #expect(EligibilitySnapshot.readyInboundCapacity(channels) == Millisatoshis(0))
    #expect(!EligibilitySnapshot(amount: .sats(1), channels: channels).hasLiquidity)
    #expect(!ReceiveFlow.canCreateLightningInvoice(amount: nil, channels: channels))
  }

  @Test("W5: only ready channels count (usable not required); the boundary is inclusive")
  func w5() {
    let channels = [
      ChannelSummary(isReady: false, isUsable: true, inboundCapacity: Millisatoshis(100_000_000)),
      ChannelSummary(isReady: true, isUsable: false, inboundCapacity: Millisatoshis(25_000_000)),
    ]
    #expect(EligibilitySnapshot.readyInboundCapacity(channels) == .sats(25_000))
    #expect(ReceiveFlow.canCreateLightningInvoice(amount: .sats(25_000), channels: channels))
    #expect(!ReceiveFlow.canCreateLightningInvoice(amount: .sats(25_001), channels: channels))
  }

  @Test("1.1: the sum counts every msat, so a whole-sat amount sees the floor of it in sats")
  func floorAndUnknown() {
    let channels = [
      ChannelSummary(isReady: true, isUsable: true, inboundCapacity: Millisatoshis(1_999)),
      ChannelSummary(isReady: true, isUsable: true, inboundCapacity: Millisatoshis(1)),
    ]
    #expect(EligibilitySnapshot.readyInboundCapacity(channels) == Millisatoshis(2_000))
    #expect(EligibilitySnapshot(amount: .sats(2), channels: channels).hasLiquidity)
    #expect(!EligibilitySnapshot(amount: Millisatoshis(2_001), channels: channels).hasLiquidity)
    let short = [
      ChannelSummary(isReady: true, isUsable: true, inboundCapacity: Millisatoshis(1_999))
    ]
    #expect(EligibilitySnapshot(amount: .sats(1), channels: short).hasLiquidity)
    #expect(!EligibilitySnapshot(amount: .sats(2), channels: short).hasLiquidity)
    #expect(EligibilitySnapshot.readyInboundCapacity(nil) == nil)
  }
}
