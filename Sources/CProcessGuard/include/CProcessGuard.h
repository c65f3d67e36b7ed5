#ifndef FX_CPROCESSGUARD_H
#define FX_CPROCESSGUARD_H

// prctl(2) is variadic, which Swift cannot call: whether the process may leave a core file (or be
// traced by its user), which fx turns off while it holds an API key.
int fx_set_dumpable(int dumpable);
// 1 when the process may dump core, 0 when not, -1 where this cannot be told.
int fx_get_dumpable(void);

#endif
