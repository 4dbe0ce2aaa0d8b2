import Bolt11
import OfflineReceive

// The spec's second invoice (250,000,000 msat) checked against a request for 1 msat more: the
// offline validator refuses it with its stable code.
let coffee =
  "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"
let invoice = try Invoice.decode(coffee)
let policy = ReceivePolicy(
  amount: Millisatoshis(250_000_001), nodeID: invoice.payeeNodeID, network: .bitcoin)
let verdict = OfflineInvoiceValidator.validate(coffee, policy: policy, now: invoice.createdAt)
guard verdict.rejection?.offlineCode == .amountMismatch else {
  fatalError("OfflineReceive: unexpected \(verdict)")
}
print("OfflineReceive: \(verdict.rejection!.offlineCode!.rawValue)")
