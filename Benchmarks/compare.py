#!/usr/bin/env python3
"""fx against its peers: prints figures and ratios, asserts nothing.

Builds fx in release mode (Swift libraries linked statically, as Scripts/fx does), gives it a
warm cache of the ECB's current rates from a loopback server, then measures side by side:

  one-shot  - `fx convert 100 usd eur --offline` against GNU `units -t '100 USD' EUR`,
              `qalc -t '100 USD to EUR'` and the floor: a statically linked Swift program that
              does one Decimal multiplication (Benchmarks/floor.swift), also built as a static
              executable, as fx is on Linux. Runs are interleaved, in
              a new random order each round, so that a busy machine slows every program alike
              and none always follows the same one; medians of --runs.
  script    - 1,000,000 lines `convert <amount> <from> <to>` on stdin, against GNU units fed
              the same conversions (with the same rates, from a units file written here) and
              Python's currency_converter (PyPI) converting the same lines with the same rates.
              Every result is compared to the cent with fx's.
  csv       - `fx csv` on a statement of --lines rows over 20 years and 10 currencies, against a
              Python loop calling currency_converter per row (Benchmarks/csv_statement.py).
  TAB       - one completion in process, with 300 currency codes (CompletionBenchmark).
  history   - Benchmarks/history.py: import of the full ECB history and warm `history`.

A peer that is not installed is skipped with a note (apt-get install units qalc;
pip install currencyconverter, or --python a venv's interpreter that has it).

--smoke runs everything at a tiny size (3 rounds, 2,000 lines, 3 history runs): figures that
mean little, but proof that the whole benchmark still runs. Scripts/test runs
`Benchmarks/compare.py --smoke --no-build` after its release build.

Usage: Benchmarks/compare.py [--runs N] [--lines N] [--no-build] [--python PATH] [--skip-history] [--smoke]
"""
import argparse, datetime, decimal, http.server, os, random, re, shutil, statistics, subprocess, sys
import tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DAILY = os.path.join(ROOT, "Tests", "EndToEndTests", "Fixtures", "eurofxref-daily.2026-10-30.xml")
MINOR = {"JPY": 0, "KRW": 0, "ISK": 0, "IDR": 2, "HUF": 2}  # everything else in the ECB table: 2


def target_closed(day):
    """TARGET2 closing days: weekends, 1 January, Good Friday, Easter Monday, 1 May, 25-26 December."""
    if day.weekday() >= 5 or (day.month, day.day) in ((1, 1), (5, 1), (12, 25), (12, 26)):
        return True
    y = day.year  # Anonymous Gregorian algorithm for Easter Sunday
    a, b, c = y % 19, y // 100, y % 100
    d, e = b // 4, b % 4
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    easter = datetime.date(y, (h + l - 7 * m + 114) // 31, (h + l - 7 * m + 114) % 31 + 1)
    return day in (easter - datetime.timedelta(days=2), easter + datetime.timedelta(days=1))


def latest_publication(now):
    """The newest ECB publication day at `now` (16:00 Frankfurt, taken as 15:00 UTC to be safe)."""
    day = now.date() if now.hour >= 15 else now.date() - datetime.timedelta(days=1)
    while target_closed(day):
        day -= datetime.timedelta(days=1)
    return day


def timed(argv, env, stdin=None, stdout=subprocess.DEVNULL):
    if stdin is None and stdout is subprocess.DEVNULL:
        # posix_spawn and waitpid: subprocess.run adds about a millisecond of Python around a
        # run of a few, the same for every program, which would pull every ratio towards 1.
        actions = [(os.POSIX_SPAWN_OPEN, fd, "/dev/null", os.O_RDWR, 0) for fd in (0, 1, 2)]
        start = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
        os.waitpid(pid, 0)
        return time.perf_counter() - start
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdin=stdin, stdout=stdout, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def peak_rss(argv, env):
    """Peak RSS in MiB, measured by GNU time when it is there."""
    if not os.path.exists("/usr/bin/time"):
        return None
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True).stderr.strip().splitlines()
    return int(out[-1]) / 1024 if out and out[-1].isdigit() else None


