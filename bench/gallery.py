"""The docs' gallery: each game's table in the page, from a seeded match (``docs/gallery.md``).

``uv run python bench/gallery.py`` rewrites ``docs/_static/gallery/``: for each game, the table
mid-match as seat 0 sees it on a wide screen and on a 390 px phone, and as a spectator sees it,
each picture beside the scene it was drawn from (``<game>-seat.json``, ``<game>-spectator.json``).

The position is fixed by a seed and by heuristic bots that play with a seeded random source, so
it is the same on every machine; the pictures are not (fonts differ), so
``tests/test_gallery.py`` compares the scenes: a checked-in picture whose scene the code no longer
draws fails the test, and this command brings the gallery back in line.

Needs the ``server`` extra, Playwright and Debian's ``chromium``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs

import tablecards
from tablecards import Match

GALLERY = Path(__file__).resolve().parent.parent / "docs" / "_static" / "gallery"
NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"]


@attrs.frozen
class Position:
    """A seeded match of one game, played by heuristic bots until ``moves`` actions are in and
    seat 0 has a decision to make."""

    game: str
    players: int
    seed: int
    moves: int
    options: dict[str, Any] = attrs.field(factory=dict)


POSITIONS = [
    Position("hit", 3, seed=7, moves=9),
    Position("stop", 4, seed=3, moves=11),
    Position("exhopp", 4, seed=5, moves=11),
    Position("hattrick", 4, seed=2, moves=30),
]


def play(position: Position) -> tuple[Match, list[tuple[int, dict[str, Any]]]]:
    """The position's match and the actions that led to it (seat, action JSON)."""
    import random

    match = Match(position.game, position.players, seed=position.seed, **position.options)
    rng = random.Random(position.seed)
    bots = {
        seat: tablecards.registry().bot(position.game, "heuristic").factory(match.game, seat)
        for seat in range(match.players)
    }
    played: list[tuple[int, dict[str, Any]]] = []
    while match.moves < position.moves or 0 not in (match.waiting_for or match.to_act):
        if match.is_over:
            raise RuntimeError(f"{position.game}: the match ended before the position")
        # Whoever the moment waits for speaks, in an order drawn from the seed, as at a table.
        asked = match.waiting_for or match.to_act
        seat = asked[rng.randrange(len(asked))]
        action = bots[seat].choose(match.view(seat), match.legal_actions(seat), rng)
        played.append((seat, match.action_json(action)))
        match.apply(seat, action)
    return match, played


def names(position: Position) -> list[str]:
    """The players' names at the gallery's tables."""
    return NAMES[: position.players]


def scenes(position: Position) -> dict[str, dict[str, Any]]:
    """The scenes the gallery's pictures of ``position`` are drawn from, by file stem."""
    match, _ = play(position)
    return {
        f"{position.game}-seat": match.scene(0, names(position)),
        f"{position.game}-spectator": match.scene(None, names(position)),
    }


def dump(scene: dict[str, Any]) -> str:
    """A scene as the gallery stores it: stable, readable JSON."""
    return json.dumps(scene, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


# -- pictures --------------------------------------------------------------------------------------


@contextmanager
def serving(db: Path) -> Iterator[tuple[str, Any, asyncio.AbstractEventLoop]]:
    """``tablecards serve``'s app under uvicorn in a thread: its address, app and event loop.
    No clock closes a moment and no bot plays: the pictures show the position as played."""
    import uvicorn

    from tablecards.server import Settings, create_app

    off = dict.fromkeys(("reaction", "decision", "turn"))
    app = create_app(db, settings=Settings(bot_think=(0.0, 0.0), clocks=off))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws="websockets-sansio"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}", app, server.servers[0].get_loop()
    finally:
        server.should_exit = True
        thread.join(20)


def set_up(app: Any, loop: asyncio.AbstractEventLoop, position: Position) -> dict[str, Any]:
    """Create the position's match on the server, with its seed, and play its actions there."""
    _, played = play(position)

    async def build() -> dict[str, Any]:
        hub = app.state.hub
        body = {
            "game": position.game,
            "players": position.players,
            "options": position.options,
            "seats": [{"name": name} for name in names(position)],
        }
        match_id, invites = await hub.create(body, seed=position.seed)
        table = hub.tables[match_id]
        for seat, action in played:
            await table.act(seat, action, table.match.moves)
        return {"id": match_id, "invites": invites, "moves": table.match.moves}

    return asyncio.run_coroutine_threadsafe(build(), loop).result(60)


def take(browser: Any, url: str, path: Path, size: dict[str, int], moves: int) -> None:
    """A picture of the page at ``url`` once it has drawn the state after ``moves`` actions."""
    context = browser.new_context(viewport=size, device_scale_factor=1)
    page = context.new_page()
    page.goto(url)
    deadline = time.monotonic() + 20
    while page.evaluate("document.getElementById('main').dataset.moves ?? '-1'") != str(moves):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not draw move {moves}")
        time.sleep(0.05)
    page.evaluate("document.activeElement?.blur()")
    page.screenshot(path=str(path), full_page=False)
    context.close()


def regenerate(folder: Path = GALLERY) -> list[Path]:
    """Rewrite every picture and scene of the gallery; returns the files written."""
    from playwright.sync_api import sync_playwright

    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        raise SystemExit("chromium is not installed (apt-get install chromium)")
    with (
        tempfile.TemporaryDirectory() as tmp,
        serving(Path(tmp) / "gallery.db") as (url, app, loop),
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        for position in POSITIONS:
            for stem, scene in scenes(position).items():
                path = folder / f"{stem}.json"
                path.write_text(dump(scene), encoding="utf-8")
                written.append(path)
            data = set_up(app, loop, position)
            seat = url + f"/play/{data['id']}#seat={data['invites'][0]['token']}"
            watch = url + f"/play/{data['id']}"
            wide = {"width": 1200, "height": 1000}
            phone = {"width": 390, "height": 844}
            for stem, where, size in (
                (f"{position.game}-seat", seat, wide),
                (f"{position.game}-seat-phone", seat, phone),
                (f"{position.game}-spectator", watch, wide),
            ):
                path = folder / f"{stem}.png"
                take(browser, where, path, size, data["moves"])
                written.append(path)
        browser.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, default=GALLERY, help="where to write")
    args = parser.parse_args()
    for path in regenerate(args.folder):
        print(path)


if __name__ == "__main__":
    main()
