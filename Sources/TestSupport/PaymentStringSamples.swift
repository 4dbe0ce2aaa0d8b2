/// Real strings the payment-string tests build on: BOLT #11's example invoices (read from
/// `Vectors/bolt11-spec.json`, not copied) and addresses whose checksums were verified
/// independently (BIP-173 and BIP-350 test vectors; Base58Check ones in Python).
package enum PaymentStringSamples {
  /// The spec example named `prefix...`.
  package static func invoice(_ prefix: String) -> String {
    SpecVector.valid.first { $0.name.hasPrefix(prefix) }?.invoice ?? "missing spec vector"
  }

  /// 2500u on bc (250,000,000 msat), expiry 60 s from 1496314658.
  package static var coffee: String { invoice("Please send $3 for a cup of coffee") }
  /// No amount, bc.
  package static var donation: String { invoice("Please make a donation") }
  /// 20m on tb (2,000,000,000 msat).
  package static var testnet: String { invoice("The same, on testnet") }

  /// The coffee invoice with its character at `offset` replaced by `b`, which the Bech32
  /// alphabet leaves out: `bech32.invalid_character` at `offset`.
  package static func coffee(withBadCharacterAt offset: Int) -> String {
    var characters = Array(coffee)
    characters[offset] = "b"
    return String(characters)
  }

  package static let coffeeExpiresAt: UInt64 = 1_496_314_658 + 60

  package static let p2pkh = "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"
  package static let testnetP2SH = "2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc"
  package static let p2wpkh = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
  package static let testnetP2WPKH = "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"
  /// The same program on regtest, encoded with BIP-173's reference code.
  package static let regtestP2WPKH = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080"
  /// BOLT #12's format-string-test.json, first vector: 84 bytes of data.
  package static let offer =
    "lno1pqps7sjqpgtyzm3qv4uxzmtsd3jjqer9wd3hy6tsw35k7msjzfpy7nz5yqcnygrfdej82um5wf5k2uckyypwa3eyt"
    + "44h6txtxquqh7lz5djge4afgfjn7k4rgrkuag0jsd5xvxg"
  /// LUD-01's example.
  package static let lnurl =
    "LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3"
    + "HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS"
  /// BOLT #11's example payee, a point on the curve.
  package static let node = "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad"
}
