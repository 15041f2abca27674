#!/usr/bin/env python3
"""A sweep of hostile web inputs (issue #28): thousands of requests an attacker or a careless client would
send, each answered without a 5xx, and the server's memory through it.

Usage: python benchmarks/web_sweep.py [--requests 6000] [--clients 4] [--budget 2] [--seed 28] [--out FILE]

It starts its own server (uvicorn in a child process on a free 127.0.0.1 port, as ``puzzlewright serve``
runs it: Host checks on, warm-up, result cache on) and sends ``--requests`` requests from ``--clients``
concurrent connections, a new connection per request. The requests, all made from ``--seed``:

- every verb's example request with one field (or an unknown one) set to each of ~50 hostile values:
  huge integers and digit strings, floats out of range, wrong types, deep nesting, 60 KB strings, NULs and
  lone surrogates, paths of special files, names of dictionaries that are not built in;
- hand-made hostile values per verb (grid sizes, slot names, circle positions, Letter Boxed sides, Wordle
  rows, guesses) and the expensive requests of earlier sweeps;
- raw bodies (not JSON, NaN, 5,000-deep arrays, a BOM, bytes that are not UTF-8, a body at the cap),
  hostile headers (other Host and Origin values, wrong content types, repeated headers), dictionary lookups
  with odd queries, unknown paths and methods;
- the rest random combinations of two or three of the above per request.

A search too large for the budget is a 422 and a kept preparation a 202; the only 503 the server gives is
*server busy* (no search thread free in time, or the connection cap), always with ``Retry-After``. The four
clients are a deliberate flood against a two-thread search pool, so they do get busy replies: a client
given one waits the ``Retry-After`` seconds (at most :data:`MAX_WAIT_S`) and sends the request again, as a
well-behaved client does, up to :data:`MAX_TRIES` times. Those busy replies are reported apart (how many,
whether each was a genuine one: ``server busy`` / ``connections open`` with ``Retry-After``); each request
is counted by its final answer.

Reported: counts of final answers by status, every 5xx final answer other than a genuine busy one, hang
and dropped connection with its request (the target: none), the busy replies along the way and the
requests still busy after every try, and the server's RSS (VmRSS) sampled every 0.25 s: after warm-up,
peak and at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from web_load import HOST, free_port, rss_mb, wait_ready

RSS_BOUND_MB = 400  # docs/web.md: what the server holds after a mix of requests on the default dictionaries
REQUEST_SECONDS = 30  # a request not answered by then counts as a hang
MAX_TRIES = 10  # sends of one request that got busy replies, the first included
MAX_WAIT_S = 8  # the longest Retry-After wait a client honours

HUGE_DIGITS = "9" * 4301
HOSTILE_VALUES: list[object] = [
    None, True, False, 0, -1, 1, 2**31, 2**63, -(2**63), 10**19, 10**30, 1e308, -1e308, 1e-308, 0.5, -0.0,
    "", " ", "\t\n", HUGE_DIGITS, "1" * 25, "-1", "0x10", "1e400", "NaN", "Infinity", "-Infinity", "\u0000",
    "\ud800", "\u202e\u202d", "é" * 1000, "\U0001F642" * 200, "A" * 60_000, "a" * 5000, "../../etc/passwd",
    "/dev/zero", "/dev/urandom", "<script>alert(1)</script>", "%s%n%x", "random", "english-large", "nope",
    "BBBBB", "GGGGG", "RME-WCL-TGK-API", [], {}, [None], [HUGE_DIGITS], ["A"] * 5000, [[[[[]]]]],
    {"a": {"b": {"c": {}}}}, [1] * 10_000, list(range(-5, 5)), {"__proto__": 1}, [True, "x", 1.5, None],
]
KNOWN_KEYS = ["dict", "words", "extra_words", "exclude_words", "min_commonness", "time_limit", "limit", "top",
              "count", "all", "random_seed", "explain", "size", "unique", "max_words", "words_exactly"]
SPECIFIC: dict[str, list[dict]] = {
    "/api/grid/fill": [{"size": s} for s in (HUGE_DIGITS, "15x15", "21x21", "22x22", "0x0", "1x1", "5x" + HUGE_DIGITS,
                                             "-5x5", "5x5x5", "\u0665x\u0665", "9999999999x9")]
    + [{"grid": g} for g in ("#" * 441, "." * 10_000, "/".join(["." * 21] * 21), "/".join(["." * 15] * 15),
                              "a/bb/ccc", "", "/", "\u0000", ["....."] * 100)]
    + [{"grid": "/".join(["....."] * 5), "count": 100, "dict": "english-large"},
       {"grid": "/".join(["......."] * 7), "unique": True}],
    "/api/grid/reroll": [{"slot": s} for s in ("1" * 4301 + "-Across", "0-Across", "-1-Down", "99-Down", "Across",
                                               "1-Sideways", "", "1-across", "\u0661-Across")],
    "/api/grid/export": [{"size": HUGE_DIGITS}] + [{"format": f} for f in ("puz", "exe", "", HUGE_DIGITS)],
    "/api/jumble/solve": [{"jumbles": [{"scrambled": "LASRN", "circles": c}]} for c in
                          ([HUGE_DIGITS], [10**30], [-1], list(range(100)), "0,1", [[0]])]
    + [{"pool": p, "answer_pattern": a} for p, a in (("SHACELANDRTIOU", "---- ---- ------"),
                                                     ("AEIOURSTLNCDMP", "-- --- --- ------"),
                                                     ("A" * 200, "-" * 200), ("", ""), ("ABC", "---- -"))],
    "/api/letterboxed/solve": [{"sides": s} for s in ("AEI-RST-NLC-DOU", "A-B", "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                                                      ["ABCDE", "FGHIJ", "KLMNO", "PQRST", "UVWXY"], "AAA-AAA-AAA-AAA",
                                                      ["A"] * 100, "123-456-789-000")]
    + [{"sides": "AEI-RST-NLC-DOU", "max_words": 5, "all": True, "dict": "english-large"},
       {"sides": ["ABCDE", "FGHIJ", "KLMNO", "PQRST", "UVWXY"], "max_words": 5, "all": True, "dict": "english-large"}],
    "/api/letterboxed/generate": [{"count": c} for c in (100, 10**9, HUGE_DIGITS)] + [{"min_commonness": 9}],
    "/api/wordle/doodle": [{"patterns": p} for p in (["GGGGG"] * 1000, ["B" * 50_000], ["XYZZY"], [""], ["GGGG"])]
    + [{"answer": a} for a in ("zzzzz", "cranes", "", "CRANE", "random", "\u00e9t\u00e9s")],
    "/api/wordle/assist": [{"guesses": g} for g in (["salet:BBBBB"] * 100, ["abandoned:BBBBBBBBB"], ["salet"],
                                                    [":"], ["salet:XXXXX"], ["a" * 10_000 + ":B"])]
    + [{"answers": "english-large", "guesses": ["salet:BBBBB"]}],
    "/api/acrostic/solve": [{"template": "/".join(["....."] * 5), "pool": "aaaaabcdeeeeeghiilmnorrst", "all": True,
                             "dict": "english-large"}, {"pool": "a" * 10_000}, {"seed": "x" * 100}],
    "/api/acrostic/generate": [{"size": s} for s in (7, 8, 100, HUGE_DIGITS)]
    + [{"size": 7, "count": 10, "unique": True, "dict": "english-large", "random_seed": 1}],
}
RAW_BODIES = [b"", b" ", b"null", b"[]", b"1", b'"x"', b"{", b"{}}", b'{"a": NaN}', b'{"a": Infinity}',
              b"[" * 5000 + b"]" * 5000, b'{"a":' * 100 + b"1" + b"}" * 100, b"\xef\xbb\xbf{}", b"\xff\xfe{}",
              b'{"count": ' + HUGE_DIGITS.encode() + b"}", b'{"a": "\\ud800"}', b'{"a": 1e400}',
              b'{"a": 1, "a": 2}', b"\x00" * 100, b'{"sides": "' + b"A" * 65_000 + b'"}', b"{" + b" " * 70_000 + b"}"]
HEADER_SETS: list[list[tuple[str, str]]] = [
    [("Host", "evil.example")], [("Host", "evil.example:8000"), ("Origin", "http://evil.example:8000")],
    [("Origin", "null")], [("Origin", "http://evil.example")], [("Content-Type", "text/plain")],
    [("Content-Type", "application/json; charset=latin-1")], [("Content-Type", "")],
    [("Host", "127.0.0.1"), ("Host", "localhost")], [("X-Forwarded-Host", "evil.example")],
    [("Transfer-Encoding", "chunked")], [("Content-Length", "-1")], [("Content-Length", HUGE_DIGITS[:200])],
    [("Expect", "100-continue")], [("Connection", "upgrade"), ("Upgrade", "websocket")],
]
LOOKUP_QUERIES = ["", "word=", "word=cat&dict=" + "x" * 5000, "word=" + ",".join(["a"] * 200), "word=%00",
                  "word=%ff%fe", "word=cat&dict=english-large", "word=cat&dict=../../etc", "word=" + HUGE_DIGITS,
                  "word=cat&word=dog&dict=wordle-answers", "dict=english", "word=caf%C3%A9"]
PATHS = ["/", "/healthz", "/api/dicts", "/nowhere", "/static/../x", "/static/%2e%2e/secret", "/api/", "/docs",
         "/openapi.json", "/api/letterboxed", "/api/fake/solve", "//api//dicts", "/" + "a" * 8000]
METHODS = ["GET", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "HEAD", "TRACE", "FOO"]


class Request:
    """One raw HTTP request and what it is, for the report."""

    def __init__(self, label: str, method: str, path: str, body: bytes = b"",
                 headers: list[tuple[str, str]] | None = None):
        self.label, self.method, self.path, self.body = label, method, path, body
        self.headers = headers if headers is not None else [("Content-Type", "application/json")]

    def raw(self, port: int) -> bytes:
        names = {name.lower() for name, _ in self.headers}
        lines = [f"{self.method} {self.path} HTTP/1.1"]
        if "host" not in names:
            lines.append(f"Host: {HOST}:{port}")
        lines += [f"{name}: {value}" for name, value in self.headers]
        if "content-length" not in names and "transfer-encoding" not in names:
            lines.append(f"Content-Length: {len(self.body)}")
        lines.append("Connection: close")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8", "surrogatepass") + self.body


def json_body(payload: object) -> bytes:
    return json.dumps(payload).encode("utf-8", "surrogatepass")


def endpoint_examples() -> dict[str, dict]:
    from puzzlewright.web.endpoints import ENDPOINTS

    return {endpoint.path: dict(endpoint.example) for endpoint in ENDPOINTS}


def hostile_requests(count: int, seed: int) -> list[Request]:
    """``count`` requests: every single mutation and hand-made case first, then random combinations."""
    examples = endpoint_examples()
    singles: list[Request] = []
    for path, example in examples.items():
        keys = list(dict.fromkeys([*example, *KNOWN_KEYS, "unknown_key"]))
        for key in keys:
            for place, value in enumerate(HOSTILE_VALUES):
                singles.append(Request(f"{path} {key}=hostile[{place}]", "POST", path,
                                       json_body({**example, key: value})))
        for place, change in enumerate(SPECIFIC.get(path, [])):
            singles.append(Request(f"{path} specific[{place}]", "POST", path, json_body({**example, **change})))
        for place, body in enumerate(RAW_BODIES):
            singles.append(Request(f"{path} raw[{place}]", "POST", path, body))
        for place, headers in enumerate(HEADER_SETS):
            body = json_body(example)
            if any(name.lower() == "transfer-encoding" for name, _ in headers):
                body = f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n"
            singles.append(Request(f"{path} headers[{place}]", "POST", path, body,
                                   [("Content-Type", "application/json"), *headers]))
    for place, query in enumerate(LOOKUP_QUERIES):
        singles.append(Request(f"lookup[{place}]", "GET", f"/api/dict/lookup?{query}", headers=[]))
    for path in PATHS:
        for method in METHODS:
            singles.append(Request(f"{method} {path[:40]}", method, path, headers=[]))
    rng = random.Random(seed)
    requests = list(singles)
    paths = list(examples)
    while len(requests) < count:
        path = rng.choice(paths)
        payload = dict(examples[path])
        keys = list(dict.fromkeys([*payload, *KNOWN_KEYS]))
        for _ in range(rng.randint(2, 3)):
            if rng.random() < 0.3 and SPECIFIC.get(path):
                payload.update(rng.choice(SPECIFIC[path]))
            else:
                payload[rng.choice(keys)] = rng.choice(HOSTILE_VALUES)
        headers = [("Content-Type", "application/json")]
        if rng.random() < 0.1:
            headers += rng.choice(HEADER_SETS[:9])
        requests.append(Request(f"{path} random #{len(requests)}", "POST", path, json_body(payload), headers))
    return requests[:max(count, len(singles))]


class Reply:
    """One answer: status (0 when the connection failed or closed without an answer, -1 when no answer came
    in time), the headers (lower-case names) and the body."""

    def __init__(self, status: int, body: bytes, headers: dict[str, str] | None = None):
        self.status, self.body, self.headers = status, body, headers or {}

    def busy_wait(self) -> int | None:
        """For a genuine *server busy* reply (503, ``server busy`` or ``connections open``, a numeric
        ``Retry-After``): the seconds to wait before asking again; None for any other reply."""
        text = self.body.decode("utf-8", "replace")
        retry = self.headers.get("retry-after", "")
        if self.status == 503 and ("server busy" in text or "connections open" in text) and retry.isdigit():
            return int(retry)
        return None


async def send(request: Request, port: int) -> Reply:
    """Send one request on a new connection and read its answer."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), 10)
    except (OSError, asyncio.TimeoutError):
        return Reply(0, b"connect failed")
    try:
        writer.write(request.raw(port))
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), REQUEST_SECONDS)
    except asyncio.TimeoutError:
        return Reply(-1, b"no answer")
    except OSError as error:
        return Reply(0, str(error).encode())
    finally:
        writer.close()
    while data.startswith(b"HTTP/1.1 1"):  # an interim answer (100 Continue): the real one follows
        data = data.partition(b"\r\n\r\n")[2]
    if not data.startswith(b"HTTP/1.1 "):
        return Reply(0, data[:200])
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    return Reply(int(lines[0].split()[1]), body, headers)


