import Bolt11
import Bolt11JSON

// The spec's second invoice: a cup of coffee, as the contract's JSON.
let coffee =
  "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"
let json = try Invoice.decode(coffee).json
let parsed = try JSON.parse(json)
guard parsed["amount_msat"]?.unsignedValue == 250_000_000,
  parsed["description"]?.stringValue == "1 cup coffee", parsed["expiry"]?.unsignedValue == 60
else { fatalError("Bolt11JSON: unexpected \(json)") }
print(json)
