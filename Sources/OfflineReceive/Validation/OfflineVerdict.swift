/// The answer of the offline validator: shown, or refused with one code.
public enum OfflineVerdict: Sendable, Equatable {
  /// The invoice may be shown, until its `displayUntil`.
  case accepted(AcceptedInvoice)
  /// The invoice may not be shown, for the first failing check.
  case rejected(OfflineRejection)

  /// The accepted invoice, or nil.
  public var accepted: AcceptedInvoice? {
    if case .accepted(let invoice) = self { invoice } else { nil }
  }
  /// The rejection, or nil.
  public var rejection: OfflineRejection? {
    if case .rejected(let rejection) = self { rejection } else { nil }
  }
}