async def send_until_answered(request: Request, port: int, busy: Counter[str]) -> Reply:
    """Send a request, and again after each genuine busy reply's ``Retry-After`` (``busy`` counts them by
    kind), up to :data:`MAX_TRIES` sends: the last reply."""
    for _ in range(MAX_TRIES):
        reply = await send(request, port)
        wait = reply.busy_wait()
        if wait is None:
            return reply
        busy["connections" if b"connections open" in reply.body else "server busy"] += 1
        await asyncio.sleep(min(wait, MAX_WAIT_S))
    return reply


def label(reply: Reply) -> str:
    """The report's name for a final answer: its status, a search over budget (422) and a busy 503 named."""
    if reply.status == 422 and b"did not finish in the" in reply.body:
        return "422 over budget"
    if reply.status == 503:
        return "503 busy (after every try)" if reply.busy_wait() is not None else "503 other"
    return str(reply.status)


async def sweep(port: int, pid: int, requests: list[Request], clients: int) -> dict:
    statuses: Counter[str] = Counter()
    busy: Counter[str] = Counter()
    failures: list[dict] = []
    still_busy: list[str] = []  # requests whose every try got a genuine busy reply
    queue = iter(requests)
    rss = {"start": rss_mb(pid), "peak": rss_mb(pid)}
    done = asyncio.Event()

    async def sample() -> None:
        while not done.is_set():
            rss["peak"] = max(rss["peak"], rss_mb(pid))
            await asyncio.sleep(0.25)

    async def client() -> None:
        for request in queue:
            reply = await send_until_answered(request, port, busy)
            statuses[label(reply)] += 1
            if reply.busy_wait() is not None:
                still_busy.append(request.label)
            elif reply.status >= 500 or reply.status <= 0:
                failures.append({"request": request.label, "status": reply.status,
                                 "body": reply.body[:200].decode("utf-8", "replace")})

    sampler = asyncio.create_task(sample())
    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    seconds = time.perf_counter() - started
    done.set()
    await sampler
    rss["end"] = rss_mb(pid)
    return {"requests": len(requests), "seconds": round(seconds, 1), "statuses": dict(sorted(statuses.items())),
            "busy_replies_retried": dict(sorted(busy.items())), "still_busy_after_every_try": still_busy,
            "failures": failures,
            "rss_mb": {key: round(value, 1) for key, value in rss.items()},
            "rss_bound_mb": RSS_BOUND_MB}


