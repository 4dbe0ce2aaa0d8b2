import Bolt11
import PaymentInput
import TestSupport
import Testing

/// No input traps: every truncation of a string of each kind, and a megabyte of each kind's worst
/// filler (whose cost Tools/bounds.sh shows linear, in instructions).
@Suite struct RobustnessTests {
  static var samples: [String] {
    [
      "bitcoin:\(PaymentStringSamples.p2wpkh)?amount=0.0025&label=%E3%83%8A&lightning=\(PaymentStringSamples.coffee)"
        + "&lno=\(PaymentStringSamples.offer)&req-pop=a%3A",
      "lightning:" + PaymentStringSamples.offer.prefix(40) + "+ \n"
        + PaymentStringSamples.offer.dropFirst(40),
      PaymentStringSamples.lnurl, "lnurlp://a.onion/x?y=1", "satoshi@bitcoin.org",
      PaymentStringSamples.node + "@[::1]:9735",
      PaymentStringSamples.p2pkh, PaymentStringSamples.coffee,
    ]
  }

  @Test("every truncation parses or throws with a kind or input.*")
  func truncations() {
    for sample in Self.samples {
      let bytes = Array(sample.utf8)
      for count in 0...bytes.count {
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        do {
          _ = try PaymentString(parsing: text)
        } catch {
          #expect(error.kind != nil || error.code.rawValue.hasPrefix("input."), "\(error)")
          if let position = error.position { #expect(position <= count, "\(text): \(error)") }
        }
      }
    }
  }

  @Test(
    "a megabyte of each kind is read as what its form says",
    arguments: [
      "bitcoin:?" + String(repeating: "a=b&", count: 250_000),
      "bitcoin:?lightning=" + String(repeating: "%41", count: 340_000),
      "bitcoin:?label=" + String(repeating: "9", count: 1_000_000),
      "bitcoin:?amount=" + String(repeating: "0", count: 1_000_000) + "1",
      "lno1" + String(repeating: "q+ ", count: 340_000) + "q",
      "lno1" + String(repeating: "q", count: 1_000_000),
      "lnurl1" + String(repeating: "q", count: 1_000_000),
      "lnurlp://a.com/" + String(repeating: "a", count: 1_000_000),
      String(repeating: "a", count: 1_000_000) + "@a.com",
      PaymentStringSamples.node + "@" + String(repeating: "a.", count: 500_000),
      "bc1" + String(repeating: "q", count: 1_000_000),
      String(repeating: "+", count: 1_000_000),
      String(repeating: " ", count: 1_000_000) + "x",
      "ln" + String(repeating: "q", count: 1_000_000),
    ])
  func linear(text: String) {
    // Whether it finishes in linear time is counted in instructions by Tools/bounds.sh (a timed
    // assertion here would fail on a loaded machine, not on a slow algorithm); here the answer
    // must be what the form says, and a refusal's position must lie in the input.
    let kind = PaymentString.kind(of: text)
    do {
      #expect(try PaymentString(parsing: text).kind == kind)
    } catch {
      #expect(error.kind == kind, "\(text.prefix(20))...: \(error)")
      if let position = error.position { #expect(position <= text.utf8.count) }
    }
  }

}
