"""The life of a match over the wire: open seats, presence, chat, rematch, looking back.

Against a real uvicorn on 127.0.0.1 with real websocket clients, on both stores (a SQLite file
and a real PostgreSQL). Actions are chosen from the server's own match (the public API), so
these tests do not depend on how the state message draws the table.
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import attrs
import psycopg
import pytest
from pgcluster import Cluster
from wire import FAST, LiveServer, Player, get, live, post

import tablecards
from tablecards.server._chat import CHAT_BURST, MAX_CHAT
from tablecards.server._lookback import round_scores, standings
from tablecards.server.store._postgres import MIGRATIONS

#: Every key a message of the new types may hold: nothing else may ride along.
NEW_KEYS = {
    "chat": {"type", "lines", "writable", "readers"},
    "presence": {"type", "seats", "spectators"},
    "rematch": {"type", "match", "token", "url"},
}


@pytest.fixture(scope="module")
def server(module_db: str) -> Iterator[LiveServer]:
    with live(module_db) as server:
        yield server


def send(base: str, path: str, data: Any) -> tuple[int, Any]:
    """POST JSON; the status and the decoded answer, errors included."""
    request = urllib.request.Request(
        base + path,
        data=json.dumps(data).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as failure:
        return failure.code, json.loads(failure.read())


def status_of(base: str, path: str) -> int:
    try:
        with urllib.request.urlopen(base + path, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as failure:
        return int(failure.code)


def stop_with_open_seats(server: LiveServer, **options: Any) -> dict[str, Any]:
    body = {
        "game": "stop",
        "players": 3,
        "options": options,
        "seats": [{"name": "Ann"}, {"open": True}, {"open": True}],
    }
    data: dict[str, Any] = post(server.url, "/matches", body)
    return data


def connect(server: LiveServer, match: str, token: str | None = None) -> Player:
    player = Player(server.ws_url(match))
    player.hello(token)
    player.until("state")
    return player


def until_chat(player: Player, timeout: float = 5) -> list[dict[str, Any]]:
    """The lines of the next chat message with lines in it."""
    while True:
        message = player.until("chat", timeout)
        if message["lines"]:
            return list(message["lines"])


def play_to_the_end(server: LiveServer, match: str, players: dict[int, Player]) -> None:
    """Each seat to act plays its first legal action (read from the server's match)."""
    table = server.app.state.hub.tables[match]
    rng = random.Random(match)
    while not table.match.is_over:
        moves = table.match.moves
        seat = rng.choice(table.match.waiting_for or table.match.to_act)
        if seat not in players:  # a bot's turn: it plays by itself
            for player in players.values():
                player.until_moves(moves + 1, timeout=20)
            continue
        action = rng.choice(table.match.legal_actions(seat))
        players[seat].act(table.match.action_json(action), after=moves)
        for player in players.values():
            player.until_moves(moves + 1)


# ------------------------------------------------------------------ open seats


def test_an_open_seat_has_no_key_until_taken_and_the_lobby_shows_it(server: LiveServer) -> None:
    data = stop_with_open_seats(server)
    assert [invite["seat"] for invite in data["invites"]] == [0]
    row = next(r for r in get(server.url, "/matches") if r["id"] == data["id"])
    assert row["seats"][0] == {"name": "Ann", "bot": None}
    assert row["seats"][1] == {"name": "Open seat 2", "bot": None, "open": True}
    status, taken = send(server.url, f"/matches/{data['id']}/seats/1", {"name": " Bob\u0000 "})
    assert status == 201 and taken["name"] == "Bob" and taken["seat"] == 1
    assert taken["url"] == f"/play/{data['id']}#seat={taken['token']}"
    row = next(r for r in get(server.url, "/matches") if r["id"] == data["id"])
    assert row["seats"][1] == {"name": "Bob", "bot": None}
    assert taken["token"] not in json.dumps(get(server.url, "/matches"))
    bob = connect(server, data["id"], taken["token"])
    assert bob.welcome is not None and bob.welcome["seat"] == 1
    assert bob.welcome["names"] == ["Ann", "Bob", "Open seat 3"]
    bob.close()


def test_taking_an_open_seat_twice_gives_one_winner(server: LiveServer) -> None:
    data = stop_with_open_seats(server)
    answers: list[tuple[int, Any]] = []
    start = threading.Barrier(8)

    def take(i: int) -> None:
        start.wait()
        answers.append(send(server.url, f"/matches/{data['id']}/seats/2", {"name": f"Taker {i}"}))

    threads = [threading.Thread(target=take, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    won = [answer for status, answer in answers if status == 201]
    lost = [answer for status, answer in answers if status != 201]
    assert len(won) == 1 and len(lost) == 7
    taken = f"seat 3 is taken: {won[0]['name']} plays it"
    assert all(answer["error"] == taken for answer in lost)
    table = server.app.state.hub.tables[data["id"]]
    assert table.names[2] == won[0]["name"]
    winner = connect(server, data["id"], won[0]["token"])
    assert winner.welcome is not None and winner.welcome["seat"] == 2
    winner.close()


def race_for_seat(urls: list[str], match: str, seat: int, takers: int) -> list[int]:
    """``takers`` people take one seat at once, through the given servers in turn."""
    answers: list[tuple[int, Any]] = []
    start = threading.Barrier(takers)

    def take(i: int) -> None:
        start.wait()
        path = f"/matches/{match}/seats/{seat}"
        answers.append(send(urls[i % len(urls)], path, {"name": f"Seat {seat} taker {i}"}))

    threads = [threading.Thread(target=take, args=(i,)) for i in range(takers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(status for status, _ in answers)


def test_two_processes_racing_for_one_open_seat_make_one_winner(pg_cluster: Cluster) -> None:
    """Across processes the store's key arbitrates (PostgreSQL, two servers)."""
    db = pg_cluster.new_database()
    with live(db) as one, live(db) as two:
        data = stop_with_open_seats(one)
        for seat in (1, 2):
            assert race_for_seat([one.url, two.url], data["id"], seat, 6) == [201] + [409] * 5
        for server in (one, two):  # each process names the seats the other gave away
            ann = connect(server, data["id"], data["invites"][0]["token"])
            assert ann.welcome is not None
            names = ann.welcome["names"]
            assert names[0] == "Ann" and all(name.startswith("Seat ") for name in names[1:])
            ann.close()


def test_names_at_one_table_are_checked_and_told_apart(server: LiveServer) -> None:
    data = stop_with_open_seats(server)
    path = f"/matches/{data['id']}/seats/"
    assert send(server.url, path + "1", {"name": " ann "})[0] == 409  # Ann sits at seat 1
    assert "called ann" in send(server.url, path + "1", {"name": "ann"})[1]["error"]
    assert send(server.url, path + "1", {"name": "\u0000\u202e  "})[0] == 400
    assert send(server.url, path + "1", {"name": "Open seat 3"})[0] == 409
    assert send(server.url, path + "1", {"name": "x", "seat": 2})[0] == 400
    assert send(server.url, path + "0", {"name": "Zed"})[0] == 409  # Ann's seat is not open
    assert send(server.url, path + "7", {"name": "Zed"})[0] == 400
    assert send(server.url, "/matches/nosuchmatch/seats/1", {"name": "Zed"})[0] == 404
    long = "B" * 100
    status, taken = send(server.url, path + "1", {"name": long})
    assert status == 201 and taken["name"] == "B" * 40
    assert send(server.url, path + "2", {"name": "b" * 40})[0] == 409  # the same name, folded
    assert send(server.url, path + "2", {"name": "Cleo"})[0] == 201


# ------------------------------------------------------------------ presence


def test_presence_shows_who_is_here_away_and_how_many_watch(server: LiveServer) -> None:
    data = post(
        server.url,
        "/matches",
        {
            "game": "hit",
            "players": 3,
            "seats": [{"name": "Ann"}, {"name": "Bob"}, {"bot": "random"}],
        },
    )
    ann = connect(server, data["id"], data["invites"][0]["token"])
    presence = ann.until("presence")
    assert [s["status"] for s in presence["seats"]] == ["here", "away", "bot"]
    assert presence["spectators"] == 0
    bob = connect(server, data["id"], data["invites"][1]["token"])
    watcher = connect(server, data["id"])
    while True:
        presence = ann.until("presence")
        if presence["spectators"] == 1:
            break
    assert [s["status"] for s in presence["seats"]] == ["here", "here", "bot"]
    assert [s["name"] for s in presence["seats"]] == ["Ann", "Bob", "Random bot 3"]
    bob.close()
    while [s["status"] for s in presence["seats"]] != ["here", "away", "bot"]:
        presence = ann.until("presence")
    assert presence["spectators"] == 1
    for player in (ann, watcher):
        player.close()


# ------------------------------------------------------------------ chat


def test_chat_reaches_the_table_as_text_signed_by_the_seat(server: LiveServer) -> None:
    data = stop_with_open_seats(server)
    taken = send(server.url, f"/matches/{data['id']}/seats/1", {"name": "Bob"})[1]
    ann = connect(server, data["id"], data["invites"][0]["token"])
    bob = connect(server, data["id"], taken["token"])
    watcher = connect(server, data["id"])
    ann.send({"type": "chat", "text": "<script>window.pwned=1</script>\nhi\u0007"})
    for player in (ann, bob, watcher):
        (line,) = until_chat(player)
        assert line["author"] == "Ann" and line["seat"] == 0 and not line["spectator"]
        assert line["text"] == "<script>window.pwned=1</script> hi"
    # Stored with the match: a late comer reads it.
    late = Player(server.ws_url(data["id"]))
    late.hello(taken["token"])
    backlog = late.until("chat")
    assert backlog["writable"] is True
    assert [line["text"] for line in backlog["lines"]] == ["<script>window.pwned=1</script> hi"]
    for player in (ann, bob, watcher, late):
        player.close()


def test_chat_over_the_limits_is_refused_and_never_stored(server: LiveServer) -> None:
    data = stop_with_open_seats(server)
    ann = connect(server, data["id"], data["invites"][0]["token"])
    store = server.app.state.hub.store
    table = server.app.state.hub.tables[data["id"]]
    refusals = []
    for text in ("x" * (MAX_CHAT + 1), "y" * 5_000, "   \u0000 ", ""):
        ann.send({"type": "chat", "text": text})
        refusals.append(ann.until("error")["code"])
    assert refusals == ["chat_too_long", "chat_too_long", "chat_empty", "chat_empty"]
    ann.send({"type": "chat", "text": "z" * MAX_CHAT})  # exactly the limit: fine
    assert until_chat(ann)[0]["text"] == "z" * MAX_CHAT
    for i in range(CHAT_BURST + 2):
        ann.send({"type": "chat", "text": f"line {i}"})
    codes: list[str] = []
    while len(codes) < CHAT_BURST + 2:
        message = ann.until_any("chat", "error")
        codes.append("ok" if message["type"] == "chat" else message["code"])
    assert codes == ["ok"] * (CHAT_BURST - 1) + ["chat_rate"] * 3
    stored = server.loop_call(store.chat(data["id"]))
    assert [line.text for line in stored] == ["z" * MAX_CHAT] + [
        f"line {i}" for i in range(CHAT_BURST - 1)
    ]
    assert table.match.moves == 0
    ann.close()


def test_a_spectator_cannot_impersonate_a_player(server: LiveServer) -> None:
    data = stop_with_open_seats(server)
    ann = connect(server, data["id"], data["invites"][0]["token"])
    spy = connect(server, data["id"])
    for forged in (
        {"type": "chat", "text": "I fold", "seat": 0},
        {"type": "chat", "text": "I fold", "author": "Ann"},
        {"type": "chat", "text": "I fold", "name": "Ann"},
    ):
        spy.send(forged)
        assert spy.until("error")["code"] == "bad_field"
    spy.send({"type": "chat", "text": "Ann: I fold"})
    (line,) = until_chat(spy)
    assert line["author"] == "Spectator" and line["seat"] is None and line["spectator"]
    # Spectators talk apart by default: the players never read it.
    ann.send({"type": "chat", "text": "hello"})
    (mine,) = until_chat(ann)
    assert mine["text"] == "hello"
    assert not any("Ann: I fold" in text for text in ann.raw)
    stored = server.loop_call(server.app.state.hub.store.chat(data["id"]))
    assert [(line.seat, line.author) for line in stored] == [(None, "Spectator"), (0, "Ann")]
    for player in (ann, spy):
        player.close()


@pytest.mark.parametrize("mode", ["off", "together"])
def test_the_host_sets_what_spectators_may_say(
    tmp_path: Path, mode: Literal["off", "together"]
) -> None:
    settings = attrs.evolve(FAST, spectator_chat=mode)
    with live(tmp_path / "t.db", settings) as server:
        data = stop_with_open_seats(server)
        ann = connect(server, data["id"], data["invites"][0]["token"])
        spy = connect(server, data["id"])
        assert spy.until("chat")["writable"] is (mode == "together")
        spy.send({"type": "chat", "text": "from the rail"})
        if mode == "off":
            assert spy.until("error")["code"] == "spectator"
            assert server.loop_call(server.app.state.hub.store.chat(data["id"])) == []
        else:
            (line,) = until_chat(ann)
            assert line["text"] == "from the rail" and line["author"] == "Spectator"
        ann.close()
        spy.close()


def test_no_chat_switches_it_off(tmp_path: Path) -> None:
    with live(tmp_path / "t.db", attrs.evolve(FAST, chat=False)) as server:
        data = stop_with_open_seats(server)
        ann = connect(server, data["id"], data["invites"][0]["token"])
        assert ann.until("chat") == {"type": "chat", "lines": [], "writable": False}
        ann.send({"type": "chat", "text": "anyone?"})
        assert ann.until("error")["code"] == "chat_off"
        assert server.loop_call(server.app.state.hub.store.chat(data["id"])) == []
        ann.close()


# ------------------------------------------------------------------ rematch and looking back


def test_play_again_gives_each_player_their_own_key_and_bots_keep_their_seats(
    server: LiveServer,
) -> None:
    data = post(
        server.url,
        "/matches",
        {
            "game": "hit",
            "players": 3,
            "options": {"rounds": 1},
            "seats": [{"name": "Ann"}, {"bot": "random"}, {"name": "Cleo"}],
        },
    )
    tokens = {invite["seat"]: invite["token"] for invite in data["invites"]}
    players = {seat: connect(server, data["id"], token) for seat, token in tokens.items()}
    watcher = connect(server, data["id"])
    players[0].send({"type": "rematch"})
    assert players[0].until("error")["code"] == "not_over"
    play_to_the_end(server, data["id"], players)
    watcher.send({"type": "rematch"})
    assert watcher.until("error")["code"] == "spectator"
    players[2].send({"type": "rematch"})
    players[0].send({"type": "rematch"})
    mine = {seat: until_keyed(players[seat]) for seat in (0, 2)}
    assert mine[0]["match"] == mine[2]["match"] != data["id"]
    assert mine[0]["token"] != mine[2]["token"]
    # The others hear that there is a rematch, never a key to it.
    told = watcher.until("rematch")
    assert told == {"type": "rematch", "match": mine[0]["match"]}
    assert not any(mine[0]["token"] in text for text in players[2].raw + watcher.raw)
    assert not any(mine[2]["token"] in text for text in players[0].raw + watcher.raw)
    new = server.app.state.hub.tables[mine[0]["match"]]
    old = server.app.state.hub.tables[data["id"]]
    assert new.record.seats == old.record.seats and new.record.options == old.record.options
    assert new.record.seed != old.record.seed
    for seat in (0, 2):
        again = connect(server, mine[seat]["match"], mine[seat]["token"])
        assert again.welcome is not None and again.welcome["seat"] == seat
        again.close()
    # A player coming back to the old table is told where the new one is.
    back = Player(server.ws_url(data["id"]))
    back.hello(tokens[0])
    assert back.until("rematch") == {"type": "rematch", "match": mine[0]["match"]}
    for player in (*players.values(), watcher, back):
        player.close()


def until_keyed(player: Player) -> dict[str, Any]:
    while True:
        message = player.until("rematch")
        if "token" in message:
            assert message["url"] == f"/play/{message['match']}#seat={message['token']}"
            return message


def test_finished_matches_are_listed_and_reachable_after_a_restart(
    module_db: str, tmp_path: Path
) -> None:
    db = module_db if module_db.startswith("postgresql") else str(tmp_path / "t.db")
    with live(db) as server:
        data = post(
            server.url,
            "/matches",
            {"game": "stop", "players": 3, "options": {"tokens_to_win": 2}},
        )
        tokens = {invite["seat"]: invite["token"] for invite in data["invites"]}
        players = {seat: connect(server, data["id"], token) for seat, token in tokens.items()}
        live_summary = get(server.url, f"/matches/{data['id']}")
        seed = server.app.state.hub.tables[data["id"]].record.seed
        assert live_summary["over"] is False and live_summary["result"] is None
        assert str(seed) not in json.dumps(live_summary)
        assert data["id"] not in json.dumps(get(server.url, "/matches/finished"))
        players[1].send({"type": "chat", "text": "good luck"})
        until_chat(players[0])
        play_to_the_end(server, data["id"], players)
        result = server.app.state.hub.tables[data["id"]].match.result
        for player in players.values():
            player.close()
    with live(db) as server:
        assert data["id"] not in server.app.state.hub.tables  # not rebuilt at start
        listed = [row for row in get(server.url, "/matches/finished") if row["id"] == data["id"]]
        assert len(listed) == 1
        winners = [f"Player {seat + 1}" for seat in result.winners]
        assert listed[0]["winners"] == winners and listed[0]["title"] == "Stop"
        summary = get(server.url, f"/matches/{data['id']}")
        standings = summary["result"]["standings"]
        assert [row["score"] for row in standings] == sorted(result.scores, reverse=True)
        assert [row["name"] for row in standings if row["winner"]] == winners
        rounds = summary["result"]["rounds"]
        assert len(rounds) == result.rounds and rounds[-1]["scores"] == list(result.scores)
        assert str(seed) not in json.dumps(summary)
        watcher = connect(server, data["id"])
        assert watcher.state is not None and watcher.state["result"] is not None
        assert [line["text"] for line in watcher.until("chat")["lines"]] == ["good luck"]
        # The whole log, as a spectator saw it (per action, or per move with the set-up).
        first = next(m for m in map(json.loads, watcher.raw) if m["type"] == "state")
        assert len(first.get("history", first.get("log", []))) >= result.moves
        watcher.close()
        assert status_of(server.url, "/matches/nosuchmatch") == 404


def test_no_new_message_carries_a_hidden_card_or_the_seed(server: LiveServer) -> None:
    """Presence, chat and rematch messages hold only their own keys, and never the seed."""
    data = stop_with_open_seats(server, tokens_to_win=1)
    taken = {
        seat: send(server.url, f"/matches/{data['id']}/seats/{seat}", {"name": name})[1]
        for seat, name in ((1, "Bob"), (2, "Cleo"))
    }
    tokens = {0: data["invites"][0]["token"], 1: taken[1]["token"], 2: taken[2]["token"]}
    players = {seat: connect(server, data["id"], token) for seat, token in tokens.items()}
    watcher = connect(server, data["id"])
    table = server.app.state.hub.tables[data["id"]]
    seed = str(table.record.seed)
    for seat, player in players.items():
        player.send({"type": "chat", "text": f"seat {seat} says hi"})
    play_to_the_end(server, data["id"], players)
    for player in players.values():
        player.send({"type": "rematch"})
        until_keyed(player)
    said = {f"seat {seat} says hi" for seat in players}
    seen = 0
    for player in (*players.values(), watcher):
        for text in player.raw:
            assert seed not in text
            message = json.loads(text)
            if message["type"] not in NEW_KEYS:
                continue
            seen += 1
            # Only their own keys, and every value is a name, a status, a count, our own
            # words or the new match: there is no room for a card.
            assert set(message) <= NEW_KEYS[message["type"]], message
            assert message.get("readers", "everyone") in ("everyone", "spectators"), message
            for line in message.get("lines", []):
                assert set(line) == {"number", "seat", "author", "spectator", "text"}
                assert line["text"] in said and line["author"] in table.names
            for entry in message.get("seats", []):
                assert set(entry) == {"seat", "name", "status"}
                assert entry["name"] in table.names
    assert seen > 10
    for player in (*players.values(), watcher):
        player.close()


def test_serve_passes_the_chat_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    import tablecards.server
    from tablecards.cli import cli

    seen: list[Any] = []

    def fake_serve(*args: Any, settings: Any, ready: Any) -> None:
        seen.append(settings)

    monkeypatch.setattr(tablecards.server, "serve", fake_serve)
    for args, chat, spectators in (
        ([], True, "apart"),
        (["--no-chat"], False, "apart"),
        (["--spectator-chat", "together"], True, "together"),
    ):
        assert CliRunner().invoke(cli, ["serve", *args]).exit_code == 0
        assert (seen[-1].chat, seen[-1].spectator_chat) == (chat, spectators)
    assert CliRunner().invoke(cli, ["serve", "--spectator-chat", "loud"]).exit_code == 2


OLD_SQLITE = """
CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
    players INTEGER NOT NULL, seed INTEGER NOT NULL, seats TEXT NOT NULL, created REAL NOT NULL,
    over INTEGER NOT NULL DEFAULT 0);
CREATE TABLE tokens (hash TEXT PRIMARY KEY, match TEXT NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL);
CREATE TABLE actions (match TEXT NOT NULL REFERENCES matches(id), number INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (match, number)) WITHOUT ROWID;
"""


def test_a_database_of_the_previous_version_gains_the_new_tables(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    """SQLite: the new tables are created beside the old ones; PostgreSQL: migration 2."""
    seats = json.dumps([{"name": "Ann", "bot": None}, {"name": "Bob", "bot": None}])
    row = ("0ld", "hit", "{}", 2, 5, seats, 1.0)
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.executescript(OLD_SQLITE)
        conn.execute("INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, 0)", row)
    pg = pg_cluster.new_database()
    with psycopg.connect(pg, autocommit=True) as conn:
        conn.execute("CREATE TABLE tablecards_schema (version INTEGER)")
        conn.execute(MIGRATIONS[0])
        conn.execute("INSERT INTO tablecards_schema VALUES (1)")
        conn.execute("INSERT INTO matches VALUES (%s, %s, %s, %s, %s, %s, %s, FALSE)", row)
    for db in (str(path), pg):
        with live(db) as server:
            watcher = connect(server, "0ld")
            assert watcher.welcome is not None and watcher.welcome["names"] == ["Ann", "Bob"]
            watcher.send({"type": "chat", "text": "still here"})
            assert until_chat(watcher)[0]["text"] == "still here"
            watcher.close()


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("stop", 3, {"tokens_to_win": 3}), ("hattrick", 4, {"rounds": 3}), ("hit", 2, {"rounds": 2})],
)
def test_the_round_summary_ends_with_the_final_scores(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """One row per round, read from the spectator's view; the last row is the result."""
    match = tablecards.Match(tablecards.load_game(game, **options), players, 11)
    rng = random.Random(11)
    while not match.is_over:
        seat = rng.choice(match.waiting_for or match.to_act)
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    result = match.result
    assert result is not None
    rows = round_scores(match)
    assert [row["round"] for row in rows] == list(range(1, result.rounds + 1))
    assert rows[-1]["scores"] == list(result.scores)
    assert len(rows) > 1  # the options ask for several rounds
    table = standings(match, ["Ann", "Bob", "Cleo", "Dan"][:players])
    assert [row["score"] for row in table] == sorted(result.scores, reverse=True)
    assert {row["seat"] for row in table if row["winner"]} == set(result.winners)
