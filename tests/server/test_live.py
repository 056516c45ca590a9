"""Against a real uvicorn on 127.0.0.1 (port 0) with real websocket clients."""

from __future__ import annotations

import asyncio
import importlib.resources
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
import websockets
from wire import LiveServer, Player, actors, faces, get, live, post, race, zones

import tablecards
from tablecards import Visibility

PROTOCOL = json.loads(
    importlib.resources.files("tablecards.server").joinpath("protocol.schema.json").read_text()
)


@pytest.fixture(scope="module")
def server(module_db: str) -> Iterator[LiveServer]:
    with live(module_db) as server:
        yield server


def new_match(server: LiveServer, game: str, players: int, seats: Any = None) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "players": players}
    if seats is not None:
        body["seats"] = seats
    data: dict[str, Any] = post(server.url, "/matches", body)
    return data


def join(server: LiveServer, match: dict[str, Any]) -> list[Player]:
    players = []
    for invite in match["invites"]:
        player = Player(server.ws_url(match["id"]))
        player.hello(invite["token"])
        player.until("state")
        players.append(player)
    return players


def owner_zones(server: LiveServer, match_id: str) -> dict[str, int]:
    """Zones only their owner may see (read on the server side, for the checks)."""
    table = server.app.state.hub.tables[match_id]
    return {
        zone.name: zone.owner
        for zone in table.match.state.zones()
        if zone.visibility is Visibility.OWNER and zone.owner is not None
    }


@pytest.mark.parametrize(
    ("game", "players"), [("hit", 3), ("stop", 4), ("exhopp", 4), ("hattrick", 4)]
)
@pytest.mark.slow
def test_a_full_match_of_each_game_played_by_clients_to_its_end(
    server: LiveServer, game: str, players: int
) -> None:
    match = new_match(server, game, players)
    clients = join(server, match)
    watcher = Player(server.ws_url(match["id"]))
    watcher.hello()
    watcher.until("state")
    rng = random.Random(game)
    moves = 0
    while clients[0].state is not None and clients[0].state["result"] is None:
        actor = clients[rng.choice(actors(clients))]
        actor.act(rng.choice(actor.choices))
        moves += 1
        for client in (*clients, watcher):
            client.until_moves(moves)
    results = {
        json.dumps(client.state and client.state["result"]) for client in (*clients, watcher)
    }
    assert len(results) == 1 and moves > 10
    # The result by name: every seat's score under its name, and who won in words.
    result = watcher.state["result"]  # type: ignore[index]
    names = [invite["name"] for invite in match["invites"]]
    assert [row["name"] for row in result["standings"]] == names
    assert [row["score"] for row in result["standings"]] == result["scores"]
    assert all(names[seat] in result["text"] for seat in result["winners"])
    hidden = owner_zones(server, match["id"])
    # Read while its clients are connected: a finished match leaves memory after the last.
    seed = server.app.state.hub.tables[match["id"]].record.seed
    protocol = jsonschema.Draft202012Validator(PROTOCOL)
    scenes = jsonschema.Draft202012Validator(tablecards.scene_schema())
    # The spectator's scene: no seat's hidden cards at all.
    for text in watcher.raw:
        message = json.loads(text)
        protocol.validate(message)
        if message["type"] == "state":
            scenes.validate(message["scene"])
            assert message["scene"]["viewer"] is None
            boxes = zones(message["scene"])
            assert all(boxes[zone]["cards"] is None for zone in hidden if zone in boxes)
    assert [entry["move"] for entry in watcher.history] == list(range(moves + 1))
    watcher.close()
    for seat, client in enumerate(clients):
        # One history entry per move (0: the set-up), each sent once, in order.
        assert [entry["move"] for entry in client.history] == list(range(moves + 1))
        for text in client.raw:
            message = json.loads(text)
            protocol.validate(message)
            if message["type"] == "state":
                scenes.validate(message["scene"])
                assert message["scene"]["viewer"] == seat
                boxes = zones(message["scene"])
                for zone, owner in hidden.items():
                    if owner != seat and zone in boxes:
                        assert boxes[zone]["cards"] is None, (seat, zone)
        client.close()
    assert not any(str(seed) in text for client in clients for text in client.raw)


