"""The ``puzzlewright`` command line: a thin layer over the library's public API."""