def start_server(port: int, budget: float) -> subprocess.Popen:
    code = ("from puzzlewright.web.app import create_app, run_server; "
            f"run_server(create_app(warm_up=True, loopback_only=True, search_seconds={budget}), "
            f"host='{HOST}', port={port}, log_level='critical')")
    return subprocess.Popen([sys.executable, "-c", code])


async def main_async(args: argparse.Namespace) -> dict:
    requests = hostile_requests(args.requests, args.seed)
    port = free_port()
    server = start_server(port, args.budget)
    try:
        await wait_ready(port)
        report = await sweep(port, server.pid, requests, args.clients)
    finally:
        server.terminate()
        server.wait(10)
    report.update(when=time.strftime("%Y-%m-%d %H:%M:%S %Z"), budget_s=args.budget, clients=args.clients,
                  seed=args.seed)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=6000)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--budget", type=float, default=2.0, help="the server's search budget (seconds)")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--out", type=Path, default=None, help="also write the figures as JSON")
    args = parser.parse_args()
    report = asyncio.run(main_async(args))
    print(f"{report['requests']:,} hostile requests in {report['seconds']} s from {args.clients} clients "
          f"(budget {args.budget:g} s): {report['statuses']}")
    print(f"busy replies along the way (genuine: 503 with Retry-After; waited and sent again): "
          f"{report['busy_replies_retried']}")
    print(f"requests still busy after {MAX_TRIES} tries (genuine busy replies): {len(report['still_busy_after_every_try'])}")
    print(f"other 5xx final answers, hangs and dropped connections: {len(report['failures'])}")
    for failure in report["failures"][:20]:
        print(f"  {failure['status']} {failure['request']}: {failure['body'][:120]}")
    rss = report["rss_mb"]
    print(f"server RSS: {rss['start']} MB after warm-up, peak {rss['peak']} MB, {rss['end']} MB at the end "
          f"(bound {RSS_BOUND_MB} MB)")
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
