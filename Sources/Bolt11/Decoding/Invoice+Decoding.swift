import Bech32Codec
import Secp256k1

// The order of checks: the first failing check wins, so every invalid input has exactly one code.
// Changing this order is a contract change (README, "Error codes").
//
//  1. Input hygiene (`InputText`): a byte-order mark, surrounding Unicode white space and a
//     `lightning:` prefix are removed; more than 7089 characters is `invoice.too_long`, before
//     any Bech32 work.
//  2. Bech32: `bech32.*` (characters, case, separator, checksum; Bech32m is `bech32.checksum`).
//  3. Human-readable part: `hrp.*`, `amount.*`.
//  4. Framing: `invoice.too_short`, then fields left to right: `invoice.trailing_data` for a
//     partial field header, `field.invalid_length` for a field that overruns the signature.
//  5. Each field, left to right: length, duplicate, padding and value rules (`field.*`,
//     `invoice.non_zero_padding`, `features.*`).
//  6. Presence: `field.missing_payment_hash`, `field.missing_payment_secret`,
//     `field.both_descriptions`, `field.missing_description`.
//  7. Signature: `signature.invalid_recovery_id`; with `n`: `signature.high_s`,
//     `field.invalid_pubkey`, `signature.invalid`; without: `signature.invalid`,
//     `signature.unrecoverable`; then, with `checkRouteHintKeys`, every route hop's key on the
//     curve (`field.invalid_pubkey`).
//  8. The caller's expectations: `description_hash.mismatch` or `description.mismatch`,
//     `network.mismatch`, `invoice.expired`.
//
// Compat mode turns four refusals into warnings, in the order met: `hrp.unknown_prefix` (for a
// prefix of letters), `field.invalid_utf8`, `features.unknown_required` and
// `field.missing_payment_secret`. A `c` above 2^32 - 1 warns `cltv.unusable` in both modes.

extension Invoice {
  /// Decodes and fully checks an invoice.
  ///
  /// - Parameters:
  ///   - text: the invoice, optionally with a `lightning:` prefix, a byte-order mark at the start
  ///     and Unicode white space (the no-break space too) around it.
  ///   - options: the mode and the caller's expectations (network, description, clock).
  /// - Returns: the checked invoice, with its payee.
  /// - Throws: `InvoiceError` with the code of the first failing check (see the order above) and
  ///   the character position in `text` where one applies: Unicode scalars from its start
  ///   (``InvoiceError/index(in:)`` gives the `String.Index`).
  public static func decode(_ text: String, options: DecodeOptions = DecodeOptions())
    throws(InvoiceError) -> Invoice
  {
    var text = text
    // The invoice is returned straight through `withUTF8`, not wrapped in a `Result`: a `Result`
    // is copied in and out (hundreds of bytes, by `memcpy`). Only an `InvoiceError` can reach the
    // `catch`, its type erased by `withUTF8`'s untyped `rethrows`.
    do {
      return try text.withUTF8 { bytes in try decode(bytes: bytes, options: options) }
    } catch {
      throw Self.invoiceError(error)
    }
  }

  /// `error` as the `InvoiceError` it is: for the `catch` after a call through an untyped
  /// `rethrows` of a closure that throws only `InvoiceError`.
  static func invoiceError(_ error: any Error) -> InvoiceError {
    guard let error = error as? InvoiceError else {
      preconditionFailure("only an InvoiceError is thrown here, not \(type(of: error))")
    }
    return error
  }

