// libFuzzer target: the BOLT #12 invoice request and invoice readers, and the Merkle root, on raw
// bytes.
//
// Byte 0 picks the form: bit 0 clear, the rest is the text as given (string form, cap, `+`
// joins); set, the rest is a TLV stream written as a string, so that mutations reach the record
// readers, the rules and the signature check. Bit 3 picks the kind (clear `lnr`, set `lni`);
// bit 1 adds a clock, bit 2 a network.
//
// Properties: nothing traps; an error's position lies within the text and its record offset
// within the data; the Merkle root of any framed stream is 32 bytes or absent; a valid string
// reads back the same from its own text, its root is the root of its own stream, its signature
// (when present) verifies, and its JSON parses with `valid` and `warnings`.

import Bolt11JSON
import Bolt12

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
  guard let first = bytes.first else { return 0 }
  let rest = bytes.dropFirst()
  let kind: StringForm.Kind = first & 8 == 0 ? .invoiceRequest : .invoice
  if first & 1 != 0, let stream = try? TLVStream(framing: Array(rest)) {
    let root = MerkleRoot(stream: stream)
    check(root == nil || root?.bytes.count == 32, "a root that is not 32 bytes")
  }
  let text =
    first & 1 == 0
    ? String(decoding: rest, as: UTF8.self) : StringForm(kind: kind, bytes: Array(rest)).text
  var options = ReadOptions(now: first & 2 == 0 ? nil : 1_800_000_000)
  if first & 4 != 0 { options.networks = ReadOptions(network: "tb")?.networks }
  do {
    let decoded: (bytes: [UInt8], root: MerkleRoot, json: String, verifies: Bool, same: Bool)
    switch kind {
    case .invoice:
      let invoice = try Bolt12Invoice.decode(text, options: options)
      decoded = (
        invoice.bytes, invoice.merkleRoot, invoice.json,
        Bolt12Signature.verify(
          invoice.signature, of: invoice.merkleRoot, for: .invoice, by: invoice.nodeID),
        try Bolt12Invoice.decode(invoice.text, options: options) == invoice
      )
    default:
      let request = try InvoiceRequest.decode(text, options: options)
      decoded = (
        request.bytes, request.merkleRoot, request.json,
        request.signature.map {
          Bolt12Signature.verify(
            $0, of: request.merkleRoot, for: .invoiceRequest, by: request.payerID)
        } ?? true,
        try InvoiceRequest.decode(request.text, options: options) == request
      )
    }
    check(decoded.same, "the string's own text reads differently")
    check(decoded.verifies, "a valid string's signature does not verify")
    check(
      (try? TLVStream(framing: decoded.bytes)).flatMap(MerkleRoot.init(stream:)) == decoded.root,
      "the root is not the root of the string's own stream")
    guard let value = try? JSON.parse(decoded.json) else {
      fatalError("fuzz property broken: the JSON does not parse: \(decoded.json)")
    }
    check(value["valid"]?.boolValue == true, "no valid in \(decoded.json)")
    check(value["warnings"]?.arrayValue != nil, "no warnings in \(decoded.json)")
  } catch {
    if let position = error.position {
      check(position >= 0 && position <= text.unicodeScalars.count, "position \(position) outside")
    }
    if let offset = error.tlvOffset {
      check(offset >= 0 && offset < text.utf8.count, "record offset \(offset) outside the data")
    }
    check((try? JSON.parse(error.json(reading: kind))) != nil, "the error's JSON does not parse")
  }
  return 0
}
