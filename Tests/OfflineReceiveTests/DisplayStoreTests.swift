import Bolt11
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

@testable import OfflineReceive

/// §2.D over the display's value machine and the payment gate it holds; what reaches the
/// persisted ordinary invoice, over the flow that stores it.
@Suite struct DisplayStoreTests {
  static let now = TestInvoices.now
  static let ordinary = DisplayedInvoice(
    bolt11: "lnbcrt1ordinary", uri: "bitcoin:bcrt1q?lightning=lnbcrt1ordinary")
  static let request = (amount: Millisatoshis.sats(1000), description: "Offline")

  let clock = ManualClock(seconds: now)
  let cache = InMemoryOrdinaryCache(ordinary)

  static func invoice(hashByte: UInt8 = 0x11) -> AcceptedInvoice {
    PaymentGateTests.invoice(hashByte: hashByte)
  }

  /// A store in offline mode for the fixture request.
  static func offlineStore() -> OfflineDisplayStore {
    var store = OfflineDisplayStore(ordinary: ordinary)
    store.setOfflineMode(true)
    store.setRequest(amount: request.amount, description: request.description)
    return store
  }

  /// Registers `invoice` with the store's gate (an empty history).
  static func register(_ invoice: AcceptedInvoice, _ store: inout OfflineDisplayStore) -> Bool {
    let token = store.gate.beginPreparation()
    return PaymentGateTests.register(invoice, on: &store.gate, token: token).refusal == nil
  }

  /// Registers and displays `invoice`.
  static func display(_ invoice: AcceptedInvoice, _ store: inout OfflineDisplayStore) throws {
    let registered = register(invoice, &store)
    try #require(registered)
    let applied = store.apply(invoice, now: now, monotonicNow: .zero) != .refused
    try #require(applied)
  }

  static func expectNothingShown(_ store: OfflineDisplayStore) {
    #expect(store.offlineInvoice == nil)
    #expect(store.visible == .empty)
    #expect(store.preparedOfflineRequest(now: now) == nil)
  }

  /// A flow whose ordinary invoice lives in `cache`, showing the fixture request's invoice.
  func flowShowingOffline() async throws -> ReceiveFlow {
    let flow = await ReceiveFlow(
      provider: FakeProvider(), scope: SessionTests.scope, clock: clock, ordinaryCache: cache)
    let outcome = try await flow.requestOfflineInvoice(
      amount: Self.request.amount, description: Self.request.description,
      channels: WalletEntryTests.channels)
    try #require(await flow.offlineInvoice == outcome.invoice)
    return flow
  }

  @Test("D1: a payment between registration and display blocks installation")
  func d1() {
    var store = Self.offlineStore()
    let registered = Self.register(Self.invoice(), &store)
    #expect(registered)
    let effect = store.paymentReceived(Self.invoice().paymentHash)
    #expect(effect == .clearedOrdinary)
    let applied = store.apply(Self.invoice(), now: Self.now, monotonicNow: .zero) != .refused
    #expect(applied == false)
    Self.expectNothingShown(store)
  }

  @Test("D2: a reset between registration and display blocks installation")
  func d2() {
    var store = Self.offlineStore()
    let registered = Self.register(Self.invoice(), &store)
    #expect(registered)
    store.reset()
    store.setOfflineMode(true)
    store.setRequest(amount: Self.request.amount, description: Self.request.description)
    let applied = store.apply(Self.invoice(), now: Self.now, monotonicNow: .zero) != .refused
    #expect(applied == false)
    Self.expectNothingShown(store)
  }

  @Test("D3: only a matching payment (hash as bytes) retires the displayed offline invoice")
  func d3() throws {
    var store = Self.offlineStore()
    try Self.display(Self.invoice(), &store)
    let effect = store.paymentReceived(TestInvoices.hash(0x33))
    #expect(effect == .clearedOrdinary)
    #expect(store.visible.bolt11 == Self.invoice().bolt11)
    // The same 32 bytes, parsed from upper-case hex.
    let upper = PaymentHash(hex: String(repeating: "11", count: 32).uppercased())!
    let effect2 = store.paymentReceived(upper)
    #expect(effect2 == .retiredOffline(Self.invoice()))
    Self.expectNothingShown(store)
    #expect(store.nextDeadline == nil)
  }

