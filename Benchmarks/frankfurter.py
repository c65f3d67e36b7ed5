#!/usr/bin/env python3
"""Frankfurter v2 figures (issue 25): one-shot answers from a warm cache of a 219-currency blend
against GNU `units`, the instructions of that one-shot (callgrind, as Scripts/instruction-budget
counts them), the import of a pair's history over decades as NDJSON, and `history usd ngn all`
warm. A loopback server plays Frankfurter v2 (rows made here, with institutions and per-row
dates) and the ECB (the repository's daily fixture). Prints figures; asserts nothing.

Script mode: --lines (1,000,000) lines `convert <amount> <from> <to>` drawn across every currency
of the blend that fx answers, as `fx --offline < lines` against GNU `units -t` given the same
rates, every fx result checked to the minor unit against exact arithmetic (Benchmarks/compare.py's
helpers). The rates are dated today there, so that a fresh cache answers without a warning.

    Benchmarks/frankfurter.py [--runs 41] [--lines 1000000] [--fx .build/release/fx]
"""
import argparse, datetime, decimal, http.server, json, os, random, re, shutil, statistics, subprocess, sys, tempfile
import threading, time
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402  (its helpers: publication day, exact rounding, units rates, timing)

from compare import latest_publication, timed  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DAILY = os.path.join(ROOT, "Tests", "EndToEndTests", "Fixtures", "eurofxref-daily.2026-10-30.xml")


def minor_units():
    """Each ISO code's minor unit as fx rounds to it: 4 for funds and metals without one."""
    table = open(os.path.join(ROOT, "Sources", "FXModel", "Money", "ISO4217Table.swift")).read()
    return {code: 4 if places == "nil" else int(places) for code, places in re.findall(r'\("([A-Z]{3})", (\d+|nil),', table)}


def codes(count):
    """`count` three-letter codes: the real ones fx knows first, then made-up ones (a source may publish those)."""
    table = open(os.path.join(ROOT, "Sources", "FXModel", "Money", "ISO4217Table.swift")).read()
    real = sorted({line.split('"')[1] for line in table.splitlines() if line.strip().startswith('("')} - {"EUR"})
    extra = [a + b + c for a in "QVW" for b in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
             if a + b + c not in real]
    return (["USD", "NGN"] + [c for c in real if c not in ("USD", "NGN")] + extra)[:count]


def ecb_rates():
    """The ECB's newest rates in the test fixture (the built-in snapshot's day): the blend's rows of
    the ECB's currencies agree with them, as the real blend does, or fx would doubt them
    (Plausibility: a row over twice another held source's is refused)."""
    with open(os.path.join(ROOT, "Tests", "FXTestSupport", "Fixtures", "eurofxref-hist.csv")) as f:
        header = f.readline().rstrip("\n").split(",")
        newest = f.readline().rstrip("\n").split(",")
    return {code: rate for code, rate in zip(header[1:], newest[1:]) if code and rate not in ("", "N/A")}


ECB_RATES = ecb_rates()


def latest_body(quotes, day):
    rows = []
    for i, q in enumerate(quotes):
        d = day if i % 3 else (day - datetime.timedelta(days=1))
        rate = ECB_RATES.get(q) or "%d.%04d" % (10 + i, (i * 7919) % 10000)
        inst = ",".join('{"key":"%s","date":"%s","rate":%s}' % (k, d, rate) for k in (["ECB", "FRED", "BOC"] if i % 2 else ["CBN"]))
        rows.append('{"date":"%s","base":"EUR","quote":"%s","rate":%s,"providers":[%s]}' % (d, q, rate, inst))
    rows.append('{"date":"%s","base":"EUR","quote":"EUR","rate":1.0}' % day)
    return ("[" + ",".join(rows) + "]").encode()


def history_ndjson(quotes, first, last):
    lines, day, n = [], first, 0
    while day <= last:
        if day.weekday() < 5:
            for i, q in enumerate(quotes):
                lines.append('{"date":"%s","base":"EUR","quote":"%s","rate":%d.%04d}\n' % (day, q, 1 + i * 300, (n * 37 + i) % 10000))
            n += 1
        day += datetime.timedelta(days=1)
    return "".join(lines).encode()


