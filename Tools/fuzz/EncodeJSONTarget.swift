// libFuzzer target: `bolt11 encode` on arbitrary standard input, as an operator or a script may
// hand it anything.
//
// Property: the command answers every input with exit 0 (an invoice that decodes, signed by the
// key) or exit 1 and one `error: <code>: ...` line; never a trap, a usage or I/O exit, an
// allocation beyond the input's size, or a raw control character on standard error. The fuzz
// bytes are standard input; the key comes from BOLT11_SIGNING_KEY.

import Bolt11
import Bolt11Tool
import TestSupport

/// A fake key for fuzzing only: 32 bytes of 0x01. Not a real key.
private let keyHex = String(repeating: "01", count: 32)
private let payee = FakeKeys.signingKey().publicKey.bytes

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let input = Array(UnsafeRawBufferPointer(start: start, count: count))
  let stdout = BufferSink()
  let stderr = BufferSink()
  let code = Bolt11Tool.run(
    ToolEnvironment(
      arguments: ["encode"], environment: ["BOLT11_SIGNING_KEY": keyHex], now: { 0 },
      stdin: BufferSource(input), stdout: stdout, stderr: stderr, processorCount: 1))
  let errorText = stderr.text
  switch code {
  case 0:
    check(errorText.isEmpty, "exit 0 with standard error: \(errorText)")
    let line = stdout.text
    check(line.hasSuffix("\n"), "exit 0 without a line")
    let text = String(line.dropLast())
    // Wrong-length p, h, s, n extras are read only in compat mode.
    let invoice: Invoice
    do {
      invoice = try Invoice.decode(text, options: DecodeOptions(mode: .compat))
    } catch {
      check(false, "encode wrote an invoice the decoder refuses: \(error)")
      return 0
    }
    check(invoice.payeeNodeID.bytes == payee, "signed by another key")
  case 1:
    check(stdout.text.isEmpty, "exit 1 with standard output")
    check(errorText.hasPrefix("error: ") && errorText.hasSuffix("\n"), "not an error line")
    check(errorText.dropLast().allSatisfy { $0 != "\n" }, "more than one line: \(errorText)")
    // Everything quoted from the input is escaped: printable ASCII, or the text of the message.
    check(
      !errorText.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F },
      "a raw control character on standard error")
  default:
    check(false, "exit \(code): \(errorText)")
  }
  return 0
}