def line(name, ms, base=None, rss=None, extra=""):
    ratio = f"{ms / base:6.2f}× units" if base else " " * 13
    memory = f"   peak RSS {rss:5.1f} MiB" if rss else ""
    print(f"  {name:<44} {ms:9.2f} ms  {ratio}{memory}{extra}")


def median_run(runs, argv, env, stdin_path, out_path):
    times = []
    for _ in range(runs):
        with open(stdin_path) as stdin, open(out_path, "w") as out:
            times.append(timed(argv, env, stdin=stdin, stdout=out))
    return statistics.median(times)


def cents(value, code, minor=MINOR):
    """`value` rounded half away from zero to `code`'s minor unit in `minor` (2 when not there)."""
    return value.quantize(decimal.Decimal(1).scaleb(-minor.get(code, 2)), rounding=decimal.ROUND_HALF_UP)


def exact_cents(fraction, code, minor=MINOR):
    """An exact rational (fractions.Fraction) rounded as `cents` rounds."""
    with decimal.localcontext() as context:
        context.prec = 200  # a half is a finite decimal, exact here; nothing else comes near one
        return cents(decimal.Decimal(fraction.numerator) / decimal.Decimal(fraction.denominator), code, minor)


def write_units_rates(rates, path):
    """GNU units definitions of the same rates: EUR primitive, every other code per EUR."""
    with open(path, "w") as f:
        f.write("EUR !\n")
        for code, rate in rates.items():
            if code != "EUR":
                f.write(f"{code} 1|{rate} EUR\n")


def grouped(amount):
    """`12345.5` as `12,345.5`."""
    whole, point, fraction = amount.partition(".")
    return f"{int(whole):,}{point}{fraction}"


