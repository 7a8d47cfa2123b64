#!/usr/bin/env python3
"""Case 14's fan-out figure: how long a navigation typed in the REPL takes to reach every page.

Starts `switchyard serve` on a generated app, opens PAGES WebSocket pages on its view-only link (as
a projector's browser tabs would), then types NAVIGATIONS lines `nav.go("/item/N")` one at a time.
For each line it takes the time from writing the line to the REPL's standard input to the arrival,
on each page, of the first state naming /item/N, and waits for every page before the next line.
Prints one JSON object: per-page and per-navigation (the slowest page of each) percentiles in ms.

    python3 live_view_fanout.py --switchyard ../.build/release/switchyard --pages 50 --navigations 200
"""
import argparse, base64, json, os, re, selectors, socket, subprocess, sys, tempfile, threading, time


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Page:
    """One WebSocket page: the upgrade by hand, then the server's unmasked frames as text."""

    def __init__(self, port, token):
        self.sock = socket.create_connection(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET /ws?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                   f"Origin: http://127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n\r\n")
        self.sock.sendall(request.encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise SystemExit("the server closed a page's upgrade")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            raise SystemExit("upgrade refused: " + head.decode(errors="replace"))
        self.sock.setblocking(False)

    def frames(self):
        """Complete text frames read so far (non-blocking)."""
        try:
            while True:
                chunk = self.sock.recv(1 << 20)
                if not chunk:
                    break
                self.buffer += chunk
        except BlockingIOError:
            pass
        texts = []
        while len(self.buffer) >= 2:
            length, start = self.buffer[1] & 0x7F, 2
            if length == 126:
                if len(self.buffer) < 4: break
                length, start = int.from_bytes(self.buffer[2:4], "big"), 4
            elif length == 127:
                if len(self.buffer) < 10: break
                length, start = int.from_bytes(self.buffer[2:10], "big"), 10
            if len(self.buffer) < start + length:
                break
            texts.append(self.buffer[start:start + length])
            self.buffer = self.buffer[start + length:]
        return texts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--switchyard", required=True)
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--navigations", type=int, default=200)
    options = parser.parse_args()

    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as app:
        app.write('route("/", {title = "Start", links = {"/item/1"}})\n'
                  'route("/item/:n", {title = function(info) return "Item " .. info.params.n end,'
                  ' view = "One of many.", links = {"/"}})\n')
    child = subprocess.Popen([options.switchyard, "serve", "--no-color", app.name],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    said = b""
    while b"view only:" not in said or not said.rstrip().endswith(b")"):
        byte = child.stdout.read1(4096)
        if not byte:
            raise SystemExit("switchyard serve ended before printing its links: " + said.decode(errors="replace"))
        said += byte
    found = re.search(rb"view only:\s+http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", said)
    port, token = int(found.group(1)), found.group(2).decode()
    # The REPL's own output is drained so that it never blocks on a full pipe.
    threading.Thread(target=lambda: [None for _ in iter(lambda: child.stdout.read1(65536), b"")], daemon=True).start()

    pages = [Page(port, token) for _ in range(options.pages)]
    selector = selectors.DefaultSelector()
    for index, page in enumerate(pages):
        selector.register(page.sock, selectors.EVENT_READ, index)

    def wait_for(marker, start, samples):
        waiting = set(range(len(pages)))
        deadline = time.monotonic() + 60

        def look(index):
            if index in waiting and any(marker in text for text in pages[index].frames()):
                waiting.discard(index)
                if samples is not None:
                    samples.append((time.monotonic() - start) * 1000)

        for index in list(waiting):   # a frame may have come in with the upgrade's response
            look(index)
        while waiting:
            if time.monotonic() > deadline:
                raise SystemExit(f"{len(waiting)} pages never got {marker!r}")
            for key, _ in selector.select(timeout=1):
                look(key.data)

    wait_for(b'"type":"state"', time.monotonic(), None)
    per_page, per_navigation = [], []
    for number in range(1, options.navigations + 1):
        samples = []
        start = time.monotonic()
        child.stdin.write(f'nav.go("/item/{number}")\n'.encode())
        child.stdin.flush()
        wait_for(f'"/item/{number}"'.encode(), start, samples)
        per_page += samples
        per_navigation.append(max(samples))
    child.stdin.write(b":quit\n")
    child.stdin.flush()
    child.stdin.close()
    child.terminate()
    child.wait()
    os.unlink(app.name)
    print(json.dumps({
        "pages": options.pages, "navigations": options.navigations,
        "page_p50_ms": percentile(per_page, 0.5), "page_p99_ms": percentile(per_page, 0.99),
        "all_pages_p50_ms": percentile(per_navigation, 0.5), "all_pages_p99_ms": percentile(per_navigation, 0.99),
        "all_pages_max_ms": max(per_navigation),
    }))


if __name__ == "__main__":
    main()
