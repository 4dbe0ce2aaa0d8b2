/// One acknowledged change to the journal, as one line of the file journal's log records it.
package enum JournalChange: Sendable, Equatable {
  /// The record was written, replacing the one of its intent.
  case save(JournalRecord)
  /// These intents were forgotten, all in one call.
  case remove([IntentID])
}