  /// Decodes and fully checks an invoice given as bytes, as read from a file or a pipe.
  ///
  /// The bytes need not be UTF-8: a byte that is not refuses the invoice as
  /// `bech32.invalid_character` at that byte's own offset, its message naming the byte (a
  /// `String` made from the same bytes would have replaced it with U+FFFD first).
  ///
  /// - Parameters:
  ///   - bytes: the invoice, optionally with a `lightning:` prefix, a byte-order mark at the
  ///     start and Unicode white space around it.
  ///   - options: the mode and the caller's expectations (network, description, clock).
  /// - Throws: as `decode(_:options:)`; positions are character offsets in `bytes` (Unicode
  ///   scalars; a byte that is not UTF-8 counts as one).
  public static func decode(
    bytes: UnsafeBufferPointer<UInt8>, options: DecodeOptions = DecodeOptions()
  ) throws(InvoiceError) -> Invoice {
    // Built from the parts, not through `SignedRawInvoice.verified()`: each part moves into the
    // invoice instead of being copied out of a `SignedRawInvoice` that is then destroyed.
    let (raw, fields, signature, inputOffset) = try SignedRawInvoice.parts(
      bytes: bytes, mode: options.mode)
    let payee = try SignedRawInvoice.payee(
      raw: raw, fields: fields, signature: signature, inputOffset: inputOffset)
    // The last steps run on the parts too, so that the invoice is built straight into the result.
    if options.checkRouteHintKeys {
      try checkRouteHintKeys(raw: raw, routeHints: fields.routeHints, inputOffset: inputOffset)
    }
    try options.check(fields, inputOffset: inputOffset)
    return Invoice(
      raw: raw, fields: fields, signature: signature, payeeNodeID: payee, inputOffset: inputOffset)
  }
}

extension Invoice {
  /// Checks that every route hop key is a point on secp256k1, which `decode` does only with
  /// `DecodeOptions.checkRouteHintKeys` (see there why).
  ///
  /// - Throws: `field.invalid_pubkey` at the first hop whose key is off the curve, with the
  ///   position of the character where that key starts (when the hint came from `raw`).
  public func checkRouteHintKeys() throws(InvoiceError) {
    try Self.checkRouteHintKeys(raw: raw, routeHints: fields.routeHints, inputOffset: inputOffset)
  }

  /// `checkRouteHintKeys()` on an invoice's parts.
  static func checkRouteHintKeys(raw: RawInvoice, routeHints: [RouteHint], inputOffset: Int)
    throws(InvoiceError)
  {
    let routeFields = raw.fields.filter { $0.tag == FieldType.routeHint.number }
    for (hintIndex, hint) in routeHints.enumerated() {
      for (index, hop) in hint.hops.enumerated() where !hop.hasValidNodeID {
        var position: Int?
        if hintIndex < routeFields.count {
          // The hop's first bit is bit 51 * 8 * index of the field's data; five bits a word.
          let word =
            routeFields[hintIndex].range.lowerBound + RouteHop.encodedLength * 8 * index / 5
          position = inputOffset + raw.hrp.count + 1 + word
        }
        throw InvoiceError(
          .fieldInvalidPubkey, "route hop \(index + 1)'s key is not a point on secp256k1",
          position: position, field: "r")
      }
    }
  }
}

extension RouteHop {
  /// Whether `nodeID` is a point on secp256k1 (a field square root in libsecp256k1).
  public var hasValidNodeID: Bool { nodeID.isOnCurve }
}

extension SignedRawInvoice {
  /// Decodes an invoice and checks every field rule, without any signature or elliptic-curve
  /// work: the payee is not recovered, the `n` key, the route keys and the signature are not
  /// checked, and the caller's expectations in `options` (network, description, clock) are not
  /// applied. For bulk work where signatures are checked elsewhere; `Invoice.decode` does it all.
  ///
  /// - Throws: `InvoiceError` for steps 1 to 6 of the check order.
  public static func parse(_ text: String, options: DecodeOptions = DecodeOptions())
    throws(InvoiceError) -> SignedRawInvoice
  {
    var text = text
    // As in `Invoice.decode(_:options:)`: no `Result` to copy the invoice through.
    do {
      return try text.withUTF8 { bytes in try parse(bytes: bytes, mode: options.mode) }
    } catch {
      throw Invoice.invoiceError(error)
    }
  }

  /// Decodes the invoice in `bytes` (UTF-8). See `parse(_:options:)`.
  public static func parse(bytes: UnsafeBufferPointer<UInt8>, mode: DecodeOptions.Mode)
    throws(InvoiceError) -> SignedRawInvoice
  {
    let (raw, fields, signature, inputOffset) = try parts(bytes: bytes, mode: mode)
    return SignedRawInvoice(
      raw: raw, fields: fields, signature: signature, inputOffset: inputOffset)
  }

