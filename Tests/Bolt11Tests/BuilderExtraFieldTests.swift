import Bolt11
import Secp256k1
import TestSupport
import Testing

/// What the builder writes as an extra field, held to what a strict reader does with it: every
/// extra field it writes reads back as that extra field, and it refuses every other one with
/// `build.invalid_extra_field` and a message that says why.
@Suite struct BuilderExtraFieldTests {
  static let key = FakeKeys.signingKey(0x05)

  static func builder(_ extra: [ExtraField]) -> InvoiceBuilder {
    var builder = InvoiceBuilder(
      currency: .bitcoin, paymentHash: PaymentHash(bytes: [UInt8](repeating: 1, count: 32))!,
      paymentSecret: PaymentSecret(bytes: [UInt8](repeating: 2, count: 32))!,
      description: .text("extra"), createdAt: 1_700_000_000)
    builder.extraFields = extra
    return builder
  }

  /// Every type with data of the lengths that matter: none, one word, the fixed lengths of
  /// `p`, `s`, `h` (52) and `n` (53) and one either side, and an `f` of each version class.
  static let candidates: [ExtraField] =
    (0..<32).flatMap { tag in
      [0, 1, 3, 51, 52, 53, 54].map { count in
        ExtraField(tag: UInt8(tag), words: (0..<count).map { UInt8(($0 * 7 + tag) % 32) })
      }
    } + (0..<32).map { version in ExtraField(tag: 9, words: [UInt8(version), 1, 2, 3]) }

  @Test(
    "an extra field the builder writes reads back, strictly, as that extra field",
    arguments: candidates)
  func writtenOrRefused(field: ExtraField) throws {
    let built: Invoice
    do {
      built = try Self.builder([field]).build(signingWith: Self.key)
    } catch {
      #expect(error.code == .invalidExtraField, "\(error)")
      // The same field signed by hand beside the required ones: a strict reader refuses it, or
      // reads it as something else than this extra field.
      let text = SignedInvoiceFixture.signed(
        SignedInvoiceFixture.required + [(field.letter, field.words)])
      let decoded = try? Invoice.decode(text, options: DecodeOptions(mode: .strict))
      #expect(decoded == nil || decoded?.extraFields != [field], "\(field) reads back as extra")
      return
    }
    let decoded = try Invoice.decode(built.string, options: DecodeOptions(mode: .strict))
    #expect(decoded.extraFields == [field])
  }

  @Test("refused: a field a strict reader refuses or reads as a known field")
  func refusedKinds() throws {
    let refused: [(ExtraField, message: String)] = [
      (
        ExtraField(tag: 1, words: [0]),
        "extra field `p` has 1 data word; strict readers refuse a payment_hash that is not 52 "
          + "(allow it explicitly to write it for compat readers)"
      ),
      (
        ExtraField(tag: 16, words: [0, 0, 0]),
        "extra field `s` has 3 data words; strict readers refuse a payment_secret that is not "
          + "52 (allow it explicitly to write it for compat readers)"
      ),
      (
        ExtraField(tag: 16, words: [UInt8](repeating: 0, count: 52)),
        "extra field `s` would be read as the payment_secret, not kept; set it through its property"
      ),
      (
        ExtraField(tag: 6, words: [1]),
        "extra field `x` would be read as the expiry, not kept; set it through its property"
      ),
      (
        ExtraField(tag: 9, words: [0, 1]),
        "extra field `f` of version 0 would be read as a fallback, not kept; use `fallbacks`"
      ),
      (ExtraField(tag: 9, words: []), "extra field `f` is empty; readers refuse an empty fallback"),
      (ExtraField(tag: 40, words: [1]), "extra field type 40 is above 31"),
      (ExtraField(tag: 0, words: [1, 40]), "extra field `q` has data word 40 at 1, above 31"),
      (ExtraField(tag: 1, words: [32]), "extra field `p` has data word 32 at 0, above 31"),
    ]
    for (field, message) in refused {
      let error = #expect(throws: InvoiceBuildError.self) {
        try Self.builder([field]).build(signingWith: Self.key)
      }
      #expect(error?.code == .invalidExtraField)
      #expect(error?.message == message)
    }
  }

  @Test("a wrong-length `p`, `h`, `s` or `n` only when allowed, for compat readers")
  func compatOnly() throws {
    for field in [
      ExtraField(tag: 1, words: [0]), ExtraField(tag: 23, words: [1, 2, 3]),
      ExtraField(tag: 16, words: [UInt8](repeating: 0, count: 53)),
      ExtraField(tag: 19, words: [UInt8](repeating: 0, count: 52)),
    ] {
      var builder = Self.builder([field])
      #expect(throws: InvoiceBuildError.self) { try builder.build(signingWith: Self.key) }
      builder.allowsCompatOnlyExtraFields = true
      let invoice = try builder.build(signingWith: Self.key)
      #expect(throws: InvoiceError.self) { try Invoice.decode(invoice.string) }
      let compat = try Invoice.decode(invoice.string, options: DecodeOptions(mode: .compat))
      #expect(compat.extraFields == [field])
      // Reproduced as read.
      #expect(InvoiceBuilder(reproducing: compat).allowsCompatOnlyExtraFields)
      // Never a field of the right length, which every reader reads as the known field.
      builder.extraFields = [ExtraField(tag: 1, words: [UInt8](repeating: 0, count: 52))]
      #expect(throws: InvoiceBuildError.self) { try builder.build(signingWith: Self.key) }
    }
  }

  @Test("kept: an unknown type with any words, an `f` of a version above 18")
  func keptKinds() throws {
    for field in [
      ExtraField(tag: 0, words: [0]), ExtraField(tag: 2, words: [31, 0, 1]),
      ExtraField(tag: 31, words: []), ExtraField(tag: 9, words: [19, 1]),
      ExtraField(tag: 9, words: [31]),
    ] {
      let invoice = try Self.builder([field]).build(signingWith: Self.key)
      #expect(try Invoice.decode(invoice.string).extraFields == [field])
    }
  }
}
