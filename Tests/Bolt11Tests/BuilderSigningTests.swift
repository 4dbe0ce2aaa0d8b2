import Bech32Codec
import Bolt11
import Secp256k1
import TestSupport
import Testing

/// What the builder writes by default, and signing wherever the key lives: any signer, an
/// asynchronous one, a signature attached as made elsewhere; and every wrong signature refused.
@Suite struct BuilderSigningTests {
  /// Test keys, never real ones: 32 bytes of 0x01 and of 0x02.
  static let key = try! SigningKey(secretKey: [UInt8](repeating: 1, count: 32))
  static let otherKey = try! SigningKey(secretKey: [UInt8](repeating: 2, count: 32))

  static func builder() -> InvoiceBuilder {
    InvoiceBuilder(
      currency: .bitcoin, paymentHash: PaymentHash(bytes: [UInt8](repeating: 7, count: 32))!,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 9, count: 32))!,
      description: .text("coffee"), createdAt: 1_700_000_000)
  }

  // MARK: Default features

  @Test("without features set, the invoice requires var_onion_optin (8) and payment_secret (14)")
  func defaultFeatures() throws {
    let invoice = try Self.builder().build(signingWith: Self.key)
    // Worked by hand from BOLT #11: 2^8 + 2^14 = 16640 = 16·32² + 8·32 + 0, the words `s g q`;
    // a `9` field of data length 3 (`q r`): "9qrsgq".
    #expect(invoice.string.contains("9qrsgq"))
    #expect(invoice.features.setBits == [8, 14])
  }

  @Test("Features() writes no `9` field at all")
  func explicitlyNone() throws {
    var builder = Self.builder()
    builder.features = Features()
    let invoice = try builder.build(signingWith: Self.key)
    #expect(!invoice.raw.fields.contains { $0.letter == "9" })
  }

  @Test("a feature without its dependency is refused, naming the missing bit, never completed")
  func missingDependency() throws {
    var builder = Self.builder()
    builder.features = try Features(bits: [8, 17])  // basic_mpp (optional) needs payment_secret
    #expect {
      try builder.build(signingWith: Self.key)
    } throws: { error in
      let error = error as! InvoiceBuildError
      return error.code == .invalidFeatures && error.message.contains("14")
    }
  }

  // MARK: Signers

  /// A signer that answers as it is told to: the test's stand-in for an HSM.
  struct ScriptedSigner: InvoiceDigestSigner, Sendable {
    enum Answer: Sendable { case sign, otherKey, recoveryID(Int), highS, zeroR, fail }
    let publicKey: PublicKey
    let answer: Answer

    struct Unavailable: Error, CustomStringConvertible {
      var description: String { "the HSM is unplugged" }
    }

    func sign(digest: MessageHash) throws -> InvoiceSignature {
      let made = BuilderSigningTests.key.sign(digest: digest)
      switch answer {
      case .sign: return made
      case .otherKey: return BuilderSigningTests.otherKey.sign(digest: digest)
      case .recoveryID(let id): return InvoiceSignature(compact: made.compact, recoveryID: id)
      case .highS:
        // s → n − s, and the other parity: still a signature by the key, but high-S.
        return InvoiceSignature(
          compact: CompactSignature(bytes: Scalar.flipS(made.compact.bytes))!,
          recoveryID: made.recoveryID ^ 1)
      case .zeroR:
        return InvoiceSignature(
          compact: CompactSignature(
            bytes: [UInt8](repeating: 0, count: 32) + made.compact.bytes[32...])!,
          recoveryID: made.recoveryID)
      case .fail: throw Unavailable()
      }
    }

  }

  /// `ScriptedSigner` answering asynchronously, as a signer across a network does.
  struct AsyncScriptedSigner: AsyncInvoiceDigestSigner {
    let signer: ScriptedSigner
    var publicKey: PublicKey { signer.publicKey }
    func sign(digest: MessageHash) async throws -> InvoiceSignature {
      try signer.sign(digest: digest)
    }
  }

  @Test("any signer gives what the key gives: same string, same payee", arguments: [false, true])
  func anySigner(statesPayee: Bool) throws {
    var builder = Self.builder()
    builder.statesPayee = statesPayee
    let direct = try builder.build(signingWith: Self.key)
    let signer = ScriptedSigner(publicKey: Self.key.publicKey, answer: .sign)
    let viaSigner = try builder.build(signingWith: signer)
    #expect(viaSigner.string == direct.string)
    #expect(viaSigner.payeeNodeID == Self.key.publicKey)
    // The reader agrees, independently of the builder.
    #expect(try Invoice.decode(viaSigner.string).payeeNodeID == Self.key.publicKey)
    // A signer held as an existential, as a node keeps the one it was configured with.
    let configured: any InvoiceDigestSigner = signer
    #expect(try builder.build(signingWith: configured).string == direct.string)
  }

  @Test("an asynchronous signer signs too")
  func asyncSigner() async throws {
    let signer = ScriptedSigner(publicKey: Self.key.publicKey, answer: .sign)
    let invoice = try await Self.builder().build(signingWith: AsyncScriptedSigner(signer: signer))
    #expect(invoice.string == (try Self.builder().build(signingWith: Self.key)).string)
  }

  struct WrongAnswer: Sendable, CustomTestStringConvertible {
    var answer: ScriptedSigner.Answer
    var code: InvoiceBuildError.Code
    var testDescription: String { "\(answer) → \(code.rawValue)" }
  }

  @Test(
    "a signer's wrong signature is a build error, never a trap or a written invoice",
    arguments: [
      WrongAnswer(answer: .otherKey, code: .invalidSignature),
      WrongAnswer(answer: .recoveryID(4), code: .invalidSignature),
      WrongAnswer(answer: .recoveryID(-1), code: .invalidSignature),
      WrongAnswer(answer: .highS, code: .invalidSignature),
      WrongAnswer(answer: .zeroR, code: .invalidSignature),
      WrongAnswer(answer: .fail, code: .signerFailed),
    ])
  func wrongSignature(_ wrong: WrongAnswer) async throws {
    let signer = ScriptedSigner(publicKey: Self.key.publicKey, answer: wrong.answer)
    do {
      _ = try Self.builder().build(signingWith: signer)
      Issue.record("built with a wrong signature")
    } catch {
      #expect(error.code == wrong.code, "\(error)")
    }
    do {
      _ = try await Self.builder().build(signingWith: AsyncScriptedSigner(signer: signer))
      Issue.record("built with a wrong signature")
    } catch {
      #expect(error.code == wrong.code, "\(error)")
    }
  }

  @Test("the other recovery parity recovers another key: refused as not the signer's")
  func otherParity() throws {
    let signer = ScriptedSigner(publicKey: Self.key.publicKey, answer: .sign)
    let hash = try Self.builder().signingHash(payee: nil)
    let made = try signer.sign(digest: hash)
    #expect {
      try Self.builder().build(
        signature: made.compact, recoveryID: made.recoveryID ^ 1,
        expectedPayee: Self.key.publicKey)
    } throws: { ($0 as? InvoiceBuildError)?.code == .invalidSignature }
  }

  // MARK: Air-gapped signing

  @Test("the signing hash is SHA-256 of the prefix and the data words regrouped to bytes")
  func signingHashIsThePreimageDigest() throws {
    let invoice = try Self.builder().build(signingWith: Self.key)
    // Independently of the builder: Bech32-decode the string, drop the 104 signature words,
    // regroup 5 → 8 bits with zero padding, prefix the human-readable part.
    let decoded = try Bech32.decode(invoice.string)
    let dataWords = Array(decoded.words.dropLast(104))
    var bytes: [UInt8] = []
    var accumulator = 0
    var bits = 0
    for word in dataWords {
      accumulator = accumulator << 5 | Int(word)
      bits += 5
      while bits >= 8 {
        bits -= 8
        bytes.append(UInt8((accumulator >> bits) & 0xff))
      }
    }
    if bits > 0 { bytes.append(UInt8((accumulator << (8 - bits)) & 0xff)) }
    let expected = SHA256.hash(Array("lnbc".utf8) + bytes)
    #expect(try Self.builder().signingHash(payee: nil).bytes == expected)
    #expect(try Self.builder().signingHash(payee: Self.otherKey.publicKey).bytes == expected)
  }

  @Test("a signature made elsewhere over the signing hash gives the same invoice")
  func attachSignature() throws {
    for statesPayee in [false, true] {
      var builder = Self.builder()
      builder.statesPayee = statesPayee
      let hash = try builder.signingHash(payee: Self.key.publicKey)
      let made = Self.key.signRecoverable(hash)
      let attached = try builder.build(
        signature: made.signature, recoveryID: made.recoveryID,
        expectedPayee: statesPayee ? Self.key.publicKey : nil)
      #expect(attached.string == (try builder.build(signingWith: Self.key)).string)
      #expect(attached.payeeNodeID == Self.key.publicKey)
    }
  }

  @Test("an invoice that states its payee needs the payee for its hash")
  func statedPayeeNeedsKey() throws {
    var builder = Self.builder()
    builder.statesPayee = true
    #expect { try builder.signingHash(payee: nil) } throws: {
      ($0 as? InvoiceBuildError)?.code == .missingPayee
    }
    // The `n` key is signed: another payee, another hash.
    #expect(
      try builder.signingHash(payee: Self.key.publicKey)
        != builder.signingHash(payee: Self.otherKey.publicKey))
  }

  @Test("a signature by another key than the expected payee is refused")
  func expectedPayee() throws {
    let hash = try Self.builder().signingHash(payee: nil)
    let made = Self.otherKey.signRecoverable(hash)
    let signature = made.signature
    #expect {
      try Self.builder().build(
        signature: signature, recoveryID: made.recoveryID, expectedPayee: Self.key.publicKey)
    } throws: { ($0 as? InvoiceBuildError)?.code == .invalidSignature }
    // Without an expected payee, whoever signed is the payee.
    let invoice = try Self.builder().build(signature: signature, recoveryID: made.recoveryID)
    #expect(invoice.payeeNodeID == Self.otherKey.publicKey)
  }

  // MARK: Case

  @Test("an upper-case invoice is reproduced in upper case; isUppercase writes one")
  func upperCase() throws {
    let lower = try Self.builder().build(signingWith: Self.key)
    var builder = Self.builder()
    builder.isUppercase = true
    let upper = try builder.build(signingWith: Self.key)
    #expect(upper.string == lower.string.uppercased())
    let decoded = try Invoice.decode(upper.string)
    let again = try InvoiceBuilder(reproducing: decoded).build(signingWith: Self.key)
    #expect(again.string == upper.string)
  }

  // MARK: Closure signing

  @Test("a closure signer gives what the key gives; the payee is the key it recovers to")
  func closureSigner() throws {
    for statesPayee in [false, true] {
      var builder = Self.builder()
      builder.statesPayee = statesPayee
      let direct = try builder.build(signingWith: Self.key)
      var digests: [MessageHash] = []
      let viaClosure = try builder.build(payee: statesPayee ? Self.key.publicKey : nil) { digest in
        digests.append(digest)
        return Self.key.signRecoverable(digest)
      }
      #expect(viaClosure.string == direct.string)
      #expect(viaClosure.payeeNodeID == Self.key.publicKey)
      #expect(digests == [try builder.signingHash(payee: Self.key.publicKey)])
    }
  }

  @Test("a closure signer is checked: failure, another key, high-S, a bad recovery id")
  func closureSignerChecked() throws {
    struct Unplugged: Error {}
    let builder = Self.builder()
    func code(_ sign: (MessageHash) throws -> (signature: CompactSignature, recoveryID: Int))
      -> InvoiceBuildError.Code?
    {
      #expect(throws: InvoiceBuildError.self) {
        try builder.build(payee: Self.key.publicKey, signing: sign)
      }?.code
    }
    #expect(code { _ in throw Unplugged() } == .signerFailed)
    #expect(code { Self.otherKey.signRecoverable($0) } == .invalidSignature)
    #expect(code { (Self.key.signRecoverable($0).signature, 4) } == .invalidSignature)
    #expect(
      code { digest in
        let made = Self.key.signRecoverable(digest)
        return (CompactSignature(bytes: Scalar.flipS(made.signature.bytes))!, made.recoveryID ^ 1)
      } == .invalidSignature)
    // Stating the payee without naming it: the digest cannot be made.
    var stating = builder
    stating.statesPayee = true
    #expect(throws: InvoiceBuildError.self) {
      try stating.build { Self.key.signRecoverable($0) }
    }
  }

  @Test("signers are Sendable: one serves concurrent builds")
  func sendableSigner() async throws {
    let signer: any InvoiceDigestSigner = ScriptedSigner(
      publicKey: Self.key.publicKey, answer: .sign)
    let expected = try Self.builder().build(signingWith: Self.key).string
    let strings = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<4 {
        group.addTask { try Self.builder().build(signingWith: signer).string }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(strings == Array(repeating: expected, count: 4))
  }
}
