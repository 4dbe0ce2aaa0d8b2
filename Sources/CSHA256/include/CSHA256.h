#ifndef CSHA256_H
#define CSHA256_H

/* The SHA-256 compression function on the x86 SHA extensions (SHA-NI), for Bolt11's SHA256.
 * Bolt11 pads the message and keeps the portable Swift rounds for CPUs without the extensions. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether this CPU has the SHA extensions and the SSSE3 and SSE4.1 shuffles that
 * csha256_compress_sha_ni uses. Always false on other architectures than x86. */
bool csha256_cpu_has_sha_ni(void);

/* Compresses `count` whole 64-byte blocks at `blocks` (any alignment) into `state`, the eight
 * working words a, b, ..., h of FIPS 180-4 as native integers.
 * Call it only when csha256_cpu_has_sha_ni() is true: otherwise the CPU faults on the first
 * SHA instruction (and on other architectures than x86 it aborts). */
void csha256_compress_sha_ni(uint32_t state[8], const void *blocks, size_t count);

#endif
