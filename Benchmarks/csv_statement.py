"""The `csv` section of Benchmarks/compare.py: `fx csv` on a bank statement against a Python
loop that reads the same rows with the csv module and calls currency_converter (decimal mode,
fed the same ECB history) per row. Prints figures and how many results differ to the cent.

The statement: --lines rows over the 20 years before the fixture's last day, 10 currencies,
in date order as statements are, dated on publication days (currency_converter interpolates between publications on other
days, where fx takes the publication before, so only publication days compare like for like).
"""
import csv, datetime, decimal, os, random, resource, shutil, subprocess, tempfile, time
import ecb_server

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HISTORY = os.path.join(ROOT, "Tests", "FXTestSupport", "Fixtures", "eurofxref-hist.csv")
CODES = ["USD", "JPY", "GBP", "CHF", "AUD", "CAD", "SEK", "NOK", "PLN", "CZK"]
MINOR = {"JPY": 0}


def timed(argv, env, stdout, stdin=None):
    """Wall seconds and CPU seconds (user + system): on a shared machine the CPU time is the steadier figure."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=stdout, stdin=stdin, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run(fx, lines, python):
    work = tempfile.mkdtemp(prefix="fx-csv-bench-")
    try:
        _run(fx, lines, python, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _run(fx, lines, python, work):
    server = ecb_server.serve_history(work, HISTORY)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": work, "LANG": "C.UTF-8",
           "XDG_CACHE_HOME": os.path.join(work, "cache"), "XDG_STATE_HOME": os.path.join(work, "state"),
           "XDG_CONFIG_HOME": os.path.join(work, "config")}
    for source in ("ECB", "FRANKFURTER", "BOC", "OXR", "DUNAMU", "NASDAQ"):
        env[f"FX_{source}_URL"] = f"http://127.0.0.1:{server.server_port}/ecb/"
    # The history imported once, as a user's cache holds it.
    subprocess.run([fx, "history", "usd", "jpy", "all", "--csv"], env=env, check=True, stdout=subprocess.DEVNULL)
    server.shutdown()

    with open(HISTORY) as f:
        days = [row[0] for row in csv.reader(f) if row and row[0][:1].isdigit()]
    last = max(days)
    first = (datetime.date.fromisoformat(last) - datetime.timedelta(days=365 * 20)).isoformat()
    days = sorted(d for d in days if d >= first)
    random.seed(20261201)
    statement = os.path.join(work, "statement.csv")
    with open(statement, "w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["Date", "Description", "Amount", "Currency"])
        dates = sorted(random.choice(days) for _ in range(lines))
        for index, day in enumerate(dates):
            row = [day, f"purchase {index}", f"{random.randint(-99_999, 999_999)}.{random.randint(0, 99):02d}",
                   random.choice(CODES)]
            writer.writerow(row)

    fx_out = os.path.join(work, "fx.csv")
    argv = [fx, "--offline", "csv", statement, "--amount", "Amount", "--currency", "Currency", "--date", "Date", "--to", "eur"]
    with open(fx_out, "w") as out:
        fx_seconds, fx_cpu = min(timed(argv, env, out) for _ in range(3))
    with open(fx_out, "w") as out:
        subprocess.run(argv, env=env, stdout=out, check=True)
    fx_results = [decimal.Decimal(r[-1]) for r in list(csv.reader(open(fx_out)))[1:]]
    print(f"csv: {lines:,} rows over 20 years ({days[0]} to {days[-1]}), {len(CODES)} currencies, to EUR at each row's date")
    fx_rate = lines / fx_seconds
    print(f"  {'fx --offline csv statement.csv … --to eur':<44} {fx_seconds:9.3f} s   {fx_rate / 1e6:6.2f} M rows/s   "
          f"CPU {fx_cpu:6.3f} s · {len(fx_results):,} rows written")
    # The same rows under a named rule (issue 26): the rule's series picks each row's publication
    # and a `rule` column is added; on the ECB's own series the `ecb` rule must give the same amounts.
    ruled_out = os.path.join(work, "fx-ruled.csv")
    ruled_argv = argv + ["--rule", "ecb"]
    with open(ruled_out, "w") as out:
        ruled_seconds, ruled_cpu = min(timed(ruled_argv, env, out) for _ in range(3))
    with open(ruled_out, "w") as out:
        subprocess.run(ruled_argv, env=env, stdout=out, check=True)
    ruled = [decimal.Decimal(r[-1]) for r in list(csv.reader(open(ruled_out)))[1:]]
    ruled_differ = sum(1 for x, y in zip(ruled, fx_results) if x != y) + abs(len(ruled) - len(fx_results))
    print(f"  {'fx --offline csv … --to eur --rule ecb':<44} {ruled_seconds:9.3f} s   {lines / ruled_seconds / 1e6:6.2f} M rows/s   "
          f"CPU {ruled_cpu:6.3f} s · {ruled_differ} results differ from the plain run")

    probe = subprocess.run([python, "-c", "import currency_converter"], capture_output=True)
    if probe.returncode != 0:
        print("  (Python currency_converter not importable: pip install currencyconverter, or --python PATH)")
        return
    script = os.path.join(work, "cc.py")
    with open(script, "w") as f:
        f.write(
            "import csv, datetime, decimal, sys\n"
            "from currency_converter import CurrencyConverter\n"
            f"c = CurrencyConverter({HISTORY!r}, decimal=True)\n"
            "reader = csv.reader(open(sys.argv[1], newline=''))\n"
            "writer = csv.writer(sys.stdout, lineterminator='\\n')\n"
            "writer.writerow(next(reader) + ['amount_eur'])\n"
            "cent = decimal.Decimal('0.01')\n"
            "for row in reader:\n"
            "    day = datetime.date.fromisoformat(row[0])\n"
            "    value = c.convert(decimal.Decimal(row[2]), row[3], 'EUR', date=day)\n"
            "    writer.writerow(row + [value.quantize(cent, rounding=decimal.ROUND_HALF_UP)])\n")
    cc_out = os.path.join(work, "cc.csv")
    with open(cc_out, "w") as out:
        seconds, cpu = timed([python, script, statement], env, out)
    got = [decimal.Decimal(r[-1]) for r in list(csv.reader(open(cc_out)))[1:]]
    differ = sum(1 for x, y in zip(got, fx_results) if x != y) + abs(len(got) - len(fx_results))
    print(f"  {'Python csv + currency_converter per row':<44} {seconds:9.3f} s   {lines / seconds / 1e6:6.2f} M rows/s   "
          f"CPU {cpu:6.3f} s · {differ} results differ from fx to the cent")
    print(f"  fx is {seconds / fx_seconds:.1f}× faster by the clock, {cpu / fx_cpu:.1f}× by CPU time (target ≥ 10×)")
    print(f"  under --rule ecb {seconds / ruled_seconds:.1f}× by the clock, {cpu / ruled_cpu:.1f}× by CPU time (target ≥ 10×)")
