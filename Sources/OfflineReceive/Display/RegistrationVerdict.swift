/// The payment gate's answer to one registration: admitted for display, or refused with a reason.
///
/// A refusal is an expected answer, returned, never thrown.
public enum RegistrationVerdict: Sendable, Equatable {
  case registered
  case refused(Refusal)

  /// The library error code of a refusal, nil when registered.
  public var refusalCode: OfflineReceiveError.Code? {
    if case .refused(let refusal) = self { refusal.errorCode } else { nil }
  }

  /// Why the gate refused to admit an invoice for display.
  public enum Refusal: String, CaseIterable, Sendable {
    /// R1/R4: a succeeded inbound payment with this hash exists, or was announced.
    case alreadyPaid = "offline.already_paid"
    /// R2: the history source answered nil (unavailable or not yet synced).
    case historyUnavailable = "offline.history_unavailable"
    /// R6/R7/R8/R9: the token is not the current preparation's.
    case stalePreparation = "offline.stale_preparation"
    /// R9/R12: the invoice's display time is over.
    case expired = "offline.expired"
    /// W10: the provider reports the intent settled, expired or failed.
    case providerTerminal = "offline.provider_terminal"
    /// W10: the provider's status could not be read; try again.
    case providerStatusUnknown = "offline.provider_status_unknown"
    /// W11: payment events kept arriving during every history read; try again.
    case historyBusy = "offline.history_busy"
    /// R9: the registering task was cancelled.
    case cancelled = "offline.cancelled"

    /// The library error code a caller surfaces: the original's *unavailable* for a refusal,
    /// `offline.retryable` where trying again may succeed (W10, W11).
    public var errorCode: OfflineReceiveError.Code {
      switch self {
      case .historyBusy, .providerStatusUnknown: .retryable
      case .alreadyPaid, .historyUnavailable, .stalePreparation, .expired, .providerTerminal,
        .cancelled:
        .unavailable
      }
    }
  }
}
