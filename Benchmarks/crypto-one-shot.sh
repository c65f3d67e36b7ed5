#!/usr/bin/env bash
# Counts the instructions (valgrind --tool=callgrind, total Ir) of a warm crypto one-shot,
# `fx 0.5 btc eur --offline`, beside a warm currency one-shot, `fx convert 100 usd eur --offline`,
# in one sandbox whose cache holds the ECB's rates and the exchanges' prices (served from
# loopback by python3: the ECB fixture dated at the newest publication, and the recorded crypto
# prices of CryptoEndToEndTests). As Scripts/instruction-budget does, on a copy without debug
# information and with a fixed hash seed. Figures: Benchmarks/README.md, "Crypto one-shot".
#
#   Benchmarks/crypto-one-shot.sh [path/to/fx]     (default: $FX_BINARY, else .build/release/fx)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fx="${1:-${FX_BINARY:-$root/.build/release/fx}}"
work="$(mktemp -d "${TMPDIR:-/tmp}/fx-crypto.XXXXXX")"
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

python3 - "$root/Benchmarks" "$root/Tests/EndToEndTests/Fixtures/eurofxref-daily.2026-10-30.xml" "$work" >/dev/null 2>&1 <<'EOF' &
import datetime, http.server, json, os, sys
sys.path.insert(0, sys.argv[1])
from compare import latest_publication
published = latest_publication(datetime.datetime.now(datetime.timezone.utc))
with open(sys.argv[2]) as source:
    ecb = source.read().replace("time='2026-10-30'", f"time='{published.isoformat()}'").encode()
spot = {"BTC": "66971.665", "ETH": "2723.905", "SOL": "141.235", "XRP": "2.1845", "LTC": "84.12"}
last = {"XXBTZEUR": "59870.20000", "XETHZEUR": "2435.14000", "SOLEUR": "126.21000", "XXRPZEUR": "1.95310",
        "XLTCZEUR": "75.20000", "ZEURZUSD": "1.11860"}
class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass
    def do_GET(self):
        path, kind = self.path.split("?")[0], "application/json"
        if path.endswith("eurofxref-daily.xml"):
            body, kind = ecb, "application/xml"
        elif path.startswith("/coinbase/prices/"):
            asset = path.split("/")[3][:3]
            body = json.dumps({"data": {"amount": spot[asset], "base": asset, "currency": "USD"}}).encode()
        elif path == "/kraken/Ticker":
            body = json.dumps({"error": [], "result": {k: {"c": [v, "1"], "o": v} for k, v in last.items()}}).encode()
        else:
            self.send_response(404); self.end_headers(); return
        self.send_response(200); self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
with open(os.path.join(sys.argv[3], "port.tmp"), "w") as f:
    f.write(str(server.server_port))
os.rename(os.path.join(sys.argv[3], "port.tmp"), os.path.join(sys.argv[3], "port"))
server.serve_forever()
EOF
server=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
[ -s "$work/port" ] || { echo "crypto-one-shot: the loopback server did not start" >&2; exit 2; }
url="http://127.0.0.1:$(cat "$work/port")"
run() {
    env -i SWIFT_DETERMINISTIC_HASHING=1 PATH="/usr/bin:/bin" HOME="$work" LANG=C.UTF-8 \
        XDG_CACHE_HOME="$work/cache" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" \
        FX_ECB_URL="$url/" FX_FRANKFURTER_URL="$url/" FX_BOC_URL="$url/" FX_OXR_URL="$url/" \
        FX_DUNAMU_URL="$url/" FX_NASDAQ_URL="$url/" FX_COINBASE_URL="$url/coinbase/" FX_KRAKEN_URL="$url/kraken/" "$@"
}
run "$fx" refresh ecb coinbase kraken >/dev/null
counted="$work/fx"
strip --strip-debug -o "$counted" "$fx" 2>/dev/null || counted="$fx"
count() {
    run valgrind --tool=callgrind --callgrind-out-file="$work/out" "$counted" "$@" >/dev/null 2>"$work/valgrind.log" \
        || { cat "$work/valgrind.log" >&2; exit 2; }
    awk '/^(summary|totals):/ { print $2; exit }' "$work/out"
}
run "$fx" convert 100 usd eur --offline
run "$fx" 0.5 btc eur --offline
currency="$(count convert 100 usd eur --offline)"
crypto="$(count 0.5 btc eur --offline)"
usd="$(count 0.5 btc usd --offline)"
printf 'fx convert 100 usd eur --offline: %s instructions\n' "$currency"
printf 'fx 0.5 btc eur --offline: %s instructions (%s%% of the currency one-shot)\n' "$crypto" "$((crypto * 100 / currency))"
printf 'fx 0.5 btc usd --offline: %s instructions (%s%% of the currency one-shot)\n' "$usd" "$((usd * 100 / currency))"
