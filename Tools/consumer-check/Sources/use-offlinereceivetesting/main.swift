import Bolt11
import OfflineReceiveTesting

// The test signer (an obviously fake key, every byte 2) makes an invoice as a simulated node
// would; the decoder reads it back to the signer's key.
guard let signer = TestSigner(secretKey: [UInt8](repeating: 2, count: 32)) else {
  fatalError("OfflineReceiveTesting: the fake key was refused")
}
let made = signer.invoiceMaker()(
  "request-1", Millisatoshis(21_000), "consumer check", 1_700_000_000)
let invoice = try Invoice.decode(made.bolt11)
guard invoice.payeeNodeID == signer.nodeID, invoice.amount == Millisatoshis(21_000),
  made.expiresAt == 1_700_003_600
else { fatalError("OfflineReceiveTesting: unexpected \(invoice)") }
let clock = ManualClock(seconds: 1_700_000_000)
await clock.advance(seconds: 60)
print("OfflineReceiveTesting: \(invoice.currency) invoice at \(await clock.now())")
