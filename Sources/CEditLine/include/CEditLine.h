// Non-variadic wrappers around libedit's histedit API, which Swift cannot call directly
// (el_set, el_get and history are variadic), and the terminal and signal calls the prompt needs.
#ifndef FX_CEDITLINE_H
#define FX_CEDITLINE_H

#include <histedit.h>

/// NULL when libedit cannot set up an editor for this terminal.
EditLine *fx_el_init(const char *program);
void fx_el_end(EditLine *el);
/// Reads ~/.editrc (or $EDITRC).
int fx_el_source(EditLine *el);
const LineInfo *fx_el_line(EditLine *el);
void fx_el_deletestr(EditLine *el, int count);
int fx_el_insertstr(EditLine *el, const char *text);
// One key for a function that reads its own (fx's reverse search): 1, or 0 at the end of input.
int fx_el_getc(EditLine *el, char *c);
// Moves the cursor by `count` characters (negative: left).
int fx_el_cursor(EditLine *el, int count);
// Draws the prompt and line again, now.
void fx_el_refresh(EditLine *el);
/// Sets the prompt; `literal` brackets invisible escapes (EL_PROMPT_ESC), 0 for none.
void fx_el_set_prompt(EditLine *el, const char *text, char literal);
int fx_el_set_editor(EditLine *el, const char *mode);
int fx_el_set_signal(EditLine *el, int on);
int fx_el_set_history(EditLine *el, History *h);
int fx_el_add_function(EditLine *el, const char *name, const char *help, unsigned char (*fn)(EditLine *, int));
int fx_el_bind(EditLine *el, const char *key, const char *function);
int fx_el_set_client_data(EditLine *el, void *data);
/// Replaces libedit's character reader with one that returns on Ctrl-C instead of retrying.
int fx_el_use_interruptible_reader(EditLine *el);
void *fx_el_client_data(EditLine *el);

History *fx_history_init(int size);
void fx_history_end(History *h);
int fx_history_enter(History *h, const char *line);
int fx_history_load(History *h, const char *path);
/// This history as libedit writes its file, in malloc'd memory the caller frees; the scratch
/// file it needs is made (and unlinked) in `directory`. -1 with errno set on failure.
int fx_history_serialize(History *h, const char *directory, char **bytes, size_t *count);

/// LC_CTYPE from the environment, or C.UTF-8 when that is not UTF-8.
void fx_setup_locale(void);
/// SIGINT interrupts el_gets (EINTR) instead of killing fx or being restarted; SIGHUP and
/// SIGTERM interrupt it too and request the end of the session.
void fx_install_interrupt_handler(void);
int fx_errno(void);
/// True once SIGHUP or SIGTERM arrived: the prompt should end normally (and save its history).
int fx_termination_requested(void);
/// True (once) when Ctrl-C was pressed while no line was being read, i.e. during a command.
int fx_take_interrupt(void);
/// el_gets that a Ctrl-C interrupts (NULL, count -1, EINTR) whichever thread receives it.
const char *fx_el_gets(EditLine *el, int *count);
/// Saves the terminal settings and restores them on fatal signals before dying.
void fx_guard_terminal(void);
void fx_restore_terminal(void);
int fx_terminal_columns(void);
int fx_terminal_rows(void);

/// `watch`'s terminal: raw keys (Ctrl-C among them), and SIGWINCH, SIGINT, SIGTERM and SIGHUP
/// turned into events of the wait. 0, or -1 when stdin is no terminal.
int fx_watch_begin(void);
enum { FX_WATCH_TIMEOUT = 0, FX_WATCH_KEY = 1, FX_WATCH_RESIZE = 2, FX_WATCH_INTERRUPT = 3, FX_WATCH_CLOSED = 4 };
/// Waits up to `milliseconds` for a key or a signal: one of the FX_WATCH_ values, or minus the
/// number of a SIGTERM or SIGHUP (the caller restores the terminal, then raises it again).
int fx_watch_wait(int milliseconds);
/// The terminal settings and signal handlers as they were before `fx_watch_begin`.
void fx_watch_end(void);

#endif
