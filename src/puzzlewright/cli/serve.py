"""``puzzlewright serve``: the local web app (one page, a tab per puzzle, and the JSON API) on uvicorn."""

from __future__ import annotations

import click

from puzzlewright.errors import PuzzleInputError


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind. The default, loopback, keeps the server private to this machine.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Answer requests whose Host is NAME (a host name or address; repeatable). Without it only "
                   "loopback names and the bound address are answered, on every interface, so a page that "
                   "rebinds its domain to this machine is refused.")
@click.option("--allow-origin", "allow_origins", multiple=True, metavar="ORIGIN",
              help="Allow requests from pages of ORIGIN (scheme://host[:port]; repeatable; '*' for any but "
                   "'null', which must be named). Off by default: requests from other sites are refused.")
@click.option("--budget", "search_seconds", default=None, type=click.FloatRange(0.1, 60),
              help="Time budget of one search, in seconds (default: 2; grid fills and re-rolls 20).")
@click.option("--no-warm-up", is_flag=True, help="Do not preload dictionaries and indexes at start.")
def serve(host: str, port: int, allow_hosts: tuple[str, ...], allow_origins: tuple[str, ...],
          search_seconds: float | None, no_warm_up: bool) -> None:
    """Start the local web app and print its address (Ctrl-C stops it)."""
    from puzzlewright.web import create_app
    from puzzlewright.web.app import check_address, run_server
    from puzzlewright.web.guard import is_loopback, served_hosts

    try:
        hosts = served_hosts(host, allow_hosts)
    except ValueError as error:
        raise PuzzleInputError(str(error)) from None
    # The Host check is on whatever the address: a web page cannot rebind its domain to reach us.
    app = create_app(allow_origins=allow_origins, loopback_only=True, allow_hosts=hosts,
                     search_seconds=search_seconds, warm_up=not no_warm_up)
    check_address(host, port)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"puzzlewright web app on http://{shown}:{port}/  (API docs: /docs; Ctrl-C stops it)", err=True)
    if not is_loopback(host):
        names = ", ".join(hosts) or "none: name this machine with --allow-host"
        click.echo(f"warning: bound to {host}: other machines on the network can reach it "
                   f"(Host names answered besides loopback: {names})", err=True)
    run_server(app, host=host, port=port)