def serve(routes):
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            path = self.path.split("?")[0]
            body, kind = routes.get(path, (None, None))
            if callable(body):
                body = body(self.path)
            if body is None:
                self.send_response(404); self.end_headers(); return
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *a):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def env_for(home, url):
    env = {"HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    for name in ("CACHE", "CONFIG", "STATE"):
        env["XDG_%s_HOME" % name] = os.path.join(home, name.lower())
    for source in ("ECB", "FRANKFURTER", "BOC", "OXR", "DUNAMU", "NASDAQ"):
        env["FX_%s_URL" % source] = "%s/%s/" % (url, source.lower())
    return env


def script_mode(fx, count):
    """`count` lines `convert <amount> <from> <to>` across the blend, fx against GNU units."""
    quotes = codes(218)
    day = compare.latest_publication(datetime.datetime.now(datetime.timezone.utc))
    daily = open(DAILY).read().replace("time='2026-10-30'", "time='%s'" % day)
    blend = latest_body(quotes, day)
    server = serve({"/ecb/eurofxref-daily.xml": (daily.encode(), "application/xml"),
                    "/frankfurter/rates": (blend, "application/json")})
    work = tempfile.mkdtemp(prefix="fx-frankfurter-script-")
    try:
        env = env_for(work, "http://127.0.0.1:%d" % server.server_port)
        subprocess.run([fx, "refresh", "ecb", "frankfurter"], env=env, check=True, stdout=subprocess.DEVNULL)
        # A pair comes from the first source whose table has both (the ECB, then Frankfurter).
        ecb = {"EUR": decimal.Decimal(1)}
        ecb.update((c, decimal.Decimal(r)) for c, r in re.findall(r"currency='([A-Z]{3})' rate='([0-9.]+)'", daily))
        frankfurter = {row["quote"]: row["rate"] for row in json.loads(blend, parse_float=decimal.Decimal)}
        frankfurter["EUR"] = decimal.Decimal(1)
        # The codes fx answers: the made-up ones are in the cache but not in fx's catalogue.
        probe = subprocess.run([fx, "--offline"], env=env, capture_output=True, text=True,
                               input="".join("convert 1 eur %s\n" % c.lower() for c in sorted(frankfurter)))
        refused = {int(n) for n in re.findall(r"^fx: line (\d+):", probe.stderr, re.M)}
        answered = [c for i, c in enumerate(sorted(frankfurter), 1) if i not in refused]
        minor = minor_units()
        shuffler = random.Random(20261127)
        conversions = []
        for _ in range(count):
            amount = "%d.%02d" % (shuffler.randint(1, 999_999), shuffler.randint(0, 99))
            conversions.append((amount, shuffler.choice(answered), shuffler.choice(answered)))
        fx_input = os.path.join(work, "lines.txt")
        with open(fx_input, "w") as f:
            f.writelines("convert %s %s %s\n" % (a, x.lower(), y.lower()) for a, x, y in conversions)
        fx_out = os.path.join(work, "fx.out")
        fx_seconds = compare.median_run(3, [fx, "--offline"], env, fx_input, fx_out)
        fx_results = [text.rsplit(" = ", 1)[-1].rsplit(" ", 1)[0].replace(",", "") for text in open(fx_out)]

        def table(x, y):
            return ecb if x in ecb and y in ecb else frankfurter

        def exact(amount, x, y):
            rates = table(x, y)
            return compare.exact_cents(Fraction(amount) * Fraction(rates[y]) / Fraction(rates[x]), y, minor)
        expected = [exact(*c) for c in conversions]
        # To the minor unit and in as many places: `15725` JPY, `1,509.8432` XAU.
        wrong = sum(1 for got, want in zip(fx_results, expected) if got != str(want)) + abs(len(fx_results) - len(expected))
        fx_rate = count / fx_seconds
        ecb_pairs = sum(1 for _, x, y in conversions if x in ecb and y in ecb)
        print("\nscript mode, %s lines `convert <amount> <from> <to>` across the %d currencies fx answers (of %d cached; "
              "%d made-up codes refused), %d%% of lines ECB pairs, median of 3 (target: ≥ 10× units)"
              % (format(count, ","), len(answered), len(frankfurter), len(refused), round(100 * ecb_pairs / count)))
        print("  %-44s %9.3f s   %6.2f M lines/s   %d results differ from exact decimal arithmetic"
              % ("fx --offline < lines", fx_seconds, fx_rate / 1e6, wrong))
        units = shutil.which("units")
        if not units:
            print("  (GNU units not installed: apt-get install units)")
            return
        # The same rates: the ECB's as `USD`, Frankfurter's as `USD_f`, each line in the pair's source's names.
        definitions = os.path.join(work, "rates.units")
        compare.write_units_rates(ecb, definitions)
        with open(definitions, "a") as f:
            f.writelines("%s_f 1|%s EUR\n" % (c, r) for c, r in frankfurter.items())
        units_input = os.path.join(work, "units.txt")
        with open(units_input, "w") as f:
            for a, x, y in conversions:
                suffix = "" if table(x, y) is ecb else "_f"
                f.write("%s %s%s\n%s%s\n" % (a, x, suffix, y, suffix))
        units_out = os.path.join(work, "units.out")
        seconds = compare.median_run(1 if count > 200_000 else 3, [units, "-t", "-d", "15", "-f", definitions], env,
                                     units_input, units_out)
        got = [compare.cents(decimal.Decimal(v.strip()), y, minor) for v, (_, _, y) in zip(open(units_out), conversions)]
        differ = sum(1 for u, want in zip(got, expected) if u != want) + abs(len(got) - len(expected))
        print("  %-44s %9.3f s   %6.2f M lines/s   fx at %.2f× units' speed · %d units results differ from exact (binary floating point)"
              % ("GNU units -t (same rates), %s" % ("one run" if count > 200_000 else "median of 3"), seconds,
                 count / seconds / 1e6, fx_rate / (count / seconds), differ))
    finally:
        server.shutdown()
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=41)
    parser.add_argument("--lines", type=int, default=1_000_000, help="script-mode lines (Scripts/test: a few thousand)")
    parser.add_argument("--script-only", action="store_true", help="only the script-mode figure")
    parser.add_argument("--fx", default=os.path.join(ROOT, ".build", "release", "fx"))
    args = parser.parse_args()
    fx = os.path.abspath(args.fx)
    if args.script_only:
        script_mode(fx, args.lines)
        return
    quotes = codes(218)  # and EUR: 219 currencies
    # Dated at the newest publication, as Scripts/instruction-budget dates its cache: rates that
    # are current, so no answer carries a stale-data warning that the comparison would count.
    day = latest_publication(datetime.datetime.now(datetime.timezone.utc))
    daily = open(DAILY, "rb").read().replace(b"time='2026-10-30'", b"time='%s'" % day.isoformat().encode())
    pair = history_ndjson(["NGN", "USD"], datetime.date(1999, 1, 4), day)
    routes = {
        "/ecb/eurofxref-daily.xml": (daily, "application/xml"),
        "/frankfurter/rates": (lambda p: pair if "from=" in p else latest_body(quotes, day), "application/json"),
    }
    server = serve(routes)
    url = "http://127.0.0.1:%d" % server.server_port
    work = tempfile.mkdtemp(prefix="fx-frankfurter-bench-")
    try:
        env = env_for(work, url)
        subprocess.run([fx, "refresh", "ecb", "frankfurter"], env=env, check=True, stdout=subprocess.DEVNULL)
        one_shot = [fx, "convert", "100", "usd", "ngn", "--offline"]
        ecb_pair = [fx, "convert", "100", "usd", "eur", "--offline"]
        units = [shutil.which("units") or "units", "-t", "100 USD", "EUR"]
        for command in (units, one_shot, ecb_pair):  # each answers before it is timed
            subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        samples = {"units": [], "ngn": [], "eur": []}
        for _ in range(args.runs):
            order = [("units", units), ("ngn", one_shot), ("eur", ecb_pair)]
            random.shuffle(order)
            for name, command in order:
                samples[name].append(timed(command, env))
        base = statistics.median(samples["units"])
        print("fx + Frankfurter v2 · warm cache of %d currencies (ECB's 30 cached too) · median of %d interleaved runs" % (len(quotes) + 1, args.runs))
        print("  GNU units -t '100 USD' EUR              %6.2f ms   1.00× units" % (base * 1000))
        for name, label in (("ngn", "fx convert 100 usd ngn --offline"), ("eur", "fx convert 100 usd eur --offline")):
            m = statistics.median(samples[name])
            # As compare.py does: the median of the ratios within each round, which a drifting machine disturbs less.
            ratios = sorted(f / u for f, u in zip(samples[name], samples["units"]))
            quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
            print("  %-38s %6.2f ms   %.2f× units   per-round ratio %.3f× (%.3f–%.3f)"
                  % (label, m * 1000, m / base, statistics.median(ratios), quartiles[0], quartiles[2]))
        if shutil.which("valgrind") and shutil.which("strip"):
            # As Scripts/instruction-budget counts: on a copy without DWARF 5 debug information.
            counted = os.path.join(work, "fx")
            subprocess.run(["strip", "--strip-debug", "-o", counted, fx], check=True)
            shutil.copy(os.path.join(os.path.dirname(fx), "fx-fetch"), os.path.join(work, "fx-fetch"))
            for command in (one_shot, ecb_pair):
                out = os.path.join(work, "callgrind.out")
                subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, counted] + command[1:],
                               env=dict(env, SWIFT_DETERMINISTIC_HASHING="1"),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
                total = [l.split()[1] for l in open(out) if l.startswith(("summary:", "totals:"))]
                print("  instructions, %s: %s" % (" ".join(["fx"] + command[1:]), total[0] if total else "?"))
        # A pair's history since 1999 as NDJSON, imported cold, then asked warm.
        history = [fx, "history", "usd", "ngn", "all", "--csv"]
        cold = timed(history, env)
        warm = statistics.median([timed(history + ["--offline"], env) for _ in range(max(5, args.runs // 4))])
        rows = pair.count(b"\n")
        print("  history usd ngn all, cold (fetch %.1f MiB NDJSON, %d rows, and import): %.0f ms" % (len(pair) / 2**20, rows, cold * 1000))
        print("  history usd ngn all, warm: %.1f ms" % (warm * 1000))
    finally:
        server.shutdown()
        shutil.rmtree(work, ignore_errors=True)
    script_mode(fx, args.lines)


if __name__ == "__main__":
    main()
