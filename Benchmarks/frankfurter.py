#!/usr/bin/env python3
"""Frankfurter v2 figures (issue 25): one-shot answers from a warm cache of a 219-currency blend
against GNU `units`, the instructions of that one-shot (callgrind, as Scripts/instruction-budget
counts them), the import of a pair's history over decades as NDJSON, and `history usd ngn all`
warm. A loopback server plays Frankfurter v2 (rows made here, with institutions and per-row
dates) and the ECB (the repository's daily fixture). Prints figures; asserts nothing.

    Benchmarks/frankfurter.py [--runs 41] [--fx .build/release/fx]
"""
import argparse, datetime, http.server, os, random, shutil, statistics, subprocess, tempfile, threading, time

from compare import latest_publication, timed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DAILY = os.path.join(ROOT, "Tests", "EndToEndTests", "Fixtures", "eurofxref-daily.2026-10-30.xml")


def codes(count):
    """`count` three-letter codes: the real ones fx knows first, then made-up ones (a source may publish those)."""
    table = open(os.path.join(ROOT, "Sources", "FXModel", "Money", "ISO4217Table.swift")).read()
    real = sorted({line.split('"')[1] for line in table.splitlines() if line.strip().startswith('("')} - {"EUR"})
    extra = [a + b + c for a in "QVW" for b in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
             if a + b + c not in real]
    return (["USD", "NGN"] + [c for c in real if c not in ("USD", "NGN")] + extra)[:count]


def latest_body(quotes, day):
    rows = []
    for i, q in enumerate(quotes):
        d = day if i % 3 else (day - datetime.timedelta(days=1))
        rate = "1.1172" if q == "USD" else "%d.%04d" % (10 + i, (i * 7919) % 10000)
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=41)
    parser.add_argument("--fx", default=os.path.join(ROOT, ".build", "release", "fx"))
    args = parser.parse_args()
    fx = os.path.abspath(args.fx)
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
            print("  %-38s %6.2f ms   %.2f× units" % (label, m * 1000, m / base))
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


if __name__ == "__main__":
    main()
