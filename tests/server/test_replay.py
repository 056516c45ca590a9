"""Stepping through a finished match: ``GET /matches/{match}/moves/{move}``.

Each move shows what a spectator was shown then (the scene and the log's entry of the move),
read back from the store after a restart too, on both stores; a live or unknown match, and a
move the match does not have, are refused in words; a step replays at most a few moves.
"""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.request
from typing import Any

import attrs
import pytest
from wire import LiveServer, Player, get, live, post

import tablecards
from tablecards import Match
from tablecards.server import _replay
from tablecards.server._replay import KEEP_EVERY, ReplayRefused, build, frame_text
from tablecards.server.store import MatchRecord, SeatRecord

NAMES = ["Ann", "Bob", "Cleo", "Dee"]


def answer(base: str, path: str) -> tuple[int, Any]:
    """GET ``path``: the status and the decoded JSON, errors included."""
    try:
        with urllib.request.urlopen(base + path, timeout=10) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as failure:
        return failure.code, json.loads(failure.read())


def bots_match(server: LiveServer, game: str, players: int, **options: Any) -> str:
    seats = [{"bot": "random", "name": name} for name in NAMES[:players]]
    data = post(
        server.url,
        "/matches",
        {"game": game, "players": players, "options": options, "seats": seats, "pace": "off"},
    )
    return str(data["id"])


def watch_to_the_end(server: LiveServer, match_id: str) -> Player:
    """A spectator from the first move to the result (bots play while someone watches)."""
    watcher = Player(server.ws_url(match_id))
    watcher.hello()
    while watcher.state is None or watcher.state["result"] is None:
        watcher.until("state", timeout=60)
    watcher.close()
    return watcher


