import Bech32Codec
public import Secp256k1

extension InvoiceBuilder {
  /// Builds the invoice and signs it with `key` (RFC 6979 nonces: the same inputs always give the
  /// same string).
  ///
  /// The signature is libsecp256k1's own, made here with this key, so it is not recovered again:
  /// what was written is read back without elliptic-curve work (every field rule checked).
  ///
  /// - Throws: `InvoiceBuildError` naming the first rule the values break.
  public func build(signingWith key: SigningKey) throws(InvoiceBuildError) -> Invoice {
    let unsigned = try unsignedPart(payee: key.publicKey)
    return try finish(unsigned, signature: key.sign(digest: unsigned.hash), payee: key.publicKey)
  }

  /// Builds the invoice and signs it with `sign`, which gets the digest to sign and returns the
  /// compact signature and its recovery id (as rust-lightning's `build_signed`), checking what
  /// it returns.
  ///
  /// ```swift
  /// let invoice = try builder.build { digest in try hsm.signRecoverable(digest) }
  /// ```
  ///
  /// - Parameters:
  ///   - payee: the key that signs. Required when ``statesPayee`` is set (the `n` field holding it
  ///     is signed); when given, the signature must recover to it. Without it the payee is the
  ///     key the signature recovers to.
  ///   - sign: signs the 32-byte digest of the invoice's signing preimage.
  /// - Throws: `InvoiceBuildError`: the first rule the values break; `build.missing_payee`;
  ///   `build.signer_failed` when `sign` throws; `build.invalid_signature` for a signature that
  ///   is high-S, has a recovery id outside 0...3, recovers no key, or another key than `payee`.
  public func build(
    payee: PublicKey? = nil,
    signing sign: (MessageHash) throws -> (signature: CompactSignature, recoveryID: Int)
  ) throws(InvoiceBuildError) -> Invoice {
    let unsigned = try unsignedPart(payee: statedKey(payee))
    let made: (signature: CompactSignature, recoveryID: Int)
    do { made = try sign(unsigned.hash) } catch {
      throw InvoiceBuildError(.signerFailed, "the signer failed: \(error)")
    }
    return try finish(
      unsigned, signature: InvoiceSignature(compact: made.signature, recoveryID: made.recoveryID),
      expectedPayee: payee)
  }

  /// Builds the invoice and has `signer` sign it, checking the signature it returns.
  ///
  /// - Throws: `InvoiceBuildError`: the first rule the values break; `build.signer_failed` when
  ///   the signer throws; `build.invalid_signature` for a signature that is not low-S, has a
  ///   recovery id outside 0...3, or does not recover to the signer's `publicKey`.
  public func build(signingWith signer: some InvoiceDigestSigner) throws(InvoiceBuildError)
    -> Invoice
  {
    let payee = signer.publicKey
    let unsigned = try unsignedPart(payee: payee)
    let signature: InvoiceSignature
    do { signature = try signer.sign(digest: unsigned.hash) } catch {
      throw InvoiceBuildError(.signerFailed, "the signer failed: \(error)")
    }
    return try finish(unsigned, signature: signature, expectedPayee: payee)
  }

  /// Builds the invoice and has `signer` sign it, asynchronously, checking the signature it
  /// returns.
  ///
  /// - Throws: as `build(signingWith:)` with an ``InvoiceDigestSigner``.
  public func build(signingWith signer: some AsyncInvoiceDigestSigner)
    async throws(InvoiceBuildError) -> Invoice
  {
    let payee = signer.publicKey
    let unsigned = try unsignedPart(payee: payee)
    let signature: InvoiceSignature
    do { signature = try await signer.sign(digest: unsigned.hash) } catch {
      throw InvoiceBuildError(.signerFailed, "the signer failed: \(error)")
    }
    return try finish(unsigned, signature: signature, expectedPayee: payee)
  }

  /// The digest a signature of this invoice covers: the SHA-256 digest of its signing preimage
  /// (the human-readable part, then the timestamp and fields regrouped to bytes), for a key kept
  /// elsewhere (an air-gapped machine, a signer reached by hand).
  ///
  /// Sign it there, then attach the result with ``build(signature:recoveryID:expectedPayee:)``
  /// on a builder with the same values.
  ///
  /// - Parameter payee: the key that will sign. Needed only when ``statesPayee`` is set: the `n`
  ///   field holding it is part of the signed bytes. Ignored otherwise (the hash does not depend
  ///   on it).
  /// - Throws: `InvoiceBuildError`: the first rule the values break; `build.missing_payee` when
  ///   the invoice states its payee and `payee` is nil.
  public func signingHash(payee: PublicKey?) throws(InvoiceBuildError) -> MessageHash {
    try unsignedPart(payee: statedKey(payee)).hash
  }

