#include "csignalcleanup.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SLOTS 16

/* A registered path (NULL: free). A path is never freed, so the handler cannot read freed memory
 * while another thread finishes an output; a command writes a few outputs at most. */
static _Atomic(char *) slots[SLOTS];
static atomic_flag installed = ATOMIC_FLAG_INIT;
static const int handled[] = {SIGTERM, SIGHUP, SIGINT};

static void remove_registered(int number) {
    for (int index = 0; index < SLOTS; index++) {
        char *path = atomic_load(&slots[index]);
        if (path != NULL) unlink(path);
    }
    /* Then the signal ends the process as it would have (exit status 128 + number). */
    signal(number, SIG_DFL);
    raise(number);
}

void csignalcleanup_install(void) {
    if (atomic_flag_test_and_set(&installed)) return;
    for (size_t index = 0; index < sizeof handled / sizeof handled[0]; index++) {
        int number = handled[index];
        struct sigaction current;
        if (sigaction(number, NULL, &current) != 0 || current.sa_handler != SIG_DFL) continue;
        signal(number, remove_registered);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, number);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
    }
}

int csignalcleanup_register(const char *path) {
    char *copy = strdup(path);
    if (copy == NULL) return -1;
    for (int index = 0; index < SLOTS; index++) {
        char *expected = NULL;
        if (atomic_compare_exchange_strong(&slots[index], &expected, copy)) return index;
    }
    free(copy);
    return -1;
}

void csignalcleanup_unregister(int slot) {
    if (slot >= 0 && slot < SLOTS) atomic_store(&slots[slot], NULL);
}
