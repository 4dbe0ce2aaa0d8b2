public import Bolt11
internal import OfflineReceive
public import Secp256k1

/// Signs invoices for a fake node with a test key, so an adapter's tests need no signing module
/// of their own. Never use it with a real key.
public struct TestSigner: Sendable {
  private let key: SigningKey
  /// The node id of the test key: the payee of every invoice this signer makes.
  public let nodeID: PublicKey

  /// A signer over the 32-byte `secretKey`, or nil when it is not a valid secp256k1 key.
  public init?(secretKey: [UInt8]) {
    guard let key = try? SigningKey(secretKey: secretKey) else { return nil }
    self.key = key
    self.nodeID = key.publicKey
  }

  /// An invoice maker for `SimulatedNode`: one invoice per request, on `network`, expiring
  /// after `expirySeconds`, with a payment hash derived from the request id.
  public func invoiceMaker(network: Currency = .regtest, expirySeconds: UInt64 = 3600)
    -> SimulatedNode.InvoiceMaker
  {
    { [key] requestID, amount, description, createdAt in
      var builder = InvoiceBuilder(
        currency: network, paymentHash: PaymentHash(preimage: Array(requestID.utf8)),
        paymentSecret: PaymentSecret(bytes: SHA256.hash(Array(("secret " + requestID).utf8)))!,
        description: .text(description), createdAt: createdAt)
      builder.amount = amount
      builder.expirySeconds = expirySeconds
      // Constant bits in range, a valid key and the builder's own checked fields: neither call
      // can fail here.
      builder.features = try! Features(bits: [8, 14])
      let invoice = try! builder.build(signingWith: key)
      return (invoice.string, invoice.expiresAt)
    }
  }
}
