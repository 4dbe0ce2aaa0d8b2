// libFuzzer target: the invoice decoder past the checksum.
//
// The fuzz bytes are a human-readable part and 5-bit words (`WordsInput`, Common.swift), encoded
// with a valid Bech32 checksum, so that every mutation reaches the framing and field parsers
// instead of stopping at `bech32.checksum`. The signature is whatever the words say: key recovery
// usually succeeds on random bytes, so most inputs that parse also decode. Properties: those of
// `checkDecode`, in both modes, also on the upper-case form.

import Bech32Codec
import Bolt11

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  guard let input = WordsInput(UnsafeRawBufferPointer(start: start, count: count)) else {
    return 0
  }
  let text = Bech32.encode(hrp: input.hrp, words: input.words)
  var decoded: [Invoice?] = []
  for mode in DecodeOptions.Mode.allCases {
    decoded.append(checkDecode(text, mode: mode))
  }
  // Upper case is the same invoice (QR codes use it), and re-encodes in upper case.
  let upper = Bech32.encode(hrp: input.hrp, words: input.words, uppercase: true)
  let upperInvoice = checkDecode(upper, mode: .strict)
  check(
    upperInvoice?.fields == decoded[0]?.fields, "upper case decodes differently: \(upper)")
  return 0
}
