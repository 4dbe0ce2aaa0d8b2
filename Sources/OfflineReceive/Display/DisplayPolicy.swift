/// The lifetime rules of `ReceivePolicy` that do not depend on the request.
public struct DisplayPolicy: Sendable, Equatable {
  public var maxDisplaySeconds: UInt64 = 3600
  public var minRemainingSeconds: UInt64 = 60
  public var clockSkewSeconds: UInt64 = 60
  public var safetyMarginSeconds: UInt64 = 0

  public init() {}
}
