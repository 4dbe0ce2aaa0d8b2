import Bolt11JSON
import Foundation
import Testing

/// Whole numbers held as `Double`: read by comparisons and integer conversions, as the C
/// library's rounding (the reference here) would read them.
@Suite struct JSONNumberTests {
  static let values: [Double] = [
    0, -0.0, 0.5, -0.5, 1, -1, 1.5, 2.5, 0x1p52 - 0.5, 0x1p52, 0x1p52 + 1, 0x1p53, 0x1p63,
    0x1p64 - 2048, 0x1p64, 9.0e18, 1.8e19, 1e300, -1e300, .infinity, -.infinity, .nan,
    .leastNonzeroMagnitude, .greatestFiniteMagnitude, 4_294_967_295.000_001, 123_456_789,
  ]

  @Test(
    "unsignedValue: a whole double from 0 below 1.8e19, as rounded() finds it", arguments: values)
  func unsignedValue(value: Double) {
    let reference: UInt64? =
      value >= 0 && value.rounded() == value && value < 1.8e19 ? UInt64(value) : nil
    #expect(JSON.double(value).unsignedValue == reference)
  }

  @Test("a whole double equals the integer of its value, as rounded() finds it", arguments: values)
  func equalsInteger(value: Double) {
    guard value.rounded() == value, abs(value) < 9.0e18 else {
      // Not whole or too large: equal to no integer near it.
      if value.isFinite, abs(value) < 9.0e18 {
        #expect(JSON.double(value) != .integer(Int64(value)))
      }
      return
    }
    #expect(JSON.double(value) == .integer(Int64(value)))
  }

  @Test("a whole number beyond 64 bits is named so, a fraction as not whole")
  func builderNamesNumbers() throws {
    let zeros = String(repeating: "00", count: 32)
    let head =
      #"{"currency":"bc","created_at":1,"payment_hash":"\#(zeros)","payment_secret":"\#(zeros)","#
      + #""description":"x","amount_msat":"#
    let beyond = head + "1e20}"
    let fraction = head + "1.5}"
    for (text, says) in [
      (beyond, "1e20 is beyond 64 bits"), (fraction, "1.5 is not a whole number"),
    ] {
      let error = #expect(throws: (any Error).self) { try InvoiceJSON.builder(fromText: text) }
      #expect(error.map { "\($0)" }?.contains(says) == true, "\(String(describing: error))")
    }
  }
}
