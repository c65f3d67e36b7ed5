// The terminal as `watch` needs it: keys unbuffered and unechoed (Ctrl-C a key too), and a
// resize, a Ctrl-C sent as a signal, a hang-up or a kill each waking the wait. Signals reach
// the wait through a pipe (a handler may only write), whichever thread they land on.
#include "CEditLine.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static int wake_pipe[2] = {-1, -1};
static struct termios before;
static int watched_signals[] = {SIGWINCH, SIGINT, SIGTERM, SIGHUP};
#define WATCHED (sizeof watched_signals / sizeof watched_signals[0])
static struct sigaction previous_actions[WATCHED];
static sigset_t previous_mask;

static void note_signal(int signal) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal;
    if (wake_pipe[1] >= 0) (void)write(wake_pipe[1], &byte, 1);
    errno = saved;
}

int fx_watch_begin(void) {
    if (tcgetattr(STDIN_FILENO, &before) != 0) return -1;
    if (pipe(wake_pipe) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(wake_pipe[i], F_SETFL, fcntl(wake_pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(wake_pipe[i], F_SETFD, FD_CLOEXEC);
    }
    struct termios raw = before;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG | IEXTEN);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    sigset_t set;
    sigemptyset(&set);
    for (unsigned i = 0; i < WATCHED; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = note_signal;
        sigemptyset(&action.sa_mask);
        sigaction(watched_signals[i], &action, &previous_actions[i]);
        sigaddset(&set, watched_signals[i]);
    }
    pthread_sigmask(SIG_UNBLOCK, &set, &previous_mask);
    return 0;
}

int fx_watch_wait(int milliseconds) {
    struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {wake_pipe[0], POLLIN, 0}};
    int ready = poll(fds, 2, milliseconds);
    if (ready < 0) return errno == EINTR ? FX_WATCH_TIMEOUT : FX_WATCH_CLOSED;
    if (ready == 0) return FX_WATCH_TIMEOUT;
    if (fds[1].revents & POLLIN) {
        unsigned char signals[16];
        ssize_t count = read(wake_pipe[0], signals, sizeof signals);
        int resized = 0;
        for (ssize_t i = 0; i < count; i++) {
            if (signals[i] == SIGINT) return FX_WATCH_INTERRUPT;
            if (signals[i] == SIGTERM || signals[i] == SIGHUP) return -(int)signals[i];
            resized = 1;
        }
        if (resized) return FX_WATCH_RESIZE;
    }
    if (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL) && !(fds[0].revents & POLLIN)) return FX_WATCH_CLOSED;
    if (fds[0].revents & POLLIN) {
        // The whole key (an arrow is three bytes), so none of it reaches the prompt after.
        unsigned char keys[64];
        ssize_t count = read(STDIN_FILENO, keys, sizeof keys);
        if (count <= 0) return FX_WATCH_CLOSED;
        for (ssize_t i = 0; i < count; i++) {
            if (keys[i] == 3) return FX_WATCH_INTERRUPT;
        }
        return FX_WATCH_KEY;
    }
    return FX_WATCH_TIMEOUT;
}

void fx_watch_end(void) {
    tcsetattr(STDIN_FILENO, TCSANOW, &before);
    pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
    for (unsigned i = 0; i < WATCHED; i++) sigaction(watched_signals[i], &previous_actions[i], NULL);
    for (int i = 0; i < 2; i++) {
        if (wake_pipe[i] >= 0) close(wake_pipe[i]);
        wake_pipe[i] = -1;
    }
}
