// The code of the article "Building and signing an invoice" (Bolt11.docc): every Swift block of
// the article stands in this file, line for line (indentation aside), and runs here;
// `articleShowsTheTestedCode` checks that neither changes without the other.
import Bolt11
import Foundation
import Secp256k1
import TestSupport
import Testing

/// The node's signing service in the article's remote-signer example: here an actor holding a
/// test key (32 bytes of 0x01, never a real one); in a node, an HSM or a validating signer.
actor SigningService {
  private let key = try! SigningKey(secretKey: [UInt8](repeating: 1, count: 32))
  var publicKey: PublicKey { key.publicKey }

  func signRecoverable(_ digest: MessageHash) -> (compact: CompactSignature, recoveryID: Int) {
    let signed = key.signRecoverable(digest)
    return (signed.signature, signed.recoveryID)
  }
}

/// A signer that holds no key: it asks the node's signing service.
struct RemoteSigner: AsyncInvoiceDigestSigner {
  let publicKey: PublicKey
  let service: SigningService

  func sign(digest: MessageHash) async throws -> InvoiceSignature {
    let answer = await service.signRecoverable(digest)
    return InvoiceSignature(compact: answer.compact, recoveryID: answer.recoveryID)
  }
}

@Suite struct BuildingArticleTests {
  // What the article takes as given. Test values, never real ones.
  let paymentHash = PaymentHash(bytes: [UInt8](repeating: 0x07, count: 32))!
  let paymentSecret = PaymentSecret(bytes: [UInt8](repeating: 0x11, count: 32))!
  let nodeSecretKey = [UInt8](repeating: 0x01, count: 32)

  func overview() throws -> Invoice {
    var builder = InvoiceBuilder(
      currency: .bitcoin, paymentHash: paymentHash, paymentSecret: paymentSecret,
      description: .text("1 cup coffee"), createdAt: 1_496_314_658)
    builder.amount = Millisatoshis(250_000_000)
    builder.expirySeconds = 60
    let key = try SigningKey(secretKey: nodeSecretKey)
    let invoice = try builder.build(signingWith: key)
    assert(invoice.features.setBits == [8, 14])  // var_onion_optin, payment_secret: required
    return invoice
  }

  @Test("the overview builds an invoice with the default features")
  func overviewRuns() throws {
    let invoice = try overview()
    #expect(invoice.features.setBits == [8, 14])
    #expect(invoice.string.hasPrefix("lnbc2500u1pvjluez"))
  }

  @Test("features: the defaults, none, and a dependency refused")
  func features() throws {
    let key = try SigningKey(secretKey: nodeSecretKey)
    var builder = InvoiceBuilder(
      currency: .bitcoin, paymentHash: paymentHash, paymentSecret: paymentSecret,
      description: .text("1 cup coffee"), createdAt: 1_496_314_658)
    builder.features = try Features(bits: [8, 14, 17])  // basic_mpp, optional
    let withMPP = try builder.build(signingWith: key)
    builder.features = Features()  // no `9` field at all
    let withoutFeatures = try builder.build(signingWith: key)
    builder.features = try Features(bits: [8, 17])  // basic_mpp without payment_secret
    do {
      _ = try builder.build(signingWith: key)
    } catch {
      assert(error.code == .invalidFeatures)  // "feature bit 17 needs feature 14 or 15"
    }
    #expect(throws: InvoiceBuildError.self) { try builder.build(signingWith: key) }
    #expect(withMPP.features.setBits == [8, 14, 17])
    #expect(!withoutFeatures.raw.fields.contains { $0.letter == "9" })
  }

  @Test("a remote signer signs what the key would")
  func remoteSigner() async throws {
    let builder = try InvoiceBuilder(reproducing: overview())
    let service = SigningService()
    let nodeID = await service.publicKey
    let signer = RemoteSigner(publicKey: nodeID, service: service)
    let invoice = try await builder.build(signingWith: signer)
    #expect(invoice.string == (try overview()).string)
  }

  @Test("a closure signs, as rust-lightning's build_signed")
  func closureSigner() throws {
    let builder = try InvoiceBuilder(reproducing: overview())
    let key = try SigningKey(secretKey: nodeSecretKey)
    let signed = try builder.build { digest in key.signRecoverable(digest) }
    #expect(signed.string == (try overview()).string)
  }

  /// The machine that holds the key, in the air-gapped flow.
  func signElsewhere(_ hash: MessageHash) throws -> (compact: CompactSignature, recoveryID: Int) {
    let key = try SigningKey(secretKey: nodeSecretKey)
    let signed = key.signRecoverable(hash)
    return (signed.signature, signed.recoveryID)
  }

  @Test("air-gapped: the hash out, the signature in")
  func airGapped() throws {
    let builder = try InvoiceBuilder(reproducing: overview())
    let nodeID = try SigningKey(secretKey: nodeSecretKey).publicKey
    let hash = try builder.signingHash(payee: nodeID)  // 32 bytes to carry across (`hash.bytes`)
    let (signature, recoveryID) = try signElsewhere(hash)
    let invoice = try builder.build(
      signature: signature, recoveryID: recoveryID, expectedPayee: nodeID)
    #expect(invoice.string == (try overview()).string)
  }

  @Test("the field order and the case of an invoice read are kept")
  func reproducing() throws {
    let key = try SigningKey(secretKey: nodeSecretKey)
    let text = try overview().string.uppercased()
    let decoded = try Invoice.decode(text)
    let again = try InvoiceBuilder(reproducing: decoded).build(signingWith: key)
    assert(again.string == decoded.string)  // when `key` signed `text`; upper case stays upper
    #expect(again.string == text)
  }

  @Test("built invoices decode to themselves")
  func check() throws {
    let invoice = try overview()
    let options = DecodeOptions(network: .bitcoin)
    let checked = try Invoice.decode(invoice.string, options: options)
    #expect(checked == invoice)
  }

  @Test("every Swift block of the article stands in this file, line for line")
  func articleShowsTheTestedCode() throws {
    let (blocks, missing) = try ArticleCode.blocksMissing(
      from: "Sources/Bolt11/Bolt11.docc/BuildingAndSigningAnInvoice.md",
      in: "Tests/Bolt11Tests/BuildingArticleTests.swift")
    #expect(blocks >= 6)
    #expect(missing == [], "not in BuildingArticleTests.swift")
  }
}
