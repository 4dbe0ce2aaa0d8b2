import PaymentInput

// The spec's second invoice inside a BIP-321 URI, as a QR code carries it.
let coffee =
  "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"
let scanned = try PaymentString(parsing: "bitcoin:?lightning=" + coffee)
guard scanned.kind == .bip321, try scanned.requiredInvoice().string == coffee,
  PaymentString.kind(of: "lightning:" + coffee) == .bolt11
else { fatalError("PaymentInput: unexpected \(scanned.kind)") }
print(
  "PaymentInput: a \(scanned.kind.rawValue) string paying \(try scanned.requiredInvoice().amount!)")