def test_seat_one_cannot_act_for_or_see_seat_two(server: LiveServer) -> None:
    match = new_match(server, "stop", 4)
    clients = join(server, match)
    one = clients[1]
    # Stop opens with the red-token holder (seat 0) drawing: seat 2 may not act, nor may seat 1.
    state = one.state
    assert state is not None and state["moves"] == 0
    for act in ({"type": "CallStop"}, {"type": "Decline"}, {"type": "Draw"}):
        one.act(act, seat=2)
        refusal = one.until("error")
        assert refusal["code"] == "bad_field" and "'seat'" in refusal["reason"]
    spy = server.app.state.hub.tables[match["id"]].match
    if 1 not in spy.to_act:
        one.act({"type": "Decline"})
        assert one.until("error")["code"] in {"not_your_turn", "malformed", "illegal"}
    assert spy.moves == 0
    visible = {card.id for zone in spy.state.zones() if zone.visible_to(1) for card in zone.cards}
    hidden = {card.id for zone in spy.state.zones() for card in zone.cards} - visible
    assert hidden
    for text in one.raw:
        message = json.loads(text)
        if message["type"] == "state":
            assert message["scene"]["viewer"] == 1
            boxes = zones(message["scene"])
            for zone in ("hand:0", "hand:2", "hand:3"):
                assert boxes[zone]["cards"] is None
            # Every card drawn for seat 1 is one it may see.
            assert {face["id"] for face in faces(message["scene"])} <= visible
    for client in clients:
        client.close()


def test_a_wrong_or_missing_token_receives_nothing_before_or_after_a_player_joins(
    server: LiveServer,
) -> None:
    match = new_match(server, "hit", 2)
    url = server.ws_url(match["id"])
    wrong, silent, early, other = Player(url), Player(url), Player(url), Player(url)
    wrong.hello("x" * 24)
    early.act({"type": "DrawAgain"}, after=0)
    other_match = new_match(server, "hit", 2)
    other.hello(other_match["invites"][0]["token"])  # a real token, of another match
    for socket in (wrong, early, other):
        refusal = socket.recv()
        assert refusal["type"] == "error" and refusal["code"] == "auth"
        # Words a person reads on the page (issue 41), not the protocol's.
        assert "seat key in this link" in refusal["reason"], refusal
        assert not re.search(r"hello|token|message", refusal["reason"]), refusal
    # Now a real player joins and plays: the refused sockets and the silent one get nothing.
    players = join(server, match)
    players[0].act(players[0].choices[0])
    players[0].until_moves(1)
    for socket in (wrong, early, other, silent):
        assert socket.silent(0.5)
        assert all(json.loads(text)["type"] == "error" for text in socket.raw)
        assert not any("state" in text or "welcome" in text for text in socket.raw)
    for client in (*players, wrong, silent, early, other):
        client.close()


def test_websocket_from_another_site_is_refused(server: LiveServer) -> None:
    match = new_match(server, "hit", 2)
    with pytest.raises(websockets.exceptions.InvalidStatus):
        Player(server.ws_url(match["id"]), origin="https://evil.example")


def test_an_unknown_match_is_said_distinctly_with_close_code_4404(server: LiveServer) -> None:
    """The page stops reconnecting on 4404 and shows "no such match"."""
    nobody = Player(server.ws_url("no-such-match"))
    with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
        nobody.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
    assert nobody.raw == []


def test_stale_clicks_fail_cleanly(server: LiveServer) -> None:
    match = new_match(server, "hit", 2)
    players = join(server, match)
    first = players[0]
    first.act({"type": "DrawAgain"}, after=0)
    first.until_moves(1)
    first.act({"type": "DrawAgain"}, after=0, id="late-click")
    error = first.until("error")
    assert error["code"] == "stale" and error["id"] == "late-click"
    assert "nothing was played" in error["reason"]
    assert not re.search(r"\d|\bmove\b", error["reason"]), error  # words, no move numbers
    first.act({"type": "DrawAgain"}, after=5)
    assert first.until("error")["code"] == "stale"
    assert server.app.state.hub.tables[match["id"]].match.moves == 1
    for client in players:
        client.close()


