#!/usr/bin/env python3
"""A bounded load test of the web app on loopback: latency percentiles under 50 concurrent clients.

Usage: python benchmarks/web_load.py [--clients 50] [--requests 2000] [--quick] [--out FILE]

It starts its own server (uvicorn in a child process on a free 127.0.0.1 port), sends a fixed number of
requests per scenario from ``--clients`` concurrent keep-alive connections, and stops by itself (every
loop is bounded in count and time). Traffic goes to 127.0.0.1 only. Scenarios:

- ``/api/letterboxed/solve`` over the 101 NYT sample puzzles, with the server's result cache on (each
  puzzle asked once before the clock starts, as for a day's puzzle that everybody solves) and off (every
  request searches);
- ``/api/wordle/doodle`` with random answers, 6-row patterns and seeds (every request searches);
  each in two modes: *paced* (each client sends one request every ``--interval`` ms: an interactive load)
  and *saturated* (each client sends its next request as soon as the last answer arrives: the throughput);
- ``/healthz`` and ``/api/dict/lookup`` polled while deliberately expensive searches run (budget-bound).

``--hardening`` runs instead the issue #16 checks: cheap requests while 4 clients send the most expensive
request kinds (their p99, and that searches after them are not refused as busy), then the server's RSS
and its cache folder's size after ``--varied`` (5,000) varied requests.

Figures are client-side wall-clock latencies (client and server share this machine's 2 cores).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench import shared_data_dir

HOST = "127.0.0.1"
SAMPLE = shared_data_dir() / "samples" / \
    "letterboxed-nyt-sample.json"
FALLBACK_SIDES = [["RME", "WCL", "TGK", "API"], ["AEI", "OMR", "JND", "UXY"]]
ANSWERS = ["crane", "slate", "ghost", "pious", "mango", "lemon", "proxy", "query", "vivid", "whelp", "abide", "hotel"]
SCENARIO_SECONDS = 120  # hard stop for one scenario, whatever happens


# -- a minimal HTTP/1.1 keep-alive client (so the client library's own cost stays out of the figures) ------

class Connection:
    """One keep-alive HTTP/1.1 connection to the server."""

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        payload = b"" if body is None else json.dumps(body).encode()
        head = (f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(payload)}\r\n\r\n").encode()
        self.writer.write(head + payload)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length, close = 0, False
        self.headers: dict[str, str] = {}  # the last response's headers (lower-case names)
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            self.headers[name.lower()] = value.strip()
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "connection" and value.strip().lower() == "close":
                close = True
        data = await self.reader.readexactly(length)
        if close:
            await self.close()
        return status, data

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


@dataclass
class Figures:
    """Latencies (seconds) and errors of one scenario."""

    name: str
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def summary(self) -> dict:
        ordered = sorted(self.latencies)
        pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else None  # noqa: E731
        return {"scenario": self.name, "requests": len(ordered), "errors": self.errors,
                "p50_ms": _round(pick(0.50)), "p90_ms": _round(pick(0.90)), "p99_ms": _round(pick(0.99)),
                "max_ms": _round(ordered[-1] * 1000 if ordered else None),
                "throughput_rps": round(len(ordered) / self.seconds, 1) if self.seconds else None}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


async def run_clients(port: int, name: str, make_request, *, clients: int, total: int,
                      interval: float | None, seconds: float = SCENARIO_SECONDS) -> Figures:
    """``clients`` connections share ``total`` requests; paced when ``interval`` (seconds) is given; the
    scenario stops after ``seconds`` whatever is left."""
    figures = Figures(name)
    remaining = iter(range(total))
    deadline = time.perf_counter() + seconds

    async def client(number: int) -> None:
        connection = Connection(port)
        rng = random.Random(number)
        if interval:
            await asyncio.sleep(rng.uniform(0, interval))  # spread the clients' phases
        next_send = time.perf_counter()
        try:
            for index in remaining:
                if time.perf_counter() > deadline:
                    break
                method, path, body = make_request(rng, index)
                started = time.perf_counter()
                try:
                    status, data = await connection.request(method, path, body)
                except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as error:
                    figures.errors[type(error).__name__] = figures.errors.get(type(error).__name__, 0) + 1
                    await connection.close()
                    continue
                figures.latencies.append(time.perf_counter() - started)
                if status != 200:
                    kind = f"{status} busy" if b"server busy" in data else str(status)
                    figures.errors[kind] = figures.errors.get(kind, 0) + 1
                if interval:
                    next_send += interval
                    await asyncio.sleep(max(0.0, next_send - time.perf_counter()))
        finally:
            await connection.close()

    started = time.perf_counter()
    await asyncio.gather(*(client(n) for n in range(clients)))
    figures.seconds = time.perf_counter() - started
    return figures


# -- the request mixes ---------------------------------------------------------------------------------

def letterboxed_requests() -> list[dict]:
    try:
        puzzles = json.loads(SAMPLE.read_text())
        sides = [p["sides"] for p in puzzles]
    except (OSError, ValueError, KeyError):
        sides = FALLBACK_SIDES
    return [{"sides": s} for s in sides]


def letterboxed_mix(requests: list[dict]):
    return lambda rng, index: ("POST", "/api/letterboxed/solve", requests[index % len(requests)])


def doodle_mix(rng: random.Random, index: int):
    rows = ["".join(rng.choice("GYBBB") for _ in range(5)) for _ in range(6)]
    return "POST", "/api/wordle/doodle", {"answer": rng.choice(ANSWERS), "patterns": rows,
                                          "random_seed": rng.randrange(2**31)}


EXPENSIVE = [  # each runs until the server's time budget stops it
    ("acrostic: every 5x5 square of a blank template, english-large", "/api/acrostic/solve",
     {"template": "...../...../...../...../.....", "pool": "aaaaabcdeeeeeghiilmnorrst", "all": True,
      "dict": "english-large"}),
    ("acrostic: generate ten unique 7x7 puzzles, english-large", "/api/acrostic/generate",
     {"size": 7, "count": 10, "unique": True, "dict": "english-large", "random_seed": 1}),
]


async def probe_while_busy(port: int, quick: bool) -> list[dict]:
    """Poll /healthz and a cheap lookup while expensive searches run; report their latencies."""
    results = []
    for label, path, body in EXPENSIVE:
        busy = Connection(port)
        search = asyncio.create_task(busy.request("POST", path, body))
        await asyncio.sleep(0.05)
        figures = {"healthz": Figures(f"/healthz during: {label}"),
                   "lookup": Figures(f"/api/dict/lookup during: {label}")}
        probes = {"healthz": Connection(port), "lookup": Connection(port)}
        started = time.perf_counter()
        while not search.done() and time.perf_counter() - started < (5 if quick else 15):
            for kind, target in (("healthz", "/healthz"), ("lookup", "/api/dict/lookup?word=cat&dict=english")):
                sent = time.perf_counter()
                status, _ = await probes[kind].request("GET", target)
                figures[kind].latencies.append(time.perf_counter() - sent)
                if status != 200:
                    figures[kind].errors[str(status)] = figures[kind].errors.get(str(status), 0) + 1
            await asyncio.sleep(0.01)
        status, data = await search
        outcome = f"HTTP {status}"
        if status != 200:
            outcome += f": {json.loads(data).get('error', '')}"
        for kind in figures:
            summary = figures[kind].summary()
            summary["search"] = f"{outcome} after {time.perf_counter() - started + 0.05:.2f} s"
            results.append(summary)
            await probes[kind].close()
        await busy.close()
    return results


# -- hardening: cheap requests while 4 clients send the most expensive ones; memory and disk after a mix ---

MOST_EXPENSIVE = [  # the costliest request kinds of the adversarial sweep (issue #16)
    ("/api/letterboxed/generate", {"count": 100, "dict": "english-large", "random_seed": 7}),
    ("/api/acrostic/solve", EXPENSIVE[0][2]),
    ("/api/acrostic/generate", EXPENSIVE[1][2]),
    ("/api/letterboxed/solve", {"sides": ["ABCDE", "FGHIJ", "KLMNO", "PQRST", "UVWXY"], "max_words": 5,
                                "dict": "english-large"}),
    ("/api/wordle/assist", {"answers": "english-large", "guesses": ["salet:BBBBB"]}),
    ("/api/wordle/assist", {"answers": "english", "guesses": ["abandoned:BBBBBBBBB"]}),
]


async def cheap_while_expensive(port: int, seconds: float) -> dict:
    """4 clients send the most expensive requests back to back for ``seconds`` while one client polls
    /healthz and a dictionary lookup; then, once the expensive ones have stopped, 50 ordinary searches
    must all be answered (no "server busy")."""
    stop = time.perf_counter() + seconds
    expensive = Figures("4 clients sending the most expensive requests")
    cheap = Figures("/healthz + /api/dict/lookup meanwhile")

    async def expensive_client(number: int) -> None:
        connection, index = Connection(port), number
        while time.perf_counter() < stop:
            path, body = MOST_EXPENSIVE[index % len(MOST_EXPENSIVE)]
            index += 1
            sent = time.perf_counter()
            status, data = await connection.request("POST", path, body)
            expensive.latencies.append(time.perf_counter() - sent)
            kind = f"{status} busy" if b"server busy" in data else str(status)
            expensive.errors[kind] = expensive.errors.get(kind, 0) + 1
        await connection.close()

    async def cheap_client() -> None:
        connection = Connection(port)
        await asyncio.sleep(0.2)
        while time.perf_counter() < stop:
            for target in ("/healthz", "/api/dict/lookup?word=cat&dict=english"):
                sent = time.perf_counter()
                status, _ = await connection.request("GET", target)
                cheap.latencies.append(time.perf_counter() - sent)
                if status != 200:
                    cheap.errors[str(status)] = cheap.errors.get(str(status), 0) + 1
            await asyncio.sleep(0.01)
        await connection.close()

    started = time.perf_counter()
    await asyncio.gather(cheap_client(), *(expensive_client(n) for n in range(4)))
    expensive.seconds = cheap.seconds = time.perf_counter() - started
    boxes = letterboxed_requests()
    after = await run_clients(port, "50 searches after the expensive ones stopped",
                              lambda rng, i: ("POST", "/api/letterboxed/solve", {**boxes[i % len(boxes)], "limit": 3}),
                              clients=4, total=50, interval=None)
    return {"expensive": expensive.summary(), "cheap": cheap.summary(), "after": after.summary()}


def varied_request(rng: random.Random, index: int):
    """One of a varied mix: uncached solves, doodles, lookups, assists with their own exclusions."""
    kind = index % 5
    if kind == 0:
        return doodle_mix(rng, index)
    if kind == 1:
        return "POST", "/api/letterboxed/solve", {"sides": rng.choice(letterboxed_requests())["sides"],
                                                  "limit": rng.randrange(1, 20)}
    if kind == 2:
        return "GET", f"/api/dict/lookup?word={rng.choice(ANSWERS)}&dict={rng.choice(['english', 'wordle-guesses'])}", None
    if kind == 3:
        return "POST", "/api/wordle/assist", {"guesses": [f"{rng.choice(ANSWERS)}:BBBBB"],
                                               "exclude_words": rng.sample(ANSWERS, 3), "top": rng.randrange(1, 9)}
    return "POST", "/api/jumble/solve", {"pool": "".join(rng.sample("SHACELAND", 5)), "answer_pattern": "-----",
                                         "top": rng.randrange(1, 9)}


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` (MB), from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def folder_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


async def hardening(args: argparse.Namespace) -> dict:
    """The issue #16 run: cheap p99 under expensive load, no busy answers after, RSS and cache folder size
    after 5,000 varied requests (the server's cache folder is a fresh one, capped at --cache-limit)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="pw-cache-") as folder:
        port = free_port()
        server = start_server(port, 512, {"PUZZLEWRIGHT_CACHE": folder, "PUZZLEWRIGHT_CACHE_LIMIT": args.cache_limit})
        try:
            await wait_ready(port)
            report = await cheap_while_expensive(port, 20 if args.quick else 60)
            report["rss_mb_before_mix"] = round(rss_mb(server.pid), 1)
            mix = await run_clients(port, f"{args.varied:,} varied requests", varied_request, clients=10,
                                    total=args.varied, interval=None, seconds=args.mix_seconds)
            report["mix"] = mix.summary()
            report["rss_mb_after_mix"] = round(rss_mb(server.pid), 1)
            report["cache_folder_bytes"] = folder_bytes(Path(folder))
            report["cache_limit"] = args.cache_limit
        finally:
            server.terminate()
            server.wait(10)
    return report


# -- the server ----------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def start_server(port: int, cache_entries: int, env: dict[str, str] | None = None) -> subprocess.Popen:
    code = ("from puzzlewright.web.app import create_app, run_server; "
            f"run_server(create_app(cache_entries={cache_entries}, warm_up=True, loopback_only=True), "
            f"host='{HOST}', port={port}, log_level='error')")
    return subprocess.Popen([sys.executable, "-c", code], env={**os.environ, **(env or {})})


async def wait_ready(port: int, seconds: float = 90) -> None:
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        try:
            connection = Connection(port)
            status, data = await connection.request("GET", "/healthz")
            await connection.close()
            if status == 200 and json.loads(data)["ready"]:
                return
        except OSError:
            pass
        await asyncio.sleep(0.2)
    raise SystemExit("the server did not become ready")


async def scenarios(port: int, args: argparse.Namespace, cache: bool) -> list[dict]:
    total, clients, interval = args.requests, args.clients, args.interval / 1000
    boxes = letterboxed_requests()
    runs = []
    label = "cache on" if cache else "cache off"
    if cache:  # the audience's puzzles have each been asked once already
        await run_clients(port, "warm the cache", letterboxed_mix(boxes), clients=1, total=len(boxes), interval=None)
    for mode, pace in (("paced", interval), ("saturated", None)):
        figures = await run_clients(port, f"letterboxed/solve, {label}, {mode}", letterboxed_mix(boxes),
                                    clients=clients, total=total, interval=pace)
        runs.append(figures.summary())
        if not cache:
            figures = await run_clients(port, f"wordle/doodle (6 rows), {mode}", doodle_mix,
                                        clients=clients, total=total, interval=pace)
            runs.append(figures.summary())
    return runs


async def main_async(args: argparse.Namespace) -> dict:
    report = {"when": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "clients": args.clients,
              "requests_per_scenario": args.requests, "paced_interval_ms": args.interval,
              "load_average_before": [round(x, 2) for x in os.getloadavg()], "scenarios": [], "while_busy": []}
    for cache in (True, False):
        port = free_port()
        server = start_server(port, 512 if cache else 0)
        try:
            await wait_ready(port)
            report["scenarios"] += await scenarios(port, args, cache)
            if not cache:
                report["while_busy"] = await probe_while_busy(port, args.quick)
        finally:
            server.terminate()
            server.wait(10)
    return report


def describe(row: dict) -> str:
    """One scenario's figures on one line."""
    ms = lambda key: "-" if row[key] is None else f"{row[key]:.2f}"  # noqa: E731
    extra = f"  [{row['search']}]" if "search" in row else f"  {row['throughput_rps']} req/s"
    return (f"{row['scenario']:62} n={row['requests']:5}  p50 {ms('p50_ms'):>8} ms  p99 {ms('p99_ms'):>8} ms  "
            f"max {ms('max_ms'):>8} ms  errors {sum(row['errors'].values())}{extra}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--requests", type=int, default=None, help="requests per scenario (default 3000; quick 500)")
    parser.add_argument("--interval", type=float, default=200.0,
                        help="paced mode: ms between one client's requests (default 200: 250 req/s offered)")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=None, help="also write the figures as JSON")
    parser.add_argument("--hardening", action="store_true",
                        help="only the issue #16 run: cheap requests while 4 clients send the most expensive "
                             "ones, then RSS and cache folder size after --varied requests")
    parser.add_argument("--varied", type=int, default=5000, help="requests of the varied mix (--hardening)")
    parser.add_argument("--cache-limit", default="256M", help="the server's cache cap (--hardening)")
    parser.add_argument("--mix-seconds", type=float, default=900,
                        help="stop the varied mix after this long even if requests are left (--hardening)")
    args = parser.parse_args()
    if args.hardening:
        report = asyncio.run(hardening(args))
        for key in ("expensive", "cheap", "after", "mix"):
            print(describe(report[key]))
        print(f"server RSS {report['rss_mb_before_mix']} MB before the mix, {report['rss_mb_after_mix']} MB after; "
              f"cache folder {report['cache_folder_bytes'] / 2**20:.1f} MB (cap {report['cache_limit']})")
        if args.out:
            args.out.write_text(json.dumps(report, indent=1) + "\n")
        return
    args.requests = args.requests or (500 if args.quick else 3000)
    if not 1 <= args.clients <= 200 or not 1 <= args.requests <= 20_000:
        raise SystemExit("--clients must be 1-200 and --requests 1-20000")
    report = asyncio.run(main_async(args))
    print(f"{args.clients} clients, {args.requests} requests per scenario; machine load average before: "
          f"{report['load_average_before']}")
    for row in report["scenarios"] + report["while_busy"]:
        print(describe(row))
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
