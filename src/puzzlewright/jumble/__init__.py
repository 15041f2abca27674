"""Jumble puzzles: unscramble, carry every reading forward, rank the final answer."""
