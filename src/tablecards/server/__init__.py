"""``tablecards serve``: play together in the browser, in real time (extra ``tablecards[server]``).

The server is a thin adapter over the public API: one :class:`tablecards.Match` per table, each
action committed to a SQLite store before anyone is told, and every client sent only what its
seat may see. Needs the optional dependencies: ``pip install 'tablecards[server]'``.
:func:`create_app` gives an ASGI app for any ASGI server:

>>> from tablecards.server import create_app
>>> app = create_app("tablecards.db")  # doctest: +SKIP
"""

from __future__ import annotations

from tablecards.server._app import CSP, create_app
from tablecards.server._health import StoreError
from tablecards.server._run import ServeError, serve
from tablecards.server._table import Settings
from tablecards.server.store import SQLiteStore

__all__ = ["CSP", "SQLiteStore", "ServeError", "Settings", "StoreError", "create_app", "serve"]
