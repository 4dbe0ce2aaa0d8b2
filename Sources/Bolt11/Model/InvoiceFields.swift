import Bech32Codec
import Secp256k1

/// What an invoice says, every field checked by the reader rules, signature not yet involved.
public struct InvoiceFields: Sendable, Equatable {
  /// The chain, from the human-readable part; `Currency.unknown` only in compat mode.
  public let currency: Currency
  /// The amount asked for; nil for "any amount".
  public let amount: Millisatoshis?
  /// The signed timestamp, Unix seconds.
  public let createdAt: UInt64
  /// `p`.
  public let paymentHash: PaymentHash
  /// `s`; nil only in compat mode, for an invoice without `s`.
  public let paymentSecret: PaymentSecret?
  /// `d` or `h`.
  ///
  /// - Complexity: for `d`, O(n): the text is regrouped from the data part's words and made a
  ///   `String` on each call.
  public var description: InvoiceDescription {
    switch descriptionStorage {
    case .hash(let hash): .hash(hash)
    default: .text(descriptionStorage.withText { String(decoding: $0, as: UTF8.self) } ?? "")
    }
  }
  /// `d` as its place in the data part's words (or, in compat mode, as its bytes with U+FFFD), or
  /// `h` inline: reading an invoice builds no `String`, and allocates nothing for a valid `d` or
  /// for `h`.
  let descriptionStorage: DescriptionStorage
  /// Calls `body` with the text of `d` as UTF-8 (valid; in compat mode with U+FFFD where the
  /// received bytes were not) and returns true, or returns false for `h`: `description`'s text
  /// without building a `String` or an array (a valid text is regrouped from the data part into
  /// a stack buffer).
  public func withDescriptionUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
    descriptionStorage.withText(body) != nil
  }
  /// `h`, or nil for `d`: `description`'s hash without building the enumeration.
  public var descriptionHash: DescriptionHash? {
    if case .hash(let hash) = descriptionStorage { hash } else { nil }
  }
  /// `n`: the payee's key when the invoice states it.
  ///
  /// In a `SignedRawInvoice` (not yet verified), an `n` of 33 bytes that are no compressed key
  /// (first byte neither 02 nor 03) leaves this nil; verifying refuses such an invoice
  /// (`field.invalid_pubkey`), so an `Invoice` never has one.
  public let statedPayee: PublicKey?
  /// Whether `n` holds 33 bytes that are no compressed key (first byte neither 02 nor 03):
  /// `statedPayee` is then nil, and the signature check refuses the invoice.
  let statedPayeeIsMalformed: Bool
  /// `x`, or 3600 when absent.
  public let expirySeconds: UInt64
  /// `createdAt + expirySeconds`: the first second at which the invoice is expired
  /// (``ExpiryRule``).
  public let expiresAt: UInt64
  /// `c`, or 18 when absent.
  public let minFinalCLTVExpiryDelta: UInt64
  /// `9`; empty when absent.
  public let features: Features
  /// `f` fields with a known version, in received order.
  public let fallbacks: [Fallback]
  /// `r` fields, in received order.
  public let routeHints: [RouteHint]
  /// `m`.
  public let paymentMetadata: [UInt8]?
  /// Fields kept but not interpreted, in received order: unknown types, `f` fields of versions
  /// 19...31, and in compat mode the skipped wrong-length `p`, `h`, `s` and `n` fields.
  public let extraFields: [ExtraField]
  /// Rule breaches the reader accepted, in the order found: the amount's form and an unusable
  /// `c` in both modes; in compat mode also the strict code of each rule it relaxed.
  public let warnings: [InvoiceWarning]

  /// Expiry when there is no `x` field: one hour.
  public static let defaultExpirySeconds: UInt64 = 3600
  /// `min_final_cltv_expiry_delta` when there is no `c` field.
  public static let defaultMinFinalCLTVExpiryDelta: UInt64 = 18
}

/// How `InvoiceFields` holds its description.
enum DescriptionStorage: Sendable, Equatable {
  /// `d` whose data, `words[range]`, regroups to valid UTF-8 with no padding to refuse: the data
  /// part's words (shared with `RawInvoice`, not copied), regrouped when the text is read.
  case words([UInt8], Range<Int>)
  /// `d` as UTF-8 bytes (in compat mode, with U+FFFD where the received bytes were not UTF-8).
  case text([UInt8])
  /// `h`.
  case hash(DescriptionHash)

  /// Calls `body` with the text of `d` as UTF-8, or returns nil for `h`.
  func withText<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    switch self {
    case .words(let words, let range):
      // 5 bits a word, whole bytes only: the padding was checked when the field was read.
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count * 5 / 8) {
        buffer in
        let count = words.withUnsafeBufferPointer { words in
          Bech32.regroup(
            UnsafeBufferPointer(rebasing: words[range]), into: buffer, padded: false
          ).count
        }
        return body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
      }
    case .text(let utf8): return utf8.withUnsafeBufferPointer(body)
    case .hash: return nil
    }
  }

  /// Equal when the descriptions are, as `InvoiceDescription` compares them: texts as `String`s
  /// (canonically equivalent texts are equal even when their bytes differ).
  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.hash(let left), .hash(let right)): return left == right
    case (.hash, _), (_, .hash): return false
    default:
      let left = lhs.withText { Array($0) } ?? []
      let right = rhs.withText { Array($0) } ?? []
      return left == right
        || String(decoding: left, as: UTF8.self) == String(decoding: right, as: UTF8.self)
    }
  }
}

/// The purpose of a payment: inline text, or the SHA-256 of a text given elsewhere.
public enum InvoiceDescription: Sendable, Hashable {
  /// `d`: text of at most 639 bytes (in compat mode, invalid UTF-8 replaced by U+FFFD).
  case text(String)
  /// `h`: the SHA-256 of a text given elsewhere.
  case hash(DescriptionHash)

  /// The text of a `d` field, or nil for a hash.
  public var text: String? {
    if case .text(let text) = self { text } else { nil }
  }
  /// The text of a `d` field safe to show (`SafeText.escape`: controls, bidirectional
  /// overrides, invisible and unassigned characters written as `\u{...}`), or nil for a hash.
  ///
  /// `text` is the payee's text as received; show this one.
  public var displayText: String? { text.map(SafeText.escape) }
  /// The hash of an `h` field, or nil for a text.
  public var hash: DescriptionHash? {
    if case .hash(let hash) = self { hash } else { nil }
  }
}

/// A tagged field kept as received.
public struct ExtraField: Sendable, Hashable {
  /// The 5-bit type.
  public let tag: UInt8
  /// The data words.
  public let words: [UInt8]

  /// Makes a field from its type and data.
  ///
  /// - Parameters:
  ///   - tag: the 5-bit type (0...31).
  ///   - words: the data as 5-bit words.
  public init(tag: UInt8, words: [UInt8]) {
    self.tag = tag
    self.words = words
  }
}

/// The 64-byte compact signature and recovery id ending an invoice.
public struct InvoiceSignature: Sendable, Hashable {
  /// r ‖ s, 32 bytes each.
  public let compact: CompactSignature
  /// The recovery id byte as received (valid ones are 0...3).
  public let recoveryID: Int

  /// Makes a signature from its compact form and recovery id.
  public init(compact: CompactSignature, recoveryID: Int) {
    self.compact = compact
    self.recoveryID = recoveryID
  }
}
