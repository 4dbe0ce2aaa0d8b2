/// Where the payment gate asks the provider how an intent stands (spec §4 W10).
public protocol IntentStatusSource: Sendable {
  /// The node's current status of the intent's request.
  func status(of intentID: IntentID) async throws -> NodeRequestStatus
}
