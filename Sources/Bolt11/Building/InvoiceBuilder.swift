import Bech32Codec
import Secp256k1

/// Builds and signs invoices, refusing anything a strict reader would refuse.
///
/// The required fields (`p`, `s`, and `d` or `h`) are parameters of `init`, so an invoice without
/// them cannot be built. Integers are written minimally, the amount with the shortest multiplier,
/// and fields in `fieldOrder` when given. Unless told otherwise, the invoice sets the features
/// every deployed reader expects (``defaultFeatures``).
///
/// Signing: `build(signingWith:)` with a ``/Secp256k1/SigningKey`` or any ``InvoiceDigestSigner``
/// (an HSM, a remote signer; ``AsyncInvoiceDigestSigner`` for one that answers asynchronously), or,
/// for a key kept elsewhere, ``signingHash(payee:)`` then
/// ``build(signature:recoveryID:expectedPayee:)``.
public struct InvoiceBuilder: Sendable {
  /// The chain the invoice is for: its prefix (`lnbc`, `lntb`, ...).
  public var currency: Currency
  /// The `p` field: SHA-256 of the payment preimage.
  public var paymentHash: PaymentHash
  /// The `s` field: the payment secret. `build` refuses nil (`build.invalid_payment_secret`):
  /// only a builder reproducing an invoice read without one has none.
  public var paymentSecret: PaymentSecret?
  /// The `d` field (text) or the `h` field (its SHA-256).
  public var description: InvoiceDescription
  /// Unix seconds; at most 35 bits.
  public var createdAt: UInt64
  /// nil for "any amount".
  public var amount: Millisatoshis?
  /// nil: no `x` field (readers use 3600).
  public var expirySeconds: UInt64?
  /// nil: no `c` field (readers use 18).
  public var minFinalCLTVExpiryDelta: UInt64?
  /// Write an `n` field with the signer's key. The signed bytes then include that key, so the
  /// signing hash depends on it (``signingHash(payee:)`` needs it).
  public var statesPayee: Bool = false
  /// The `9` field. ``defaultFeatures`` unless set: `var_onion_optin` (8) and `payment_secret`
  /// (14), required, which rust-lightning demands and the major builders set. `Features()` writes
  /// no `9` field (unless `fieldOrder` names one: then an empty one, as received). A feature set
  /// without one it depends on (BOLT #9) is refused, never completed.
  public var features: Features = InvoiceBuilder.defaultFeatures
  /// Whether a `c` above 2^32 - 1 may be written. No HTLC's 32-bit CLTV expiry can carry one and
  /// readers flag it `cltv.unusable`, so `build` refuses it (`build.cltv_unusable`) unless this
  /// is set. `init(reproducing:)` sets it for an invoice that has one.
  public var allowsUnusableCLTV = false
  /// Whether extra fields that only lenient (compat) readers skip may be written: a `p`, `h`,
  /// `s` or `n` of the wrong length, which strict readers refuse (`field.invalid_length`), so
  /// `build` refuses it (`build.invalid_extra_field`) unless this is set. `init(reproducing:)`
  /// sets it for an invoice that has one (BOLT #11's example of fields a reader skips has four).
  public var allowsCompatOnlyExtraFields = false
  /// Whether the invoice is written in upper case (as QR codes encode it most compactly).
  /// `init(reproducing:)` keeps the case of the invoice it reproduces.
  public var isUppercase = false
  /// On-chain fallback addresses, one `f` field each, in this order.
  public var fallbacks: [Fallback] = []
  /// Private routes, one `r` field each, in this order.
  public var routeHints: [RouteHint] = []
  /// The `m` field; nil writes none.
  public var paymentMetadata: [UInt8]?
  /// Fields written as given, which readers keep uninterpreted: unknown types, or `f` with a
  /// version above 18. `build` refuses any other (`build.invalid_extra_field`): a field of a
  /// known type (a `p` of any length, an `f` of a known version), which a strict reader refuses
  /// or reads as that field, and a type or data word above 31.
  public var extraFields: [ExtraField] = []
  /// The order of the fields, as type letters (`"s"`, `"p"`, `"d"`, `"9"`); a letter that repeats
  /// takes that type's next field (`f` and `r` fields, then extra fields of that type). Fields not
  /// named follow in the default order `p s d h n x c m 9 f r`, then extra fields.
  public var fieldOrder: [Character]?
  /// The positions in `fieldOrder` that take an extra field rather than a known field of the same
  /// letter (an `f` of unknown version before a fallback, or in compat mode a wrong-length `p`
  /// before the real one). Set by `init(reproducing:)`, which knows where the reader skipped.
  /// Each is an index of `fieldOrder` (`build.invalid_field_order` otherwise).
  public var extraFieldSlots: Set<Int> = []

