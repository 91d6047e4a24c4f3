/* Seeds the BSD cribbage program's shuffles from PEGBOARD_BSD_SEED instead of the clock, so a
 * benchmark game can be played again exactly. Loaded with LD_PRELOAD into a copy of the program
 * (the installed one is setgid, and such programs ignore LD_PRELOAD). The n-th call of srand()
 * (the program calls it once per game, in makedeck) seeds PEGBOARD_BSD_SEED + 7919 n. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>

static unsigned calls;

void srand(unsigned seed) {
    void (*real_srand)(unsigned) = (void (*)(unsigned))dlsym(RTLD_NEXT, "srand");
    const char *fixed = getenv("PEGBOARD_BSD_SEED");
    if (fixed != NULL)
        seed = (unsigned)strtoul(fixed, NULL, 10) + 7919u * calls++;
    real_srand(seed);
}
