/// An error of the node's offline-receive API: a stable code and the node's own message.
///
/// Equality and pattern matching look at the code only, so `catch .requestNotFound` and
/// `error == .notRunning` work whatever text the node gave.
public struct NodeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, as the provider needs to know it.
  public enum Code: String, CaseIterable, Sendable {
    /// Offline receive was not configured when the node was built.
    case disabled
    /// Not recovered yet after a restart, 64 live requests already, or another passing fault.
    case unavailable
    /// No eligible settlement channel for a new request.
    case ineligible
    /// The id is not in the node's table (or not yet, before the node's recovery).
    case requestNotFound
    /// The same id with different arguments.
    case requestConflict
    /// The node is not running.
    case notRunning
    /// The node could not store the request.
    case persistenceFailed
    /// The amount cannot be asked (zero).
    case invalidAmount
    /// The call may or may not have reached the node: its answer was lost on the way back.
    case responseLost
  }

  /// The stable code: what the provider branches on.
  public var code: Code
  /// The node's own text, for logs and support; never branched on.
  public var message: String

  /// An error with `code` and the node's `message`.
  public init(_ code: Code, _ message: String = "") {
    self.code = code
    self.message = message
  }

  /// The code, then the node's message when it gave one.
  public var description: String {
    message.isEmpty ? code.rawValue : "\(code.rawValue): \(message)"
  }

  /// Errors are equal when their codes are.
  public static func == (lhs: NodeError, rhs: NodeError) -> Bool { lhs.code == rhs.code }
  /// Hashes the code only, as equality compares it only.
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }

  /// Offline receive was not configured when the node was built.
  public static let disabled = NodeError(.disabled)
  /// Not recovered yet after a restart, 64 live requests already, or another passing fault.
  public static let unavailable = NodeError(.unavailable)
  /// No eligible settlement channel for a new request.
  public static let ineligible = NodeError(.ineligible)
  /// The id is not in the node's table (or not yet, before the node's recovery).
  public static let requestNotFound = NodeError(.requestNotFound)
  /// The same id with different arguments.
  public static let requestConflict = NodeError(.requestConflict)
  /// The node is not running.
  public static let notRunning = NodeError(.notRunning)
  /// The node could not store the request.
  public static let persistenceFailed = NodeError(.persistenceFailed)
  /// The amount cannot be asked (zero).
  public static let invalidAmount = NodeError(.invalidAmount)
  /// The call may or may not have reached the node: its answer was lost on the way back.
  public static let responseLost = NodeError(.responseLost)
}
