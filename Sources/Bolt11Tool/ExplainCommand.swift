import Bech32Codec
import Bolt11
import PaymentInput

/// `bolt11 explain INVOICE|- [--compat] [--network N] [--description TEXT] [--now UNIX]`: the
/// invoice cut into its parts with their meanings; on an invalid invoice, the parts up to the
/// fault and a caret under it.
enum ExplainCommand {
  static let table = CommandTable.explain.parsingTable

  static func run(_ arguments: ArraySlice<String>, _ environment: ToolEnvironment) throws
    -> Bolt11Tool.ExitCode
  {
    let options = try ParsedOptions(arguments, table: table, command: "explain")
    let decodeOptions = try Bolt11Tool.decodeOptions(options)
    let input: [UInt8]
    do {
      input = try Bolt11Tool.invoiceInput(options, environment, command: "explain")
    } catch let error as InvoiceError {
      try environment.stderr.write(Bolt11Tool.errorLine(error))
      return .invalid
    }
    let color = DecodeCommand.useColor(environment)
    if let code = try explainBolt12(input, options: decodeOptions, color: color, environment) {
      return code
    }
    // The one reading every command makes of a payment string gives the verdict: an invoice's
    // own error is cut up below; any other refusal says what the string is instead.
    let outcome = Result { () throws(PaymentStringError) in
      try Bolt11Tool.decodeInvoice(input, options: decodeOptions)
    }
    let given: Given
    let verdict: Result<Invoice, InvoiceError>
    switch outcome {
    case .success(let value):
      given = Given.from(input, uri: value.uri, options: decodeOptions)
      verdict = .success(value.invoice)
    case .failure(let error):
      guard var local = error.invoiceError else {
        try environment.stdout.write(
          "given: \(error.kind.map(Given.name) ?? "no payment string")\n\n"
            + TerminalStyle(color: color).bad("invalid") + ": " + Bolt11Tool.errorText(error)
            + "\n")
        try environment.stderr.write(Bolt11Tool.errorLine(error))
        return .invalid
      }
      given = Given.from(input, uri: nil, options: decodeOptions)
      // The breakdown counts in the invoice; what it shows counts in the input.
      local.position = local.position.map(given.localPosition)
      verdict = .failure(local)
    }
    let syntax = InvoiceSyntax(bytes: given.invoice, mode: decodeOptions.mode)
    try environment.stdout.write(
      "given: \(given.what)\n\n"
        + render(InvoiceBreakdown(syntax), verdict: verdict, given: given, color: color))
    switch outcome {
    case .success: return .ok
    case .failure(let error):
      try environment.stderr.write(Bolt11Tool.errorLine(error))
      return .invalid
    }
  }

  /// Explains `input` when it is a BOLT #12 string (alone or after `lightning:`), or a
  /// `bitcoin:` URI with no `lightning=` invoice and an `lno=` offer (its first), from the BOLT
  /// #12 reader; nil for any other string.
  static func explainBolt12(
    _ input: [UInt8], options: DecodeOptions, color: Bool, _ environment: ToolEnvironment
  ) throws -> Bolt11Tool.ExitCode? {
    let text = String(decoding: input, as: UTF8.self)
    guard let kind = PaymentString.kind(of: text) else { return nil }
    let string: Bolt12String
    let given: String
    switch kind {
    case .bolt12Offer, .bolt12InvoiceRequest, .bolt12Invoice:
      do {
        guard case .bolt12(let value) = try PaymentString(parsing: text, options: options) else {
          return nil
        }
        (string, given) = (value, kind.phrase)
      } catch {
        return try refuse(error, given: kind.phrase, color: color, environment)
      }
    case .bip321:
      // A URI that does not read, or that has an invoice, is the invoice path's.
      guard case .bip321(let uri)? = try? PaymentString(parsing: text, options: options),
        uri.lightning.isEmpty, let entry = uri.offers.first
      else { return nil }
      var what = "\(Given.name(.bip321)); its lno= offer starts at character \(entry.position)"
      if uri.offers.count > 1 { what += " (the first of \(uri.offers.count))" }
      switch entry.result {
      case .success(let value): (string, given) = (value, what)
      case .failure(let error): return try refuse(error, given: what, color: color, environment)
      }
    default:
      return nil
    }
    try environment.stdout.write(Bolt12Breakdown.render(string, given: given, color: color))
    guard let error = string.error else { return .ok }
    try environment.stderr.write(
      Bolt11Tool.errorLine(
        PaymentStringError(bolt12Error: error, kind: kind == .bip321 ? .bolt12Offer : kind)))
    return .invalid
  }

