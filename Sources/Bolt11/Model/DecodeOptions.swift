/// How strictly to read an invoice and what the caller expects of it.
public struct DecodeOptions: Sendable, Equatable {
  /// Which reader rules apply.
  public enum Mode: String, Sendable, CaseIterable {
    /// Every reader MUST and SHOULD of BOLT #11, plus refusing duplicate single-valued fields,
    /// partial trailing fields, overruns, non-zero padding and invoices over 7089 characters.
    case strict
    /// As the major node implementations read: a `p`, `h`, `s` or `n` field of the wrong length
    /// is skipped and kept in `extraFields` instead of refused. Also reads, each with its strict
    /// code in `warnings`, what a payer must refuse but a reader can still show: no `s`, unknown
    /// required features, an unknown currency prefix (`Currency.unknown`), a `d` that is not
    /// UTF-8. Checksums, framing, padding, amounts and signatures are never relaxed.
    case compat
  }

  /// Which reader rules apply: ``Mode/strict`` by default.
  public var mode: Mode
  /// Refuse an invoice for another chain with `network.mismatch`.
  public var network: Currency?
  /// Check the `h` field against this description with `description_hash.mismatch`, or a `d`
  /// field for exactly this text with `description.mismatch`.
  public var description: String?
  /// The clock, in Unix seconds: when given, an invoice is refused with `invoice.expired` once
  /// `now >= expires_at`. Without it expiry is reported, not checked. The decoder never reads a clock.
  public var now: UInt64?
  /// Refuse an invoice whose route hop keys are not points on secp256k1 (`field.invalid_pubkey`).
  ///
  /// Off by default: BOLT #11 has no such reader rule, and each check is a field square root in
  /// libsecp256k1 (about 6 us, more than the whole parse), paid on every hop of every decode.
  /// Without it a hop key is still checked for its form (33 bytes starting 02 or 03), and the
  /// router that uses it parses it anyway. Core Lightning reads route keys unchecked; LDK and lnd
  /// check them. Turn it on where an unusable hint matters, as the offline-receive validator
  /// does, or call `Invoice.checkRouteHintKeys()` later.
  public var checkRouteHintKeys: Bool

  /// Makes options; the defaults are strict, with no expectations and no clock.
  ///
  /// - Parameters:
  ///   - mode: which reader rules apply.
  ///   - network: the chain the invoice must be for, if any.
  ///   - description: the text the invoice's description hash must be the hash of, or its
  ///     direct description must equal, if any.
  ///   - now: the clock in Unix seconds, to refuse expired invoices; nil: expiry not checked.
  ///   - checkRouteHintKeys: whether route hop keys must be points on secp256k1.
  public init(
    mode: Mode = .strict, network: Currency? = nil, description: String? = nil, now: UInt64? = nil,
    checkRouteHintKeys: Bool = false
  ) {
    self.mode = mode
    self.network = network
    self.description = description
    self.now = now
    self.checkRouteHintKeys = checkRouteHintKeys
  }
}

extension DecodeOptions {
  /// The expectation rules decoding checks, in its order, each with its code: the decoder's one
  /// table from rule to code. The description rule holds an `h` field to the SHA-256 of the
  /// given text (`description_hash.mismatch`) and a `d` field to the text itself
  /// (`description.mismatch`, the code ``check(_:inputOffset:)`` gives when the field is `d`).
  static let ruleCodes: [(rule: ExpectationRule, code: InvoiceError.Code)] = [
    (.descriptionMismatch, .descriptionHashMismatch),
    (.networkMismatch, .networkMismatch),
    (.expired, .invoiceExpired),
  ]

  /// The caller's expectations as rules; nil when none is set.
  var expectations: InvoiceExpectations? {
    guard network != nil || description != nil || now != nil else { return nil }
    var expectations = InvoiceExpectations()
    expectations.network = network
    expectations.description = description.map { .text($0) }
    return expectations
  }

  /// Refuses `fields` for the first rule of ``ruleCodes`` it breaks.
  ///
  /// - Parameter inputOffset: where the invoice starts in the input, for positions.
  /// - Throws: `description_hash.mismatch`, `description.mismatch`, `network.mismatch`,
  ///   `invoice.expired`.
  func check(_ fields: InvoiceFields, inputOffset: Int) throws(InvoiceError) {
    guard let expectations else { return }
    for (rule, code) in Self.ruleCodes {
      // Without a clock, expiry is reported, not checked.
      guard rule != .expired || now != nil,
        expectations.breach(of: rule, fields, payee: nil, now: now ?? 0) != nil
      else { continue }
      switch rule {
      case .descriptionMismatch:
        guard case .hash = fields.description else {
          // A direct description is held to the same text: one option, one meaning.
          throw InvoiceError(.descriptionMismatch, "`d` is not the given description", field: "d")
        }
        // BOLT 11: "MUST check that the SHA2 256-bit hash in the `h` field exactly matches the
        // hashed description."
        throw InvoiceError(code, "`h` is not the SHA-256 of the given description", field: "h")
      case .networkMismatch:
        throw InvoiceError(
          code,
          "invoice is for \(fields.currency.networkName), expected \(network?.networkName ?? "")",
          position: inputOffset + 2)
      default:
        throw InvoiceError(code, "invoice expired at \(fields.expiresAt); now is \(now ?? 0)")
      }
    }
  }
}
