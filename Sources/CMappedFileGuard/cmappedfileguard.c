#include "cmappedfileguard.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#define SLOTS 64

/* A slot: taken by one reader (`claimed`), its mapping's bounds (start 0: none yet, so the
 * handler skips it) and whether a fault was answered in it. */
static atomic_int claimed[SLOTS];
static _Atomic uintptr_t starts[SLOTS];
static _Atomic uintptr_t ends[SLOTS];
static atomic_int faults[SLOTS];
static atomic_int state; /* 0: not tried, 3: installing, 1: installed, 2: could not be */
static struct sigaction previous;
static uintptr_t page_size;

static void answer_fault(int number, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int index = 0; index < SLOTS; index++) {
        uintptr_t start = atomic_load(&starts[index]), end = atomic_load(&ends[index]);
        if (start == 0 || address < start || address >= end) continue;
        uintptr_t page = address & ~(page_size - 1);
        /* Zero pages from the faulting one to the mapping's end: the access that faulted is
         * repeated on return and reads zeros, and so does every later one. */
        if (mmap((void *)page, end - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) break;
        atomic_store(&faults[index], 1);
        return;
    }
    /* Not ours (or the zero pages could not be mapped): the disposition from before (the Swift
     * runtime's backtracer, or the default), which the repeated access then meets, so the process
     * ends as it would have. */
    sigaction(SIGBUS, &previous, NULL);
    (void)number;
    (void)context;
}

int cmappedfileguard_install(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&state, &expected, 3)) {
        while (atomic_load(&state) == 3) {}
        return atomic_load(&state) == 1;
    }
    page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
    if (sigaction(SIGBUS, NULL, &previous) != 0) {
        atomic_store(&state, 2);
        return 0;
    }
    /* An ignored SIGBUS cannot be handed back: the faulting access would repeat forever. */
    if (!(previous.sa_flags & SA_SIGINFO) && previous.sa_handler == SIG_IGN) previous.sa_handler = SIG_DFL;
    struct sigaction action = {0};
    action.sa_sigaction = answer_fault;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGBUS, &action, NULL) != 0) {
        atomic_store(&state, 2);
        return 0;
    }
    atomic_store(&state, 1);
    return 1;
}

int cmappedfileguard_register(const void *base, size_t length) {
    if (atomic_load(&state) != 1 || base == NULL || length == 0) return -1;
    uintptr_t start = (uintptr_t)base;
    for (int index = 0; index < SLOTS; index++) {
        int free = 0;
        if (!atomic_compare_exchange_strong(&claimed[index], &free, 1)) continue;
        /* The start last: the handler reads a slot only once its start is set. */
        atomic_store(&ends[index], start + length);
        atomic_store(&faults[index], 0);
        atomic_store(&starts[index], start);
        return index;
    }
    return -1;
}

void cmappedfileguard_unregister(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    atomic_store(&starts[slot], 0);
    atomic_store(&claimed[slot], 0);
}

int cmappedfileguard_faulted(int slot) {
    return slot >= 0 && slot < SLOTS && atomic_load(&faults[slot]);
}
