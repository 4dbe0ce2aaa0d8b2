/* glibc declares sched_getaffinity only for GNU sources. */
#define _GNU_SOURCE
#include "csystemcall.h"

#include <errno.h>

#if defined(__linux__)
#include <sched.h>

int csystemcall_sched_getaffinity(size_t bytes, void *mask) {
  return sched_getaffinity(0, bytes, (cpu_set_t *)mask);
}
#else
int csystemcall_sched_getaffinity(size_t bytes, void *mask) {
  (void)bytes;
  (void)mask;
  errno = ENOSYS;
  return -1;
}
#endif
