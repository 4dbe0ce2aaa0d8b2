/// The outcome of one vector under one decoder.
public enum Verdict: Sendable, Hashable, CustomStringConvertible {
  /// The decoder gave what the vector expects.
  case passed
  /// The decoder gave something else; the reason says what, quoting values as JSON.
  case failed(DisplayText)
  /// The vector was not run: a kind the decoder is not asked about, or an option it declared
  /// unsupported; the reason says which.
  case skipped(DisplayText)

  /// `passed`, `failed: reason` or `skipped: reason`.
  public var description: String {
    switch self {
    case .passed: "passed"
    case .failed(let reason): "failed: \(reason)"
    case .skipped(let reason): "skipped: \(reason)"
    }
  }
}
