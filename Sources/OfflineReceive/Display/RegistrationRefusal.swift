/// Why the payment gate refused to admit an invoice for display.
///
/// `PaymentGate.register` answers nil when the invoice was admitted, and a refusal otherwise:
/// a refusal is an expected answer, returned, never thrown.
public enum RegistrationRefusal: String, CaseIterable, Sendable {
  /// A succeeded inbound payment with this hash exists, or was announced.
  case alreadyPaid = "offline.already_paid"
  /// The history source answered nil (unavailable or not yet synced).
  case historyUnavailable = "offline.history_unavailable"
  /// The token is not the current preparation's.
  case stalePreparation = "offline.stale_preparation"
  /// The invoice's display time is over.
  case expired = "offline.expired"
  /// The provider reports the intent settled, expired or failed.
  case providerTerminal = "offline.provider_terminal"
  /// The provider's status could not be read; try again.
  case providerStatusUnknown = "offline.provider_status_unknown"
  /// Payment events kept arriving during every history read; try again.
  case historyBusy = "offline.history_busy"
  /// The registering task was cancelled.
  case cancelled = "offline.cancelled"

  /// The library error code a caller surfaces: `offline.unavailable` for a refusal,
  /// `offline.retryable` where trying again may succeed.
  public var errorCode: OfflineReceiveError.Code {
    switch self {
    case .historyBusy, .providerStatusUnknown: .retryable
    case .alreadyPaid, .historyUnavailable, .stalePreparation, .expired, .providerTerminal,
      .cancelled:
      .unavailable
    }
  }
}
