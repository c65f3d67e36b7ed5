#include "CTemporaryFiles.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

// A slot is free, being filled, holding a path, or being read by the handler (so not refilled
// meanwhile): claimed and released by compare-and-swap, so no lock is shared with the handler.
enum { FREE, FILLING, HELD, REMOVING };
enum { SLOTS = 16 };

static char paths[SLOTS][PATH_MAX];
static int states[SLOTS];

static const int handled[] = {SIGHUP, SIGINT, SIGPIPE, SIGTERM};
enum { HANDLED = sizeof handled / sizeof handled[0] };
// What each signal did before this handler: called on (a prompt's Ctrl-C handling), or restored.
static struct sigaction previous[HANDLED];
static pthread_mutex_t installing = PTHREAD_MUTEX_INITIALIZER;

// Compares without the C library's string functions, which POSIX does not list as signal-safe.
static int starts_with(const char *text, const char *prefix) {
    while (*prefix) if (*text++ != *prefix++) return 0;
    return 1;
}

void fx_temporary_remove(const char *within) {
    for (int i = 0; i < SLOTS; i++) {
        int held = HELD;
        if (!__atomic_compare_exchange_n(&states[i], &held, REMOVING, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) continue;
        if (!within || starts_with(paths[i], within)) unlink(paths[i]);
        // The path is read: its owner may forget the slot and another path take it.
        __atomic_store_n(&states[i], HELD, __ATOMIC_RELEASE);
    }
}

static void remove_and_die(int signal, siginfo_t *info, void *context) {
    int index = 0;
    while (index < HANDLED && handled[index] != signal) index++;
    if (index == HANDLED) return;
    struct sigaction *before = &previous[index];
    // A handler of fx's own (the prompt's, which cancels the command) is called instead: fx is not
    // dying, and the command renames or removes its temporary file as it ends.
    if (before->sa_flags & SA_SIGINFO) {
        if (before->sa_sigaction) { before->sa_sigaction(signal, info, context); return; }
    } else if (before->sa_handler != SIG_DFL && before->sa_handler != SIG_IGN) {
        before->sa_handler(signal);
        return;
    }
    int saved = errno;
    fx_temporary_remove(NULL);
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal, &fallback, NULL);
    errno = saved;
    // Blocked while this handler runs: delivered, with the default action, as it returns.
    raise(signal);
}

// Installs the handler on each signal whose handler is not it, keeping what was there to call
// on or restore. Checked at every track: the prompt installs its own handler after start-up.
static void install(void) {
    pthread_mutex_lock(&installing);
    for (int i = 0; i < HANDLED; i++) {
        struct sigaction current;
        if (sigaction(handled[i], NULL, &current) != 0) continue;
        if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == remove_and_die) continue;
        // An ignored signal stays ignored (a background job's SIGINT, a caller's SIGPIPE).
        if (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN) continue;
        previous[i] = current;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = remove_and_die;
        // The previous handler's flags (the prompt's has no SA_RESTART: its read must return).
        action.sa_flags = (current.sa_flags & ~SA_RESETHAND) | SA_SIGINFO;
        action.sa_mask = current.sa_mask;
        sigaction(handled[i], &action, NULL);
    }
    pthread_mutex_unlock(&installing);
}

int fx_temporary_track(const char *path) {
    size_t length = strlen(path);
    if (length >= PATH_MAX) return -1;
    install();
    for (int i = 0; i < SLOTS; i++) {
        int expected = FREE;
        if (!__atomic_compare_exchange_n(&states[i], &expected, FILLING, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) continue;
        memcpy(paths[i], path, length + 1);
        __atomic_store_n(&states[i], HELD, __ATOMIC_RELEASE);
        return i;
    }
    return -1;
}

void fx_temporary_forget(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    // Fails only while the handler reads the slot: fx is dying, and the slot may stay taken.
    int held = HELD;
    __atomic_compare_exchange_n(&states[slot], &held, FREE, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
}

int fx_temporary_tracks(const char *path) {
    for (int i = 0; i < SLOTS; i++) {
        if (__atomic_load_n(&states[i], __ATOMIC_ACQUIRE) == HELD && strcmp(paths[i], path) == 0) return 1;
    }
    return 0;
}
