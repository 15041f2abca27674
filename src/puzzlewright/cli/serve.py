"""``puzzlewright serve``: the local web app (one page, a tab per puzzle, and the JSON API) on uvicorn."""

from __future__ import annotations

import click

@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind. The default, loopback, keeps the server private to this machine.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--allow-origin", "allow_origins", multiple=True, metavar="ORIGIN",
              help="Allow requests from pages of ORIGIN (scheme://host[:port]; repeatable; '*' for any). "
                   "Off by default: requests from other sites are refused.")
@click.option("--budget", "search_seconds", default=2.0, show_default=True, type=click.FloatRange(0.1, 60),
              help="Time budget of one search, in seconds.")
@click.option("--no-warm-up", is_flag=True, help="Do not preload dictionaries and indexes at start.")
def serve(host: str, port: int, allow_origins: tuple[str, ...], search_seconds: float, no_warm_up: bool) -> None:
    """Start the local web app and print its address (Ctrl-C stops it)."""
    from puzzlewright.web import create_app
    from puzzlewright.web.app import check_address, run_server
    from puzzlewright.web.guard import is_loopback

    # Bound to loopback, accept only loopback Host names: a web page cannot rebind its domain to reach us.
    private = is_loopback(host)
    app = create_app(allow_origins=allow_origins, loopback_only=private, search_seconds=search_seconds,
                     warm_up=not no_warm_up)
    check_address(host, port)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"puzzlewright web app on http://{shown}:{port}/  (API docs: /docs; Ctrl-C stops it)", err=True)
    if not private:
        click.echo(f"warning: bound to {host}: other machines on the network can reach it", err=True)
    run_server(app, host=host, port=port)
