import Bolt11Tool
import Bolt11ToolFixtures
import Testing

@Suite struct ExplainTests {
  @Test("the spec's first example: every part of its Breakdown, with the spec's values")
  func donation() {
    let run = runTool(["explain", SpecInvoice.donation])
    #expect(run.code == 0)
    #expect(run.stderr.isEmpty)
    let text = run.stdout
    // From the spec's Breakdown of this invoice.
    let expected = [
      "lnbc", "prefix: Lightning on Bitcoin mainnet",
      "Bech32 separator",
      "pvjluez", "timestamp: 1496314658",
      "field s: payment_secret", "p5", "1 * 32 + 20 = 52",
      "zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs",
      "1111111111111111111111111111111111111111111111111111111111111111",
      "field p: payment_hash", "qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypq",
      "0001020304050607080900010203040506070809000102030405060708090102",
      "field d: description", "pl", "1 * 32 + 31 = 63",
      "2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq",
      "'Please consider supporting this project'",
      "field 9: features", "qr", "sgq", "bit 8: var_onion_optin", "bit 14: payment_secret",
      "357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp",
      "8d3ce9e28357337f62da0162d9454df827f83cfe499aeb1c1db349d4d81127425e434ca29929406c23bba1ae8ac6ca32880b38d4bf6ff874024cac34ba9625f1",
      "recovery flag: 1",
      "6c6e62630b25fe64500d04444444444444444444444444444444444444444444444444444444444444444021a00008101820283038404800081018202830384048000810182028303840480810343f506c6561736520636f6e736964657220737570706f7274696e6720746869732070726f6a6563740500e08000",
      "6daf4d488be41ce7cbb487cab1ef2975e5efcea879b20d421f0ef86b07cbb987",
      "9lfyql", "Bech32 checksum",
      "valid: payee \(SpecInvoice.payee)",
    ]
    var rest = Substring(text)
    for piece in expected {
      // In the spec's order.
      guard let found = rest.range(of: piece) else {
        Issue.record("missing, or out of order: \(piece)")
        continue
      }
      rest = rest[found.upperBound...]
    }
  }

