#!/usr/bin/env python3
"""CPU time of a `watch` board left alone: fx runs on a pseudo-terminal (pty.fork) for a while,
a key ends it, and getrusage(RUSAGE_CHILDREN) gives the user and system time it used. A board
left for 0 s (a key at once) gives the cost of starting and of the first refresh, which the
idle figure leaves out. Offline, from the built-in rates: no network, nothing but the board.

    Benchmarks/watch_idle.py [path/to/fx] [--seconds 30]

Prints figures and asserts nothing; Benchmarks/README.md keeps them ("A watch left alone").
"""
import argparse, os, pty, resource, select, tempfile, time


def run(fx, seconds, arguments):
    """CPU seconds (user + system) of one fx run on a pty, ended by a key after `seconds`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    home = tempfile.mkdtemp(prefix="fx-watch-idle-")
    pid, fd = pty.fork()
    if pid == 0:
        env = {"HOME": home, "TERM": "xterm", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
               "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state"}
        os.execve(fx, [fx, "--offline", "watch"] + arguments, env)
    end = time.time() + seconds
    screen = b""
    # Drain what fx draws (a full pty would block it), until the board is up and the time is over.
    while time.time() < end or b"any key leaves" not in screen:
        ready, _, _ = select.select([fd], [], [], max(0.05, end - time.time()))
        if ready:
            try:
                screen += os.read(fd, 65536)
            except OSError:
                break
    os.write(fd, b"q")
    while True:
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
    os.waitpid(pid, 0)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("fx", nargs="?", default=os.environ.get("FX_BINARY", os.path.join(root, ".build/release/fx")))
    parser.add_argument("--seconds", type=float, default=30)
    options = parser.parse_args()
    for label, arguments in [("currencies, every 60 s", ["usd", "jpy,", "eur", "gbp,", "usd", "krw"]),
                             ("every 10 s", ["usd", "jpy,", "eur", "gbp,", "usd", "krw", "--every", "10"])]:
        start = run(options.fx, 0, arguments)
        left = run(options.fx, options.seconds, arguments)
        idle = max(0.0, left - start)
        print(f"{label}: {left * 1000:.1f} ms CPU in {options.seconds:.0f} s ({start * 1000:.1f} ms to start and draw once); "
              f"idle {idle * 1000:.1f} ms, {idle / options.seconds * 100:.3f}% of a core")


main()
