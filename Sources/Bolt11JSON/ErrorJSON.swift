/// The contract's error envelope, written in this one place for every kind of input:
/// `{"kind"?,"valid":false,"error":{"code","message","position"?,"field"?},"warnings"?:[]}`.
package enum ErrorJSON {
  /// One error, as the envelope carries it.
  package struct Fault {
    /// The dotted code (`bech32.checksum`, `input.invalid_json`, ...).
    package var code: String
    /// What failed, for people.
    package var message: String
    /// The character offset in the input, when one applies.
    package var position: Int?
    /// The invoice field's letter, when the fault is in one field.
    package var field: Character?
    /// The whole error object, already written, when a lower layer has its own (the BOLT #12
    /// reader's `{code, message, tlv_offset?, type?, field?}`); it is written instead.
    package var object: String?

    package init(
      code: String, message: String, position: Int? = nil, field: Character? = nil,
      object: String? = nil
    ) {
      self.code = code
      self.message = message
      self.position = position
      self.field = field
      self.object = object
    }
  }

  /// Appends the envelope (no newline): `kind` first when given, and `"warnings":[]` last
  /// when `withWarnings` (every top-level object the tool prints has it).
  package static func write(
    _ fault: Fault, kind: String? = nil, withWarnings: Bool, to output: inout ByteWriter
  ) {
    if let kind {
      output.append(#"{"kind":"#)
      InvoiceJSON.writeString(kind, to: &output)
      output.append(#","valid":false,"error":"#)
    } else {
      output.append(#"{"valid":false,"error":"#)
    }
    writeObject(fault, to: &output)
    output.append(withWarnings ? #","warnings":[]}"# : "}")
  }

  /// Appends the error object alone: `{"code","message","position"?,"field"?}`.
  package static func writeObject(_ fault: Fault, to output: inout ByteWriter) {
    if var object = fault.object {
      object.withUTF8 { output.append(contentsOf: $0) }
      return
    }
    output.append(#"{"code":"#)
    InvoiceJSON.writeString(fault.code, to: &output)
    output.append(#","message":"#)
    InvoiceJSON.writeString(fault.message, to: &output)
    if let position = fault.position {
      output.append(#","position":"#)
      InvoiceJSON.writeInteger(position, to: &output)
    }
    if let field = fault.field {
      output.append(#","field":"#)
      InvoiceJSON.writeString(String(field), to: &output)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// The envelope as bytes (no newline), for a caller without a writer.
  package static func bytes(_ fault: Fault, kind: String? = nil, withWarnings: Bool) -> [UInt8] {
    var output: [UInt8] = []
    ByteWriter.collect(into: &output) {
      write(fault, kind: kind, withWarnings: withWarnings, to: &$0)
    }
    return output
  }
}
