import Bolt11

// The spec's first invoice: a donation of any amount.
let donation =
  "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql"
let invoice = try Invoice.decode(donation)
guard invoice.amount == nil, invoice.currency == .bitcoin,
  invoice.payeeNodeID.description
    == "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad",
  invoice.paymentHash.description
    == "0001020304050607080900010203040506070809000102030405060708090102",
  invoice.description.text == "Please consider supporting this project"
else { fatalError("Bolt11: unexpected \(String(reflecting: invoice))") }
do {
  _ = try Invoice.decode(String(donation.dropLast()) + "q")
  fatalError("Bolt11: a damaged checksum was accepted")
} catch {
  guard error.code == .bech32Checksum else { fatalError("Bolt11: \(error.code)") }
}
// Time and amounts: integer arithmetic and Duration, no C library.
guard invoice.isExpired(at: invoice.expiresAt),
  invoice.timeLeft(at: invoice.createdAt) == .seconds(3600),
  Millisatoshis(1_500).text(in: .satoshis) == "1.5 sat", invoice.features.supportsPaymentSecret,
  try Invoice.decode(donation.uppercased()) == invoice
else { fatalError("Bolt11: time, amount, features or equality") }
print(
  "Bolt11: \(invoice.payeeNodeID) asks for any amount; a damaged copy is \(InvoiceError.Code.bech32Checksum.rawValue)"
)
