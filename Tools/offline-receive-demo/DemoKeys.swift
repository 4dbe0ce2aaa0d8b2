import OfflineReceive
import Secp256k1

/// Obviously fake keys for the demo: never use them for real funds.
enum DemoKeys {
  /// A made-up node id (the spec's `02aa…aa` fixture); it only scopes journal records.
  static let nodeID = PublicKey(bytes: [0x02] + [UInt8](repeating: 0xaa, count: 32))!
}
