/// Waiting, handed in, so that tests decide how much time a sleep takes.
public protocol Sleeper: Sendable {
  /// Suspends for `milliseconds`, or throws `CancellationError` when the task is cancelled.
  func sleep(milliseconds: UInt64) async throws
}

/// A sleeper over `Task.sleep`, for production use.
public struct TaskSleeper: Sleeper {
  public init() {}
  public func sleep(milliseconds: UInt64) async throws {
    try await Task.sleep(nanoseconds: milliseconds.multipliedReportingOverflow(by: 1_000_000).overflow
      ? .max : milliseconds * 1_000_000)
  }
}
