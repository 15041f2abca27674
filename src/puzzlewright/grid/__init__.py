"""Crossword grids of any shape: a model (blocks, fixed letters, slots), a filler (arc consistency, dom/wdeg,
restarts), word rectangles counted on the partitioned engine, and .ipuz/.puz/text formats.

>>> from puzzlewright.grid import Grid, fill_grid
>>> from puzzlewright.lexicon import load_lexicon
>>> result = fill_grid(Grid.parse("eras/..../..../...."), load_lexicon("acrostic-4"))
>>> result.fills[0].grid.rows[0], len(result.fills)
('eras', 1)
"""

from puzzlewright.grid.fill import Fill, FillOptions, FillResult, Filler, fill_grid
from puzzlewright.grid.model import Grid, Slot, parse_size

__all__ = ["Fill", "FillOptions", "FillResult", "Filler", "Grid", "Slot", "fill_grid", "parse_size"]
