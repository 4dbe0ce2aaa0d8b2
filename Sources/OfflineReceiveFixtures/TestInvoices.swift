import Bolt11
import OfflineReceive
import Secp256k1
import TestSupport

/// Obviously fake test keys and an invoice factory over the package's builder.
package enum TestKeys {
  /// Our node's key: the fake secret of 0x01 bytes.
  package static let ours = FakeKeys.signingKey(0x01)
  /// Another node's key: the fake secret of 0x02 bytes.
  package static let other = FakeKeys.signingKey(0x02)
  package static var ourNodeID: PublicKey { ours.publicKey }
  package static var otherNodeID: PublicKey { other.publicKey }
}

package enum TestInvoices {
  /// A fixed test clock: 2023-11-14T22:13:20Z.
  package static let now: UInt64 = 1_700_000_000

  /// A payment hash made from one repeated byte, so tests can tell invoices apart.
  package static func hash(_ byte: UInt8) -> PaymentHash {
    PaymentHash(bytes: [UInt8](repeating: byte, count: 32))!
  }

  /// The payment hash of a simulated node's request: the SHA-256 of its id, so that two
  /// requests never share one (a sum of the id's bytes did, once in 256 pairs).
  package static func hash(requestID: String) -> PaymentHash {
    PaymentHash(preimage: Array(requestID.utf8))
  }

  /// Builds and signs an invoice; every parameter has a plain default. `paymentHash`, when
  /// given, replaces the hash of `hashByte`.
  package static func make(
    amountMsat: UInt64? = 1_000_000, description: InvoiceDescription = .text("Coffee"),
    currency: Currency = .regtest, createdAt: UInt64 = now, expirySeconds: UInt64? = 3600,
    hashByte: UInt8 = 0x11, paymentHash: PaymentHash? = nil, key: SigningKey = TestKeys.ours,
    minFinalCLTVExpiryDelta: UInt64? = nil
  ) -> Invoice {
    var builder = InvoiceBuilder(
      currency: currency, paymentHash: paymentHash ?? hash(hashByte),
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 0x22, count: 32))!,
      description: description, createdAt: createdAt)
    builder.amount = amountMsat.map { Millisatoshis($0) }
    builder.expirySeconds = expirySeconds
    builder.minFinalCLTVExpiryDelta = minFinalCLTVExpiryDelta
    builder.features = try! Features(bits: [8, 14])
    return try! builder.build(signingWith: key)
  }

  /// The policy the tests start from: 1 000 000 msat to our node on regtest, contract defaults.
  package static func policy(
    amountMsat: UInt64 = 1_000_000, description: String? = nil
  ) -> ReceivePolicy {
    ReceivePolicy(
      amount: Millisatoshis(amountMsat), nodeID: TestKeys.ourNodeID, network: .regtest,
      description: description)
  }
}

extension Millisatoshis {
  /// `sats` whole satoshis; the tests' amounts are small, so the product fits.
  package static func sats(_ sats: UInt64) -> Millisatoshis { Millisatoshis(sats * 1000) }
}