  /// What `parse(bytes:mode:)` reads, as separate values: `Invoice.decode` builds its invoice
  /// from them directly, moving each in rather than copying it out of a `SignedRawInvoice`.
  @inline(__always)
  static func parts(bytes: UnsafeBufferPointer<UInt8>, mode: DecodeOptions.Mode)
    throws(InvoiceError)
    -> (raw: RawInvoice, fields: InvoiceFields, signature: InvoiceSignature, inputOffset: Int)
  {
    let (offset, hrp, raw) = try readSyntax(bytes: bytes, mode: mode)
    let fields = try FieldReader.read(
      raw.words, hrp: hrp, mode: mode, dataOffset: offset + raw.hrp.count + 1)
    let signature = InvoiceSignature(words: raw.words)
    return (raw, fields, signature, offset)
  }

  /// Steps 1 to 4 of the check order: input hygiene, Bech32, the human-readable part and the
  /// framing. `InvoiceSyntax` runs them too, so that its fault is the decoder's.
  ///
  /// - Returns: the character offset in `bytes` where the invoice starts, its human-readable
  ///   part and its framed words.
  static func readSyntax(bytes: UnsafeBufferPointer<UInt8>, mode: DecodeOptions.Mode)
    throws(InvoiceError) -> (offset: Int, hrp: HumanReadablePart, raw: RawInvoice)
  {
    let span = InputText.trimmedInvoice(bytes).invoice
    // Positions count characters. Only a byte-order mark, white space and `lightning:` come
    // before the invoice; inside it, Bech32 stops at the first byte that is not ASCII, so every
    // later position is this offset plus a byte count.
    let offset =
      span.lowerBound == 0 ? 0 : InputText.scalarOffset(ofByte: span.lowerBound, in: bytes)
    guard span.count <= RawInvoice.maximumLength else {
      throw InvoiceError(
        .invoiceTooLong,
        "\(span.count) characters; an invoice has at most \(RawInvoice.maximumLength)",
        position: InputText.scalarOffset(
          ofByte: span.lowerBound + RawInvoice.maximumLength, in: bytes))
    }
    let decoded: Bech32.Decoded
    do {
      decoded = try Bech32.decode(bytes: UnsafeBufferPointer(rebasing: bytes[span]))
    } catch {
      throw InvoiceError(error, offset: offset)
    }
    // BOLT 11 invoices use the original Bech32 constant.
    guard decoded.variant == .bech32 else {
      throw InvoiceError(
        .bech32Checksum, "checksum is Bech32m; invoices use Bech32", position: nil)
    }
    let hrp = try HumanReadablePart.parse(decoded.hrp, offset: offset, mode: mode)
    let raw = try RawInvoice(
      hrp: decoded.hrp, words: decoded.words, isUppercase: decoded.isUppercase,
      dataOffset: offset + decoded.hrp.count + 1)
    return (offset, hrp, raw)
  }

  /// Checks the signature and finds the payee.
  ///
  /// BOLT 11: "if a valid `n` field is provided: MUST use the `n` field to validate the signature
  /// instead of performing public-key recovery." and "otherwise: MUST perform ECDSA public-key
  /// recovery and accept both high-S and low-S signatures."
  /// - Throws: step 7 of the check order.
  public consuming func verified() throws(InvoiceError) -> Invoice {
    let payee = try Self.payee(
      raw: raw, fields: fields, signature: signature, inputOffset: inputOffset)
    return Invoice(
      raw: raw, fields: fields, signature: signature, payeeNodeID: payee, inputOffset: inputOffset)
  }

