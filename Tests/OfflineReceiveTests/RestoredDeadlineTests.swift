import Bolt11
import Foundation
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

@testable import OfflineReceive

/// After a process restart or a reboot, a restored invoice's display deadline is never later
/// than the one it had when first shown: the flow stores the deadline as first computed (the
/// accepted skew taken off) and a restored invoice gets the earlier of that one and the one
/// computed at restore, and, in the same boot, no more than its first length less the time
/// since display on the boot clock. The node's clock is the real time; the phone's wall clock is
/// off by the amounts below; its monotonic and boot clocks count the real seconds (the
/// monotonic one, in these tests, goes on across the simulated restart, so deadlines before and
/// after compare as real instants).
@Suite struct RestoredDeadlineTests {
  /// The wallet's storage of the display deadline, which outlives the process.
  actor Storage {
    private(set) var deadline: DisplayDeadline?
    private(set) var writes: [DisplayDeadline?] = []
    func store(_ deadline: DisplayDeadline?) {
      self.deadline = deadline
      writes.append(deadline)
    }
    /// What a previous version of the package stored: no boot clock reading.
    func dropBootReading() { deadline?.shownAtBoot = nil }
  }

  /// A node that signs `expirySeconds` invoices, its journal, and the phone.
  struct Phone {
    let nodeClock = ManualClock(seconds: TestInvoices.now)
    let phoneClock = ManualClock(seconds: TestInvoices.now)
    let journal = InMemoryRequestJournal()
    let storage = Storage()
    let node: SimulatedNode
    let display: DisplayPolicy

    init(expirySeconds: UInt64, display: DisplayPolicy = DisplayPolicy()) {
      self.display = display
      node = SimulatedNode(nodeID: TestKeys.ourNodeID, clock: nodeClock) {
        requestID, amount, description, createdAt in
        let invoice = TestInvoices.make(
          amountMsat: amount.rawValue, description: .text(description), createdAt: createdAt,
          expirySeconds: expirySeconds, paymentHash: TestInvoices.hash(requestID: requestID))
        return (invoice.string, invoice.expiresAt)
      }
    }

    /// A process: a provider over the node and journal, and a flow with the stored deadline.
    func launch() async -> (PollingProvider, ReceiveFlow) {
      let provider = PollingProvider(
        node: node, journal: journal, scope: ProviderFixture.scope, display: display,
        clock: phoneClock)
      let flow = await ReceiveFlow(
        provider: provider, scope: ProviderFixture.scope, history: { [] }, clock: phoneClock,
        displayDeadline: await storage.deadline,
        persistDisplayDeadline: { await storage.store($0) })
      return (provider, flow)
    }

    /// Real time passes: the node's clock and both of the phone's move.
    func elapse(_ seconds: UInt64) async {
      await nodeClock.advance(seconds: seconds)
      await phoneClock.advance(seconds: seconds)
    }

    /// Sets the phone's wall clock `offset` seconds off the real time.
    func setPhone(offset: Int64) async {
      let real = Int64(await nodeClock.seconds())
      await phoneClock.set(seconds: UInt64(real + offset))
    }

    /// Shows Coffee for 3,000 sats.
    func show(_ flow: ReceiveFlow) async throws -> AcceptedInvoice {
      let outcome = try await flow.requestOfflineInvoice(
        amount: .sats(3000), description: "Coffee", channels: LifecycleFixture.channels)
      return try #require(outcome.invoice)
    }
  }

