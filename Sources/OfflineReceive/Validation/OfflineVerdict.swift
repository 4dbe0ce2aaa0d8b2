/// The answer of the offline validator: shown, or refused with one code.
public enum OfflineVerdict: Sendable, Equatable {
  case accepted(AcceptedInvoice)
  case rejected(OfflineRejection)

  public var accepted: AcceptedInvoice? {
    if case .accepted(let invoice) = self { invoice } else { nil }
  }
  public var rejection: OfflineRejection? {
    if case .rejected(let rejection) = self { rejection } else { nil }
  }
}
