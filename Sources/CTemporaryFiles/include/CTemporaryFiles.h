// The temporary files fx has open, kept where a signal handler can reach them: a handler may do
// only async-signal-safe work, so it unlinks paths copied here in advance and allocates nothing.
#ifndef FX_CTEMPORARYFILES_H
#define FX_CTEMPORARYFILES_H

/// Records `path` (a temporary file about to be created) so that SIGHUP, SIGINT, SIGPIPE or SIGTERM
/// removes it before fx dies, and installs the handler where it is not installed. A slot number for
/// `fx_temporary_forget`, or -1 when every slot is taken or the path is too long (the file is then
/// left to the next run's cleanup of a gone process's files).
int fx_temporary_track(const char *path);
/// Forgets a slot `fx_temporary_track` gave, once its file is renamed or removed; -1 is ignored.
void fx_temporary_forget(int slot);
/// Whether `path` is tracked now.
int fx_temporary_tracks(const char *path);
/// Unlinks every tracked path starting with `within` (all when NULL): what the handler does,
/// with NULL, before fx dies of the signal.
void fx_temporary_remove(const char *within);

#endif
