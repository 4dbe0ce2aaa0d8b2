internal import CSecp256k1

/// Which libsecp256k1 this build uses, as far as the build recorded it.
public enum LibraryVersion {
  /// The libsecp256k1 release the package was compiled against (`0.2.0`), or nil when the build
  /// did not record it.
  ///
  /// libsecp256k1 has no call that reports its version, so the build passes it in:
  /// `Tools/package.sh` does, from `pkg-config --modversion libsecp256k1`; a plain `swift build`
  /// does not.
  public static let secp256k1: String? = {
    let recorded = String(cString: CSecp256k1_buildVersion())
    return recorded.isEmpty ? nil : recorded
  }()
}