  /// Longest route an `r` field can hold: 12 hops of 51 bytes in 639 bytes.
  public static let maximumHopsPerRoute = 12
  /// Longest data a field can hold: 1023 words of 5 bits.
  public static let maximumFieldBytes = 639
  /// Timestamps are 35 bits.
  public static let maximumTimestamp: UInt64 = 1 << 35 - 1
  /// The largest `c` an HTLC can use: its CLTV expiry is 32 bits.
  public static let maximumUsableCLTV = UInt64(UInt32.max)

  /// The features a builder sets unless told otherwise: `var_onion_optin` (bit 8) and
  /// `payment_secret` (bit 14), both required.
  ///
  /// BOLT #9 marks both ASSUMED, so the spec does not force them, but rust-lightning refuses an
  /// invoice without them and LDK's, Eclair's and Core Lightning's builders set them.
  public static let defaultFeatures: Features = {
    do {
      return try Features(bits: [8, 14])
    } catch {
      preconditionFailure("bits 8 and 14 are in range: \(error)")
    }
  }()

  /// A builder with the fields every invoice needs; set the others before `build`.
  ///
  /// Lengths are checked by `build`, which throws rather than writing an invoice a reader refuses.
  public init(
    currency: Currency, paymentHash: PaymentHash, paymentSecret: PaymentSecret,
    description: InvoiceDescription, createdAt: UInt64
  ) {
    self.currency = currency
    self.paymentHash = paymentHash
    self.paymentSecret = paymentSecret
    self.description = description
    self.createdAt = createdAt
  }

  /// A builder that reproduces `invoice`: the same fields in the same order, `x` and `c` only
  /// where the invoice has them, `n` where it states its payee, its features as they are (none
  /// when it has none) and its case (upper or lower). Signed with the same key, it gives back the
  /// same string (if the amount was written in its shortest form, as writers must). An
  /// invoice that compat mode read despite a strict rule (an unknown prefix, no `s`, an unknown
  /// required feature) gives a builder that `build` refuses.
  public init(reproducing invoice: Invoice) {
    currency = invoice.currency
    paymentHash = invoice.paymentHash
    // nil for an invoice compat mode read without `s`: `build` refuses it.
    paymentSecret = invoice.paymentSecret
    description = invoice.description
    createdAt = invoice.createdAt
    let rawFields = invoice.raw.fields
    let tags = Set(rawFields.map(\.tag))
    amount = invoice.amount
    expirySeconds = tags.contains(FieldType.expiry.number) ? invoice.expirySeconds : nil
    minFinalCLTVExpiryDelta =
      tags.contains(FieldType.minFinalCLTVExpiryDelta.number)
      ? invoice.minFinalCLTVExpiryDelta : nil
    statesPayee = invoice.statedPayee != nil
    features = invoice.features
    allowsUnusableCLTV = (minFinalCLTVExpiryDelta ?? 0) > Self.maximumUsableCLTV
    isUppercase = invoice.raw.isUppercase
    allowsCompatOnlyExtraFields = invoice.extraFields.contains {
      !Self.readersKeep($0, mode: .strict)
    }
    fallbacks = invoice.fallbacks
    routeHints = invoice.routeHints
    paymentMetadata = invoice.paymentMetadata
    extraFields = invoice.extraFields
    fieldOrder = rawFields.map(\.letter)
    extraFieldSlots = Set(
      rawFields.indices.filter { index in
        let field = rawFields[index]
        let data = ExtraField(tag: field.tag, words: Array(invoice.raw.data(of: field)))
        return Self.readersKeep(data, mode: .compat)
      })
  }

