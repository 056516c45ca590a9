"""A game's rules for the page, and what the lobby says of each game (issue 41, items 2 and 8).

In-process (Starlette's TestClient) on a SQLite file: the rules endpoint checked at its boundary,
the games' descriptions, seat options and bots in words, the lobby's order and its filter of
matches with open seats, and whom a spectator's chat reaches.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, cast

import attrs
import pytest
from starlette.testclient import TestClient
from wire import FAST

import tablecards
from tablecards.server import CSP, create_app
from tablecards.server._rules import blocks

GAMES = ("hit", "stop", "exhopp", "hattrick")
EXAMPLES = ("climb", "courtiers", "goofspiel")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "t.db", settings=FAST)) as client:
        yield client


def text_of(spans: list[dict[str, Any]]) -> str:
    return "".join(span["text"] for span in spans)


def all_text(items: list[dict[str, Any]]) -> list[str]:
    """Every text of the blocks, in reading order."""
    out: list[str] = []
    for block in items:
        if block["kind"] in ("heading", "paragraph"):
            out.append(text_of(block["spans"]))
        elif block["kind"] == "list":
            for item in block["items"]:
                out += all_text(item)
        elif block["kind"] == "table":
            out += [text_of(cell) for cell in block["head"]]
            out += [text_of(cell) for row in block["rows"] for cell in row]
    return out


def markdown_headings(text: str) -> list[str]:
    return [line.lstrip("#").strip() for line in text.splitlines() if re.match(r"#{1,6} ", line)]


@pytest.mark.parametrize("game", GAMES + EXAMPLES)
def test_the_rules_are_the_plugins_text_as_blocks(client: TestClient, game: str) -> None:
    answer = client.get(f"/api/games/{game}/rules")
    assert answer.status_code == 200
    assert answer.headers["content-security-policy"] == CSP
    data = answer.json()
    cls = tablecards.registry().games[game].cls
    source = cls.rules_text()
    assert source
    assert data["game"] == game and data["title"] == cls.title
    assert data["players"] == {"min": cls.min_players, "max": cls.max_players}
    headings = [text_of(block["spans"]) for block in data["blocks"] if block["kind"] == "heading"]
    # The same text as `tablecards rules GAME`: every heading, in order (less the Markdown).
    assert headings == [re.sub(r"[*`]", "", h) for h in markdown_headings(source)]
    words = " ".join(all_text(data["blocks"]))
    assert "**" not in words and "## " not in words  # drawn as a page, never raw Markdown
    for tag in set(re.findall(r"\b[A-Z]+-\d\d\b", source)):
        assert tag in words  # every rule's tag survives


def test_an_unknown_game_has_no_rules_and_says_which_games_do(client: TestClient) -> None:
    answer = client.get("/api/games/chess/rules")
    assert answer.status_code == 404
    error = answer.json()["error"]
    titles = [tablecards.registry().games[game].cls.title for game in GAMES]
    assert "chess" in error and all(title in error for title in titles)
    assert client.get("/api/games/%3Cscript%3E/rules").status_code == 404


def test_a_game_without_rules_text_answers_404(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    cls = tablecards.registry().games["hit"].cls
    monkeypatch.setattr(cls, "rules_text", classmethod(lambda cls: None))
    answer = client.get("/api/games/hit/rules")
    assert answer.status_code == 404
    assert answer.json() == {"error": "Hit! ships no rules text"}


def test_markup_in_rules_text_stays_text() -> None:
    parsed = blocks(
        "# T\n\n<script>alert(1)</script>\n\nA <b>bold</b> [link](https://example.org) `x<y`\n"
    )
    texts = all_text(parsed)
    assert "<script>alert(1)</script>" in "".join(texts)
    assert "A <b>bold</b> link x<y" in texts
    assert "example.org" not in repr(parsed)  # a link keeps its words, never its address


def test_the_rules_page_and_its_script_are_served_under_the_policy(client: TestClient) -> None:
    for path in ("/rules/hit", "/static/rules.js", "/static/rules.css"):
        answer = client.get(path)
        assert answer.status_code == 200
        assert answer.headers["content-security-policy"] == CSP
    assert "/static/rules.css" in client.get("/rules/hit").text
    script = (Path(__file__).parents[2] / "src/tablecards/server/page/rules.js").read_text()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in script


def test_the_lobby_describes_each_game_and_lists_the_examples_last(client: TestClient) -> None:
    games = client.get("/api/games").json()
    names = [game["name"] for game in games]
    assert set(names[: len(GAMES)]) == set(GAMES)
    assert set(names[len(GAMES) :]) == set(EXAMPLES)
    for game in games:
        assert game["summary"] and game["length"]
        assert game["example"] is (game["name"] in EXAMPLES)
    by_name = {game["name"]: game for game in games}
    assert by_name["hit"]["seat_options"] == ["first_player"]
    assert by_name["hattrick"]["seat_options"] == ["first_dealer"]
    words = {bot["name"]: bot for bot in by_name["hit"]["bot_words"]}
    assert [bot["title"] for bot in by_name["hit"]["bot_words"]] == ["Random", "Steady", "Strong"]
    assert words["random"]["text"] == "plays any legal move, at random"
    assert [bot["strength"] for bot in by_name["hit"]["bot_words"]] == [
        "the easiest",
        "a fair opponent",
        "the hardest, and slower",
    ]
    assert words["heuristic"]["text"].endswith("draws while the odds favour it")
    assert "ismcts" not in repr([bot["text"] for bot in words.values()])
    assert by_name["hit"]["bots"] == ["random", "heuristic", "ismcts"]


def test_a_bot_seat_is_named_in_the_lobbys_words(client: TestClient) -> None:
    seats = [{"name": "Ann"}, {"bot": "heuristic"}, {"bot": "ismcts"}]
    data = client.post("/matches", json={"game": "hit", "players": 3, "seats": seats}).json()
    (row,) = [row for row in client.get("/matches").json() if row["id"] == data["id"]]
    assert [seat["name"] for seat in row["seats"]] == ["Ann", "Steady bot 2", "Strong bot 3"]


def test_a_seat_option_counts_from_0_in_the_protocol() -> None:
    assert tablecards.load_game("stop").seat_options() == ("first_player",)
    assert tablecards.load_game("goofspiel").seat_options() == ()


def test_matches_with_open_seats_come_first_newest_first_and_can_be_listed_alone(
    db: str,
) -> None:
    with TestClient(create_app(db, settings=FAST)) as client:
        check_the_lobbys_order(client)


def check_the_lobbys_order(client: TestClient) -> None:
    def create(open_seat: bool) -> str:
        seats = [{"name": "Ann"}, {"open": True} if open_seat else {"name": "Bob"}]
        data = client.post("/matches", json={"game": "hit", "players": 2, "seats": seats})
        return str(data.json()["id"])

    waiting = [create(True) for _ in range(3)]
    full = [create(False) for _ in range(55)]
    newest = create(True)
    first = client.get("/matches").json()
    assert len(first) == 50
    assert [row["id"] for row in first[:4]] == [newest, *reversed(waiting)]
    assert first[4]["id"] == full[-1]  # then the others, newest first
    only = client.get("/matches?open=true&limit=2")
    assert [row["id"] for row in only.json()] == [newest, waiting[-1]]
    seen = [row["id"] for row in only.json()]
    link = only.headers["link"]
    while link:
        assert "open=true" in link
        page = client.get(link.split(">")[0].lstrip("<"))
        seen += [row["id"] for row in page.json()]
        link = page.headers.get("link", "")
    assert seen == [newest, *reversed(waiting)]


@pytest.mark.parametrize(
    ("spectator_chat", "readers"), [("apart", "spectators"), ("together", "everyone")]
)
def test_a_spectator_is_told_who_reads_their_chat(
    tmp_path: Path, spectator_chat: str, readers: str
) -> None:
    settings = attrs.evolve(FAST, spectator_chat=cast(Literal["apart", "together"], spectator_chat))
    with TestClient(create_app(tmp_path / "t.db", settings=settings)) as client:
        data = client.post("/matches", json={"game": "hit", "players": 2}).json()
        with client.websocket_connect(f"/matches/{data['id']}/ws") as socket:
            socket.send_json({"type": "hello", "spectate": True})
            chat = next(m for m in iter(socket.receive_json, None) if m["type"] == "chat")
            assert chat["writable"] is True and chat["readers"] == readers
        with client.websocket_connect(f"/matches/{data['id']}/ws") as socket:
            socket.send_json({"type": "hello", "token": data["invites"][0]["token"]})
            chat = next(m for m in iter(socket.receive_json, None) if m["type"] == "chat")
            assert chat["readers"] == "everyone"
