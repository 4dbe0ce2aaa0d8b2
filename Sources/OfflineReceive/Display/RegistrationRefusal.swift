/// Why the payment gate refused to admit an invoice for display.
///
/// `PaymentGate.register` answers nil when the invoice was admitted, and a refusal otherwise:
/// a refusal is an expected answer, returned, never thrown. Each refusal but `cancelled` is a
/// library error code of its own (`errorCode`), which `ReceiveFlow` throws with the intent.
public enum RegistrationRefusal: String, CaseIterable, Sendable {
  /// A succeeded inbound payment with this hash exists, or was announced.
  case alreadyPaid = "offline.already_paid"
  /// The history source answered nil (unavailable or not yet synced).
  case historyUnavailable = "offline.history_unavailable"
  /// The token is not the current preparation's.
  case stalePreparation = "offline.stale_preparation"
  /// The invoice's display time is over.
  case displayExpired = "offline.display_expired"
  /// The provider reports the intent settled, expired or failed.
  case providerTerminal = "offline.provider_terminal"
  /// The provider's status could not be read; try again.
  case providerStatusUnknown = "offline.provider_status_unknown"
  /// Payment events kept arriving during every history read; try again.
  case historyBusy = "offline.history_busy"
  /// The registering task was cancelled: `ReceiveFlow` throws `CancellationError`.
  case cancelled = "offline.registration_cancelled"

  /// The library error of this refusal, with the same dotted code; nil for `cancelled`, which
  /// is the task's cancellation.
  public var errorCode: OfflineReceiveError.Code? {
    switch self {
    case .alreadyPaid: .alreadyPaid
    case .historyUnavailable: .historyUnavailable
    case .stalePreparation: .stalePreparation
    case .displayExpired: .displayExpired
    case .providerTerminal: .providerTerminal
    case .providerStatusUnknown: .providerStatusUnknown
    case .historyBusy: .historyBusy
    case .cancelled: nil
    }
  }
}
