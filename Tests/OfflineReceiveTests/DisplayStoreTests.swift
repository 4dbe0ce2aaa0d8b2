import Bolt11
import OfflineReceive
import OfflineReceiveFixtures
import OfflineReceiveTesting
import Testing

/// §2.D over the display store and the payment gate.
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

  /// A gate and a store in offline mode for the fixture request.
  func offlineStore() async -> (PaymentGate, OfflineDisplayStore) {
    let gate = PaymentGate(history: FakeHistory([[]]), clock: clock)
    let store = await OfflineDisplayStore(gate: gate, ordinaryCache: cache)
    await store.setOfflineMode(true)
    await store.setRequest(amount: Self.request.amount, description: Self.request.description)
    return (gate, store)
  }

  /// Registers and displays `invoice`.
  func display(_ invoice: AcceptedInvoice, _ gate: PaymentGate, _ store: OfflineDisplayStore)
    async throws
  {
    let token = await gate.beginPreparation()
    try #require(await gate.register(invoice, token: token) == nil)
    try #require(await store.apply(invoice, now: Self.now))
  }

  func expectNothingShown(_ store: OfflineDisplayStore) async {
    #expect(await store.offlineInvoice == nil)
    #expect(await store.visible == .empty)
    #expect(await store.hasPreparedOfflineInvoice(now: Self.now) == false)
  }

  @Test("D1: a payment between registration and display blocks installation")
  func d1() async {
    let (gate, store) = await offlineStore()
    let token = await gate.beginPreparation()
    #expect(await gate.register(Self.invoice(), token: token) == nil)
    await store.paymentReceived(Self.invoice().paymentHash)
    #expect(await store.apply(Self.invoice(), now: Self.now) == false)
    await expectNothingShown(store)
  }

  @Test("D2: a reset between registration and display blocks installation")
  func d2() async {
    let (gate, store) = await offlineStore()
    let token = await gate.beginPreparation()
    #expect(await gate.register(Self.invoice(), token: token) == nil)
    await store.reset()
    await store.setOfflineMode(true)
    await store.setRequest(amount: Self.request.amount, description: Self.request.description)
    #expect(await store.apply(Self.invoice(), now: Self.now) == false)
    await expectNothingShown(store)
  }

  @Test("D3: only a matching payment (hash as bytes) retires the displayed offline invoice")
  func d3() async throws {
    let (gate, store) = await offlineStore()
    try await display(Self.invoice(), gate, store)
    await store.paymentReceived(TestInvoices.hash(0x33))
    #expect(await store.visible.bolt11 == Self.invoice().bolt11)
    // The same 32 bytes, parsed from upper-case hex.
    await store.paymentReceived(PaymentHash(hex: String(repeating: "11", count: 32).uppercased())!)
    await expectNothingShown(store)
    #expect(await store.nextDeadline == nil)
  }

  @Test("D4: offline strings never touch the persisted ordinary cache and die with the process")
  func d4() async throws {
    let (gate, store) = await offlineStore()
    try await display(Self.invoice(), gate, store)
    #expect(await cache.stored == Self.ordinary)
    #expect(await cache.writes == 0)
    #expect(await store.visible.bolt11 == Self.invoice().bolt11)
    #expect(await store.visible.uri == "lightning:" + Self.invoice().bolt11)
    let fresh = await OfflineDisplayStore(
      gate: PaymentGate(history: FakeHistory(), clock: clock), ordinaryCache: cache)
    #expect(await fresh.visible == Self.ordinary)
    #expect(await fresh.offlineInvoice == nil)
    #expect(await fresh.isOfflineMode == false)
    await store.reset()
    await store.setOfflineMode(true)
    #expect(await store.visible == .empty)
  }

  @Test("D5: expiry retires display and registration, inclusive at the end")
  func d5() async throws {
    let (gate, store) = await offlineStore()
    let invoice = Self.invoice()
    try await display(invoice, gate, store)
    // The fixture expires in 600 s with no margin: display ends at expires_at.
    #expect(invoice.displayUntil == invoice.invoice.expiresAt)
    #expect(await store.nextDeadline == invoice.invoice.expiresAt)
    #expect(await store.retireExpired(now: invoice.invoice.expiresAt - 1) == nil)
    #expect(await store.retireExpired(now: invoice.invoice.expiresAt) == invoice)
    #expect(await gate.contains(invoice, now: Self.now) == false)
    await expectNothingShown(store)
  }

  @Test("D6: an unrelated payment during offline display clears the persisted ordinary cache only")
  func d6() async throws {
    let (gate, store) = await offlineStore()
    try await display(Self.invoice(), gate, store)
    await store.paymentReceived(TestInvoices.hash(0x33))
    #expect(await store.visible.bolt11 == Self.invoice().bolt11)
    #expect(await cache.stored == nil)
    await store.reset()
    #expect(await store.visible == .empty)
    let fresh = await OfflineDisplayStore(gate: gate, ordinaryCache: cache)
    #expect(await fresh.visible == .empty)
  }

  @Test("D7: channel events never clear a displayed offline invoice")
  func d7() async throws {
    let (gate, store) = await offlineStore()
    try await display(Self.invoice(), gate, store)
    await store.channelsChanged()
    #expect(await store.visible.bolt11 == Self.invoice().bolt11)
    #expect(await store.hasPreparedOfflineInvoice(now: Self.now))
  }

  @Test("D8: apply needs offline mode, the current request, registration; ordinary mode refuses")
  func d8() async throws {
    let (gate, store) = await offlineStore()
    let invoice = Self.invoice()
    // Not registered.
    #expect(await store.apply(invoice, now: Self.now) == false)
    let token = await gate.beginPreparation()
    #expect(await gate.register(invoice, token: token) == nil)
    // Another request.
    await store.setRequest(amount: .sats(999), description: "Offline")
    #expect(await store.apply(invoice, now: Self.now) == false)
    await store.setRequest(amount: .sats(1000), description: "Edited")
    #expect(await store.apply(invoice, now: Self.now) == false)
    await store.setRequest(amount: Self.request.amount, description: Self.request.description)
    #expect(await store.apply(invoice, now: Self.now))
    // Ordinary mode: any offline candidate is refused.
    let ordinary = await OfflineDisplayStore(gate: gate, ordinaryCache: cache)
    await ordinary.setRequest(amount: Self.request.amount, description: Self.request.description)
    #expect(await ordinary.apply(invoice, now: Self.now) == false)
  }

  @Test(
    "D9: switching the mode clears the offline slot and resets registration; a changed request clears it"
  )
  func d9() async throws {
    let (gate, store) = await offlineStore()
    try await display(Self.invoice(), gate, store)
    await store.setOfflineMode(false)
    #expect(await gate.registered == nil)
    await store.setOfflineMode(true)
    await expectNothingShown(store)
    try await display(Self.invoice(), gate, store)
    await store.setRequest(amount: .sats(2000), description: "Offline")
    #expect(await store.visible == .empty)
  }

  @Test(
    "D10 (departs from: expiry and payment replace the refresh generation, W9): a late apply for an old request never publishes"
  )
  func d10() async throws {
    let (gate, store) = await offlineStore()
    let invoice = Self.invoice()
    let token = await gate.beginPreparation()
    #expect(await gate.register(invoice, token: token) == nil)
    await store.setRequest(amount: .sats(2000), description: "Offline")
    #expect(await store.apply(invoice, now: Self.now) == false)
    #expect(await store.visible == .empty)
  }

  @Test("D11: expiry is a no-op before the end, and retires only its own registration (W9)")
  func d11() async throws {
    let (gate, store) = await offlineStore()
    let invoice = Self.invoice()
    try await display(invoice, gate, store)
    #expect(await store.retireExpired(now: Self.now) == nil)
    #expect(await store.hasPreparedOfflineInvoice(now: Self.now))
    let tokenBefore = await gate.token
    #expect(await store.retireExpired(now: Self.now + 600) == invoice)
    #expect(await gate.token == tokenBefore)
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
    let session = OfflineReceiveSession(
      provider: provider, scope: SessionTests.scope, clock: clock)
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
