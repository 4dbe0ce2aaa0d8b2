/// An invoice that may be displayed again after a restart, with its intent (spec §3 B).
public struct RestoredInvoice: Sendable, Equatable {
  public var intentID: IntentID
  public var accepted: AcceptedInvoice

  public init(intentID: IntentID, accepted: AcceptedInvoice) {
    self.intentID = intentID
    self.accepted = accepted
  }
}
