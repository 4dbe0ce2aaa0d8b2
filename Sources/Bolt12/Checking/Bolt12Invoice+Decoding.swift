extension Bolt12Invoice {
  /// Reads an invoice and checks every rule a reader can decide from the string and the
  /// options, its signature included.
  ///
  /// The first failing rule wins, judged in three passes: the string and the framing of the
  /// whole stream; each record alone, in stream order; then the invoice as a whole
  /// (`missing_field`, `unexpected_field`, `zero_amount`, `currency_without_amount`,
  /// `empty_chains`, `empty_paths`, `field_mismatch`, `unknown_required_feature` (no usable
  /// path last), `payinfo_mismatch`, `missing_signature`, `signature_invalid`, then `expired`
  /// at or after ``expiresAt`` with a clock and `network_mismatch` against `invreq_chain` with
  /// networks).
  ///
  /// What no string can decide is left to the caller: whether it answers the request that was
  /// sent (``check(against:)``), and which path it arrived on.
  ///
  /// - Parameters:
  ///   - text: the invoice exactly as given (`lni1...`, either case, `+` joins allowed).
  ///   - options: the caller's clock and networks.
  /// - Throws: `Bolt12Error` with the code of the first failing rule and where it failed.
  /// - Complexity: O(n): one key parse per point, 3 tagged hashes per record, one signature
  ///   check.
  public static func decode(_ text: String, options: ReadOptions = ReadOptions())
    throws(Bolt12Error) -> Bolt12Invoice
  {
    Bolt12Invoice(try Bolt12Reading(reading: text, as: .invoice, options: options))
  }
}