  /// What `explain` says of a string it cannot cut up: what it was given, then the refusal.
  private static func refuse(
    _ error: PaymentStringError, given: String, color: Bool, _ environment: ToolEnvironment
  ) throws -> Bolt11Tool.ExitCode {
    try environment.stdout.write(
      "given: \(given)\n\n" + TerminalStyle(color: color).bad("invalid") + ": "
        + Bolt11Tool.errorText(error) + "\n")
    try environment.stderr.write(Bolt11Tool.errorLine(error))
    return .invalid
  }

  /// Characters wider than this go on their own line, their meaning on the next.
  static let charactersColumn = 10

  /// The breakdown as text: one line per part (position, characters, meaning), then the verdict.
  ///
  /// Positions are shown where `given` puts them in the whole input (the breakdown's invoice
  /// itself when nil).
  static func render(
    _ breakdown: InvoiceBreakdown, verdict: Result<Invoice, InvoiceError>, given: Given? = nil,
    color: Bool
  ) -> String {
    let style = TerminalStyle(color: color)
    var fault: Int?
    // A missing field is found where the fields end: the part starting there (the signature)
    // is not at fault. Any other fault lies in the part starting or standing at its position.
    var showsPartAtFault = true
    if case .failure(let error) = verdict {
      fault = faultPosition(error, breakdown.syntax)
      showsPartAtFault = ![
        .fieldMissingPaymentHash, .fieldMissingPaymentSecret, .fieldMissingDescription,
        .fieldBothDescriptions,
      ].contains(error.code)
    }
    var output = ""
    for group in breakdown.groups {
      if let fault, group.range.lowerBound > fault { break }
      if let fault, group.range.lowerBound == fault, !showsPartAtFault { break }
      for part in group.parts {
        let indent = String(repeating: "  ", count: part.depth)
        let characters = breakdown.characters(part.range)
        let position = String(
          given?.position(ofByte: part.range.lowerBound) ?? part.range.lowerBound)
        let lead =
          String(repeating: " ", count: max(0, 5 - position.count)) + position + "  " + indent
        let meaningIndent = String(repeating: " ", count: 7 + indent.count + charactersColumn + 2)
        if characters.count <= charactersColumn {
          output +=
            lead + style.characters(characters)
            + String(repeating: " ", count: charactersColumn - characters.count) + "  "
            + part.meaning + "\n"
        } else {
          output += lead + style.characters(characters) + "\n" + meaningIndent + part.meaning + "\n"
        }
        for detail in part.details { output += meaningIndent + "  " + detail + "\n" }
      }
    }
    switch verdict {
    case .success(let invoice):
      let how =
        invoice.statedPayee == nil
        ? "recovered from the signature" : "stated in n, signature checked"
      // The verdict is the last line (the contract): warnings come before it.
      output += "\n"
      for warning in invoice.warnings { output += "warning: \(warning.rawValue)\n" }
      output += style.good("valid") + ": payee \(invoice.payeeNodeID.description) (\(how))\n"
    case .failure(let error):
      output += "\n"
      if let fault {
        output += pointer(at: fault, in: breakdown.input)
      }
      output += style.bad("invalid") + ": \(error.code.rawValue): \(SafeText.escape(error.message))"
      output +=
        error.position.map { " (at character \(given?.inputPosition($0) ?? $0))" } ?? ""
      output += "\n"
    }
    return output
  }

  /// Where to point for `error`: its position; else where the syntax stage found it (a checksum
  /// that does not match: the checksum); else the first field of the type it names.
  static func faultPosition(_ error: InvoiceError, _ syntax: InvoiceSyntax) -> Int? {
    // A position counts characters; the pointer counts bytes.
    if let position = error.position {
      return InputText.byteOffset(ofScalar: position, in: syntax.input)
    }
    if error == syntax.fault, let range = syntax.faultRange { return range.lowerBound }
    return error.field.flatMap { letter in syntax.fields.first { $0.letter == letter }?.position }
  }