  @Test("positions: each part's first column is its offset in the input")
  func positions() {
    let lines = runTool(["explain", SpecInvoice.coffee]).stdout.lines
    func line(startingWith characters: String) -> Substring? {
      lines.first { $0.split(separator: " ").dropFirst().first.map(String.init) == characters }
    }
    // lnbc2500u1pvjluez: amount at 4, separator at 9, timestamp at 10.
    #expect(line(startingWith: "2500u")?.split(separator: " ").first == "4")
    #expect(line(startingWith: "pvjluez")?.split(separator: " ").first == "10")
    #expect(
      runTool(["explain", SpecInvoice.coffee]).stdout.contains(
        "60 seconds (`p` = 1, `u` = 28; 1 * 32 + 28 = 60)"))
  }

  @Test("an invalid amount: parts up to it, a caret under it, the code; exit 1")
  func badMultiplier() {
    let run = runTool(["explain", SpecInvoice.badMultiplier])
    #expect(run.code == 1)
    #expect(run.stderr.hasPrefix("error: hrp.invalid_amount: "))
    let lines = run.stdout.lines
    #expect(lines.contains { $0.contains("prefix: Lightning on Bitcoin mainnet") })
    #expect(!lines.contains { $0.contains("timestamp") })
    let caret = try! #require(lines.firstIndex { $0.trimmingPrefix(while: { $0 == " " }) == "^" })
    let context = lines[caret - 1]
    let column = lines[caret].count - 1
    // The caret stands under the `x` of `lnbc2500x`.
    #expect(Array(context)[column] == "x")
    #expect(lines.last?.hasPrefix("invalid: hrp.invalid_amount") == true)
  }

  @Test("a bad checksum points at the checksum, after every part")
  func badChecksum() {
    let run = runTool(["explain", SpecInvoice.badChecksum])
    #expect(run.code == 1)
    #expect(run.stdout.contains("signature\n"))
    #expect(run.stdout.contains("Bech32 checksum"))
    #expect(run.stdout.contains("invalid: bech32.checksum"))
    #expect(run.stdout.contains("^"))
  }

  @Test("a missing field: every field shown, the pointer at the end of the fields")
  func missingSecret() {
    let run = runTool(["explain", SpecInvoice.missingSecret])
    #expect(run.code == 1)
    #expect(run.stdout.contains("field h: description_hash"))
    #expect(run.stdout.contains("field 9: features"))
    #expect(!run.stdout.contains("signature\n"))
    #expect(run.stdout.contains("invalid: field.missing_payment_secret"))
  }

  @Test("too few characters after the separator: nothing past the separator, still an answer")
  func tooShort() {
    let run = runTool(["explain", "lnbc1qqqqqqq"])
    #expect(run.code == 1)
    #expect(run.stdout.contains("Bech32 separator"))
    #expect(run.stdout.contains("invalid: "))
  }

  @Test("upper-case invoices keep their characters", arguments: [SpecInvoice.coffee.uppercased()])
  func upperCase(_ invoice: String) {
    let run = runTool(["explain", invoice])
    #expect(run.code == 0)
    #expect(run.stdout.contains("PVJLUEZ"))
    #expect(run.stdout.contains("'1 cup coffee'"))
  }

  @Test("a valid 21,000,000 BTC amount is described, not called beyond 64 bits")
  func maximumAmount() {
    // 21e6 BTC * 1e8 sat = 2.1e15 sat = 2.1e18 msat: within 64 bits (2.1e19 tenths of a msat
    // would not be).
    let run = runTool(["explain", Fixture.invoice(description: "max", hrp: "lnbc21000000")])
    #expect(run.code == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains(
        "amount: 21000000 bitcoin = 2,100,000,000,000,000 sat (2,100,000,000,000,000,000 msat)"))
    #expect(!run.stdout.contains("beyond 64 bits"))
  }

  @Test("a pico-bitcoin amount beyond 64 bits of tenths of a msat is described")
  func widePicoAmount() {
    // 20999999999999999990p = 2,099,999,999,999,999,999 msat.
    let invoice = Fixture.invoice(description: "p", hrp: "lnbc20999999999999999990p")
    let run = runTool(["explain", invoice])
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stdout.contains("(2,099,999,999,999,999,999 msat)"))
  }

  /// The caret line's context and the character the caret stands under.
  static func caret(_ output: String) throws -> (context: String, before: String, under: Character)
  {
    let lines = output.lines
    let caret = try #require(lines.firstIndex { $0.trimmingPrefix(while: { $0 == " " }) == "^" })
    let context = Array(lines[caret - 1])
    let column = lines[caret].count - 1
    return (String(context), String(context[2..<column]), context[column])
  }

  @Test("the caret stands under a non-ASCII character, shown as it is, not as ?")
  func caretUnderNonASCII() throws {
    let run = runTool(["explain", "lnbc2500u1pvjluez\u{e9}\u{30ca}"])
    #expect(run.code == 1)
    let caret = try Self.caret(run.stdout)
    #expect(caret.context == "  lnbc2500u1pvjluez\u{e9}\u{30ca}")
    #expect(caret.under == "\u{e9}")
    #expect(
      run.stdout.lines.last
        == "invalid: bech32.invalid_character: character U+00E9 is not allowed (at character 17)")
  }

  @Test("non-ASCII before the caret: it still stands under the character the error gives")
  func caretAfterNonASCII() throws {
    // Too long: refused at byte 7089, before any character check. "lnbc1" and 7080 `q` are bytes
    // 0 to 7084 (characters 0 to 7084), the 3-byte character 7085 to 7087 (character 7085), a
    // `p` 7088 (character 7086), another 7089: character 7087.
    let invoice =
      "lnbc1" + String(repeating: "q", count: 7080) + "\u{30ca}"
      + String(repeating: "p", count: 100)
    let run = runTool(["explain", invoice])
    #expect(run.stdout.lines.last?.hasSuffix("(at character 7087)") == true)
    let caret = try Self.caret(run.stdout)
    // 40 bytes before the position are shown, after an ellipsis.
    #expect(caret.before.hasPrefix("\u{2026}"))
    #expect(caret.before.dropFirst().utf8.count == 40)
    #expect(caret.before.hasSuffix("q\u{30ca}p"))
    #expect(caret.under == "p")
  }
}

@Suite struct ExplainChainTests {
  // BOLT #11's example "On testnet, with a fallback address mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP".
  static let testnetFallback =
    "lntb20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygshp58yjmdan79s6qqdhdz"
    + "gynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqyp"
    + "qfpp3x9et2e20v6pu37c5d9vax37wxq72un989qrsgqdj545axuxtnfemtpwkc45hx9d2ft7x04mt8q7y6t0k2dge"
    + "9e7h8kpy9p34ytyslj3yu569aalz2xdk8xkd7ltxqld94u8h2esmsmacgpghe9k8"

  @Test("the prefix tb names both chains that write it, testnet3 and testnet4")
  func testnetPrefixNamesBothChains() {
    let run = runTool(["explain", Self.testnetFallback])
    #expect(run.code == 0)
    #expect(run.stdout.contains("prefix: Lightning on Bitcoin testnet3 or Bitcoin testnet4 (tb)"))
  }
}