  /// `ln`, the currency prefix and the shortest amount.
  public var humanReadablePart: String {
    HumanReadablePart(currency: currency, amount: amount).encoded
  }

  /// The data part before the signature: timestamp and fields.
  func unsignedWords(payee: PublicKey) throws(InvoiceBuildError) -> [UInt8] {
    try validate()
    // Each letter's fields, known ones apart from extra ones (which readers skip), and the default
    // order of all of them.
    var known: [Character: [[UInt8]]] = [:]
    var extra: [Character: [[UInt8]]] = [:]
    var defaultOrder: [(letter: Character, isExtra: Bool)] = []
    func add(_ letter: Character, _ data: [UInt8]) {
      known[letter, default: []].append(data)
      defaultOrder.append((letter, false))
    }
    for definition in FieldDefinition.table {
      for data in definition.write(self, payee) { add(definition.type.letter, data) }
    }
    for field in extraFields {
      extra[field.letter, default: []].append(field.words)
      defaultOrder.append((field.letter, true))
    }

    // How many of each letter's known and extra fields are placed so far.
    var placedKnown: [Character: Int] = [:]
    var placedExtra: [Character: Int] = [:]
    var order: [(letter: Character, data: [UInt8])] = []
    order.reserveCapacity(defaultOrder.count)
    func place(_ letter: Character, isExtra: Bool) {
      if isExtra {
        let index = placedExtra[letter, default: 0]
        order.append((letter, extra[letter]![index]))
        placedExtra[letter] = index + 1
      } else {
        let index = placedKnown[letter, default: 0]
        order.append((letter, known[letter]![index]))
        placedKnown[letter] = index + 1
      }
    }
    func hasUnplaced(_ letter: Character, isExtra: Bool) -> Bool {
      isExtra
        ? placedExtra[letter, default: 0] < extra[letter]?.count ?? 0
        : placedKnown[letter, default: 0] < known[letter]?.count ?? 0
    }
    for (slot, letter) in (fieldOrder ?? []).enumerated() {
      let knownLeft = hasUnplaced(letter, isExtra: false)
      let extraLeft = hasUnplaced(letter, isExtra: true)
      guard knownLeft || extraLeft else {
        throw InvoiceBuildError(
          .invalidFieldOrder, "field order names a `\(letter)` field the invoice does not have")
      }
      place(letter, isExtra: extraLeft && (extraFieldSlots.contains(slot) || !knownLeft))
    }
    for field in defaultOrder where hasUnplaced(field.letter, isExtra: field.isExtra) {
      place(field.letter, isExtra: field.isExtra)
    }

    var words = Self.fixedWords(createdAt, count: RawInvoice.timestampWordCount)
    for (letter, data) in order {
      guard data.count <= 1023 else {
        throw InvoiceBuildError(.invalidExtraField, "`\(letter)` is longer than 1023 characters")
      }
      guard let tag = Bech32.word(of: letter) else {
        preconditionFailure("`\(letter)` came from a row or an extra field: a Bech32 character")
      }
      words.append(tag)
      words.append(UInt8(data.count >> 5))
      words.append(UInt8(data.count & 31))
      words += data
    }
    return words
  }

