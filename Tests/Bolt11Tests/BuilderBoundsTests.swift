import Bolt11
import Secp256k1
import TestSupport
import Testing

/// The builder API refuses out-of-range values with a typed error, before allocating for them.
@Suite struct BuilderBoundsTests {
  @Test(
    "feature bits outside what a `9` field holds (1023 words of 5 bits) are refused",
    arguments: [-1, Int.min, 5115, 100_000_000_000, Int.max])
  func featureBitsOutOfRange(bit: Int) {
    // Int.max would ask for an allocation of 1.15e18 bytes if it were not checked first.
    #expect(throws: InvoiceBuildError.self) { try Features(bits: [8, bit]) }
    do {
      _ = try Features(bits: [bit])
    } catch {
      #expect(error.code == .invalidFeatures)
    }
  }

  @Test("the highest bit a `9` field holds is 5114")
  func highestBit() throws {
    // 1023 words * 5 bits = 5115 bits: 0...5114.
    #expect(Features.maximumBit == 1023 * 5 - 1)
    let features = try Features(bits: [Features.maximumBit])
    #expect(features.setBits == [5114])
  }

  @Test(
    "extra field slots outside the field order are refused",
    arguments: [-1, 3, Int.max])
  func slotsOutOfRange(slot: Int) {
    var builder = InvoiceBuilder(
      currency: .bitcoin, paymentHash: PaymentHash(bytes: [UInt8](repeating: 1, count: 32))!,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 0x11, count: 32))!,
      description: .text("x"),
      createdAt: 1_496_314_658)
    builder.fieldOrder = ["p", "s", "d"]
    builder.extraFieldSlots = [slot]
    let key = FakeKeys.signingKey()
    #expect {
      try builder.build(signingWith: key)
    } throws: { error in
      (error as? InvoiceBuildError)?.code == .invalidFieldOrder
    }
  }
}
