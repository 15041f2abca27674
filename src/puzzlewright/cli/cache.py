"""``puzzlewright cache``: what the package keeps in its cache folder, and removing it."""

from __future__ import annotations

import os
import time

import click

from puzzlewright.cli.common import emit_json, json_option


@click.group("cache")
def cache_group() -> None:
    """The cache folder ($PUZZLEWRIGHT_CACHE, else ~/.cache/puzzlewright): Wordle pattern matrices, Letter
    Boxed indexes, built --dict FILE word lists, compiled kernels. It is capped at $PUZZLEWRIGHT_CACHE_LIMIT (default 2G); the least
    recently used files go first."""


@cache_group.command("info")
@json_option
def info(as_json: bool) -> None:
    """Where the cache is, its cap, and each file with its size and when it was last used."""
    from puzzlewright.cache import cache_dir, cache_files, cache_limit

    files = cache_files()
    facts = {"folder": cache_dir(), "limit_bytes": cache_limit(), "bytes": sum(f.size for f in files),
             "files": [{"name": os.path.relpath(f.path, cache_dir()), "bytes": f.size,
                        "last_used": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(f.used))}
                       for f in reversed(files)]}
    if as_json:
        emit_json(facts)
        return
    click.echo(f"{facts['folder']}: {len(files)} files, {_size(facts['bytes'])} of {_size(facts['limit_bytes'])}"
               " (least recently used files are removed beyond that)")
    for entry in facts["files"]:
        click.echo(f"  {_size(entry['bytes']):>9}  {entry['last_used']}  {entry['name']}")


@cache_group.command("clear")
@json_option
def clear(as_json: bool) -> None:
    """Remove every file the package cached (they are rebuilt when next needed)."""
    from puzzlewright.cache import cache_dir, clear_cache

    removed = clear_cache()
    freed = sum(f.size for f in removed)
    if as_json:
        emit_json({"folder": cache_dir(), "removed": len(removed), "bytes": freed})
    else:
        click.echo(f"removed {len(removed)} files ({_size(freed)}) from {cache_dir()}")


def _size(count: int) -> str:
    """A byte count for people: 30.1 MB."""
    for unit in ("bytes", "KB", "MB", "GB"):
        if count < 1024 or unit == "GB":
            return f"{count:,} {unit}" if unit == "bytes" else f"{count:.1f} {unit}"
        count /= 1024
    return f"{count:.1f} TB"
