import Secp256k1

/// Test keys: obviously fake secrets, and the key the BOLT #11 examples publish. None is a real
/// key; never use them for money.
package enum FakeKeys {
  /// 32 bytes of `byte` (0x01 by default), a valid secret for any byte from 0x01 to 0xfe.
  package static func secret(_ byte: UInt8 = 0x01) -> [UInt8] {
    [UInt8](repeating: byte, count: 32)
  }

  /// The signing key of `secret(byte)`.
  package static func signingKey(_ byte: UInt8 = 0x01) -> SigningKey {
    do {
      return try SigningKey(secretKey: secret(byte))
    } catch {
      preconditionFailure("32 bytes of \(byte) are a valid secret: \(error)")
    }
  }

  /// The private key of the Examples section of BOLT #11, as published there.
  package static let specSecret = hexBytes(
    "e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734")

  /// The public key of `specSecret`: the payee of every example, "to me @03e7156a...".
  package static let specPayee =
    "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad"
}
