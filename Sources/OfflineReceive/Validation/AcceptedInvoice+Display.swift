import Bolt11

extension AcceptedInvoice {
  /// Whether this invoice may be shown for a request of `amountSats` and `description` at `now`.
  ///
  /// Displayable for the same amount and note, "**not** displayable at exactly
  /// now+60, because expiry is exclusive", and "No node or network is consulted". It is pure:
  /// the time is a parameter, and the end is `displayUntil`, which never passes the
  /// signed expiry.
  public func isDisplayable(amountSats: UInt64, description: String, now: UInt64) -> Bool {
    matches(amountSats: amountSats, description: description) && now < displayUntil
  }

  /// Whether this invoice asks exactly `amountSats` (checked ×1000) with `description` as its
  /// direct description.
  public func matches(amountSats: UInt64, description: String) -> Bool {
    guard let requested = Millisatoshis(satoshis: amountSats), invoice.amount == requested else {
      return false
    }
    guard case .text(let text) = invoice.description else { return false }
    return text == description
  }
}
