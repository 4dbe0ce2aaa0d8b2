import Bech32Codec
import Bolt11
import Bolt11JSON
import Secp256k1

/// The on-disk form of one record: a JSON object, keys sorted, absent optionals left out.
struct StoredRecord {
  var intent: String
  var request: String
  var amountMsat: UInt64
  var description: String
  var state: String
  var paymentHash: String?
  var expiresAt: UInt64?
  var reason: String?
  var network: String
  var nodeID: String

  init(_ record: JournalRecord) {
    intent = record.intentID.rawValue
    request = record.nodeRequestID
    amountMsat = record.amount.rawValue
    description = record.description
    network = record.scope.network.rawValue
    nodeID = record.scope.nodeID.description
    paymentHash = record.paymentHash?.description
    expiresAt = record.expiresAt
    switch record.state {
    case .intent: state = "intent"
    case .submitted: state = "submitted"
    case .ready: state = "ready"
    case .cancelling(let terminal):
      state = "cancelling"
      reason = Self.encode(terminal)
    case .terminal(let terminal):
      state = "terminal"
      reason = Self.encode(terminal)
    }
  }

  /// The record's JSON object, its keys in sorted order.
  var json: JSON {
    var members: [(String, JSON)] = [
      ("amountMsat", .unsigned(amountMsat)), ("description", .string(description)),
    ]
    if let expiresAt { members.append(("expiresAt", .unsigned(expiresAt))) }
    members.append(("intent", .string(intent)))
    members.append(("network", .string(network)))
    members.append(("nodeID", .string(nodeID)))
    if let paymentHash { members.append(("paymentHash", .string(paymentHash))) }
    if let reason { members.append(("reason", .string(reason))) }
    members.append(("request", .string(request)))
    members.append(("state", .string(state)))
    return .object(members)
  }

  /// Reads a record's JSON object; nil when a field is missing or of the wrong type.
  init?(_ json: JSON) {
    guard let members = json.objectValue else { return nil }
    var fields: [String: JSON] = [:]
    for (key, value) in members { fields[key] = value }
    func text(_ key: String) -> String? { fields[key]?.stringValue }
    func optional<Value>(_ key: String, _ read: (JSON) -> Value?) -> Value?? {
      guard let value = fields[key], value != .null else { return .some(nil) }
      return read(value).map { .some($0) }
    }
    guard let intent = text("intent"), let request = text("request"),
      let amountMsat = fields["amountMsat"]?.unsignedValue,
      let description = text("description"), let state = text("state"),
      let network = text("network"), let nodeID = text("nodeID"),
      let paymentHash = optional("paymentHash", \.stringValue),
      let expiresAt = optional("expiresAt", \.unsignedValue),
      let reason = optional("reason", \.stringValue)
    else { return nil }
    if case .double? = fields["amountMsat"] { return nil }
    if case .double? = fields["expiresAt"] { return nil }
    self.intent = intent
    self.request = request
    self.amountMsat = amountMsat
    self.description = description
    self.state = state
    self.paymentHash = paymentHash
    self.expiresAt = expiresAt
    self.reason = reason
    self.network = network
    self.nodeID = nodeID
  }

  /// Whether `record`, once written, is read back: the reader's rules, applied before a save.
  static func isReadable(_ record: JournalRecord) -> Bool {
    record.state != .ready || (record.paymentHash != nil && record.expiresAt != nil)
  }

  var record: JournalRecord? {
    guard let network = Currency(rawValue: network), let nodeID = PublicKey(hex: nodeID) else {
      return nil
    }
    var hash: PaymentHash?
    if let paymentHash {
      guard let parsed = PaymentHash(hex: paymentHash) else { return nil }
      hash = parsed
    }
    let decodedState: RequestState
    switch state {
    case "intent": decodedState = .intent
    case "submitted": decodedState = .submitted
    case "ready":
      guard hash != nil, expiresAt != nil else { return nil }
      decodedState = .ready
    case "cancelling":
      guard let reason, let terminal = Self.decode(reason) else { return nil }
      decodedState = .cancelling(terminal)
    case "terminal":
      guard let reason, let terminal = Self.decode(reason) else { return nil }
      decodedState = .terminal(terminal)
    default: return nil
    }
    return JournalRecord(
      intentID: IntentID(intent), nodeRequestID: request, amount: Millisatoshis(amountMsat),
      description: description, state: decodedState,
      scope: WalletScope(network: network, nodeID: nodeID), paymentHash: hash,
      expiresAt: expiresAt)
  }

  private static func encode(_ reason: TerminalReason) -> String {
    switch reason {
    case .expired: "expired"
    case .settled(let fulfilled): fulfilled ? "settled:fulfilled" : "settled:failed"
    case .failed(let text): "failed:" + text
    case .cancelled: "cancelled"
    case .refused(let text): "refused:" + text
    case .invalidInvoice(let text): "invalid_invoice:" + text
    }
  }

  private static func decode(_ text: String) -> TerminalReason? {
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let detail = parts.count > 1 ? String(parts[1]) : ""
    switch (parts[0], parts.count) {
    case ("expired", 1): return .expired
    case ("cancelled", 1): return .cancelled
    case ("settled", 2) where detail == "fulfilled": return .settled(fulfilled: true)
    case ("settled", 2) where detail == "failed": return .settled(fulfilled: false)
    case ("failed", 2): return .failed(detail)
    case ("refused", 2): return .refused(detail)
    case ("invalid_invoice", 2): return .invalidInvoice(detail)
    default: return nil
    }
  }
}
