// libFuzzer target: the Bech32 decoder on raw bytes.
//
// Properties: decoding never traps; an error's position lies within the input; whatever decodes
// re-encodes to the input (same variant and case); regrouping words to bytes and back is the
// identity whenever the padding is accepted.

import Bech32Codec

@inline(__always)
private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() { fatalError("fuzz property broken: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
  let decoded: Bech32.Decoded
  do {
    decoded = try Bech32.decode(bytes: bytes)
  } catch {
    check((0...count).contains(error.position ?? 0), "position \(error) outside \(count)")
    return 0
  }
  let again = Bech32.encode(
    hrp: decoded.hrp, words: decoded.words, variant: decoded.variant,
    uppercase: decoded.isUppercase)
  check(again.utf8.elementsEqual(bytes), "re-encoding differs: \(again)")

  if let regrouped = try? Bech32.bytes(fromWords: decoded.words) {
    check(Bech32.words(fromBytes: regrouped) == decoded.words, "regrouping is not reversible")
  }
  let padded = Bech32.bytesPadded(fromWords: decoded.words)
  check(padded.count == (decoded.words.count * 5 + 7) / 8, "padded length")

  // The segwit address reader sits on the same decoder.
  if let address = try? SegwitAddress.decode(String(decoding: bytes, as: UTF8.self)) {
    _ = SegwitAddress.scriptPubKey(version: address.version, program: address.program)
    let written = SegwitAddress.encode(
      hrp: address.hrp, version: address.version, program: address.program)
    check(
      written.utf8.elementsEqual(bytes.map { $0 >= 0x41 && $0 <= 0x5a ? $0 | 0x20 : $0 }),
      "address re-encoding differs: \(written)")
  }
  return 0
}
