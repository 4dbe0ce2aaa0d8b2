/// The outcome of one vector under one decoder.
public enum Verdict: Sendable, Hashable, CustomStringConvertible {
  /// The decoder gave what the vector expects.
  case passed
  /// The decoder gave something else; the reason says what.
  case failed(String)
  /// The vector was not run: a kind the decoder is not asked about, or an option it declared
  /// unsupported; the reason says which.
  case skipped(String)

  /// `passed`, `failed: reason` or `skipped: reason`.
  public var description: String {
    switch self {
    case .passed: "passed"
    case .failed(let reason): "failed: \(reason)"
    case .skipped(let reason): "skipped: \(reason)"
    }
  }
}