  @Test("D4: offline strings never touch the persisted ordinary cache and die with the process")
  func d4() async throws {
    let flow = try await flowShowingOffline()
    #expect(await cache.stored == Self.ordinary)
    #expect(await cache.writes == 0)
    let shown = try #require(await flow.offlineInvoice)
    #expect(await flow.visible.bolt11 == shown.bolt11)
    #expect(await flow.visible.uri == "lightning:" + shown.bolt11)
    let fresh = await ReceiveFlow(
      provider: nil, scope: SessionTests.scope, clock: clock, ordinaryCache: cache)
    #expect(await fresh.visible == Self.ordinary)
    #expect(await fresh.offlineInvoice == nil)
    #expect(await fresh.isOfflineMode == false)
    await flow.resetReceiveSession()
    await flow.setOfflineMode(true)
    #expect(await flow.visible == .empty)
  }

  @Test("D5: expiry retires display and registration, inclusive at the end")
  func d5() throws {
    var store = Self.offlineStore()
    let invoice = Self.invoice()
    try Self.display(invoice, &store)
    // The fixture expires in 600 s with no margin: display ends at expires_at.
    #expect(invoice.displayUntil == invoice.invoice.expiresAt)
    #expect(store.nextDeadline == invoice.invoice.expiresAt)
    let retired = store.retireExpired(now: invoice.invoice.expiresAt - 1)
    #expect(retired == nil)
    let retired2 = store.retireExpired(now: invoice.invoice.expiresAt)
    #expect(retired2 == invoice)
    #expect(store.gate.contains(invoice, now: Self.now) == false)
    Self.expectNothingShown(store)
  }

  @Test("D6: an unrelated payment during offline display clears the persisted ordinary cache only")
  func d6() async throws {
    let flow = try await flowShowingOffline()
    let shown = try #require(await flow.offlineInvoice)
    _ = try await flow.paymentReceived(TestInvoices.hash(0x33))
    #expect(await flow.visible.bolt11 == shown.bolt11)
    #expect(await cache.stored == nil)
    await flow.resetReceiveSession()
    #expect(await flow.visible == .empty)
    let fresh = await ReceiveFlow(
      provider: nil, scope: SessionTests.scope, clock: clock, ordinaryCache: cache)
    #expect(await fresh.visible == .empty)
  }

  @Test("D7: channel events never clear a displayed offline invoice")
  func d7() throws {
    var store = Self.offlineStore()
    try Self.display(Self.invoice(), &store)
    store.channelsChanged()
    #expect(store.visible.bolt11 == Self.invoice().bolt11)
    #expect(store.preparedOfflineRequest(now: Self.now)?.invoice == Self.invoice())
  }

  @Test("D8: apply needs offline mode, the current request, registration; ordinary mode refuses")
  func d8() {
    var store = Self.offlineStore()
    let invoice = Self.invoice()
    // Not registered.
    let applied = store.apply(invoice, now: Self.now, monotonicNow: .zero) != .refused
    #expect(applied == false)
    let registered = Self.register(invoice, &store)
    #expect(registered)
    // Another request.
    store.setRequest(amount: .sats(999), description: "Offline")
    let applied2 = store.apply(invoice, now: Self.now, monotonicNow: .zero) != .refused
    #expect(applied2 == false)
    store.setRequest(amount: .sats(1000), description: "Edited")
    let applied3 = store.apply(invoice, now: Self.now, monotonicNow: .zero) != .refused
    #expect(applied3 == false)
    store.setRequest(amount: Self.request.amount, description: Self.request.description)
    let applied4 = store.apply(invoice, now: Self.now, monotonicNow: .zero) != .refused
    #expect(applied4)
    // Ordinary mode: any offline candidate is refused, registered or not.
    var ordinary = OfflineDisplayStore(ordinary: Self.ordinary)
    let registered2 = Self.register(invoice, &ordinary)
    #expect(registered2)
    ordinary.setRequest(amount: Self.request.amount, description: Self.request.description)
    let applied5 = ordinary.apply(invoice, now: Self.now, monotonicNow: .zero) != .refused
    #expect(applied5 == false)
    #expect(ordinary.visible == Self.ordinary)
  }