def sums(count, codes, rates, work, fx, units, definitions, env):
    """`12.50 usd + 7 eur - 1,000 jpy in gbp`: three distinct currencies and a target, against
    GNU units given the same sums with the same rates; every result checked to the cent against
    exact rational arithmetic (fractions), and units' against fx's."""
    from fractions import Fraction
    random.seed(20261125)
    lines = []
    for _ in range(count):
        terms = [(random.choice("+-") if i else "", random.randint(1, 99_999), random.randint(0, 2), code)
                 for i, code in enumerate(random.sample(codes, 3))]
        lines.append(([(sign, f"{whole}.{random.randint(0, 10**places - 1):0{places}d}" if places else str(whole), code)
                       for sign, whole, places, code in terms], random.choice(codes)))
    fx_input = os.path.join(work, "sums.txt")
    with open(fx_input, "w") as f:
        for terms, target in lines:
            # Half the amounts of 1,000 or more with a thousands comma, as people write them.
            words = [f"{sign} {grouped(a) if random.random() < 0.5 else a} {code.lower()}" for sign, a, code in terms]
            f.write(" ".join(words).strip() + f" in {target.lower()}\n")
    fx_out = os.path.join(work, "sums-fx.out")
    fx_seconds = median_run(3, [fx, "--offline"], env, fx_input, fx_out)
    fx_results = [decimal.Decimal(text.rsplit(" = ", 1)[1].rsplit(" ", 1)[0].replace(",", "")) for text in open(fx_out)]

    def exact(terms, target):
        total = sum((Fraction(a) * (-1 if sign == "-" else 1) * Fraction(rates[target]) / Fraction(rates[code])
                     for sign, a, code in terms), Fraction(0))
        return exact_cents(total, target)
    expected = [exact(terms, target) for terms, target in lines]
    wrong = sum(1 for x, y in zip(fx_results, expected) if x != y) + abs(len(fx_results) - len(expected))
    fx_rate = count / fx_seconds
    print(f"\nscript mode, {count:,} lines of 3-term sums `12.50 usd + 7 eur - 1,000 jpy in gbp`, median of 3 (target: ≥ 5× units)")
    print(f"  {'fx --offline < sums':<44} {fx_seconds:9.3f} s   {fx_rate / 1e6:6.2f} M lines/s   "
          f"{wrong} results differ from exact arithmetic")
    if not units:
        return
    units_input = os.path.join(work, "sums-units.txt")
    with open(units_input, "w") as f:
        for terms, target in lines:
            f.write(" ".join(f"{sign} {a} {code}" for sign, a, code in terms).strip() + f"\n{target}\n")
    units_out = os.path.join(work, "sums-units.out")
    seconds = median_run(1 if count > 200_000 else 3, [units, "-t", "-d", "15", "-f", definitions], env, units_input, units_out)
    got = [cents(decimal.Decimal(v.strip()), t) for v, (_, t) in zip(open(units_out), lines)]
    differ = sum(1 for x, y in zip(got, expected) if x != y) + abs(len(got) - len(expected))
    print(f"  {'GNU units -t (same sums, same rates)':<44} {seconds:9.3f} s   {count / seconds / 1e6:6.2f} M lines/s   "
          f"fx {fx_rate / (count / seconds):5.1f}× faster · {differ} units results differ from exact (binary floating point)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int)
    parser.add_argument("--lines", type=int)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--skip-history", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes: proves the benchmark runs, measures little")
    parser.add_argument("--sums-only", action="store_true", help="only the 3-term sums against units")
    args = parser.parse_args()
    if args.runs is None:
        args.runs = 3 if args.smoke else 41
    if args.lines is None:
        args.lines = 2_000 if args.smoke else 1_000_000
    history_runs = 3 if args.smoke else 15

    build = os.path.join(ROOT, ".build", "release")
    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    fx = os.path.join(build, "fx")
    work = tempfile.mkdtemp(prefix="fx-compare-")
    floor = os.path.join(work, "floor")
    subprocess.run(["swiftc", "-O", "-static-stdlib", os.path.join(ROOT, "Benchmarks", "floor.swift"), "-o", floor],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # The same program as a static executable, as fx is built on Linux: no dynamic loader at all.
    static_floor = os.path.join(work, "floor-static")
    static_built = subprocess.run(["swiftc", "-O", "-static-executable", os.path.join(ROOT, "Benchmarks", "floor.swift"),
                                   "-o", static_floor], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0

    # A warm cache: the ECB's table dated at the newest publication, so it is current, not stale.
    published = latest_publication(datetime.datetime.now(datetime.timezone.utc))
    www = os.path.join(work, "www")
    os.makedirs(www)
    with open(DAILY) as source, open(os.path.join(www, "eurofxref-daily.xml"), "w") as served:
        served.write(source.read().replace("time='2026-10-30'", f"time='{published.isoformat()}'"))

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **k):
            super().__init__(*a, directory=www, **k)

        def log_message(self, *a):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": work, "LANG": "C.UTF-8",
           "XDG_CACHE_HOME": os.path.join(work, "cache"), "XDG_STATE_HOME": os.path.join(work, "state"),
           "XDG_CONFIG_HOME": os.path.join(work, "config")}
    for source in ("ECB", "FRANKFURTER", "BOC", "OXR", "DUNAMU", "NASDAQ"):
        env[f"FX_{source}_URL"] = url
    subprocess.run([fx, "refresh", "ecb"], env=env, check=True, stdout=subprocess.DEVNULL)
    rates = {"EUR": decimal.Decimal(1)}
    for code, rate in re.findall(r"currency='([A-Z]{3})' rate='([0-9.]+)'", open(os.path.join(www, "eurofxref-daily.xml")).read()):
        rates[code] = decimal.Decimal(rate)

    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    print(f"fx compared · {os.uname().machine}, {os.cpu_count()} cores, {cpu} · {datetime.date.today()}")
    print(f"  rates: ECB of {published} ({len(rates)} currencies), warm cache, fx built release as Scripts/fx builds it")

    # --- one-shot --------------------------------------------------------------------------
    units, qalc = shutil.which("units"), shutil.which("qalc")
    if args.sums_only:
        definitions = os.path.join(work, "rates.units")
        write_units_rates(rates, definitions)
        sums(args.lines, sorted(rates), rates, work, fx, units, definitions, env)
        server.shutdown()
        shutil.rmtree(work, ignore_errors=True)
        return
    contenders = [("fx convert 100 usd eur --offline", [fx, "convert", "100", "usd", "eur", "--offline"]),
                  ("fx convert 100 usd eur (fresh cache, online)", [fx, "convert", "100", "usd", "eur"]),
                  ("floor: static Swift, one Decimal multiplication", [floor])]
    if static_built:
        contenders.append(("floor as a static executable", [static_floor]))
    if units:
        contenders.insert(0, ("GNU units -t '100 USD' EUR", [units, "-t", "100 USD", "EUR"]))
    if qalc:
        contenders.append(("qalc -t '100 USD to EUR'", [qalc, "-t", "100 USD to EUR"]))
    samples = {name: [] for name, _ in contenders}
    # Each round in a new random order: in a fixed order a program runs after the same one
    # every time, and the second of two fx runs finds the first one's pages and caches warm.
    shuffler = random.Random(20261124)
    for _ in range(args.runs):
        order = contenders[:]
        shuffler.shuffle(order)
        for name, argv in order:
            samples[name].append(timed(argv, env) * 1000)
    medians = {name: statistics.median(values) for name, values in samples.items()}
    base = medians.get("GNU units -t '100 USD' EUR")
    print(f"\none-shot, median of {args.runs} interleaved runs (target: fx ≤ 0.5× units, ≤ 0.1× qalc)")
    for name, argv in contenders:
        line(name, medians[name], base, peak_rss(argv, env))
    # The machine's speed drifts between rounds; a ratio taken within each round cancels most
    # of that drift, so its median is steadier than the ratio of two medians.
    if units:
        print("  per-round ratios, median (p25–p75):")
        for name, _ in contenders:
            if name.startswith("GNU units"):
                continue
            ratios = sorted(x / u for x, u in zip(samples[name], samples["GNU units -t '100 USD' EUR"]))
            quartiles = statistics.quantiles(ratios, n=4)
            print(f"    {name:<44} {statistics.median(ratios):5.3f}× units   ({quartiles[0]:.3f}–{quartiles[2]:.3f})")
    if qalc:
        print(f"  fx --offline / qalc: {medians['fx convert 100 usd eur --offline'] / medians['qalc -t ' + chr(39) + '100 USD to EUR' + chr(39)]:.3f}×")
    if not units:
        print("  (GNU units not installed: apt-get install units)")
    if not qalc:
        print("  (qalc not installed: apt-get install qalc)")

    # --- script ----------------------------------------------------------------------------
    random.seed(20261122)
    codes = sorted(rates)
    conversions = []
    for _ in range(args.lines):
        amount = f"{random.randint(1, 999_999)}.{random.randint(0, 99):02d}"
        conversions.append((amount, random.choice(codes), random.choice(codes)))
    fx_input = os.path.join(work, "lines.txt")
    with open(fx_input, "w") as f:
        for amount, a, b in conversions:
            f.write(f"convert {amount} {a.lower()} {b.lower()}\n")

    def best_of(runs, argv, stdin_path, out_path):
        return median_run(runs, argv, env, stdin_path, out_path)

    fx_out = os.path.join(work, "fx.out")
    fx_seconds = best_of(3, [fx, "--offline"], fx_input, fx_out)
    fx_results = []
    for text in open(fx_out):
        fx_results.append(decimal.Decimal(text.split(" = ")[1].rsplit(" ", 1)[0].replace(",", "")))
    # The same conversions in exact decimal arithmetic, as a reference for everyone.
    exact = [cents(decimal.Decimal(a) * rates[t] / rates[f], t) for a, f, t in conversions]
    fx_wrong = sum(1 for x, y in zip(fx_results, exact) if x != y) + abs(len(fx_results) - len(exact))
    print(f"\nscript mode, {args.lines:,} lines `convert <amount> <from> <to>`, median of 3 "
          f"(target: ≥ 10× units, ≥ 5× currency_converter)")
    fx_rate = args.lines / fx_seconds
    print(f"  {'fx --offline < lines':<44} {fx_seconds:9.3f} s   {fx_rate / 1e6:6.2f} M lines/s   "
          f"{fx_wrong} results differ from exact decimal arithmetic")

    definitions = os.path.join(work, "rates.units")
    write_units_rates(rates, definitions)
    if units:
        units_input = os.path.join(work, "units.txt")
        with open(units_input, "w") as f:
            for amount, a, b in conversions:
                f.write(f"{amount} {a}\n{b}\n")
        units_out = os.path.join(work, "units.out")
        seconds = best_of(1 if args.lines > 200_000 else 3, [units, "-t", "-d", "15", "-f", definitions], units_input, units_out)
        got = [cents(decimal.Decimal(v.strip()), t) for v, (_, _, t) in zip(open(units_out), conversions)]
        differ = sum(1 for x, y in zip(got, fx_results) if x != y) + abs(len(got) - len(fx_results))
        print(f"  {'GNU units -t (same rates), one run':<44} {seconds:9.3f} s   {args.lines / seconds / 1e6:6.2f} M lines/s   "
              f"fx {fx_rate / (args.lines / seconds):5.1f}× faster · {differ} results differ from fx to the cent (binary floating point)")

    sums(args.lines, codes, rates, work, fx, units, definitions, env)

    probe = subprocess.run([args.python, "-c", "import currency_converter"], capture_output=True)
    if probe.returncode == 0:
        csv = os.path.join(work, "ecb.csv")
        others = [c for c in codes if c != "EUR"]
        with open(csv, "w") as f:
            f.write("Date," + ",".join(others) + ",\n" + published.isoformat() + "," + ",".join(str(rates[c]) for c in others) + ",\n")
        script = os.path.join(work, "cc.py")
        with open(script, "w") as f:
            f.write(
                "import sys, decimal\n"
                "from currency_converter import CurrencyConverter\n"
                f"c = CurrencyConverter({csv!r}, decimal=True, fallback_on_missing_rate=True)\n"
                "out = []\n"
                "for line in sys.stdin:\n"
                "    _, amount, a, b = line.split()\n"
                "    out.append(str(c.convert(decimal.Decimal(amount), a.upper(), b.upper())))\n"
                "sys.stdout.write('\\n'.join(out) + '\\n')\n")
        cc_out = os.path.join(work, "cc.out")
        seconds = best_of(1, [args.python, script], fx_input, cc_out)
        got = [cents(decimal.Decimal(v.strip()), t) for v, (_, _, t) in zip(open(cc_out), conversions)]
        differ = sum(1 for x, y in zip(got, fx_results) if x != y) + abs(len(got) - len(fx_results))
        print(f"  {'Python currency_converter (decimal), one run':<44} {seconds:9.3f} s   {args.lines / seconds / 1e6:6.2f} M lines/s   "
              f"fx {fx_rate / (args.lines / seconds):5.1f}× faster · {differ} results differ from fx to the cent")
    else:
        print("  (Python currency_converter not importable: pip install currencyconverter, or --python PATH)")

    # --- csv -------------------------------------------------------------------------------
    print()
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import csv_statement
    csv_statement.run(fx, args.lines, args.python)

    # --- TAB -------------------------------------------------------------------------------
    print()
    completion = os.path.join(build, "CompletionBenchmark")
    if not args.no_build or not os.path.exists(completion):
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "CompletionBenchmark"],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([completion], check=True)

    server.shutdown()
    shutil.rmtree(work, ignore_errors=True)

    # --- history ---------------------------------------------------------------------------
    if not args.skip_history:
        print()
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "history.py"), "--no-build",
                        "--runs", str(history_runs), "--python", args.python], check=True)


if __name__ == "__main__":
    main()
