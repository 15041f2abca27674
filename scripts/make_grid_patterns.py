"""Generate American-style block patterns (15x15, or 21x21 with ``--size 21``) for ``puzzlewright.grid.patterns`` (how the shipped ones
were made; they are our own, not copied from any published grid).

Rules kept: 180-degree rotational symmetry, every across and down run of white cells at least 3 long, all
white cells connected, at most --max-words words (78 for a 15x15), --blocks blocks, no white run longer
than --max-run cells, no 2x2 block clumps. Blocks are placed as symmetric pairs at random, each kept only
while the rules still hold; a seed makes the run reproducible.

    python scripts/make_grid_patterns.py --count 6 --seed 1
    python scripts/make_grid_patterns.py --size 21 --blocks 74 --max-run 13 --max-words 144 --count 1 --seed 2
"""

from __future__ import annotations

import argparse
import random

from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid.model import Grid



def runs_ok(cells: list[str], size: int) -> bool:
    """Every run of white cells across and down is at least three long."""
    for r in range(size):
        for line in (cells[r * size:(r + 1) * size], cells[r::size]):
            for run in "".join(line).split("#"):
                if 0 < len(run) < 3:
                    return False
    return True


def connected(cells: list[str], size: int) -> bool:
    white = [i for i, ch in enumerate(cells) if ch != "#"]
    seen, stack = {white[0]}, [white[0]]
    while stack:
        i = stack.pop()
        r, c = divmod(i, size)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            j = rr * size + cc
            if 0 <= rr < size and 0 <= cc < size and cells[j] != "#" and j not in seen:
                seen.add(j)
                stack.append(j)
    return len(seen) == len(white)


def clump(cells: list[str], i: int, size: int) -> bool:
    """Whether the block at ``i`` is part of a 2x2 square of blocks."""
    r, c = divmod(i, size)
    for dr in (-1, 0):
        for dc in (-1, 0):
            if 0 <= r + dr < size - 1 and 0 <= c + dc < size - 1:
                square = [(r + dr + a) * size + c + dc + b for a in (0, 1) for b in (0, 1)]
                if all(cells[j] == "#" for j in square):
                    return True
    return False


def longest_run(cells: list[str], size: int) -> int:
    lines = [cells[r * size:(r + 1) * size] for r in range(size)] + [cells[c::size] for c in range(size)]
    return max(len(run) for line in lines for run in "".join(line).split("#"))


def make_pattern(rng: random.Random, size: int, blocks: int, max_run: int, max_words: int) -> Grid | None:
    cells = ["."] * (size * size)
    count = 0
    for _ in range(5000):
        if count >= blocks:
            break
        i = rng.randrange(size * size)
        j = size * size - 1 - i
        if cells[i] == "#":
            continue
        cells[i] = cells[j] = "#"
        if (runs_ok(cells, size) and connected(cells, size) and not clump(cells, i, size)
                and not clump(cells, j, size)):
            count += 1 + (i != j)
        else:
            cells[i] = cells[j] = "."
    if count < blocks or longest_run(cells, size) > max_run:
        return None
    try:
        grid = Grid.from_rows(["".join(cells[r * size:(r + 1) * size]) for r in range(size)], min_length=3)
    except PuzzleInputError:
        return None
    return grid if len(grid.slots) <= max_words else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--max-words", type=int, default=78)
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--blocks", type=int, default=38)
    parser.add_argument("--max-run", type=int, default=9)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    made = 0
    while made < args.count:
        grid = make_pattern(rng, args.size, args.blocks, args.max_run, args.max_words)
        if grid is not None:
            made += 1
            print(f"# {len(grid.slots)} words, {grid.blocks} blocks")
            print(grid.text())
            print()


if __name__ == "__main__":
    main()