@pytest.mark.slow
def test_a_finished_match_steps_move_by_move_as_its_spectator_saw_it(db: str) -> None:
    with live(db) as server:
        match_id = bots_match(server, "hit", 3)
        # Nobody watches yet: the bots wait, and a match being played is not stepped through.
        status, body = answer(server.url, f"/matches/{match_id}/moves/0")
        assert status == 409 and "still being played" in body["error"]
        seed = str(server.app.state.hub.tables[match_id].record.seed)
        watcher = watch_to_the_end(server, match_id)
        scenes: dict[int, Any] = {}
        for text in watcher.raw:
            message = json.loads(text)
            if message["type"] == "state":
                scenes[message["moves"]] = message["scene"]
        entries = {entry["move"]: entry for entry in watcher.history}
        final = watcher.state
        assert final is not None
        moves = final["moves"]
        frames = [get(server.url, f"/matches/{match_id}/moves/{move}") for move in range(moves + 1)]
        whole = get(server.url, f"/matches/{match_id}/moves/{moves}?since=0")
    assert len(scenes) > moves // 2  # the spectator was shown most moves one by one
    for move, frame in enumerate(frames):
        assert frame["move"] == move and frame["moves"] == moves and frame["match"] == match_id
        if move in scenes:
            assert frame["scene"] == scenes[move], move
        assert frame["history"] == [entries[move]]
        assert frame["result"] == (final["result"] if move == moves else None)
    assert frames[0]["history"][0]["text"] == "The match begins"
    assert whole["history"] == [entries[move] for move in range(moves + 1)]
    assert whole["scene"] == final["scene"]
    for frame in (*frames, whole):
        assert seed not in json.dumps(frame) and "seed" not in json.dumps(frame)

    with live(db) as server:  # a restart: read back from the store, the same frames
        assert match_id not in server.app.state.hub.tables
        for move in (0, 1, moves // 2, moves):
            assert get(server.url, f"/matches/{match_id}/moves/{move}") == frames[move]
        assert match_id not in server.app.state.hub.tables  # looking back seats no table


def test_moves_and_matches_that_are_not_there_are_refused_in_words(db: str) -> None:
    with live(db) as server:
        match_id = bots_match(server, "stop", 3, tokens_to_win=1)
        watch_to_the_end(server, match_id)
        moves = get(server.url, f"/matches/{match_id}")["moves"]
        refused = {
            f"/matches/{match_id}/moves/{moves + 1}": (
                404,
                f"this match has moves 0 to {moves}: there is no move {moves + 1}",
            ),
            f"/matches/{match_id}/moves/x": (
                400,
                "'x' is not a move: a move is a whole number, 0 before the first",
            ),
            f"/matches/{match_id}/moves/-1": (400, "'-1' is not a move"),
            f"/matches/{match_id}/moves/1.5": (400, "'1.5' is not a move"),
            f"/matches/{match_id}/moves/{'9' * 40}": (400, "is not a move"),
            f"/matches/{match_id}/moves/2?since=3": (400, "since=3 is after move 2"),
            f"/matches/{match_id}/moves/2?since=a": (400, "'a' is not a move"),
            "/matches/nosuchmatch1/moves/0": (404, "no such match"),
        }
        for path, (status, words) in refused.items():
            got, body = answer(server.url, path)
            assert got == status and words in body["error"], (path, got, body)
        assert answer(server.url, f"/matches/{match_id}/moves/{moves}")[0] == 200


# -- the replay itself: what one step costs, what is kept ---------------------------------------


def finished(game: str, players: int, seed: int) -> tuple[MatchRecord, Match]:
    """A match of ``game`` played to its end by random choices, and its record."""
    match = Match(game, players, seed)
    rng = random.Random(seed)
    while not match.is_over:
        seat = rng.choice(match.waiting_for or match.to_act)
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    record = MatchRecord(
        id="m1",
        game=game,
        options={},
        players=players,
        seed=seed,
        seats=tuple(SeatRecord(name) for name in NAMES[:players]),
        over=True,
    )
    return record, match


def rows_of(match: Match) -> list[tuple[int, str]]:
    return [(seat, json.dumps(match.action_json(action))) for seat, action in match.log]


@pytest.mark.parametrize("game", ["hit", "stop", "exhopp", "hattrick", "goofspiel", "courtiers"])
def test_every_frame_is_the_spectators_scene_and_replays_at_most_a_few_moves(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = {"hit": 3, "stop": 3, "goofspiel": 3}.get(game, 4)
    names = NAMES[:players]
    record, played = finished(game, players, seed=5)
    replay = build(record, tablecards.load_game(game), rows_of(played), [])
    assert replay.moves == played.moves
    assert len(replay.kept) == played.moves // KEEP_EVERY + 1
    applied = []
    apply = Match.apply

    def counted(self: Match, seat: int, action: Any) -> None:
        applied.append(seat)
        apply(self, seat, action)

    again = Match(game, players, 5)
    before: int | None = None
    read_again = 0
    for move in range(played.moves + 1):
        monkeypatch.setattr(Match, "apply", counted)
        frame = replay.frame(move)
        monkeypatch.undo()
        assert len(applied) == move % KEEP_EVERY < KEEP_EVERY, move
        applied.clear()
        assert frame["scene"] == again.scene(None, names)
        # The log as the spectator read it then: the move's entry, and the answers of a
        # moment where everyone answers on their own again (hidden while it is open).
        first = frame["history"][0]["move"]
        assert frame["history"][-1]["move"] == move
        assert frame["history"] == again.history(None, names, since=first)
        opened = {again.answering_since, before}
        assert first == move or first - 1 in opened, (first, move, opened)
        read_again += first < move
        if move < played.moves:
            before = again.answering_since  # a moment that closes at the next move
            again.apply(*played.log[move])
    assert (read_again > 0) == (game == "goofspiel")


def test_a_match_is_replayed_once_however_many_ask_and_few_are_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record, played = finished("hit", 3, seed=2)
    rows = rows_of(played)
    records = {f"m{n}": attrs.evolve(record, id=f"m{n}") for n in range(4)}

    class Store:
        async def match(self, match_id: str) -> MatchRecord | None:
            return records.get(match_id)

        async def claims(self, match_id: str) -> dict[int, str]:
            return {}

        async def actions(self, match_id: str) -> list[tuple[int, str]]:
            return rows

        async def notes(self, match_id: str) -> list[str]:
            return []

    class Hub:
        store = Store()
        load_game = staticmethod(tablecards.load_game)

    built: list[str] = []

    def counting(record: MatchRecord, *args: Any) -> Any:
        built.append(record.id)
        return build(record, *args)

    monkeypatch.setattr(_replay, "build", counting)
    monkeypatch.setattr(_replay, "KEPT_MATCHES", 2)
    monkeypatch.setattr(_replay, "KEPT_FRAMES", 3)
    hub: Any = Hub()

    async def look() -> list[str]:
        texts = await asyncio.gather(*(frame_text(hub, "m0", str(move)) for move in range(10)))
        for match_id in ("m1", "m2", "m3"):
            await frame_text(hub, match_id, "1")
        with pytest.raises(ReplayRefused) as unknown:
            await frame_text(hub, "nope", "0")
        assert unknown.value.status == 404
        kept = _replay._KEPT[hub]
        assert list(kept.replays) == ["m2", "m3"] and len(kept.frames) == 3
        return list(texts)

    texts = asyncio.run(look())
    assert built == ["m0", "m1", "m2", "m3"]
    assert [json.loads(text)["move"] for text in texts] == list(range(10))


def test_a_match_whose_game_changed_is_refused_without_its_actions(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A stored action the game no longer reads: ``410``, and the reason (which may name a
    hidden card) only in the server's log."""
    record, _ = finished("hit", 3, seed=2)
    secret = '{"type": "PlaysTheRed7"}'

    class Store:
        async def match(self, match_id: str) -> MatchRecord | None:
            return record

        async def claims(self, match_id: str) -> dict[int, str]:
            return {}

        async def actions(self, match_id: str) -> list[tuple[int, str]]:
            return [(0, secret)]

        async def notes(self, match_id: str) -> list[str]:
            return []

    class Hub:
        store = Store()
        load_game = staticmethod(tablecards.load_game)

    hub: Any = Hub()
    with pytest.raises(ReplayRefused) as refused:
        asyncio.run(frame_text(hub, "m1", "0"))
    assert refused.value.status == 410
    assert refused.value.reason == (
        "this match can no longer be replayed: its game changed on this server"
    )
    assert "PlaysTheRed7" in caplog.text and "m1" in caplog.text
