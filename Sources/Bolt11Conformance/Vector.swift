import Bolt11JSON

extension VectorFile {
  /// One vector: an input, its options, and the outcome it expects.
  ///
  /// Its description, `file: name`, names it in a test report.
  public struct Vector: Sendable, CustomStringConvertible {
    /// The name of the file it comes from (the last component of its path).
    public var file: String
    /// Its name, unique in its file.
    public var name: String
    /// `invoice` (the default), `offline`, `check`, `bech32`, `segwit_address`, `payment_string`,
    /// `bolt12`, or `bolt12_signature` (an entry of BOLT #12's `signature-test.json`).
    public var kind: String
    /// The vector as the file holds it: `invoice`, `options`, `valid`, `expect`, `error`, ...
    /// (an entry of BOLT #12's `offers-test.json` or `format-string-test.json` as a `bolt12`
    /// vector: `name`, `string`, `valid`, and `records` for its listed `fields`).
    public var object: JSON

    /// `file: name`.
    public var description: String { "\(file): \(name)" }

    /// The invoice to decode (vectors of kinds `invoice` and `offline`).
    public var invoice: String? { object["invoice"]?.stringValue }

    /// How to decode or check: for an invoice, `mode` (`strict` or `compat`), `network` (`bc`,
    /// `tb`, `tbs`, `bcrt`), `now` (Unix seconds), `description` and `check_route_keys`; nil for
    /// the defaults (strict, no clock).
    public var options: JSON? { object["options"] }

    /// Whether the input must be accepted.
    var wantsValid: Bool { object["valid"]?.boolValue ?? false }

    init(file: String, name: String, kind: String, object: JSON) {
      self.file = file
      self.name = name
      self.kind = kind
      self.object = object
    }
  }
}
