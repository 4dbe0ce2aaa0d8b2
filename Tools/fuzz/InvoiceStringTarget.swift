// libFuzzer target: the invoice decoder on raw bytes, as a wallet receives them.
//
// Most mutations break the checksum, so this target mostly exercises input hygiene, the length cap,
// the Bech32 layer and the human-readable part; `InvoiceWordsTarget` reaches the fields. Both the
// byte entry point and the `String` entry point run, in both modes, with the properties of
// `checkDecode` (Common.swift).

import Bolt11

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
  for mode in DecodeOptions.Mode.allCases {
    let fromBytes = try? SignedRawInvoice.parse(bytes: bytes, mode: mode)
    // Valid UTF-8 reaches the decoder unchanged; anything else decodes with replacement
    // characters, which the Bech32 layer refuses.
    let text = String(decoding: bytes, as: UTF8.self)
    let fromText = try? SignedRawInvoice.parse(text, options: DecodeOptions(mode: mode))
    if text.utf8.elementsEqual(bytes) {
      check(fromBytes == fromText, "byte and string entry points disagree")
    }
    checkDecode(text, mode: mode)
  }
  return 0
}
