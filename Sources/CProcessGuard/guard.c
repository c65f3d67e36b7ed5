#include "CProcessGuard.h"

#ifdef __linux__
#include <sys/prctl.h>

int fx_set_dumpable(int dumpable) { return prctl(PR_SET_DUMPABLE, dumpable ? 1 : 0, 0, 0, 0); }
int fx_get_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0); }
#else
int fx_set_dumpable(int dumpable) { (void)dumpable; return -1; }
int fx_get_dumpable(void) { return -1; }
#endif
