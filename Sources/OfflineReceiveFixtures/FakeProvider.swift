import Bolt11
import OfflineReceive

/// The spec's §2.S provider fake: it records every capability query and every prepare call, and
/// returns a valid invoice for exactly what it was asked (signed by our test key at the test
/// clock), unless a test scripts something else.
package actor FakeProvider: OfflineReceiveProvider {
  package struct PrepareCall: Equatable {
    package var intentID: IntentID
    package var amount: Millisatoshis
    package var description: String
  }

  package struct CustomError: Error, Equatable {
    var tag: String
    package init(tag: String) { self.tag = tag }
  }

  var capability: Result<Bool, CustomError> = .success(true)
  /// When set, prepare throws this instead of answering.
  var prepareError: (any Error)?
  /// When set, prepare answers this string instead of a fresh invoice.
  var fixedInvoice: String?
  package private(set) var queries: [Millisatoshis] = []
  package private(set) var prepares: [PrepareCall] = []
  private var suspendNext = false
  private var suspended: CheckedContinuation<Bool, Never>?

  package init() {}

  package func setCapability(_ answer: Bool) { capability = .success(answer) }
  package func failCapability(_ error: CustomError) { capability = .failure(error) }
  package func setPrepareError(_ error: (any Error)?) { prepareError = error }
  package func setFixedInvoice(_ invoice: String?) { fixedInvoice = invoice }
  /// The next capability query waits until `resumeQuery(with:)`.
  package func suspendNextQuery() { suspendNext = true }
  package var hasSuspendedQuery: Bool { suspended != nil }
  package func resumeQuery(with answer: Bool) {
    suspended?.resume(returning: answer)
    suspended = nil
  }

  package func canReceive(amount: Millisatoshis) async throws -> Bool {
    queries.append(amount)
    if suspendNext {
      suspendNext = false
      return await withCheckedContinuation { suspended = $0 }
    }
    return try capability.get()
  }

  package func prepareInvoice(intentID: IntentID, amount: Millisatoshis, description: String)
    async throws
    -> PrepareOutcome<String>
  {
    prepares.append(
      PrepareCall(intentID: intentID, amount: amount, description: description))
    if let prepareError { throw prepareError }
    if let fixedInvoice { return .ready(fixedInvoice, intentID: intentID) }
    let bolt11 = TestInvoices.make(amountMsat: amount.rawValue, description: .text(description))
    return .ready(bolt11.string, intentID: intentID)
  }
}

/// Waits (by yielding) until `condition` holds, for at most a few thousand turns.
package func eventually(_ condition: () async -> Bool) async -> Bool {
  for _ in 0..<10_000 {
    if await condition() { return true }
    await Task.yield()
  }
  return false
}
