import Bolt11
import Foundation
import TestSupport
import Testing

/// Amounts as people read them, expiry as one rule, and features by name: what a wallet shows
/// and decides without arithmetic of its own.
@Suite struct AmountAndTimeTests {
  // MARK: amounts

  @Test(
    "sat texts are exact, grouped by thousands, trailing zeros removed",
    arguments: [
      (UInt64(0), "0 sat"), (1, "0.001 sat"), (10, "0.01 sat"), (999, "0.999 sat"),
      (1_000, "1 sat"), (1_500, "1.5 sat"), (1_010, "1.01 sat"), (999_999, "999.999 sat"),
      (1_000_000, "1,000 sat"), (250_000_000, "250,000 sat"), (250_000_001, "250,000.001 sat"),
      (2_100_000_000_000_000_000, "2,100,000,000,000,000 sat"),
      (UInt64.max, "18,446,744,073,709,551.615 sat"),
    ])
  func satText(msat: UInt64, text: String) {
    #expect(Millisatoshis(msat).text(in: .satoshis) == text)
  }

  @Test(
    "BTC texts have up to 11 decimals, trailing zeros removed",
    arguments: [
      (UInt64(0), "0 BTC"), (1, "0.00000000001 BTC"), (1_000, "0.00000001 BTC"),
      (250_000_000, "0.0025 BTC"), (100_000_000_000, "1 BTC"), (150_000_000_000, "1.5 BTC"),
      (123_456_789_012_345, "1,234.56789012345 BTC"),
      (2_100_000_000_000_000_000, "21,000,000 BTC"),
    ])
  func bitcoinText(msat: UInt64, text: String) {
    #expect(Millisatoshis(msat).text(in: .bitcoin) == text)
  }

  @Test(
    "msat texts are whole and grouped",
    arguments: [(UInt64(0), "0 msat"), (999, "999 msat"), (250_000_000, "250,000,000 msat")])
  func millisatoshiText(msat: UInt64, text: String) {
    #expect(Millisatoshis(msat).text(in: .millisatoshis) == text)
  }

  @Test("satoshis rounds a sub-satoshi amount down; isWholeSatoshis says when it does")
  func satoshis() {
    #expect(Millisatoshis(1_500).satoshis == 1)
    #expect(Millisatoshis(999).satoshis == 0)
    #expect(Millisatoshis(250_000_000).satoshis == 250_000)
    #expect(Millisatoshis(250_000_000).isWholeSatoshis)
    #expect(!Millisatoshis(1_500).isWholeSatoshis)
    #expect(Millisatoshis(satoshis: 250_000)?.satoshis == 250_000)
  }

  @Test("the spec's coffee invoice asks for 250,000 sat, 0.0025 BTC")
  func coffee() throws {
    let coffee = try #require(SpecVector.valid.first { $0.invoice.hasPrefix("lnbc2500u") })
    let amount = try #require(try Invoice.decode(coffee.invoice).amount)
    #expect(amount.satoshis == 250_000)
    #expect(amount.text(in: .satoshis) == "250,000 sat")
    #expect(amount.text(in: .bitcoin) == "0.0025 BTC")
  }

  // MARK: time

  /// The spec's coffee invoice: created at 1496314658, expiry 60 s.
  static func coffee() throws -> Invoice {
    let vector = try #require(SpecVector.valid.first { $0.invoice.hasPrefix("lnbc2500u") })
    return try Invoice.decode(vector.invoice)
  }

  @Test("expired at expires_at itself, not a second before")
  func expiredAtExpiresAt() throws {
    let invoice = try Self.coffee()
    #expect(invoice.expiresAt == 1_496_314_658 + 60)
    #expect(!invoice.isExpired(at: 1_496_314_717))
    #expect(invoice.isExpired(at: 1_496_314_718))
    #expect(invoice.isExpired(at: .max))
    #expect(invoice.timeLeft(at: 1_496_314_658) == .seconds(60))
    #expect(invoice.timeLeft(at: 1_496_314_717) == .seconds(1))
    #expect(invoice.timeLeft(at: 1_496_314_718) == .zero)
    #expect(invoice.timeLeft(at: 0) == .seconds(1_496_314_718))
    #expect(invoice.expiry == .seconds(60))
  }

