"""The floor of a durable table (not a test): ``uv run python bench/floor.py --sizes FILE``.

A server on the same stack as ``tablecards serve`` (Starlette, uvicorn with the same websocket
implementation and limits) that does only the work no durable table can skip, and nothing of a
game: per action it parses the client's JSON message, commits one row to SQLite (write-ahead
log, ``synchronous=NORMAL``, one transaction per action, as the real store does at worst) and
sends one state message to each seat of the match, of the same size as the real server's for
that game (``--sizes``: a JSON object ``{"game": bytes}`` measured from real matches by
``bench/load.py``). Each state offers one action to one seat in turn; a match ends after
``--moves`` actions. Every state message is a fresh string per seat (it holds the seat's own
``moves`` and offer), encoded once.

It speaks the subset of the real protocol ``bench/load.py`` uses: ``POST /matches`` with
``{"game", "players"}`` answers ``{"id", "invites": [{"seat", "token"}]}``; the websocket
``/matches/{id}/ws`` takes ``hello`` then ``act`` messages and sends ``state`` messages.
It prints its address on the first line of its output, like ``tablecards serve --port 0``.
Its collector is tuned as ``tablecards serve``'s (:mod:`tablecards.server._collector`), and
``GET /debug/stats`` answers its resident memory and the collector's pauses.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import sqlite3
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from tablecards.server._collector import COLLECTOR
from tablecards.server._run import listening_socket, tune_gc

GO = {"type": "go"}


class FloorMatch:
    """A match without rules: a move counter, its seats' connections."""

    def __init__(self, game: str, players: int, size: int, moves: int) -> None:
        self.game = game
        self.players = players
        self.size = size
        self.limit = moves
        self.moves = 0
        self.sockets: dict[int, set[WebSocket]] = {seat: set() for seat in range(players)}

    def state(self, seat: int) -> str:
        """The seat's state message, padded to the game's size."""
        over = self.moves >= self.limit
        acts = (
            [{"title": None, "choices": [{"text": "go", "act": GO}]}]
            if not over and self.moves % self.players == seat
            else []
        )
        message: dict[str, Any] = {
            "type": "state",
            "moves": self.moves,
            "scene": {"viewer": seat, "actions": acts, "padding": ""},
            "history": [],
            "result": {"winners": [0]} if over else None,
            "clock": None,
        }
        text = json.dumps(message, separators=(",", ":"))
        pad = max(0, self.size - len(text))
        message["scene"]["padding"] = "x" * pad
        return json.dumps(message, separators=(",", ":"))


def create_app(db: Path, sizes: dict[str, int], moves: int) -> Starlette:
    """The floor server over the SQLite file ``db``."""
    conn = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute(
        "CREATE TABLE IF NOT EXISTS actions (match TEXT, number INTEGER, seat INTEGER, "
        "action TEXT, PRIMARY KEY (match, number))"
    )
    matches: dict[str, FloorMatch] = {}
    tokens: dict[str, tuple[str, int]] = {}
    locks: dict[str, asyncio.Lock] = {}

    async def create(request: Request) -> Response:
        data = json.loads(await request.body())
        game, players = data["game"], int(data["players"])
        match_id = secrets.token_hex(6)
        matches[match_id] = FloorMatch(game, players, sizes.get(game, 2048), moves)
        locks[match_id] = asyncio.Lock()
        invites = []
        for seat in range(players):
            token = secrets.token_urlsafe(18)
            tokens[token] = (match_id, seat)
            invites.append({"seat": seat, "token": token})
        return JSONResponse({"id": match_id, "invites": invites}, status_code=201)

    def commit(match_id: str, number: int, seat: int, text: str) -> None:
        conn.execute("BEGIN")
        conn.execute("INSERT INTO actions VALUES (?, ?, ?, ?)", (match_id, number, seat, text))
        conn.execute("COMMIT")

    async def ws(websocket: WebSocket) -> None:
        match_id = websocket.path_params["match"]
        match = matches.get(match_id)
        await websocket.accept()
        if match is None:
            await websocket.close(4404)
            return
        hello = json.loads(await websocket.receive_text())
        found = tokens.get(hello.get("token", ""))
        if found is None or found[0] != match_id:
            await websocket.close(4401)
            return
        seat = found[1]
        match.sockets[seat].add(websocket)
        await websocket.send_text(match.state(seat))
        try:
            while True:
                message = json.loads(await websocket.receive_text())
                if message.get("type") != "act":
                    continue
                async with locks[match_id]:
                    if message["after"] != match.moves or match.moves >= match.limit:
                        await websocket.send_text('{"type":"error","code":"stale"}')
                        continue
                    commit(match_id, match.moves + 1, seat, json.dumps(message["act"]))
                    match.moves += 1
                    for other, sockets in match.sockets.items():
                        text = match.state(other)
                        for target in list(sockets):
                            try:
                                await target.send_text(text)
                            except Exception:
                                sockets.discard(target)
                    if match.moves >= match.limit:
                        matches.pop(match_id, None)
                        locks.pop(match_id, None)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            match.sockets[seat].discard(websocket)

    async def stats(request: Request) -> Response:
        statm = Path("/proc/self/statm").read_text().split()
        return JSONResponse(
            {
                "rss_bytes": int(statm[1]) * os.sysconf("SC_PAGE_SIZE"),
                "collector": COLLECTOR.to_json(),
            }
        )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        steps = COLLECTOR.start()  # the same small collections as tablecards serve's
        try:
            yield
        finally:
            if steps is not None:
                steps.cancel()

    return Starlette(
        routes=[
            Route("/matches", create, methods=["POST"]),
            Route("/debug/stats", stats),
            WebSocketRoute("/matches/{match}/ws", ws),
        ],
        lifespan=lifespan,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=Path, help="JSON {game: state message bytes}")
    parser.add_argument("--moves", type=int, default=100, help="actions per match")
    parser.add_argument("--db", type=Path, help="SQLite file (default: a temporary one)")
    args = parser.parse_args()
    sizes = json.loads(args.sizes.read_text()) if args.sizes else {}
    db = args.db or Path(tempfile.mkdtemp(prefix="tablecards-floor-")) / "floor.db"
    sock = listening_socket("127.0.0.1", 0)  # TCP by name: TCP_NODELAY, as tablecards serve
    sock.listen(1024)
    print(f"http://127.0.0.1:{sock.getsockname()[1]}/", flush=True)
    config = uvicorn.Config(
        create_app(db, sizes, args.moves),
        log_level="warning",
        ws_max_size=65_536,
        ws="websockets-sansio",
        ws_per_message_deflate=False,
        lifespan="on",
    )
    tune_gc()
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    main()
