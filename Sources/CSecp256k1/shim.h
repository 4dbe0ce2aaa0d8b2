#ifndef CSECP256K1_SHIM_H
#define CSECP256K1_SHIM_H

#include <secp256k1.h>
#include <secp256k1_recovery.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>

/* Swift 6 refuses a direct reference to the C global `secp256k1_context_static`
 * (it is a mutable global as far as the importer can tell), so we hand it out
 * through a function. The context is read-only and safe to share between threads. */
static inline const secp256k1_context *CSecp256k1_staticContext(void) {
  return secp256k1_context_static;
}

/* Overwrites `count` bytes at `bytes` with zeros through a volatile pointer, so
 * that the compiler cannot drop the stores as dead (a plain memset before free
 * may be removed). For secret keys; C11's memset_s and glibc's explicit_bzero
 * are not available everywhere libsecp256k1 is. */
static inline void CSecp256k1_wipe(void *bytes, size_t count) {
  volatile unsigned char *cursor = (volatile unsigned char *)bytes;
  while (count > 0) {
    *cursor = 0;
    cursor++;
    count--;
  }
}

/* The libsecp256k1 release this build was compiled against, when the build
 * says (Tools/package.sh passes -DBOLT11_SECP256K1_VERSION="x.y.z" from
 * pkg-config); "" otherwise. The library itself has no version call. */
#ifndef BOLT11_SECP256K1_VERSION
#define BOLT11_SECP256K1_VERSION ""
#endif
static inline const char *CSecp256k1_buildVersion(void) {
  return BOLT11_SECP256K1_VERSION;
}

#endif
