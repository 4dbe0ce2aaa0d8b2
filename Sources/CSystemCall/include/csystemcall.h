#ifndef CSYSTEMCALL_H
#define CSYSTEMCALL_H

/* The few C library calls SystemCall needs that Swift's Glibc module does not declare. */

#include <stddef.h>

/* sched_getaffinity(2) of the calling thread into `mask` (`bytes` long, zeroed by the caller):
 * 0, or -1 with errno set (EINVAL when the kernel's mask is larger than `bytes`). Where the call
 * does not exist (not Linux), -1 with errno ENOSYS. A direct call, not a dlsym lookup, so that it
 * works in a statically linked executable too. */
int csystemcall_sched_getaffinity(size_t bytes, void *mask);

#endif
