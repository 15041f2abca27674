"""The local web app: one page with a tab per puzzle, over a JSON API that mirrors the library.

``puzzlewright serve`` runs :func:`create_app` on uvicorn. See ``docs/web.md``.
"""

from puzzlewright.web.app import create_app

__all__ = ["create_app"]
