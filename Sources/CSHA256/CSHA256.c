#include "CSHA256.h"

#if defined(__x86_64__) || defined(__i386__)

#include <cpuid.h>
#include <immintrin.h>

bool csha256_cpu_has_sha_ni(void) {
  unsigned int eax, ebx, ecx, edx;
  /* Leaf 0 gives the highest standard leaf; leaf 7 may not exist on older CPUs. */
  if (__get_cpuid_max(0, NULL) < 7) return false;
  __cpuid(1, eax, ebx, ecx, edx);
  bool ssse3 = (ecx >> 9) & 1;  /* leaf 1, ECX bit 9: SSSE3 (bit_SSSE3 in cpuid.h) */
  bool sse41 = (ecx >> 19) & 1; /* leaf 1, ECX bit 19: SSE4.1 (bit_SSE4_1) */
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  bool sha = (ebx >> 29) & 1; /* leaf 7 subleaf 0, EBX bit 29: SHA extensions (bit_SHA) */
  return ssse3 && sse41 && sha;
}

/* The 64 round constants K of FIPS 180-4, section 4.2.2. */
static const uint32_t K[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* Only this function may use the SHA, SSSE3 and SSE4.1 instructions; the rest of the file and
 * the package stay baseline x86. Vector lanes are written [3 2 1 0], lane 0 the lowest.
 *
 * sha256rnds2(cdgh, abef, wk) runs two rounds: it takes the working variables as {a b e f} and
 * {c d g h} and the two message-plus-constant words in the low lanes of wk, and returns the new
 * {a b e f}; the old {a b e f} is then the new {c d g h}. */
__attribute__((target("sha,sse4.1,ssse3")))
void csha256_compress_sha_ni(uint32_t state[8], const void *blocks, size_t count) {
  /* Each 32-bit message word is big-endian: reverse the bytes of every lane. */
  const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);

  /* state is [d c b a] and [h g f e] in two loads; rearrange into [a b e f] and [c d g h]. */
  __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
  __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
  __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1); /* swap the lanes of each pair */
  __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B); /* reverse the lanes */
  __m128i abef = _mm_alignr_epi8(cdab, efgh, 8); /* [a b] over [e f] */
  __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0); /* [c d] over [g h] */

  const unsigned char *block = blocks;
  for (; count > 0; count--, block += 64) {
    const __m128i abefBefore = abef, cdghBefore = cdgh;

    /* w[i & 3] holds message words W[4i ... 4i+3], in lanes 0...3: the current group and the
     * three before it, which is all the message schedule looks back on. */
    __m128i w[4];
    for (int i = 0; i < 4; i++) {
      w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 16 * i)), byteSwap);
    }

    /* 64 rounds in 16 groups of 4 (fully unrolled, so w stays in registers). */
#if defined(__clang__)
#pragma clang loop unroll(full)
#endif
    for (int group = 0; group < 16; group++) {
      if (group >= 4) {
        /* W[t...t+3] for t = 4 group, from the four groups before (FIPS 180-4, 6.2.2 step 1):
         * W[t] = sigma1(W[t-2]) + W[t-7] + sigma0(W[t-15]) + W[t-16].
         * msg1 adds sigma0 of W[t-15...t-12] to W[t-16...t-13]; W[t-7...t-4] straddles two
         * groups (alignr); msg2 adds sigma1 of W[t-2], W[t-1] and then of its own first two
         * results, for the last two lanes. */
        __m128i minus16 = w[group & 3], minus12 = w[(group + 1) & 3];
        __m128i minus8 = w[(group + 2) & 3], minus4 = w[(group + 3) & 3];
        __m128i partial = _mm_add_epi32(_mm_sha256msg1_epu32(minus16, minus12),
                                        _mm_alignr_epi8(minus4, minus8, 4));
        w[group & 3] = _mm_sha256msg2_epu32(partial, minus4);
      }
      __m128i wk = _mm_add_epi32(w[group & 3], _mm_load_si128((const __m128i *)&K[4 * group]));
      /* Rounds t and t+1 leave the new [a b e f] in cdgh (and abef is the new [c d g h]);
       * rounds t+2 and t+3, on the upper two words, put both back in place. */
      cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
      abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0E));
    }

    /* Add the compressed block to the state it started from (6.2.2 step 4). */
    abef = _mm_add_epi32(abef, abefBefore);
    cdgh = _mm_add_epi32(cdgh, cdghBefore);
  }

  /* Back from [a b e f] and [c d g h] to [d c b a] and [h g f e]. */
  __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
  __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
  _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
  _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

#else

#include <stdlib.h>

bool csha256_cpu_has_sha_ni(void) { return false; }

void csha256_compress_sha_ni(uint32_t state[8], const void *blocks, size_t count) {
  /* Unreachable: csha256_cpu_has_sha_ni() is false here, and callers check it first. */
  (void)state;
  (void)blocks;
  (void)count;
  abort();
}

#endif
