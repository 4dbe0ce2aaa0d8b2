/// How strictly to read an invoice and what the caller expects of it.
public struct DecodeOptions: Sendable, Equatable {
  /// Which reader rules apply.
  public enum Mode: String, Sendable, CaseIterable {
    /// Every reader MUST and SHOULD of BOLT #11, plus refusing duplicate single-valued fields,
    /// partial trailing fields, overruns, non-zero padding and invoices over 7089 characters.
    case strict
    /// As the major node implementations read: a `p`, `h`, `s` or `n` field of the wrong length
    /// is skipped and kept in `extraFields` instead of refused.
    case compat
  }

  public var mode: Mode
  /// Refuse an invoice for another chain with `network.mismatch`.
  public var network: Currency?
  /// Check the `h` field against this description with `description_hash.mismatch`.
  public var description: String?
  /// The clock, in Unix seconds: when given, an invoice is refused with `invoice.expired` once
  /// `now >= expires_at`. Without it expiry is reported, not checked. The decoder never reads a clock.
  public var now: UInt64?

  public init(
    mode: Mode = .strict, network: Currency? = nil, description: String? = nil, now: UInt64? = nil
  ) {
    self.mode = mode
    self.network = network
    self.description = description
    self.now = now
  }
}