  @Test(
    "restored deadline: a long-lived invoice restored later keeps the deadline it was first shown with"
  )
  func longLivedInvoiceKeepsItsFirstDeadline() async throws {
    // Two hours signed; shown for the policy's one hour, less the 60 s skew.
    let phone = Phone(expirySeconds: 7200)
    let (_, first) = await phone.launch()
    let shown = try await phone.show(first)
    let stored = try #require(await phone.storage.deadline)
    #expect(shown.displayUntil == stored.shownAt + 3600)
    #expect(stored.paymentHash == shown.paymentHash)
    #expect(stored.retireAt == shown.displayUntil - 60)
    let firstDeadline = try #require(await first.display.monotonicDeadline)

    // 1,000 s later the process restarts; restoring validates the invoice again, which would
    // give it another full hour from now.
    await phone.elapse(1000)
    let (provider, second) = await phone.launch()
    let restored = try #require(try await provider.restore().ready.first)
    let again = try #require(restored.invoice)
    #expect(again.displayUntil >= shown.displayUntil + 1000)
    try await second.restore(restored)
    // The deadline it was first given, less at most the second the wall clock cannot tell.
    let restoredDeadline = try #require(await second.display.monotonicDeadline)
    #expect(restoredDeadline <= firstDeadline)
    #expect(restoredDeadline >= firstDeadline - .seconds(1))
    #expect(try #require(await second.nextDeadline) <= stored.retireAt)
    // Shown again without a second deadline being stored.
    #expect(await phone.storage.writes.count == 1)
    let left = restoredDeadline - (await phone.phoneClock.monotonicNow())
    await phone.elapse(UInt64(left.components.seconds) - 1)
    #expect(await second.retireExpired() == false)
    await phone.elapse(1)
    #expect(await second.retireExpired())
    // Off the QR for good: the stored deadline is removed.
    #expect(await phone.storage.deadline == nil)
  }

  @Test(
    "restored deadline: jumps of the phone's clock before display, after it and across a restart never lengthen the display",
    arguments: [-50, 0, 1000] as [Int64], [-7200, -30, 0, 7200] as [Int64])
  func clockJumps(before: Int64, after: Int64) async throws {
    let phone = Phone(expirySeconds: 3600)
    await phone.setPhone(offset: before)
    let (_, first) = await phone.launch()
    let shown = try await phone.show(first)
    let stored = try #require(await phone.storage.deadline)
    let firstDeadline = try #require(await first.display.monotonicDeadline)
    // 600 real seconds pass, the phone's clock jumps, and the process restarts.
    await phone.elapse(600)
    await phone.setPhone(offset: after)
    let (provider, second) = await phone.launch()
    guard let restored = try await provider.restore().ready.first else {
      // The validator refuses it at the phone's time: signed too far in its future, or
      // expired.
      #expect(after < -60 || after >= 3000)
      return
    }
    try await second.restore(restored)
    guard let deadline = await second.nextDeadline else {
      #expect(await second.offlineInvoice == nil)
      return
    }
    // Never later than the deadline it was first given, as the wall clock reads it.
    #expect(deadline <= stored.retireAt)
    // Nor in real time, whichever way the wall clock moved (the same boot: the boot clock
    // measured the time between), so never past the signed expiry.
    let restoredDeadline = try #require(await second.display.monotonicDeadline)
    #expect(restoredDeadline <= firstDeadline)
    let expiresIn = Duration.seconds(shown.invoice.expiresAt - (await phone.nodeClock.seconds()))
    #expect(restoredDeadline <= (await phone.phoneClock.monotonicNow()) + expiresIn)
    // A jump after the restore moves nothing: the QR goes at the restored deadline.
    await phone.setPhone(offset: after - 7200)
    let left = restoredDeadline - (await phone.phoneClock.monotonicNow())
    await phone.elapse(UInt64(left.components.seconds))
    #expect(await second.retireExpired())
  }

  /// How the process came back after the downtime.
  enum Comeback: String, CaseIterable, CustomTestStringConvertible {
    /// Killed and launched again in the same boot.
    case sameBoot
    /// The same, but the deadline was stored by a version without the boot clock.
    case sameBootPreviousVersion
    /// The phone rebooted.
    case otherBoot
    var testDescription: String { rawValue }
  }

