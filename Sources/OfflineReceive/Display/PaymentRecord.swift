/// One entry of the wallet's native payment history, as the payment gate reads it (spec §2.R).
public struct PaymentRecord: Sendable, Hashable {
  public enum Direction: Sendable, Hashable { case inbound, outbound }
  public enum Status: Sendable, Hashable { case pending, succeeded, failed }
  public enum Kind: Sendable, Hashable {
    case bolt11(paymentHash: PaymentHash)
    case onchain
  }

  public var direction: Direction
  public var status: Status
  public var kind: Kind

  public init(direction: Direction, status: Status, kind: Kind) {
    self.direction = direction
    self.status = status
    self.kind = kind
  }

  /// Spec R3: "Only a matching, succeeded, inbound BOLT11 payment counts as paid". The hash is
  /// compared as 32 bytes (departs from R13, string comparison).
  public func pays(_ hash: PaymentHash) -> Bool {
    guard direction == .inbound, status == .succeeded, case .bolt11(let paid) = kind else {
      return false
    }
    return paid == hash
  }
}
