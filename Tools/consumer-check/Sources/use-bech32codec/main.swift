import Bech32Codec

// The spec's first invoice: its checksum, human-readable part and data words (all but
// "lnbc1" and the six checksum characters).
let donation =
  "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql"
let decoded = try Bech32.decode(donation)
guard decoded.hrpString == "lnbc", decoded.variant == .bech32,
  decoded.words.count == donation.utf8.count - 5 - 6
else {
  fatalError(
    "Bech32Codec: unexpected \(decoded.hrpString) \(decoded.variant) \(decoded.words.count)")
}
// BIP-173's P2WPKH example.
let address = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
let segwit = try SegwitAddress.decode(address, expectedHRP: "bc")
guard segwit.version == 0, Hex.encode(segwit.program) == "751e76e8199196d454941c45d1b3a323f1433bd6"
else { fatalError("Bech32Codec: unexpected segwit program") }
print("Bech32Codec: \(decoded.hrpString), \(decoded.words.count) words; \(address) ok")
