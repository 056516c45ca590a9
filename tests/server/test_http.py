"""The app in-process (Starlette's TestClient): the page, the lobby and creating matches."""

from __future__ import annotations

import importlib.resources
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from wire import FAST

import tablecards
import tablecards.server
from tablecards.server import CSP, create_app


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, settings=FAST)) as client:
        yield client


def test_the_page_forbids_inline_script_and_loads_only_its_own_files(client: TestClient) -> None:
    for path in (
        "/",
        "/play/abc",
        "/replay/abc",
        "/static/app.js",
        "/static/replay.js",
        "/static/style.css",
    ):
        answer = client.get(path)
        assert answer.status_code == 200
        assert answer.headers["content-security-policy"] == CSP
        assert answer.headers["x-content-type-options"] == "nosniff"
    page = client.get("/").text
    assert '<script type="module" src="/static/app.js"></script>' in page
    assert page.count("<script") == 1  # no inline script anywhere
    assert "'unsafe-inline'" not in CSP and "script-src 'self'" in CSP
    assert client.get("/static/../_app.py").status_code == 404
    assert client.get("/static/index.htm").status_code == 404


def test_a_handler_is_a_plain_function_of_its_request() -> None:
    # The app's handlers live at module level and reach what they share through the app's
    # state: one of them serves on its own, without a store, a hub or the other routes.
    from starlette.applications import Starlette
    from starlette.routing import Route

    from tablecards.server._app import _Shared, _static

    alone = Starlette(routes=[Route("/static/{name}", _static)])
    alone.state.shared = _Shared("unused.db", FAST, tablecards.load_game, {"app.js": b"//"})
    with TestClient(alone) as client:
        answer = client.get("/static/app.js")
        assert answer.content == b"//"
        assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
        assert client.get("/static/index.html").status_code == 404


def test_the_page_script_never_writes_html() -> None:
    scripts = sorted((Path(__file__).parents[2] / "src/tablecards/server/page").glob("*.js"))
    assert {"app.js", "replay.js", "summary.js"} <= {script.name for script in scripts}
    for script in scripts:
        text = script.read_text()
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
            assert sink not in text, (script.name, sink)


def test_the_lobby_lists_games_with_their_bots(client: TestClient) -> None:
    games = {game["name"]: game for game in client.get("/api/games").json()}
    assert {"hit", "stop", "exhopp", "hattrick"} <= set(games)
    assert games["stop"]["min_players"] == 3 and "random" in games["stop"]["bots"]


def test_creating_a_match_gives_one_secret_link_per_person(client: TestClient) -> None:
    answer = client.post(
        "/matches",
        json={"game": "hit", "players": 3, "seats": [{"name": "Ann"}, {"bot": "random"}, {}]},
    )
    assert answer.status_code == 201
    data = answer.json()
    assert [invite["seat"] for invite in data["invites"]] == [0, 2]
    for invite in data["invites"]:
        token = invite["token"]
        assert len(token) >= 22  # >= 128 bits of token_urlsafe
        assert invite["url"] == f"/play/{data['id']}#seat={token}"  # in the fragment only
    tokens = [invite["token"] for invite in data["invites"]]
    assert len(set(tokens)) == 2
    lobby = client.get("/matches").json()
    assert [row["id"] for row in lobby] == [data["id"]]
    assert lobby[0]["seats"][1] == {"name": "Random bot 2", "bot": "random"}
    text = json.dumps(lobby)
    assert not any(token in text for token in tokens)
    seed = client.app.state.hub.tables[data["id"]].record.seed  # type: ignore[attr-defined]
    assert str(seed) not in text


def test_tokens_are_stored_only_hashed(client: TestClient, db: str, tmp_path: Path) -> None:
    data = client.post("/matches", json={"game": "hit", "players": 2}).json()
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as conn:
            rows = conn.execute("SELECT * FROM tokens").fetchall()
        assert len(rows) == 2
        raw = repr(rows).encode()
    else:
        raw = b"".join(p.read_bytes() for p in tmp_path.glob("t.db*"))
    for invite in data["invites"]:
        assert invite["token"].encode() not in raw


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "nope"}, "unknown game"),
        ({"game": "hit", "players": 9}, "2 to 6"),
        ({"game": "hit", "players": True}, "whole number"),
        ({"game": "hit", "options": {"colour": 1}}, "colour"),
        ({"game": "hit", "players": 2, "seats": [{}]}, "must list 2 seats"),
        ({"game": "hit", "players": 2, "seats": [{}, {"bot": "genius"}]}, "unknown bot"),
        ({"game": "hit", "players": 2, "seats": [{}, {"seat": 1}]}, "'name' and/or 'bot'"),
        ([1, 2], "JSON object"),
    ],
)
def test_bad_requests_say_what_is_wrong_and_create_nothing(
    client: TestClient, body: object, words: str
) -> None:
    answer = client.post("/matches", json=body)
    assert answer.status_code == 400
    assert words in answer.json()["error"]
    assert client.get("/matches").json() == []


def test_other_sites_and_non_json_bodies_cannot_create_matches(client: TestClient) -> None:
    body = json.dumps({"game": "hit"})
    other = client.post(
        "/matches",
        content=body,
        headers={"content-type": "application/json", "origin": "https://evil.example"},
    )
    assert other.status_code == 403
    form = client.post("/matches", content=body, headers={"content-type": "text/plain"})
    assert form.status_code == 415
    huge = client.post(
        "/matches", content=b" " * 20_000, headers={"content-type": "application/json"}
    )
    assert huge.status_code == 413
    assert client.get("/matches").json() == []


def test_player_names_are_cleaned_of_control_characters_but_kept_as_text(
    client: TestClient,
) -> None:
    name = "<script>alert(1)</script>\u0000\u202e"
    data = client.post(
        "/matches", json={"game": "hit", "players": 2, "seats": [{"name": name}, {}]}
    ).json()
    assert data["invites"][0]["name"] == "<script>alert(1)</script>"


def test_the_protocol_schema_lists_every_message_and_error_code() -> None:
    folder = importlib.resources.files("tablecards.server")
    schema = json.loads(folder.joinpath("protocol.schema.json").read_text("utf-8"))
    defs = schema["$defs"]
    assert {"hello", "act", "ping", "welcome", "state", "error", "pong"} <= set(defs)
    source = "\n".join(
        path.read_text() for path in Path(tablecards.server.__file__).parent.glob("*.py")
    )
    used = set(re.findall(r'(?:error|ProtocolError)\(\s*"(\w+)"', source))
    used |= set(
        re.findall(r'"(\w+)" if isinstance\(refusal, NotYourTurn\) else "(\w+)"', source)[0]
    )
    assert {"auth", "stale", "too_late", "malformed", "not_your_turn", "illegal"} <= used
    assert used <= set(defs["error"]["properties"]["code"]["enum"])