  /// Builds the invoice with a signature made elsewhere over ``signingHash(payee:)``.
  ///
  /// The signature must recover a key (the payee), be low-S (as readers of an invoice with `n`
  /// require, and rust-lightning of every invoice) and, when `expectedPayee` is given, recover
  /// to it. One key recovery; the invoice written is then read back without further
  /// elliptic-curve work.
  ///
  /// - Parameters:
  ///   - signature: r ‖ s, 64 bytes.
  ///   - recoveryID: 0...3.
  ///   - expectedPayee: the key that was meant to sign; required when ``statesPayee`` is set
  ///     (it is written in `n`, so the signed bytes include it).
  /// - Throws: `InvoiceBuildError`: the first rule the values break; `build.missing_payee`;
  ///   `build.invalid_signature` for a signature that recovers no key, another key, or is high-S.
  public func build(
    signature: CompactSignature, recoveryID: Int, expectedPayee: PublicKey? = nil
  ) throws(InvoiceBuildError) -> Invoice {
    let unsigned = try unsignedPart(payee: statedKey(expectedPayee))
    return try finish(
      unsigned, signature: InvoiceSignature(compact: signature, recoveryID: recoveryID),
      expectedPayee: expectedPayee)
  }

  /// The key for the `n` field: `payee`, required when the invoice states its payee. Any key
  /// stands in when it does not (`unsignedPart` writes none).
  private func statedKey(_ payee: PublicKey?) throws(InvoiceBuildError) -> PublicKey {
    if let payee { return payee }
    guard !statesPayee else {
      throw InvoiceBuildError(
        .missingPayee,
        "the invoice states its payee (`n`), so the signed bytes include the payee's key: give it")
    }
    return Self.unstatedPayee
  }

  /// A stand-in for `unsignedPart(payee:)` when no `n` field is written: never read.
  private static let unstatedPayee = PublicKey(bytes: [0x02] + [UInt8](repeating: 1, count: 32))!

  /// What is signed: the human-readable part's bytes, the timestamp and fields, and the digest.
  struct UnsignedPart {
    var hrp: [UInt8]
    var words: [UInt8]
    var hash: MessageHash
  }

  /// Checks the values and writes everything but the signature.
  func unsignedPart(payee: PublicKey) throws(InvoiceBuildError) -> UnsignedPart {
    let words = try unsignedWords(payee: payee)
    let hrp = Array(humanReadablePart.utf8)
    // SHA-256 writes 32 bytes.
    let hash = MessageHash(bytes: RawInvoice.signatureHash(hrp: hrp, signedWords: words[...]))!
    return UnsignedPart(hrp: hrp, words: words, hash: hash)
  }

  /// `finish(_:signature:payee:)` for a signature made outside this process: checks that it is
  /// low-S with a recovery id in 0...3 and recovers (one recovery) the payee, who must be
  /// `expectedPayee` when given.
  private func finish(
    _ unsigned: UnsignedPart, signature: InvoiceSignature, expectedPayee: PublicKey?
  ) throws(InvoiceBuildError) -> Invoice {
    guard (0...3).contains(signature.recoveryID) else {
      throw InvoiceBuildError(
        .invalidSignature, "recovery id \(signature.recoveryID) is not in 0...3")
    }
    let isHighS: Bool
    let recovered: PublicKey
    do {
      isHighS = try ECDSA.isHighS(signature.compact)
      recovered = try ECDSA.recoverPublicKey(
        signature.compact, recoveryID: signature.recoveryID, hash: unsigned.hash)
    } catch {
      throw InvoiceBuildError(
        .invalidSignature, "the signature does not fit this invoice: \(error.message)")
    }
    // Readers of an invoice with `n` refuse a high-S signature, rust-lightning any invoice's.
    guard !isHighS else {
      throw InvoiceBuildError(
        .invalidSignature, "the signature is high-S; readers require the low-S form")
    }
    if let expectedPayee, recovered != expectedPayee {
      throw InvoiceBuildError(
        .invalidSignature,
        "the signature recovers to \(recovered), not to the expected payee \(expectedPayee)")
    }
    return try finish(unsigned, signature: signature, payee: recovered)
  }

  /// Appends the signature, then reads the invoice back as a reader would, without
  /// elliptic-curve work: `payee` is the key the signature was checked against (or made with).
  ///
  /// The read-back is a defensive check of the builder itself: every value was checked before
  /// writing, so a refusal here is a builder bug, reported as `build.internal` rather than a trap.
  private func finish(_ unsigned: UnsignedPart, signature: InvoiceSignature, payee: PublicKey)
    throws(InvoiceBuildError) -> Invoice
  {
    let words =
      unsigned.words
      + Bech32.words(fromBytes: signature.compact.bytes + [UInt8(signature.recoveryID)])
    let text = Bech32.encode(hrp: unsigned.hrp, words: words, uppercase: isUppercase)
    guard text.utf8.count <= RawInvoice.maximumLength else {
      throw InvoiceBuildError(
        .tooLong, "\(text.utf8.count) characters; readers take at most \(RawInvoice.maximumLength)")
    }
    // Some extra fields (a wrong-length `p`, `h`, `s` or `n`) are skipped in compat mode only.
    let needsCompat = extraFields.contains { !Self.readersKeep($0, mode: .strict) }
    let parsed: SignedRawInvoice
    do {
      parsed = try SignedRawInvoice.parse(
        text, options: DecodeOptions(mode: needsCompat ? .compat : .strict))
    } catch {
      throw InvoiceBuildError(
        .internalError, "the builder wrote an invoice readers refuse (\(error)): \(text)")
    }
    guard parsed.signature == signature, parsed.fields.statedPayee ?? payee == payee else {
      throw InvoiceBuildError(
        .internalError, "the invoice read back differs from the one written: \(text)")
    }
    return Invoice(
      raw: parsed.raw, fields: parsed.fields, signature: parsed.signature, payeeNodeID: payee,
      inputOffset: 0)
  }
}