  /// `verified()`'s check, on the invoice's parts, borrowed.
  ///
  /// Out of line: its closures borrow the parts, and inlined they would keep the caller's values
  /// in memory, to be copied (every array of the fields retained) rather than moved on.
  @inline(never)
  static func payee(
    raw: RawInvoice, fields: InvoiceFields, signature: InvoiceSignature, inputOffset: Int
  ) throws(InvoiceError) -> PublicKey {
    let position =
      inputOffset + raw.hrp.count + 1 + raw.words.count - RawInvoice.signatureWordCount
    guard (0...3).contains(signature.recoveryID) else {
      throw InvoiceError(
        .signatureInvalidRecoveryID,
        "recovery id \(signature.recoveryID) is not in 0...3", position: position)
    }
    return try raw.withSignatureHash { hash throws(InvoiceError) in
      // `withUnsafeBytes` rethrows untyped errors; a `Result` keeps the type.
      try signature.compact.withUnsafeBytes { compact throws(InvoiceError) in
        try checkSignature(
          compact: compact, hash: hash, recoveryID: signature.recoveryID,
          stated: fields.statedPayee, statedIsMalformed: fields.statedPayeeIsMalformed,
          position: position)
      }
    }
  }

  /// The payee, from the `n` field (`stated`) checked against the signature or recovered from it.
  private static func checkSignature(
    compact: UnsafeRawBufferPointer, hash: UnsafeRawBufferPointer, recoveryID: Int,
    stated: PublicKey?, statedIsMalformed: Bool, position: Int
  ) throws(InvoiceError) -> PublicKey {
    if statedIsMalformed {
      // The check order of a stated key: high-S first, then the key.
      let isHighS: Bool
      do {
        isHighS = try ECDSA.isHighS(compactSignature: Array(compact))
      } catch {
        throw Self.map(error, position: position)
      }
      if isHighS { throw highS(position: position) }
      throw Self.map(
        Secp256k1Error(.invalidPublicKey, "public key does not parse"), position: position)
    }
    guard let stated else {
      do {
        return try ECDSA.recoverPublicKey(
          compactSignature: compact, recoveryID: recoveryID, hash: hash)
      } catch {
        throw Self.map(error, position: position)
      }
    }
    let verification: ECDSA.Verification
    do {
      verification = try stated.withUnsafeBytes { key throws(Secp256k1Error) in
        try ECDSA.verifyLowS(compactSignature: compact, hash: hash, publicKey: key)
      }
    } catch {
      throw Self.map(error, position: position)
    }
    switch verification {
    case .valid:
      return stated
    case .highS:
      throw highS(position: position)
    case .invalid:
      throw InvoiceError(.signatureInvalid, "signature is not by the `n` key", position: position)
    }
  }

  private static func highS(position: Int) -> InvoiceError {
    // BOLT 11: "If the signature is not compliant with the low-S standard rule...MUST fail
    // the payment"
    InvoiceError(
      .signatureHighS, "signature is high-S, which an invoice with `n` may not use",
      position: position)
  }

  private static func map(_ error: Secp256k1Error, position: Int) -> InvoiceError {
    switch error.code {
    case .invalidRecoveryID:
      InvoiceError(.signatureInvalidRecoveryID, error.message, position: position)
    case .unrecoverable:
      InvoiceError(.signatureUnrecoverable, error.message, position: position)
    case .invalidPublicKey:
      InvoiceError(.fieldInvalidPubkey, "`n` is not a point on secp256k1", field: "n")
    case .invalidSignature, .invalidLength, .invalidSecretKey:
      InvoiceError(.signatureInvalid, error.message, position: position)
    }
  }

}

extension InvoiceSignature {
  /// The signature in the last 104 words of `words` (520 bits: 64 bytes, then the recovery id).
  ///
  /// - Precondition: `words` has at least `RawInvoice.signatureWordCount` words (framing checked).
  init(words: [UInt8]) {
    precondition(words.count >= RawInvoice.signatureWordCount)
    // 520 bits / 8: 65 whole bytes, no padding; the last is the recovery id.
    self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65) { bytes in
      _ = words.withUnsafeBufferPointer { words in
        Bech32.regroup(
          UnsafeBufferPointer(rebasing: words[(words.count - RawInvoice.signatureWordCount)...]),
          into: bytes, padded: true)
      }
      // 64 bytes make a compact signature.
      return InvoiceSignature(
        compact: CompactSignature(
          UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[0..<64])))!,
        recoveryID: Int(bytes[64]))
    }
  }
}
