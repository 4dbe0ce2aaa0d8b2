import Bech32Codec

/// The bytes of a hex string in a test or tool; traps on malformed hex, which is a typo there.
///
/// Test-only: never used on input. The digits are read by the package's own hex codec.
package func hexBytes(_ text: String) -> [UInt8] {
  guard let bytes = Hex.decode(text) else { preconditionFailure("malformed hex: \(text)") }
  return bytes
}

/// Lower-case hex of `bytes`.
package func hexString(_ bytes: some Collection<UInt8>) -> String { Hex.encode(bytes) }
