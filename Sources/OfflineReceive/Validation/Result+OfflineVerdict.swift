/// The answer of the offline validator, `Result<AcceptedInvoice, OfflineRejection>`: shown
/// (`.success`), or refused with the code of the first failing check (`.failure`).
extension Result where Success == AcceptedInvoice, Failure == OfflineRejection {
  /// The accepted invoice, or nil.
  public var accepted: AcceptedInvoice? { try? get() }
  /// The rejection, or nil.
  public var rejection: OfflineRejection? {
    if case .failure(let rejection) = self { rejection } else { nil }
  }
}
