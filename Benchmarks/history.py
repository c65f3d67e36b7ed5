#!/usr/bin/env python3
"""History benchmark: prints figures, asserts nothing.

Measures, on a release build of fx, against a loopback server serving the real ECB history:
  import  - `fx history usd jpy all --csv` with an empty cache: fetch the zip, inflate,
            parse 7,126 days x 41 currencies, write the history file;
  warm    - `fx history usd jpy all` (chart and statistics) with the history cached;
  dated   - `fx rate usd jpy on 2013-03-21` with the history cached;
  one-shot - `fx convert 100 usd eur --offline`, which must not pay for history.
and, when the Python package `currency_converter` is importable, the time it takes to load
the same ECB data and convert once (its README's own usage).

Usage: Benchmarks/history.py [--runs N] [--no-build] [--python PATH]
(--python: an interpreter that has currency_converter, e.g. a venv's bin/python)
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time
import ecb_server

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CSV = os.path.join(ROOT, "Tests", "FXTestSupport", "Fixtures", "eurofxref-hist.csv")


def run(argv, env):
    """Wall seconds and peak RSS (MiB) of one run."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode()
    if proc.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({proc.returncode}): {err}")
    return wall, usage.ru_maxrss / 1024


def report(name, samples):
    walls = sorted(s[0] * 1000 for s in samples)
    rss = max(s[1] for s in samples)
    p90 = walls[min(len(walls) - 1, int(len(walls) * 0.9))]
    print(f"  {name:<34} median {statistics.median(walls):7.1f} ms   min {walls[0]:7.1f}   p90 {p90:7.1f}   peak RSS {rss:6.1f} MiB")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()

    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "fx"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    fx = os.path.join(ROOT, ".build", "release", "fx")

    work = tempfile.mkdtemp(prefix="fx-bench-")
    server = ecb_server.serve_history(work, CSV)

    def env(cache):
        return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": work, "LANG": "C.UTF-8",
                "XDG_CACHE_HOME": cache, "XDG_STATE_HOME": os.path.join(work, "state"),
                "XDG_CONFIG_HOME": os.path.join(work, "config"), "COLUMNS": "100",
                "FX_ECB_URL": f"http://127.0.0.1:{server.server_port}/ecb/"}

    print(f"fx history benchmark · {args.runs} runs each · {os.uname().machine}, {os.cpu_count()} cores")
    print(f"  data: {os.path.getsize(CSV) / 1e6:.2f} MB CSV, "
          f"{os.path.getsize(os.path.join(work, 'www', 'ecb', 'eurofxref-hist.zip')) / 1e6:.2f} MB zipped, 7,126 days")

    imports = []
    for i in range(max(3, args.runs // 3)):
        cache = os.path.join(work, f"cold-{i}")
        imports.append(run([fx, "history", "usd", "jpy", "all", "--csv"], env(cache)))
    report("import full history (cold cache)", imports)

    warm_env = env(os.path.join(work, "cold-0"))
    report("history usd jpy all (warm)", [run([fx, "history", "usd", "jpy", "all"], warm_env) for _ in range(args.runs)])
    report("history usd jpy 1y (warm)", [run([fx, "history", "usd", "jpy", "1y"], warm_env) for _ in range(args.runs)])
    report("rate usd jpy on 2013-03-21 (warm)", [run([fx, "rate", "usd", "jpy", "on", "2013-03-21"], warm_env) for _ in range(args.runs)])
    report("convert 100 usd eur --offline", [run([fx, "convert", "100", "usd", "eur", "--offline"], warm_env) for _ in range(args.runs)])

    probe = subprocess.run([args.python, "-c", "import currency_converter"], capture_output=True)
    if probe.returncode == 0:
        code = "from currency_converter import CurrencyConverter as C; C().convert(100, 'USD', 'JPY')"
        report("python currency_converter load+convert", [run([args.python, "-c", code], warm_env) for _ in range(args.runs)])
    else:
        print("  (python currency_converter not installed: pip install currencyconverter to compare)")

    server.shutdown()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
