"""What a seat cannot see never reaches it: two deals that differ only there look the same."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from wire import FAST, choices

from tablecards import Game
from tablecards.server import create_app
from tablecards_stop import ArrangedStop


class _Stopped(ArrangedStop):
    """An arranged Stop that the engine stops after :attr:`limit` moves (truncated)."""

    limit = 40

    def move_limit(self, players: int) -> int:
        return self.limit


def streams(
    db: Path,
    draws: Sequence[int],
    moves: int,
    *,
    stopped: bool = False,
    look_back: Callable[[TestClient, str], None] | None = None,
) -> dict[int, list[str]]:
    """Play a scripted Stop where seat 2's next draws are ``draws``; each seat's raw messages.

    ``stopped``: the match ends (truncated) after its 40th move. ``look_back(client, match)``
    is called once the ``moves`` are played, before the server stops."""

    def load_game(name: str, **options: Any) -> Game[Any]:
        assert name == "stop"
        arranged = _Stopped if stopped else ArrangedStop
        return arranged(hands={2: [3]}, draws={2: draws}, **options)

    with TestClient(create_app(db, settings=FAST, load_game=load_game)) as client:
        hub = client.app.state.hub
        create = functools.partial(hub.create, {"game": "stop", "players": 4}, seed=11)
        match_id, invites = client.portal.call(create)
        sockets = {}
        for invite in invites:
            ws = client.websocket_connect(f"/matches/{match_id}/ws").__enter__()
            ws.send_text(json.dumps({"type": "hello", "token": invite["token"]}))
            sockets[invite["seat"]] = ws
        seen: dict[int, list[str]] = {seat: [] for seat in sockets}
        states: dict[int, dict[str, Any]] = {}

        def read(seat: int, upto: int) -> None:
            while states.get(seat, {}).get("moves", -1) < upto:
                text = sockets[seat].receive_text()
                seen[seat].append(text)
                message = json.loads(text)
                assert message["type"] != "error", message
                if message["type"] == "state":
                    states[seat] = message

        for seat in sockets:
            read(seat, 0)
        for move in range(moves):
            actor = next(seat for seat in sorted(states) if choices(states[seat]["scene"]))
            legal = [act for act in choices(states[actor]["scene"]) if act["type"] != "CallStop"]
            sockets[actor].send_text(json.dumps({"type": "act", "act": legal[0], "after": move}))
            for seat in sockets:
                read(seat, move + 1)
        if look_back is not None:
            look_back(client, match_id)
        for ws in sockets.values():
            ws.__exit__(None, None, None)
        return seen


def test_two_deals_differing_only_in_seat_twos_hidden_draws_look_the_same_to_seat_one(
    tmp_path: Path,
) -> None:
    """STOP-04: hands are secret; seat 1's whole stream is byte for byte the same (but for
    who is connected: presence is coalesced over a short delay, so how many seats had joined
    when it went out depends on the machine's pace, not on the cards; it says only names and
    whether each seat is here)."""
    fours = streams(tmp_path / "a.db", [4, 4, 4], 40)
    twos = streams(tmp_path / "b.db", [2, 2, 2], 40)
    for stream in [*fours.values(), *twos.values()]:
        for text in stream:
            message = json.loads(text)
            if message["type"] == "presence":
                assert set(message) == {"type", "seats", "spectators"}
                assert all(set(seat) == {"seat", "name", "status"} for seat in message["seats"])
    fours, twos = without_presence(fours), without_presence(twos)
    assert len(fours[1]) > 40
    assert fours[1] == twos[1]
    assert fours[3] == twos[3]
    # The deals really differ: seat 2 was sent other cards in the two matches.
    assert fours[2] != twos[2]


def without_presence(streams: dict[int, list[str]]) -> dict[int, list[str]]:
    """Each seat's messages but the presence ones (who is connected, sent when it settles)."""
    return {
        seat: [text for text in stream if json.loads(text)["type"] != "presence"]
        for seat, stream in streams.items()
    }


def test_a_replay_of_two_deals_differing_only_in_hidden_draws_is_the_same(
    tmp_path: Path,
) -> None:
    """STOP-04 after the end: every move of a finished match, stepped through, is the same
    in two matches whose deals differ only in cards no spectator saw (seat 2's draws), while
    seat 2 itself was shown different cards."""
    frames: dict[str, list[str]] = {}

    def look_back(client: TestClient, match_id: str) -> None:
        answers = [client.get(f"/matches/{match_id}/moves/{move}") for move in range(41)]
        assert all(answer.status_code == 200 for answer in answers)
        whole = client.get(f"/matches/{match_id}/moves/40?since=0")
        frames[match_id] = [answer.text.replace(match_id, "M") for answer in [*answers, whole]]

    fours = streams(tmp_path / "a.db", [4, 4, 4], 40, stopped=True, look_back=look_back)
    twos = streams(tmp_path / "b.db", [2, 2, 2], 40, stopped=True, look_back=look_back)
    first, second = frames.values()
    assert json.loads(first[-2])["result"]["truncated"] is True
    assert len(json.loads(first[-1])["history"]) == 41
    assert first == second
    assert without_presence(fours)[2] != without_presence(twos)[2]
