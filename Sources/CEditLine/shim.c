#include "CEditLine.h"

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

EditLine *fx_el_init(const char *program) { return el_init(program, stdin, stdout, stderr); }
void fx_el_end(EditLine *el) { el_end(el); }
int fx_el_source(EditLine *el) { return el_source(el, NULL); }
const LineInfo *fx_el_line(EditLine *el) { return el_line(el); }
void fx_el_deletestr(EditLine *el, int count) { el_deletestr(el, count); }
int fx_el_insertstr(EditLine *el, const char *text) { return el_insertstr(el, text); }

// The prompt callback may run inside libedit's SIGCONT handler: it returns a buffer filled in advance.
static char prompt_text[256];
static char *prompt(EditLine *el) { (void)el; return prompt_text; }

void fx_el_set_prompt(EditLine *el, const char *text, char literal) {
    strncpy(prompt_text, text, sizeof prompt_text - 1);
    prompt_text[sizeof prompt_text - 1] = 0;
    if (literal) el_set(el, EL_PROMPT_ESC, prompt, literal);
    else el_set(el, EL_PROMPT, prompt);
}

int fx_el_getc(EditLine *el, char *c) { return el_getc(el, c); }
int fx_el_cursor(EditLine *el, int count) { return el_cursor(el, count); }
void fx_el_refresh(EditLine *el) { el_set(el, EL_REFRESH); }
int fx_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
int fx_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
int fx_el_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
int fx_el_add_function(EditLine *el, const char *name, const char *help, unsigned char (*fn)(EditLine *, int)) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
int fx_el_bind(EditLine *el, const char *key, const char *function) { return el_set(el, EL_BIND, key, function, NULL); }
int fx_el_set_client_data(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
void *fx_el_client_data(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

void fx_history_end(History *h) { history_end(h); }

History *fx_history_init(int size) {
    History *h = history_init();
    HistEvent event;
    history(h, &event, H_SETSIZE, size);
    history(h, &event, H_SETUNIQUE, 1);
    return h;
}
int fx_history_enter(History *h, const char *line) { HistEvent e; return history(h, &e, H_ENTER, line); }
int fx_history_load(History *h, const char *path) { HistEvent e; return history(h, &e, H_LOAD, path); }
// The history file's bytes in memory (malloc'd, freed by the caller), so that fx replaces the
// file the way it replaces every state file, not by libedit's own fopen of the path. libedit
// writes to a real file (it fchmods the descriptor, which a memory stream lacks): one made in
// `directory` (the history's own, private; not /tmp, which may be read-only or shared) and
// unlinked at once, then read back. -1 with errno set on failure.
int fx_history_serialize(History *h, const char *directory, char **bytes, size_t *count) {
    HistEvent e;
    *bytes = NULL;
    *count = 0;
    char path[4096];
    if (snprintf(path, sizeof path, "%s/.history-XXXXXX", directory) >= (int)sizeof path) { errno = ENAMETOOLONG; return -1; }
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    unlink(path);
    FILE *stream = fdopen(fd, "w+");
    if (!stream) { int saved_errno = errno; close(fd); errno = saved_errno; return -1; }
    int saved = history(h, &e, H_SAVE_FP, stream);
    long size = saved >= 0 && fflush(stream) == 0 ? ftell(stream) : -1;
    if (size < 0 || fseek(stream, 0, SEEK_SET) != 0 || !(*bytes = malloc(size ? (size_t)size : 1))
        || fread(*bytes, 1, (size_t)size, stream) != (size_t)size) {
        if (!errno) errno = EIO;
        saved = -1;
    } else {
        *count = (size_t)size;
    }
    fclose(stream);
    return saved;
}

void fx_setup_locale(void) {
    setlocale(LC_CTYPE, "");
    const char *codeset = nl_langinfo(CODESET);
    if (!codeset || strcmp(codeset, "UTF-8") != 0) setlocale(LC_CTYPE, "C.UTF-8");
}

static volatile sig_atomic_t interrupted = 0;
static volatile sig_atomic_t terminating = 0;
static volatile sig_atomic_t reading = 0;
static pthread_t reader;

// Signals go to whichever thread the kernel picks, and Swift's worker threads do not all
// block SIGINT: a Ctrl-C that lands elsewhere is passed on to the thread sitting in el_gets.
static void note_interrupt(int signal) {
    // A closed terminal or a kill ends the session, but through the normal exit, so history is saved.
    if (signal == SIGHUP || signal == SIGTERM) terminating = 1;
    if (reading && !pthread_equal(pthread_self(), reader)) {
        pthread_kill(reader, signal);
        return;
    }
    interrupted = 1;
}

// libedit's own reader retries a read interrupted by a signal, by then in cooked mode, so a
// Ctrl-C would leave the terminal echoing raw keys. This reader gives up on SIGINT instead
// (el_gets returns NULL, count -1, EINTR) and retries for every other signal (resize, resume).
static int read_character(EditLine *el, wchar_t *character) {
    (void)el;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    for (;;) {
        char byte;
        ssize_t count = read(STDIN_FILENO, &byte, 1);
        if (count == 0) { *character = 0; return 0; }
        if (count < 0) {
            if (errno != EINTR) return -1;
            if (interrupted) { interrupted = 0; errno = EINTR; return -1; }
            continue;
        }
        size_t used = mbrtowc(character, &byte, 1, &state);
        if (used == (size_t)-2) continue;                                  // more bytes to come
        if (used == (size_t)-1) { memset(&state, 0, sizeof state); *character = 0xFFFD; }
        return 1;
    }
}

int fx_el_use_interruptible_reader(EditLine *el) { return el_set(el, EL_GETCFN, read_character); }

void fx_install_interrupt_handler(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = note_interrupt;  // no SA_RESTART: the read must return
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

int fx_termination_requested(void) { return terminating; }

int fx_take_interrupt(void) {
    if (reading || !interrupted) return 0;
    interrupted = 0;
    return 1;
}

int fx_errno(void) { return errno; }

const char *fx_el_gets(EditLine *el, int *count) {
    // Swift's worker threads block these signals; the reading thread must take them.
    sigset_t set, previous;
    sigemptyset(&set);
    int signals[] = {SIGINT, SIGTSTP, SIGQUIT, SIGHUP, SIGTERM, SIGCONT, SIGWINCH};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaddset(&set, signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &set, &previous);
    interrupted = 0;
    reader = pthread_self();
    reading = 1;
    const char *line = el_gets(el, count);
    int saved = errno;
    reading = 0;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    errno = saved;
    return line;
}

static struct termios saved_termios;
static int saved_termios_valid = 0;

void fx_restore_terminal(void) {
    if (saved_termios_valid) tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
}

static void fatal_signal(int signal) {
    fx_restore_terminal();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigaction(signal, &action, NULL);
    raise(signal);
}

void fx_guard_terminal(void) {
    saved_termios_valid = tcgetattr(STDIN_FILENO, &saved_termios) == 0;
    int signals[] = {SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGABRT};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = fatal_signal;
        sigemptyset(&action.sa_mask);
        sigaction(signals[i], &action, NULL);
    }
}

int fx_terminal_columns(void) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    return 80;
}

int fx_terminal_rows(void) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_row > 0) return size.ws_row;
    return 24;
}
