"""A loopback HTTP server serving the real ECB history as the ECB does (`ecb/eurofxref-hist.zip`),
for the benchmarks that import it: history.py and csv_statement.py."""
import http.server, os, threading, zipfile


def serve_history(work, history_csv):
    """Starts serving from `work`/www; returns the server (`.server_port`, `.shutdown()`)."""
    served = os.path.join(work, "www", "ecb")
    os.makedirs(served)
    with zipfile.ZipFile(os.path.join(served, "eurofxref-hist.zip"), "w", zipfile.ZIP_DEFLATED) as z:
        z.write(history_csv, "eurofxref-hist.csv")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **k):
            super().__init__(*a, directory=os.path.join(work, "www"), **k)

        def log_message(self, *a):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