def test_twenty_racing_clients_make_one_winner_and_nineteen_too_late(server: LiveServer) -> None:
    match = new_match(server, "stop", 6)
    tokens = {invite["seat"]: invite["token"] for invite in match["invites"]}
    url = server.ws_url(match["id"])
    table = server.app.state.hub.tables[match["id"]]
    bystander = join(server, {"id": match["id"], "invites": match["invites"][:1]})[0]

    # Play draws until an open moment where at least four seats may call Stop!.
    def callers() -> list[int]:
        match = table.match
        return [
            seat
            for seat in match.to_act
            if any(type(a).__name__ == "CallStop" for a in match.legal_actions(seat))
        ]

    while len(callers()) < 4:
        to_act, moves = table.match.to_act, table.match.moves
        seat = to_act[0]
        legal = [a for a in table.match.legal_actions(seat) if type(a).__name__ != "CallStop"]
        assert legal
        helper = Player(url)
        helper.hello(tokens[seat])
        helper.until("state")
        helper.act(json_of(legal[0]))
        helper.until_moves(moves + 1)
        helper.close()
    open_seats = callers()
    moves = table.match.moves
    answers = asyncio.run(
        race([(url, tokens[open_seats[i % len(open_seats)]]) for i in range(20)], moves)
    )
    winners = [a for a in answers if a["type"] == "won"]
    late = [a for a in answers if a["type"] == "error"]
    assert len(winners) == 1, answers
    assert len(late) == 19 and {a["code"] for a in late} == {"too_late"}
    assert all("too late" in a["reason"] for a in late)
    # What came first, in words (issue 41): no move number.
    assert all(re.search(r"calls? Stop!", a["reason"]) for a in late), late
    assert not [a for a in late if re.search(r"\bmove \d", a["reason"])], late
    assert table.match.moves == moves + 1
    bystander.close()


def json_of(action: Any) -> dict[str, Any]:
    from tablecards import action_to_json

    return action_to_json(action)


def test_the_lobby_never_shows_a_seed(server: LiveServer) -> None:
    match = new_match(server, "stop", 4)
    seed = server.app.state.hub.tables[match["id"]].record.seed
    assert str(seed) not in json.dumps(get(server.url, "/matches"))


def test_five_hundred_hostile_messages_change_nothing_and_the_server_serves_others(
    server: LiveServer, tmp_path: Path
) -> None:
    match = new_match(server, "hit", 2)
    players = join(server, match)
    first = players[0]
    first.act({"type": "DrawAgain"})
    first.until_moves(1)
    table = server.app.state.hub.tables[match["id"]]
    before = table.match.to_json()
    hostile = hostile_messages(random.Random(500))
    assert len(hostile) == 500
    for message in hostile:
        first.send(message)
    errors = 0
    while errors < 500:
        reply = first.recv()
        assert reply["type"] == "error", reply
        errors += 1
    assert table.match.to_json() == before
    first.send({"type": "ping"})
    assert first.until("pong")["type"] == "pong"
    # The same connection still plays, and so does another match.
    first.act({"type": "EndTurn"})
    first.until_moves(2)
    other = new_match(server, "hit", 2)
    others = join(server, other)
    others[0].act(others[0].choices[0])
    assert others[0].until_moves(1)["moves"] == 1
    for client in (*players, *others):
        client.close()


def hostile_messages(rng: random.Random) -> list[str | bytes]:
    """500 messages a hostile or broken client might send; none is a valid act."""
    templates: list[str | bytes] = [
        "",
        "not json",
        "[1, 2, 3]",
        "null",
        "42",
        '"text"',
        "{",
        '{"type": "hello", "token": "forged"}',
        '{"type": "hello", "spectate": true}',
        '{"type": "act"}',
        '{"type": "act", "act": {"type": "DrawAgain"}}',
        '{"type": "act", "act": {"type": "DrawAgain"}, "after": -1}',
        '{"type": "act", "act": {"type": "DrawAgain"}, "after": true}',
        '{"type": "act", "act": {"type": "DrawAgain"}, "after": 1.5}',
        '{"type": "act", "act": {"type": "DrawAgain"}, "after": 1e999}',
        '{"type": "act", "act": {"type": "DrawAgain"}, "after": NaN}',
        '{"type": "act", "act": {"type": "DrawAgain"}, "after": ' + "9" * 5000 + "}",
        '{"type": "act", "act": {"type": "DrawAgain"}, "after": 1, "seat": 1}',
        '{"type": "act", "act": {"type": "Nope"}, "after": 1}',
        '{"type": "act", "act": {"type": "DrawAgain", "extra": 1}, "after": 1}',
        '{"type": "act", "act": "DrawAgain", "after": 1}',
        '{"type": "act", "act": {"type": 7}, "after": 1}',
        '{"type": "act", "act": {"type": "DrawAgain"}, "after": 1, "id": {"x": 1}}',
        '{"type": "act", "act": {"type": "DrawAgain"}, "after": 0}',
        '{"type": "shutdown"}',
        '{"type": "__proto__"}',
        "[" * 3000 + "]" * 3000,
        '{"type": "act", "pad": "' + "x" * 9000 + '"}',
        b'{"type": "ping"}',
        b"\x00\xff\xfe",
    ]
    return [templates[i % len(templates)] for i in rng.sample(range(500), 500)]
