/// Why the builder refused to make an invoice. It never makes one a reader would refuse.
public struct InvoiceBuildError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The stable reason, as the dotted code the tool prints (`build.invalid_features`).
  public enum Code: String, CaseIterable, Sendable {
    /// `Currency.unknown`: the builder writes only the four Bitcoin prefixes.
    case invalidCurrency = "build.invalid_currency"
    /// The payment hash is not 32 bytes.
    case invalidPaymentHash = "build.invalid_payment_hash"
    /// The payment secret is not 32 bytes.
    case invalidPaymentSecret = "build.invalid_payment_secret"
    /// The description hash is not 32 bytes.
    case invalidDescriptionHash = "build.invalid_description_hash"
    /// The description does not fit in one `d` field (639 bytes of UTF-8).
    case descriptionTooLong = "build.description_too_long"
    /// The amount is zero or above 21 million bitcoin.
    case invalidAmount = "build.invalid_amount"
    /// The timestamp does not fit in 35 bits.
    case invalidTimestamp = "build.invalid_timestamp"
    /// The expiry is negative, or the timestamp plus the expiry does not fit in 64 bits.
    case invalidExpiry = "build.invalid_expiry"
    /// The minimum final CLTV expiry delta is negative or does not fit in 64 bits.
    case invalidMinFinalCLTVExpiry = "build.invalid_min_final_cltv_expiry"
    /// The minimum final CLTV expiry delta is above 2^32 - 1, which no HTLC's 32-bit CLTV expiry
    /// can carry (readers flag it `cltv.unusable`); written only when asked for
    /// (`InvoiceBuilder.allowsUnusableCLTV`).
    case cltvUnusable = "build.cltv_unusable"
    /// A route hint is empty, too long for one `r` field, has a key that is not a compressed
    /// public key, or a number wider than its place in the hop.
    case invalidRoute = "build.invalid_route"
    /// The payment metadata does not fit in one `m` field.
    case invalidMetadata = "build.invalid_metadata"
    /// A feature bit is negative, beyond what a `9` field can hold (5114), even and unknown
    /// to readers, or set without a bit it depends on (BOLT #9).
    case invalidFeatures = "build.invalid_features"
    /// An extra field would be read as a known field, holds a word above 31, or is longer
    /// than one field (1023 characters).
    case invalidExtraField = "build.invalid_extra_field"
    /// `fieldOrder` or `extraFieldSlots` names a letter or a place that has no field.
    case invalidFieldOrder = "build.invalid_field_order"
    /// The signing key cannot sign (libsecp256k1 refused it), or a payee key is not a key.
    case invalidKey = "build.invalid_key"
    /// The invoice states its payee (`n`) and its signing hash was asked for without the payee's
    /// key: the signed bytes include it.
    case missingPayee = "build.missing_payee"
    /// A signer threw instead of signing; the message carries its error.
    case signerFailed = "build.signer_failed"
    /// A signature made elsewhere (a signer, or one attached as given) is not one readers accept
    /// for this invoice: a recovery id outside 0...3, r or s out of range, high-S, no key
    /// recovers from it, or the key it recovers is not the signer's (or the expected payee).
    case invalidSignature = "build.invalid_signature"
    /// The builder's own check of what it wrote failed: a bug in the builder, never bad input.
    /// Reported instead of trapping; the message says what the check found.
    case internalError = "build.internal"
    /// The signed invoice would be longer than readers accept (7089 characters).
    case tooLong = "build.too_long"
  }

  /// The stable reason; branch on this, never on `message`.
  public var code: Code
  /// What is wrong, for people; it may change between versions.
  public var message: String

  /// An error with its code and message.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(code.rawValue): \(SafeText.escape(message))" }
}
