#!/usr/bin/env python3
"""Budgets that cover the whole reply, and a fair search queue (issue #28 item 2), measured on loopback.

Usage: python benchmarks/web_fairness.py [--seconds 60] [--interval 200] [--quick] [--out FILE]

It starts its own servers (uvicorn in a child process on a free 127.0.0.1 port, result cache off, the
default two search threads) and stops by itself. Two parts:

1. **The reproduction**: ``POST /api/letterboxed/solve`` with
   ``{"sides": "AEI-RST-NLC-DOU", "max_words": 5, "all": true, "dict": "english-large"}`` on a server with
   a 2 s budget and on one with 0.5 s: the time to the reply, and the CPU seconds the server process spends
   in the 3 s after the reply (idle, that is the search still running).
2. **Cheap under expensive load**: 50 cheap clients (a Wordle doodle with a random answer, 6 rows and
   seed, or a dictionary lookup, alternately; each client sends one request every ``--interval`` ms),
   first alone for half as long (the same-run baseline), then while 4 clients send the reproduction back
   to back. Reported: the cheap requests' p50 / p99 and their share
   of *server busy* replies, the expensive requests' outcomes (answered, over budget: 422, busy: 503, and whether
   each busy reply carried ``Retry-After``), and the server's CPU seconds in the 3 s after the load stops.

Targets: cheap p99 <= 150 ms and < 5 % busy among the cheap requests (they fit the budget); every reply of
the reproduction within budget + 0.2 s; no CPU after the reply beyond the process's idle noise.
Figures are client-side wall-clock latencies (client and server share this machine's cores).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from web_load import ANSWERS, HOST, Connection, Figures, free_port, wait_ready

REPRODUCTION = {"sides": "AEI-RST-NLC-DOU", "max_words": 5, "all": True, "dict": "english-large"}
EXPENSIVE_PATH = "/api/letterboxed/solve"
EXPENSIVE_CLIENTS = 4
CHEAP_CLIENTS = 50
IDLE_SECONDS = 3.0  # how long after a reply the server's CPU is watched
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (all its threads), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def start_server(port: int, seconds: float) -> subprocess.Popen:
    code = ("from puzzlewright.web.app import create_app, run_server; "
            f"run_server(create_app(cache_entries=0, warm_up=True, loopback_only=True, search_seconds={seconds}), "
            f"host='{HOST}', port={port}, log_level='error')")
    return subprocess.Popen([sys.executable, "-c", code])


async def reproduction(pid: int, port: int, seconds: float, repeats: int) -> dict:
    """The reproduction, ``repeats`` times one after the other: reply time, status, CPU after the reply."""
    rows = []
    for _ in range(repeats):
        connection = Connection(port)
        sent = time.perf_counter()
        status, data = await connection.request("POST", EXPENSIVE_PATH, REPRODUCTION)
        replied = time.perf_counter() - sent
        await connection.close()
        cpu_at_reply = cpu_seconds(pid)
        await asyncio.sleep(IDLE_SECONDS)
        rows.append({"status": status, "reply_s": round(replied, 3),
                     "cpu_after_reply_s": round(cpu_seconds(pid) - cpu_at_reply, 3),
                     "error": json.loads(data).get("error", "")[:90] if status != 200 else ""})
    idle = cpu_seconds(pid)
    await asyncio.sleep(IDLE_SECONDS)
    return {"budget_s": seconds, "runs": rows, "idle_cpu_s": round(cpu_seconds(pid) - idle, 3),
            "median_reply_s": sorted(r["reply_s"] for r in rows)[len(rows) // 2],
            "median_cpu_after_reply_s": sorted(r["cpu_after_reply_s"] for r in rows)[len(rows) // 2]}


def cheap_request(rng: random.Random, index: int) -> tuple[str, str, dict | None]:
    """A doodle (random answer, 6 rows, seed) or a dictionary lookup, alternately."""
    if index % 2:
        return "GET", f"/api/dict/lookup?word={rng.choice(ANSWERS)}&dict=english", None
    rows = ["".join(rng.choice("GYBBB") for _ in range(5)) for _ in range(6)]
    return "POST", "/api/wordle/doodle", {"answer": rng.choice(ANSWERS), "patterns": rows,
                                          "random_seed": rng.randrange(2**31)}


async def under_load(pid: int, port: int, seconds: float, interval: float, expensive_clients: int) -> dict:
    """50 paced cheap clients and ``expensive_clients`` back-to-back expensive clients for ``seconds``."""
    stop = time.perf_counter() + seconds
    cheap = Figures(f"{CHEAP_CLIENTS} cheap clients (doodle / lookup, one request per {interval * 1000:g} ms each)")
    expensive = Figures(f"{expensive_clients} clients sending the reproduction back to back")
    busy = {"cheap": 0, "expensive": 0, "without_retry_after": 0}

    def count(figures: Figures, kind: str, status: int, data: bytes, headers: dict[str, str]) -> None:
        if status == 503 and b"server busy" in data:
            busy[kind] += 1
            busy["without_retry_after"] += "retry-after" not in headers
            label = "503 busy"
        else:
            label = str(status)
        figures.errors[label] = figures.errors.get(label, 0) + 1

    async def cheap_client(number: int) -> None:
        connection, rng = Connection(port), random.Random(number)
        await asyncio.sleep(rng.uniform(0, interval))
        next_send, index = time.perf_counter(), number
        while time.perf_counter() < stop:
            method, path, body = cheap_request(rng, index)
            index += 1
            sent = time.perf_counter()
            status, data = await connection.request(method, path, body)
            cheap.latencies.append(time.perf_counter() - sent)
            count(cheap, "cheap", status, data, connection.headers)
            next_send += interval
            await asyncio.sleep(max(0.0, next_send - time.perf_counter()))
        await connection.close()

    async def expensive_client() -> None:
        connection = Connection(port)
        while time.perf_counter() < stop:
            sent = time.perf_counter()
            status, data = await connection.request("POST", EXPENSIVE_PATH, REPRODUCTION)
            expensive.latencies.append(time.perf_counter() - sent)
            count(expensive, "expensive", status, data, connection.headers)
        await connection.close()

    started = time.perf_counter()
    cpu_before = cpu_seconds(pid)
    await asyncio.gather(*(cheap_client(n) for n in range(CHEAP_CLIENTS)),
                         *(expensive_client() for _ in range(expensive_clients)))
    cheap.seconds = expensive.seconds = time.perf_counter() - started
    cpu_at_end = cpu_seconds(pid)
    await asyncio.sleep(IDLE_SECONDS)
    report = {"cheap": cheap.summary(), "expensive": expensive.summary(),
              "cheap_busy_share": round(busy["cheap"] / max(1, len(cheap.latencies)), 4),
              "busy_replies_without_retry_after": busy["without_retry_after"],
              "server_cpu_s_during_load": round(cpu_at_end - cpu_before, 2),
              "server_cpu_s_after_load": round(cpu_seconds(pid) - cpu_at_end, 3)}
    return report


async def main_async(args: argparse.Namespace) -> dict:
    report: dict = {"when": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
                    "load_average_before": [round(x, 2) for x in os.getloadavg()], "reproduction": []}
    for seconds in (2.0, 0.5):
        port = free_port()
        server = start_server(port, seconds)
        try:
            await wait_ready(port)
            report["reproduction"].append(await reproduction(server.pid, port, seconds, args.repeats))
            if seconds == 2.0:
                report["baseline"] = await under_load(server.pid, port, args.seconds / 2, args.interval / 1000, 0)
                report["load"] = await under_load(server.pid, port, args.seconds, args.interval / 1000,
                                                  EXPENSIVE_CLIENTS)
        finally:
            server.terminate()
            server.wait(10)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=None, help="length of the load (default 60; quick 20)")
    parser.add_argument("--interval", type=float, default=200.0,
                        help="ms between one cheap client's requests (default 200: 250 requests/s offered)")
    parser.add_argument("--repeats", type=int, default=None, help="runs of the reproduction per budget (5; quick 3)")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=None, help="also write the figures as JSON")
    args = parser.parse_args()
    args.seconds = args.seconds or (20.0 if args.quick else 60.0)
    args.repeats = args.repeats or (3 if args.quick else 5)
    report = asyncio.run(main_async(args))
    print(f"machine load average before: {report['load_average_before']}")
    for row in report["reproduction"]:
        print(f"reproduction, {row['budget_s']:g} s budget: median reply {row['median_reply_s']:.2f} s, median CPU "
              f"after the reply {row['median_cpu_after_reply_s']:.3f} s (idle {row['idle_cpu_s']:.3f} s per "
              f"{IDLE_SECONDS:g} s); statuses {[r['status'] for r in row['runs']]}")
    load = report["load"]
    for label, row in (("alone", report["baseline"]["cheap"]), ("under load", load["cheap"]),
                       ("under load", load["expensive"])):
        print(f"{row['scenario']}, {label}: n={row['requests']} p50 {row['p50_ms']} ms p99 {row['p99_ms']} ms "
              f"max {row['max_ms']} ms; {row['errors']}")
    print(f"cheap busy share {load['cheap_busy_share']:.2%}; busy replies without Retry-After "
          f"{load['busy_replies_without_retry_after']}; server CPU {load['server_cpu_s_during_load']} s during the "
          f"load, {load['server_cpu_s_after_load']} s in the {IDLE_SECONDS:g} s after it")
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