  private func validate() throws(InvoiceBuildError) {
    let slotCount = fieldOrder?.count ?? 0
    for slot in extraFieldSlots where slot < 0 || slot >= slotCount {
      throw InvoiceBuildError(
        .invalidFieldOrder,
        "extra field slot \(slot) is not a place in the field order, which has \(slotCount)")
    }
    guard currency.isKnown else {
      throw InvoiceBuildError(
        .invalidCurrency, "currency prefix \"\(currency.prefix)\" is not bc, tb, tbs or bcrt")
    }
    if let amount {
      // BOLT 11: "MUST encode `amount` as a positive decimal integer with no leading 0s."
      guard amount.rawValue > 0 else {
        throw InvoiceBuildError(.invalidAmount, "amount must be positive (omit it for any amount)")
      }
      guard amount <= Millisatoshis.maximum else {
        throw InvoiceBuildError(
          .invalidAmount, "amount \(amount.rawValue) msat is above 21 million bitcoin")
      }
    }
    guard createdAt <= Self.maximumTimestamp else {
      throw InvoiceBuildError(
        .invalidTimestamp, "timestamp \(createdAt) does not fit in 35 bits")
    }
    if let cltv = minFinalCLTVExpiryDelta, cltv > Self.maximumUsableCLTV, !allowsUnusableCLTV {
      throw InvoiceBuildError(
        .cltvUnusable,
        "min_final_cltv_expiry \(cltv) is above \(Self.maximumUsableCLTV), which no HTLC can "
          + "carry (allow it explicitly to write it anyway)")
    }
    // Each field's own rules, in table order.
    for definition in FieldDefinition.table { try definition.check(self) }
    for field in extraFields { try checkExtra(field) }
  }

  /// Refuses an extra field that would not read back as the same extra field: a type or word
  /// beyond 5 bits, or a field a strict reader refuses or reads as a known field (any field of a
  /// known type but an `f` of a version above 18; with ``allowsCompatOnlyExtraFields``, a
  /// fixed-length field of the wrong length is written for compat readers).
  private func checkExtra(_ field: ExtraField) throws(InvoiceBuildError) {
    guard field.tag < 32 else {
      throw InvoiceBuildError(.invalidExtraField, "extra field type \(field.tag) is above 31")
    }
    if let index = field.words.firstIndex(where: { $0 > 31 }) {
      throw InvoiceBuildError(
        .invalidExtraField,
        "extra field `\(field.letter)` has data word \(field.words[index]) at \(index), above 31")
    }
    guard let type = FieldType(number: field.tag), !Self.readersKeep(field, mode: .strict),
      !(allowsCompatOnlyExtraFields && Self.readersKeep(field, mode: .compat))
    else { return }
    let definition = type.definition
    let count = field.words.count
    let message: String
    if definition.length.isFixed, count != definition.length.minimum {
      message =
        "extra field `\(type.letter)` has \(count) data word\(count == 1 ? "" : "s"); strict "
        + "readers refuse a \(definition.name) that is not \(definition.length.minimum) (allow "
        + "it explicitly to write it for compat readers)"
    } else if type == .fallback, let version = field.words.first {
      message =
        "extra field `f` of version \(version) would be read as a fallback, not kept; "
        + "use `fallbacks`"
    } else if type == .fallback {
      message = "extra field `f` is empty; readers refuse an empty fallback"
    } else {
      message =
        "extra field `\(type.letter)` would be read as the \(definition.name), not kept; set it "
        + "through its property"
    }
    throw InvoiceBuildError(.invalidExtraField, message)
  }

  /// Whether readers in `mode` keep `field` uninterpreted: an unknown type, an `f` field of an
  /// unknown version, or (compat readers only) a `p`, `h`, `s` or `n` field of the wrong length.
  static func readersKeep(_ field: ExtraField, mode: DecodeOptions.Mode) -> Bool {
    guard let type = FieldType(number: field.tag) else { return true }
    return type.definition.isKeptAsExtra(field.words, mode: mode)
  }

  /// A value's big-endian words without leading zero words (zero is no words at all).
  package static func minimalWords(_ value: UInt64) -> [UInt8] {
    var words: [UInt8] = []
    var rest = value
    while rest > 0 {
      words.insert(UInt8(rest & 31), at: 0)
      rest >>= 5
    }
    return words
  }

  /// A value's big-endian words, exactly `count` of them.
  static func fixedWords(_ value: UInt64, count: Int) -> [UInt8] {
    (0..<count).map { UInt8((value >> (5 * UInt64(count - 1 - $0))) & 31) }
  }
}
