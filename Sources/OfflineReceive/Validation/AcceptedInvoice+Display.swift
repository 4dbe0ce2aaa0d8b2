public import Bolt11

extension AcceptedInvoice {
  /// Whether this invoice may be shown for a request of `amount` and `description` at `now`.
  ///
  /// Displayable for the same amount and note, "**not** displayable at exactly
  /// now+60, because expiry is exclusive", and "No node or network is consulted". It is pure:
  /// the time is a parameter, and the end is `displayUntil`, which never passes the
  /// signed expiry.
  public func isDisplayable(amount: Millisatoshis, description: String, now: UInt64) -> Bool {
    matches(amount: amount, description: description) && now < displayUntil
  }

  /// Whether this invoice asks exactly `amount` with `description` as its direct description.
  public func matches(amount: Millisatoshis, description: String) -> Bool {
    guard invoice.amount == amount else { return false }
    guard case .text(let text) = invoice.description else { return false }
    return text == description
  }
}
