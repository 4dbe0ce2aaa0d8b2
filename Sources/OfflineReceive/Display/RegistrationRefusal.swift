/// Why the payment gate refused to admit an invoice for display.
///
/// A registration ends admitted, or with a refusal: an expected answer of the gate, never
/// thrown by it. Each refusal but `cancelled` is a library error code of its own
/// (`errorCode`), which `ReceiveFlow` throws with the intent.
enum RegistrationRefusal: String, CaseIterable, Sendable {
  /// Paid: in the history, or announced by a payment event.
  case alreadyPaid = "offline.already_paid"
  /// No history: it answered nil.
  case historyUnavailable = "offline.history_unavailable"
  /// A token that is not the current preparation's.
  case stalePreparation = "offline.stale_preparation"
  /// Past its display time.
  case displayExpired = "offline.display_expired"
  /// Ended, as the provider reports the intent.
  case providerTerminal = "offline.provider_terminal"
  /// No provider status could be read.
  case providerStatusUnknown = "offline.provider_status_unknown"
  /// A payment event during every history read.
  case historyBusy = "offline.history_busy"
  /// The registering task was cancelled: `ReceiveFlow` throws `CancellationError`.
  case cancelled = "offline.registration_cancelled"

  /// The library error of this refusal, with the same dotted code; nil for `cancelled`, which
  /// is the task's cancellation.
  var errorCode: OfflineReceiveError.Code? {
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
