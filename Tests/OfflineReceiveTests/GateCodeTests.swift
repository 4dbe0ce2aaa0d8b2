import Bolt11
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

@testable import OfflineReceive

/// Defect 7: every refusal of the payment gate is its own stable code, carries its intent and
/// says truthfully whether the intent ends; no code has two meanings.
@Suite struct GateCodeTests {
  @Test(
    "defect 7: a gate refusal surfaces as its own code, and ends the intent only when it cannot resume",
    arguments: [
      (RegistrationRefusal.alreadyPaid, true), (.historyUnavailable, false),
      (.stalePreparation, false), (.displayExpired, true), (.providerTerminal, true),
      (.providerStatusUnknown, false), (.historyBusy, false),
    ])
  func ownCode(refusal: RegistrationRefusal, ends: Bool) throws {
    let code = try #require(refusal.errorCode)
    #expect(code.rawValue == refusal.rawValue)
    #expect(OfflineReceiveError(code, "").endsIntent == ends)
  }

  @Test("defect 7: no offline code carries two meanings")
  func noCodeTwice() {
    let gate = RegistrationRefusal.allCases.map(\.rawValue)
    let validator = OfflineRejection.Code.allCases.map(\.rawValue)
    let library = OfflineReceiveError.Code.allCases.map(\.rawValue)
    // The gate's refusals are library codes of their own; none is a validator code.
    #expect(Set(gate).isDisjoint(with: validator))
    #expect(Set(library).isDisjoint(with: validator))
    #expect(Set(library).count == library.count)
    // A cancelled registration is the task's cancellation, not a code.
    #expect(RegistrationRefusal.cancelled.errorCode == nil)
  }

  @Test("defect 7: history unavailable keeps the intent; the retry resumes the same one")
  func historyUnavailableResumes() async throws {
    let fixture = LifecycleFixture()
    let history = FakeHistory([nil])
    let flow = await fixture.flow(history: history)
    let error = try await #require(throws: OfflineReceiveError.self) {
      try await flow.requestOfflineInvoice(
        amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
    }
    #expect(error.code == .historyUnavailable)
    #expect(error.endsIntent == false)
    let intentID = try #require(error.intentID)
    await history.setAnswers([[]])
    let outcome = try await flow.requestOfflineInvoice(
      amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
    #expect(outcome.intentID == intentID)
    #expect(await flow.offlineInvoice == outcome.invoice)
  }
}

/// Defect 8 at the wallet's entry: a call cancelled while the gate reads the history.
@Suite struct FlowCancellationTests {
  @Test("defect 8: a flow call cancelled in the gate throws CancellationError and keeps the intent")
  func cancelledInTheGate() async throws {
    let fixture = LifecycleFixture()
    let history = FakeHistory([[]])
    let flow = await fixture.flow(history: history)
    await history.parkNextRead()
    let call = Task {
      try await flow.requestOfflineInvoice(
        amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
    }
    #expect(await eventually { await history.isParked })
    let intent = try #require(await flow.preparationIntent)
    call.cancel()
    await history.unpark()
    await #expect(throws: CancellationError.self) { try await call.value }
    #expect(await flow.preparationIntent == intent)
    let retried = try await flow.requestOfflineInvoice(
      amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
    #expect(retried.intentID == intent)
    #expect(await flow.offlineInvoice == retried.invoice)
  }
}
