// OfflineReceive