  @Test(
    "restored deadline: a wall clock set back 2 h while the app was not running keeps the deadline in the same boot; after a reboot the QR is not shown again; a value without the boot clock falls back to the wall clock",
    arguments: Comeback.allCases, [0, -7200] as [Int64])
  func wallClockSetBackDuringDowntime(comeback: Comeback, setBack: Int64) async throws {
    // Four hours signed and shown for up to four hours, so that 2.5 h after display it is still
    // owed time and the phone's clock set back 2 h is still one the validator accepts.
    let phone = Phone(expirySeconds: 14_400, display: DisplayPolicy(maxDisplaySeconds: 14_400))
    let (_, first) = await phone.launch()
    _ = try await phone.show(first)
    let stored = try #require(await phone.storage.deadline)
    let shownAtBoot = try #require(stored.shownAtBoot)
    #expect(shownAtBoot == (await phone.phoneClock.bootClockNow()))
    let firstDeadline = try #require(await first.display.monotonicDeadline)

    // The app is not running for 2.5 h; meanwhile the phone's clock may be set back 2 h and
    // the phone may reboot.
    await phone.elapse(9000)
    await phone.setPhone(offset: setBack)
    switch comeback {
    case .sameBoot: break
    case .sameBootPreviousVersion: await phone.storage.dropBootReading()
    case .otherBoot: await phone.phoneClock.reboot(id: "another-boot", sinceBoot: .seconds(40))
    }
    let (provider, second) = await phone.launch()
    let restored = try #require(try await provider.restore().ready.first)
    if comeback == .otherBoot {
      // Another boot: the time since display cannot be measured, so the QR is not shown again,
      // whatever the wall clock says (it may have been set back during the reboot).
      let error = await #expect(throws: OfflineReceiveError.self) {
        try await second.restore(restored)
      }
      #expect(error?.code == .displayExpired)
      #expect(await second.display.monotonicDeadline == nil)
      return
    }
    try await second.restore(restored)
    let restoredDeadline = try #require(await second.display.monotonicDeadline)
    let monotonicNow = await phone.phoneClock.monotonicNow()
    // The wall-clock rule alone: what is left of the stored end from the phone's time (never
    // before it was shown), less the second the wall clock cannot tell.
    let phoneNow = max(await phone.phoneClock.now(), stored.shownAt)
    let wallRule = monotonicNow + .seconds(stored.retireAt - phoneNow - 1)

    if comeback == .sameBoot || setBack == 0 {
      // The real deadline, less at most the second lost to rounding.
      #expect(restoredDeadline <= firstDeadline)
      #expect(restoredDeadline >= firstDeadline - .seconds(1))
    } else {
      // Without a boot clock reading of this boot, 2 h set back cannot be told from 2 h that
      // did not pass: the invoice keeps what the wall clock says it has left.
      #expect(restoredDeadline == wallRule)
      #expect(restoredDeadline > firstDeadline + .seconds(7000))
    }
    #expect(restoredDeadline <= wallRule)
    // It leaves the QR at the restored deadline, not a second later.
    let left = restoredDeadline - monotonicNow
    await phone.elapse(UInt64(left.components.seconds) - 1)
    #expect(await second.retireExpired() == false)
    await phone.elapse(1)
    #expect(await second.retireExpired())
  }

  @Test("restored deadline: a value stored without a boot clock reading still decodes")
  func previousVersionDecodes() throws {
    let hash = TestInvoices.hash(7)
    let previous = Data(
      #"{"paymentHash":"\#(hash)","retireAt":1700003540,"shownAt":1700000000}"#.utf8)
    let decoded = try JSONDecoder().decode(DisplayDeadline.self, from: previous)
    #expect(decoded.paymentHash == hash)
    #expect(decoded.retireAt == 1_700_003_540)
    #expect(decoded.shownAt == 1_700_000_000)
    #expect(decoded.shownAtBoot == nil)
    // And a value with one comes back as it went.
    var current = decoded
    current.shownAtBoot = BootClockReading(bootID: "boot", sinceBoot: .milliseconds(12_345))
    let again = try JSONDecoder().decode(
      DisplayDeadline.self, from: try JSONEncoder().encode(current))
    #expect(again == current)
  }

  #if os(Linux)
    @Test(
      "restored deadline: the system's boot clock is the kernel's boot id and time since boot, sleep included"
    )
    func systemBootClock() async throws {
      let reading = try #require(await SystemClock().bootClockNow())
      let bootID = try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
      #expect(reading.bootID == bootID.trimmingCharacters(in: .whitespacesAndNewlines))
      // `/proc/uptime` counts from the boot, sleep included (CLOCK_BOOTTIME), in centiseconds.
      let uptime = try String(contentsOfFile: "/proc/uptime", encoding: .utf8)
      let seconds = try #require(Double(uptime.split(separator: " ").first ?? ""))
      let difference = reading.sinceBoot - .milliseconds(Int64(seconds * 1000))
      #expect(difference > .seconds(-5) && difference < .seconds(5))
      let later = try #require(await SystemClock().bootClockNow())
      #expect(try #require(later.elapsed(since: reading)) >= .zero)
      #expect(reading.elapsed(since: later) == nil || later == reading)
    }
  #endif
}
