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
    // What it was given comes first: an invoice is cut up as it is, a `bitcoin:` URI's invoice
    // on its own, and any other string is named and refused.
    let given: Given
    switch Given.from(input, options: decodeOptions) {
    case .success(let value): given = value
    case .failure(let refusal):
      try environment.stdout.write(
        "given: \(refusal.what)\n\n" + TerminalStyle(color: color).bad("invalid")
          + ": \(refusal.error.dottedCode): \(SafeText.escape(refusal.error.message))"
          + (refusal.error.position.map { " (at character \($0))" } ?? "") + "\n")
      try environment.stderr.write(Bolt11Tool.errorLine(refusal.error))
      return .invalid
    }
    let invoice = given.invoice
    let verdict = invoice.withUnsafeBufferPointer { bytes in
      Result { () throws(InvoiceError) in try Invoice.decode(bytes: bytes, options: decodeOptions) }
    }
    let syntax = InvoiceSyntax(bytes: invoice, mode: decodeOptions.mode)
    try environment.stdout.write(
      "given: \(given.what)\n\n" + render(InvoiceBreakdown(syntax), verdict: verdict, color: color))
    switch verdict {
    case .success: return .ok
    case .failure(let error):
      try environment.stderr.write(Bolt11Tool.errorLine(error))
      return .invalid
    }
  }

  /// Characters wider than this go on their own line, their meaning on the next.
  static let charactersColumn = 10

  /// The breakdown as text: one line per part (position, characters, meaning), then the verdict.
  static func render(
    _ breakdown: InvoiceBreakdown, verdict: Result<Invoice, InvoiceError>, color: Bool
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
        let position = String(part.range.lowerBound)
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
      output += error.position.map { " (at character \($0))" } ?? ""
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

/// What `explain` was given: the invoice to cut up, and how to say what it came as.
struct Given {
  /// The invoice's bytes: the input itself, or a `bitcoin:` URI's `lightning=` value.
  var invoice: [UInt8]
  /// What the input is, for the first line.
  var what: String

  /// A string `explain` does not cut up, with its error.
  struct Refusal: Error {
    var what: String
    var error: PaymentStringError
  }

  /// Reads what `input` is; any kind but an invoice or a URI with one invoice is refused.
  static func from(_ input: [UInt8], options: DecodeOptions) -> Result<Given, Refusal> {
    let kind = input.withUnsafeBufferPointer { PaymentString.kind(ofUTF8: $0) }
    switch kind {
    case .bolt11?:
      // A byte order mark before it is not part of it (the positions below count without it).
      let invoice = input.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(input.dropFirst(3)) : input
      return .success(Given(invoice: invoice, what: "a BOLT #11 invoice"))
    case .bip321?:
      let what = "a bitcoin: URI (BIP-321)"
      let uri: BitcoinURI
      do throws(PaymentStringError) {
        uri = try BitcoinURI(parsing: String(decoding: input, as: UTF8.self), options: options)
      } catch {
        return .failure(Refusal(what: what, error: error))
      }
      // No invoice, or several: the refusal `decode` gives. One bad invoice is cut up below.
      let needed = Result { () throws(PaymentStringError) in
        try PaymentString.bip321(uri).requiredInvoice()
      }
      if case .failure(let error) = needed,
        error.code == .inputBIP321WithoutInvoice || error.code == .inputAmbiguous
      {
        return .failure(Refusal(what: what, error: error))
      }
      let entry = uri.lightning[0]
      return .success(
        Given(
          invoice: Array(entry.text.utf8),
          what: "\(what); its lightning= invoice starts at character \(entry.position), and "
            + "the positions below count from there"))
    default:
      // Empty, unrecognised or another kind: the refusal says what it is.
      do throws(PaymentStringError) {
        _ = try Bolt11Tool.decodeInvoice(input, options: options)
        return .success(Given(invoice: input, what: "a BOLT #11 invoice"))
      } catch {
        return .failure(
          Refusal(what: error.kind.map(Self.name) ?? "no payment string", error: error))
      }
    }
  }

  /// A kind's name for people.
  static func name(_ kind: PaymentString.Kind) -> String {
    switch kind {
    case .bolt11: "a BOLT #11 invoice"
    case .bip321: "a bitcoin: URI (BIP-321)"
    case .bolt12Offer: "a BOLT #12 offer"
    case .bolt12InvoiceRequest: "a BOLT #12 invoice request"
    case .bolt12Invoice: "a BOLT #12 invoice"
    case .lnurl: "an LNURL"
    case .lightningAddress: "a Lightning Address"
    case .nodeURI: "a node URI"
    case .bitcoinAddress: "an on-chain address"
    }
  }
}