  @Test("would expire within a duration: at now plus the duration's whole seconds")
  func wouldExpire() throws {
    let invoice = try Self.coffee()
    let now: UInt64 = 1_496_314_658
    #expect(!invoice.wouldExpire(within: .seconds(59), at: now))
    #expect(invoice.wouldExpire(within: .seconds(60), at: now))
    #expect(!invoice.wouldExpire(within: .milliseconds(59_999), at: now))
    #expect(invoice.wouldExpire(within: .zero, at: now + 60))
    #expect(!invoice.wouldExpire(within: .seconds(-5), at: now + 59))
    #expect(invoice.wouldExpire(within: .seconds(Int64.max), at: now))
  }

  @Test(
    "the rule: created_at + expiry, saturating; expired at or after it",
    arguments: [
      (0, 0, 0), (10, 5, 15), (UInt64.max - 1, 1, UInt64.max), (UInt64.max, 1, UInt64.max),
      (1 << 35, UInt64.max, UInt64.max),
    ] as [(UInt64, UInt64, UInt64)])
  func rule(createdAt: UInt64, expiry: UInt64, expiresAt: UInt64) {
    #expect(ExpiryRule.expiresAt(createdAt: createdAt, expirySeconds: expiry) == expiresAt)
    #expect(ExpiryRule.isExpired(expiresAt: expiresAt, at: expiresAt))
    #expect(expiresAt == 0 || !ExpiryRule.isExpired(expiresAt: expiresAt, at: expiresAt - 1))
  }

  @Test("the decoder refuses an expired invoice exactly when isExpired says so")
  func decoderAgrees() throws {
    let invoice = try Self.coffee()
    for now in [invoice.expiresAt - 1, invoice.expiresAt, invoice.expiresAt + 1] {
      let refused: Bool
      do {
        _ = try Invoice.decode(invoice.string, options: DecodeOptions(now: now))
        refused = false
      } catch {
        #expect(error.code == .invoiceExpired)
        refused = true
      }
      #expect(refused == invoice.isExpired(at: now))
      var expected = InvoiceExpectations()
      expected.maxFutureSeconds = .max
      let violations = expected.check(invoice, now: now).map(\.code)
      #expect(violations.contains(.expired) == invoice.isExpired(at: now))
    }
  }

  // MARK: features

  @Test("features by name: the spec's examples set var_onion_optin and payment_secret")
  func featuresByName() throws {
    let invoice = try Self.coffee()
    #expect(invoice.features.supportsPaymentSecret)
    #expect(invoice.features.supportsVarOnionOptin)
    #expect(invoice.features.requires(.paymentSecret))
    #expect(!invoice.features.supportsBasicMPP)
    #expect(!invoice.features.supports(.paymentMetadata))
  }

  @Test("supports: either bit of the pair; requires: the even one")
  func supportsAndRequires() throws {
    let optional = try Features(bits: [15, 17])
    #expect(optional.supportsPaymentSecret && optional.supportsBasicMPP)
    #expect(!optional.requires(.paymentSecret) && !optional.requires(.basicMPP))
    let required = try Features(bits: [14, 16, 48])
    #expect(required.requires(.basicMPP) && required.supportsPaymentMetadata)
    #expect(required.requires(.paymentMetadata))
    #expect(!required.supportsRouteBlinding)
    #expect(try Features(bits: [25]).supportsRouteBlinding)
  }

  @Test("each named feature has BOLT #9's name and bits", arguments: Features.Feature.allCases)
  func featureNames(feature: Features.Feature) throws {
    // The row of BOLT #9's table: "| 16/17 | `basic_mpp` | ...".
    let spec = try String(
      contentsOf: PackageFolder.vectors().appendingPathComponent("spec/bolt-09-features.md"),
      encoding: .utf8)
    let row = "| \(feature.evenBit)/\(feature.evenBit + 1) | `\(feature.name)`"
    let rows = spec.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(rows.contains { $0.hasPrefix(row) }, "\(row)")
    #expect(Features.name(ofBit: feature.evenBit + 1) == feature.name)
  }
}
