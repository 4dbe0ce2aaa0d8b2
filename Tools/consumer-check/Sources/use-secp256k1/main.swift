import Secp256k1

// An obviously fake key (every byte 1): sign a digest, recover the key from the signature, and
// read the spec's payee key.
let key = try SigningKey(secretKey: [UInt8](repeating: 1, count: 32))
let digest = MessageHash(bytes: [UInt8](repeating: 7, count: 32))!
let signed = key.signRecoverable(digest)
let recovered = try ECDSA.recoverPublicKey(
  signed.signature, recoveryID: signed.recoveryID, hash: digest)
guard recovered == key.publicKey,
  try ECDSA.verify(signed.signature, hash: digest, publicKey: key.publicKey)
else { fatalError("Secp256k1: recovered another key") }
guard
  let payee = PublicKey(
    hex: "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad"), payee.isOnCurve
else { fatalError("Secp256k1: the spec's payee key did not read") }
print("Secp256k1: signed and recovered \(key.publicKey); \(payee) is on the curve")
