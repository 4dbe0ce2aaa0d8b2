#ifndef CSECP256K1_SHIM_H
#define CSECP256K1_SHIM_H

#include <secp256k1.h>
#include <secp256k1_recovery.h>

/* Swift 6 refuses a direct reference to the C global `secp256k1_context_static`
 * (it is a mutable global as far as the importer can tell), so we hand it out
 * through a function. The context is read-only and safe to share between threads. */
static inline const secp256k1_context *CSecp256k1_staticContext(void) {
  return secp256k1_context_static;
}

#endif
