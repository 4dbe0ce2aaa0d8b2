import Bolt11
import Bolt11JSON
import PaymentInput

/// `bolt11 inspect STRING|- [--json] [--compat] [--now UNIX] [--network NET]`: what a pasted or scanned string is,
/// decoded as far as its kind goes, without any network access. Exit 0 when it is a valid
/// instance of its kind (a URI's invoices included), 1 otherwise.
enum InspectCommand {
  static let table = CommandTable.inspect.parsingTable

  static func run(_ arguments: ArraySlice<String>, _ environment: ToolEnvironment) throws
    -> Bolt11Tool.ExitCode
  {
    let options = try ParsedOptions(arguments, table: table, command: "inspect")
    let json = options.flags.contains("--json")
    var decodeOptions = DecodeOptions(mode: options.flags.contains("--compat") ? .compat : .strict)
    decodeOptions.now = try options.unsigned("--now")
    if let name = options.values["--network"] {
      decodeOptions.network = try Bolt11Tool.network(named: name, command: "inspect")
    }
    let input: [UInt8]
    do {
      input = try Bolt11Tool.invoiceInput(
        options, environment, command: "inspect", operand: "STRING")
    } catch let error as InvoiceError {
      try Bolt11Tool.reportError(error, json: json, environment)
      return .invalid
    }
    let string: PaymentString
    do {
      string = try PaymentString(
        parsing: String(decoding: input, as: UTF8.self), options: decodeOptions)
    } catch {
      if json {
        try environment.stdout.write(error.json + "\n")
      } else {
        let what = error.kind.map(Given.name) ?? "no payment string this tool knows"
        try environment.stdout.write(
          "\(what)\n" + HumanOutput.aligned([("invalid", Bolt11Tool.errorText(error))]))
      }
      try environment.stderr.write(Bolt11Tool.errorLine(error))
      return .invalid
    }
    var entryError: PaymentStringError?
    if case .bip321(let uri) = string { entryError = uri.entryError }
    if case .bolt12(let bolt12) = string, let error = bolt12.error {
      entryError = PaymentStringError(bolt12Error: error, kind: string.kind)
    }
    if json {
      try environment.stdout.write(string.json + "\n")
    } else {
      let now = decodeOptions.now ?? environment.now()
      try environment.stdout.write(
        summary(string, now: now, color: DecodeCommand.useColor(environment)))
    }
    if let entryError {
      try environment.stderr.write(Bolt11Tool.errorLine(entryError))
      return .invalid
    }
    return .ok
  }

  /// What the string is, on its first line, then its parts, one aligned row each.
  static func summary(_ string: PaymentString, now: UInt64, color: Bool) -> String {
    let style = TerminalStyle(color: color)
    var rows = Rows()
    switch string {
    case .bolt11(let invoice):
      return HumanOutput.summary(invoice, now: now, color: color)
    case .bip321(let uri):
      rows = HumanOutput.uriRows(uri, style: style)
      for (index, entry) in uri.lightning.enumerated() {
        let label = uri.lightning.count == 1 ? "lightning" : "lightning \(index + 1)"
        switch entry.result {
        case .success(let invoice):
          let amount = invoice.amount.map(HumanOutput.formatAmount) ?? "any amount"
          rows.append(
            (
              label,
              "valid invoice: \(amount), payee \(invoice.payeeNodeID), "
                + (invoice.isExpired(at: now)
                  ? "expired"
                  : "expires in "
                    + UnixTime.durationText(invoice.expiresAt - now))
            ))
        case .failure(let error):
          rows.append((label, style.bad("invalid") + ": " + Bolt11Tool.errorText(error)))
        }
      }
      for entry in uri.offers {
        switch entry.result {
        case .success(let string):
          switch string.offer {
          case .success(let offer)?:
            rows.append(("lno", "valid offer: \(HumanOutput.offerAmount(offer))"))
            rows += HumanOutput.offerRows(offer, now: now, style: style).indentedAfterFirst()
          case .failure(let error)?:
            rows.append(
              (
                "lno",
                style.bad("invalid") + ": \(error.code.rawValue): "
                  + HumanOutput.errorWhere(error)
              ))
          case nil: break
          }
        case .failure(let error):
          rows.append(("lno", style.bad("invalid") + ": " + Bolt11Tool.errorText(error)))
        }
      }
      for parameter in uri.otherParameters {
        rows.append(
          ("other", SafeText.escape(parameter.key) + "=" + SafeText.escape(parameter.value)))
      }
    case .bolt12(let bolt12):
      rows = HumanOutput.bolt12Rows(bolt12, now: now, style: style)
    case .lnurl(let lnurl):
      rows = [("url", SafeText.escape(lnurl.url))]
      if let tag = lnurl.tag { rows.append(("tag", tag.rawValue)) }
      rows.append(("note", "a wallet fetches this URL; nothing was fetched"))
    case .lightningAddress(let address):
      rows = [
        ("user", SafeText.escape(address.user)), ("domain", SafeText.escape(address.domain)),
        ("url", SafeText.escape(address.url)),
        ("bip353 dns name", SafeText.escape(address.bip353DNSName)),
        ("note", "a wallet fetches this URL for an invoice; nothing was fetched"),
      ]
    case .nodeURI(let node):
      rows = [
        ("node id", node.nodeID.description), ("host", SafeText.escape(node.host)),
        ("port", String(node.port)),
      ]
    case .nodeID(let key):
      rows = [("node id", key.description), ("note", "it names a node; it does not pay")]
    case .silentPaymentAddress(let address):
      rows = [
        ("network", address.network.rawValue),
        ("note", "a silent-payment address (BIP-352); not decoded further"),
      ]
    case .bip353Name(let name):
      rows = [
        ("user", SafeText.escape(name.user)), ("domain", SafeText.escape(name.domain)),
        ("dns name", SafeText.escape(name.dnsName)),
        ("note", "a wallet resolves this TXT record itself; nothing was resolved"),
      ]
    case .bitcoinAddress(let address):
      rows = [
        ("address", SafeText.escape(address.text)), ("type", address.type.rawValue),
        ("network", address.network.rawValue),
      ]
    }
    return Given.name(string.kind) + "\n" + HumanOutput.aligned(rows)
  }
}

extension Bolt11Tool {
  /// `<code>: <message>[ (at character N)]`, the message escaped.
  static func errorText(_ error: PaymentStringError) -> String {
    "\(error.dottedCode): \(SafeText.escape(error.message))"
      + (error.position.map { " (at character \($0))" } ?? "")
  }
}
