extension InvoiceRequest {
  /// Reads an invoice request and checks every rule a reader can decide from the string and
  /// the options, its signature included.
  ///
  /// The first failing rule wins, judged in three passes: the string and the framing of the
  /// whole stream; each record alone, in stream order (`tlv_out_of_range`, `unknown_even`,
  /// `invalid_field`, `invalid_utf8`); then the request as a whole (`missing_field`,
  /// `unexpected_field`, `zero_amount`, `currency_without_amount`, `empty_chains`,
  /// `empty_paths`, `field_mismatch`, `unknown_required_feature`, `missing_signature`,
  /// `signature_invalid`, then `expired` against `offer_absolute_expiry` with a clock and
  /// `network_mismatch` against `invreq_chain` with networks). A request that answers no offer
  /// (a refund) may be unsigned: it is valid, with the warning `bolt12.unsigned_request`.
  ///
  /// What no string can decide is left to the caller: whether the offer fields match an offer
  /// it issued, and which path the request arrived on.
  ///
  /// - Parameters:
  ///   - text: the request exactly as given (`lnr1...`, either case, `+` joins allowed).
  ///   - options: the caller's clock and networks.
  /// - Throws: `Bolt12Error` with the code of the first failing rule and where it failed.
  /// - Complexity: O(n): one key parse per point, 3 tagged hashes per record, one signature
  ///   check.
  public static func decode(_ text: String, options: ReadOptions = ReadOptions())
    throws(Bolt12Error) -> InvoiceRequest
  {
    InvoiceRequest(try Bolt12Reading(reading: text, as: .invoiceRequest, options: options))
  }
}
