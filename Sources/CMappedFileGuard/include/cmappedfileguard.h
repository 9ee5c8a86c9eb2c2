#ifndef CMAPPEDFILEGUARD_H
#define CMAPPEDFILEGUARD_H

#include <stddef.h>

/* Keeps a recording read through mmap(2) from killing navrec when its file shrinks under it.
 * Touching a mapped page past a file's new end raises SIGBUS; the handler here, for an address in
 * a registered mapping, maps zero pages over the rest of that mapping, marks the mapping faulted
 * and returns, so the read goes on over zeros and the reader, which checks the mark, reports the
 * file as changed. A SIGBUS anywhere else gets the disposition that was there before. In C because
 * a signal handler may only do async-signal-safe work: it reads a fixed table and calls mmap. */

/* Installs the handler, once per process. Returns 1 when it is in place (now or before), 0 when
 * it could not be installed (nothing is then mapped). */
int cmappedfileguard_install(void);

/* Registers the mapping [base, base + length) (page-aligned base); returns its slot, or -1 when
 * the handler is not installed or all 64 slots are taken (the caller then reads with read(2)). */
int cmappedfileguard_register(const void *base, size_t length);

/* Forgets slot `slot`; call before unmapping. */
void cmappedfileguard_unregister(int slot);

/* Whether a fault in slot `slot`'s mapping was answered with zero pages since it was registered. */
int cmappedfileguard_faulted(int slot);

#endif