  @Test(
    "D9: switching the mode clears the offline slot and resets registration; a changed request clears it"
  )
  func d9() throws {
    var store = Self.offlineStore()
    try Self.display(Self.invoice(), &store)
    store.setOfflineMode(false)
    #expect(store.gate.registered == nil)
    store.setOfflineMode(true)
    Self.expectNothingShown(store)
    try Self.display(Self.invoice(), &store)
    store.setRequest(amount: .sats(2000), description: "Offline")
    #expect(store.visible == .empty)
  }

  @Test(
    "D10 (departs from: expiry and payment replace the refresh generation, W9): a late apply for an old request never publishes"
  )
  func d10() {
    var store = Self.offlineStore()
    let invoice = Self.invoice()
    let registered = Self.register(invoice, &store)
    #expect(registered)
    store.setRequest(amount: .sats(2000), description: "Offline")
    let applied = store.apply(invoice, now: Self.now, monotonicNow: .zero) != .refused
    #expect(applied == false)
    #expect(store.visible == .empty)
  }

  @Test("D11: expiry is a no-op before the end, and retires only its own registration (W9)")
  func d11() throws {
    var store = Self.offlineStore()
    let invoice = Self.invoice()
    try Self.display(invoice, &store)
    let retired = store.retireExpired(now: Self.now)
    #expect(retired == nil)
    #expect(store.preparedOfflineRequest(now: Self.now) != nil)
    let tokenBefore = store.gate.token
    let retired2 = store.retireExpired(now: Self.now + 600)
    #expect(retired2 == invoice)
    #expect(store.gate.token == tokenBefore)
  }

  @Test(
    "D12 (departs from: only wrong amount/network/description/expired were refused, untested): each is refused by the one validator",
    arguments: [
      (
        "wrong msat", TestInvoices.make(amountMsat: 999_000, description: .text("Offline")),
        "offline.amount_mismatch"
      ),
      (
        "wrong network", TestInvoices.make(description: .text("Offline"), currency: .bitcoin),
        "offline.network_mismatch"
      ),
      (
        "hashed description",
        TestInvoices.make(
          description: .hash(DescriptionHash(bytes: TestInvoices.hash(0x55).bytes)!)),
        "offline.description_mismatch"
      ),
      (
        "other note", TestInvoices.make(description: .text("Other")), "offline.description_mismatch"
      ),
      (
        "expired", TestInvoices.make(description: .text("Offline"), createdAt: now - 3600),
        "offline.expired"
      ),
      (
        "one second left (W12)",
        TestInvoices.make(description: .text("Offline"), createdAt: now - 3599),
        "offline.lifetime_too_short"
      ),
    ] as [(String, Invoice, String)])
  func d12(name: String, invoice: Invoice, code: String) async {
    let provider = FakeProvider()
    await provider.setFixedInvoice(invoice.string)
    let session = ReceiveFlow(
      provider: provider, scope: SessionTests.scope, history: { [] }, clock: clock)
    do {
      _ = try await session.prepareInvoice(
        EligibilitySnapshot(amount: .sats(1000), inboundCapacity: .sats(1000)),
        description: "Offline")
      Issue.record("\(name) was accepted")
    } catch let error as OfflineReceiveError {
      #expect(error.code == .invalidInvoice)
      #expect(error.rejection?.dottedCode == code)
    } catch { Issue.record("\(error)") }
  }

  @Test("D12: an amount whose msat conversion overflows cannot be asked; the top never matches")
  func d12Overflow() {
    #expect(Millisatoshis(satoshis: .max) == nil)
    #expect(!Self.invoice().matches(amount: Millisatoshis(UInt64.max), description: "Offline"))
    #expect(Self.invoice().matches(amount: .sats(1000), description: "Offline"))
  }
}