  /// Two lines: the input around `position` (at most 40 bytes before it and 20 from it, cut at
  /// character boundaries and escaped as every other run of characters) and a caret under the
  /// character at `position`.
  static func pointer(at position: Int, in input: [UInt8]) -> String {
    let position = min(position, input.count)
    // A UTF-8 continuation byte does not start a character: move off it.
    func boundary(_ index: Int) -> Int {
      var index = index
      while index < position && index < input.count && input[index] & 0xc0 == 0x80 { index += 1 }
      return index
    }
    let start = boundary(max(0, position - 40))
    var end = min(input.count, position + 20)
    while end < input.count && input[end] & 0xc0 == 0x80 { end += 1 }
    func text(_ range: Range<Int>) -> String {
      SafeText.escape(String(decoding: input[range], as: UTF8.self))
    }
    let before = (start > 0 ? "…" : "") + text(start..<position)
    let after = text(position..<end) + (end < input.count ? "…" : "")
    return "  " + before + after + "\n  " + String(repeating: " ", count: before.count) + "^\n"
  }
}

/// What `explain` was given: the invoice to cut up, where each of its bytes stands in the input,
/// and how to say what it came as.
struct Given {
  /// The invoice's bytes: the input itself, or a `bitcoin:` URI's `lightning=` value,
  /// percent-decoded.
  var invoice: [UInt8]
  /// For each byte of `invoice`, then for its end, the character offset (Unicode scalars) in
  /// the input where it stands.
  var positions: [Int]
  /// What the input is, for the first line.
  var what: String

  /// The character offset in the input of byte `index` of the invoice (past the end, one
  /// character a byte).
  func position(ofByte index: Int) -> Int {
    guard let end = positions.last else { return index }
    return index < positions.count ? positions[max(0, index)] : end + index - positions.count + 1
  }

  /// The character offset in the input of the invoice's character at `local` (Unicode scalars
  /// from the invoice's start).
  func inputPosition(_ local: Int) -> Int {
    position(ofByte: InputText.byteOffset(ofScalar: local, in: invoice))
  }

  /// The invoice's character (Unicode scalars from its start) at `position` in the input:
  /// `inputPosition(_:)` undone.
  func localPosition(_ position: Int) -> Int {
    let byte = positions.firstIndex { $0 >= position } ?? positions.count - 1
    return InputText.scalarOffset(ofByte: max(0, byte), in: invoice)
  }

  /// The invoice of `input`, which the one reading of payment strings found to be an invoice
  /// or a `bitcoin:` URI with one (`uri`, when it decoded; else it is read again here).
  static func from(_ input: [UInt8], uri: BitcoinURI?, options: DecodeOptions) -> Given {
    let kind = input.withUnsafeBufferPointer { PaymentString.kind(ofUTF8: $0) }
    let text = String(decoding: input, as: UTF8.self)
    guard kind == .bip321,
      let entry = (uri ?? (try? BitcoinURI(parsing: text, options: options)))?.lightning.first
    else {
      // A byte order mark before it is not part of it, and counts in the positions.
      let mark = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      var positions: [Int] = []
      positions.reserveCapacity(input.count - mark + 1)
      var characters = mark == 0 ? 0 : 1
      for byte in input[mark...] {
        positions.append(characters)
        if byte & 0xc0 != 0x80 { characters += 1 }
      }
      positions.append(characters)
      return Given(invoice: Array(input[mark...]), positions: positions, what: name(.bolt11))
    }
    let value = entry.decodedValue
    return Given(
      invoice: value.bytes, positions: value.positions,
      what: "\(name(.bip321)); its lightning= invoice starts at character \(entry.position)")
  }

  /// A kind's name for people.
  static func name(_ kind: PaymentString.Kind) -> String {
    kind == .bip321 ? "a bitcoin: URI (BIP-321)" : kind.phrase
  }
}
