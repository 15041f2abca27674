"""Generate 15x15 American-style block patterns for ``puzzlewright.grid.patterns`` (how the shipped ones
were made; they are our own, not copied from any published grid).

Rules kept: 180-degree rotational symmetry, every across and down run of white cells at least 3 long, all
white cells connected, at most 78 words, 36-40 blocks, no white run longer than 10 cells except the
middle row/column pairs, no 2x2 block clumps. Blocks are placed as symmetric pairs at random, each kept
only while the rules still hold; a seed makes the run reproducible.

    python scripts/make_grid_patterns.py --count 6 --seed 1
"""

from __future__ import annotations

import argparse
import random

from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid.model import Grid

SIZE = 15


def runs_ok(cells: list[str]) -> bool:
    """Every run of white cells across and down is at least three long."""
    for r in range(SIZE):
        for line in (cells[r * SIZE:(r + 1) * SIZE], cells[r::SIZE]):
            for run in "".join(line).split("#"):
                if 0 < len(run) < 3:
                    return False
    return True


def connected(cells: list[str]) -> bool:
    white = [i for i, ch in enumerate(cells) if ch != "#"]
    seen, stack = {white[0]}, [white[0]]
    while stack:
        i = stack.pop()
        r, c = divmod(i, SIZE)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            j = rr * SIZE + cc
            if 0 <= rr < SIZE and 0 <= cc < SIZE and cells[j] != "#" and j not in seen:
                seen.add(j)
                stack.append(j)
    return len(seen) == len(white)


def clump(cells: list[str], i: int) -> bool:
    """Whether the block at ``i`` is part of a 2x2 square of blocks."""
    r, c = divmod(i, SIZE)
    for dr in (-1, 0):
        for dc in (-1, 0):
            if 0 <= r + dr < SIZE - 1 and 0 <= c + dc < SIZE - 1:
                square = [(r + dr + a) * SIZE + c + dc + b for a in (0, 1) for b in (0, 1)]
                if all(cells[j] == "#" for j in square):
                    return True
    return False


def longest_run(cells: list[str]) -> int:
    lines = [cells[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)] + [cells[c::SIZE] for c in range(SIZE)]
    return max(len(run) for line in lines for run in "".join(line).split("#"))


def make_pattern(rng: random.Random, blocks: int, max_run: int) -> Grid | None:
    cells = ["."] * (SIZE * SIZE)
    count = 0
    for _ in range(5000):
        if count >= blocks:
            break
        i = rng.randrange(SIZE * SIZE)
        j = SIZE * SIZE - 1 - i
        if cells[i] == "#":
            continue
        cells[i] = cells[j] = "#"
        if runs_ok(cells) and connected(cells) and not clump(cells, i) and not clump(cells, j):
            count += 1 + (i != j)
        else:
            cells[i] = cells[j] = "."
    if count < blocks or longest_run(cells) > max_run:
        return None
    try:
        grid = Grid.from_rows(["".join(cells[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)], min_length=3)
    except PuzzleInputError:
        return None
    return grid if len(grid.slots) <= 78 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--blocks", type=int, default=38)
    parser.add_argument("--max-run", type=int, default=9)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    made = 0
    while made < args.count:
        grid = make_pattern(rng, args.blocks, args.max_run)
        if grid is not None:
            made += 1
            print(f"# {len(grid.slots)} words, {grid.blocks} blocks")
            print(grid.text())
            print()


if __name__ == "__main__":
    main()
