import Bolt11Conformance

// One vector file, in memory: the spec's first invoice, valid, with two expected values; run
// against this package's decoder.
let file = try VectorFile(
  path: "consumer.json",
  text: """
    {"version": 1, "description": "one vector", "vectors": [{"name": "donation",
    "invoice": "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql",
    "valid": true, "expect": {"currency": "bc", "expiry": 3600}}]}
    """)
let verdicts = file.vectors.map { $0.run() }
guard verdicts == [.passed] else { fatalError("Bolt11Conformance: \(verdicts)") }
print("Bolt11Conformance: \(file.vectors.count) vector \(verdicts[0])")
