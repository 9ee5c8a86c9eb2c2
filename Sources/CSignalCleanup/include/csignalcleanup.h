#ifndef CSIGNALCLEANUP_H
#define CSIGNALCLEANUP_H

/* Files to remove when SIGTERM, SIGHUP or an uncaught SIGINT ends the process, for navrec's
 * `--output` temporaries. In C because a signal handler may only call async-signal-safe
 * functions: the handler here reads a fixed table of C strings and calls unlink, signal and
 * raise, nothing that allocates, locks or enters a language runtime. */

/* Installs the handlers, once per process (later calls do nothing): for each signal whose
 * disposition is the default; a signal the parent ignores, or one the program handles itself,
 * is left as it is. Also unblocks them: a parent may hand down a mask that blocks them. */
void csignalcleanup_install(void);

/* Registers `path` (copied) to be removed if a handled signal ends the process; returns its slot
 * for csignalcleanup_unregister, or -1 when all 16 are taken or memory is short. */
int csignalcleanup_register(const char *path);

/* Forgets slot `slot`. The copy stays allocated: a handler running now may still read it. */
void csignalcleanup_unregister(int slot);

#endif
