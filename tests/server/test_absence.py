"""When someone leaves the table (issue 40), over real websockets on a real uvicorn.

- Nobody at the table, nothing moves: a Stop match whose people are all away makes no move
  for a (scaled) minute, and goes on when one of them is back.
- Every answer the clock gave is marked in every seat's history ("Time ran out: …", "Your time
  ran out: …"), also after a restart.
- A bot takes over, and gives the seat back: in Hit!, Hattrick and Ex & Hopp a person leaves,
  the others are offered the seat once the person's time ran out, hand it to a bot, the bot
  plays it, the person comes back and plays the next decision; every history says so.
- Seats not squatted: a seat taken and never joined opens again; one address takes at most
  its quota of seats.

Times go through the server's own ``time_scale``: a minute of the table is 0.6 s here.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from wire import FAST, Player, get, live, post, status_of

from tablecards.server import Settings
from tablecards.server._absence import Note, note_text

#: A minute of the table in 0.6 s; the games' own clocks at their pace, scaled alike.
SCALE = 0.01
DEFAULT_CLOCKS = {"reaction": 1.0, "decision": 1.0, "turn": None}
TIMED = attrs.evolve(
    FAST,
    bot_think=(0.0, 0.01),
    clocks=DEFAULT_CLOCKS,
    time_scale=SCALE,
    stand_in_after=None,
)


def invite_of(data: dict[str, Any], name: str) -> str:
    return str(next(i["token"] for i in data["invites"] if i["name"] == name))


def join(server: Any, match: str, token: str | None = None) -> Player:
    player = Player(server.ws_url(match))
    player.hello(token)
    player.until("state")
    return player


def play_until(
    player: Player, done: Callable[[dict[str, Any]], bool], timeout: float = 20
) -> dict[str, Any]:
    """Read ``player``'s messages, playing its first choice whenever it has one, until a
    message makes ``done`` true (returned)."""
    deadline = time.monotonic() + timeout
    play_on(player)
    while True:
        message = player.recv(max(0.01, deadline - time.monotonic()))
        if done(message):
            return message
        play_on(player)


def read_until(
    player: Player, done: Callable[[dict[str, Any]], bool], timeout: float = 20
) -> dict[str, Any]:
    """Read ``player``'s messages, playing nothing, until a message makes ``done`` true."""
    deadline = time.monotonic() + timeout
    while True:
        message = player.recv(max(0.01, deadline - time.monotonic()))
        if done(message):
            return message


def play_on(player: Player) -> None:
    """Play ``player``'s first choice on its latest screen, once per screen."""
    state = player.state
    if state is None or state["result"] is not None or not player.choices:
        return
    if getattr(player, "played_on", None) != state["moves"]:
        player.played_on = state["moves"]  # type: ignore[attr-defined]
        player.act(player.choices[0])


def bob_plays(ann: Player, bob: Player, timeout: float = 20) -> int:
    """Ann plays her turns until Bob has a decision; Bob plays it. Returns the move number
    Bob's click was made on (his move is the next)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        play_on(ann)
        state = bob.state
        if state is not None and bob.choices and state["result"] is None:
            bob.act(bob.choices[0])
            bob.until_moves(state["moves"] + 1)
            return int(state["moves"])
        for player in (ann, bob):
            with contextlib.suppress(TimeoutError):
                player.recv(0.05)
    raise AssertionError("Bob never had a decision")


def seat_entry(message: dict[str, Any], seat: int) -> dict[str, Any]:
    entry: dict[str, Any] = message["seats"][seat]
    return entry


def lines(player: Player) -> list[str]:
    """Every line of ``player``'s history (the last version of each move's entry)."""
    entries = {entry["move"]: entry for entry in player.history}
    return [line for _, e in sorted(entries.items()) for line in (e["text"], *e["then"])]


# -- nobody at the table, nothing moves -----------------------------------------------------


def test_a_stop_match_whose_people_are_all_away_waits_and_goes_on_when_one_is_back(
    db: str,
) -> None:
    seats = [{"name": "Ann"}, {"bot": "random"}, {"name": "Cleo"}, {"bot": "heuristic"}]
    with live(db, TIMED) as server:
        data = post(server.url, "/matches", {"game": "stop", "players": 4, "seats": seats})
        table = server.app.state.hub.tables[data["id"]]
        time.sleep(60 * SCALE)  # a minute: the bots and the clocks wait for a person
        assert table.match.moves == 0
        ann = join(server, data["id"], invite_of(data, "Ann"))
        ann.until_moves(5)  # Ann is silent; the clocks and the bots go on
        ann.close()
        time.sleep(0.2)  # her leaving reaches the table
        moves = table.match.moves
        time.sleep(60 * SCALE)
        assert table.match.moves == moves  # nobody left: nothing moved
        cleo = join(server, data["id"], invite_of(data, "Cleo"))
        cleo.until_moves(moves + 3)  # one person back: its clocks run again
        cleo.close()


def test_a_match_of_bots_alone_plays_only_while_someone_watches(tmp_path: Any) -> None:
    seats = [{"bot": "random"}] * 3
    with live(tmp_path / "t.db", TIMED) as server:
        data = post(server.url, "/matches", {"game": "hit", "players": 3, "seats": seats})
        table = server.app.state.hub.tables[data["id"]]
        time.sleep(60 * SCALE)
        assert table.match.moves == 0
        watcher = join(server, data["id"])
        watcher.until_moves(3)
        watcher.close()


# -- the clock's answers, marked ------------------------------------------------------------


def test_every_answer_the_clock_gave_is_marked_in_every_history(tmp_path: Any) -> None:
    seats = [{"name": "Ann"}, {"bot": "random"}, {"name": "Cleo"}, {"bot": "heuristic"}]
    db = tmp_path / "t.db"
    with live(db, TIMED) as server:
        data = post(server.url, "/matches", {"game": "stop", "players": 4, "seats": seats})
        ann = join(server, data["id"], invite_of(data, "Ann"))
        cleo = join(server, data["id"], invite_of(data, "Cleo"))  # silent, like Ann
        watcher = join(server, data["id"])
        watcher.until_moves(40, timeout=30)
        table = server.app.state.hub.tables[data["id"]]
        log = list(table.match.log)
        timed_out = dict(table._timed_out)
        for player in (ann, cleo, watcher):
            player.until_moves(watcher.state["moves"])  # type: ignore[index]
    quiet = table.match.game.quiet_play
    assert timed_out  # Ann and Cleo never answered: the clock did
    # The clock's passes in the auction are marked (not every answer is a quiet decline).
    assert any(not quiet(log[move - 1][1]) for move in timed_out)
    for seat, player in ((0, ann), (2, cleo), (None, watcher)):
        entries = {entry["move"]: entry for entry in player.history}
        for move, entry in entries.items():
            if move == 0 or move > len(log):
                continue
            actor, action = log[move - 1]
            if move in timed_out and quiet(action):
                # A quiet move (a decline in a Stop! window) has no line to mark: nobody is
                # said to have done anything, and the draw it let go on stands alone.
                assert entry["text"] == "", entry
            elif move in timed_out:
                mark = "Your time ran out: " if actor == seat else "Time ran out: "
                assert entry["text"].startswith(mark), entry
            # No person is said to have done what the clock did for them.
            if actor == seat:
                assert not entry["text"].startswith("You "), entry
    # The marks are stored: after a restart, a reconnecting Ann reads them again.
    with live(db, TIMED) as server:
        again = join(server, data["id"], invite_of(data, "Ann"))
        entries = {entry["move"]: entry for entry in again.history}
        for move, seat in timed_out.items():
            mark = "Your time ran out: " if seat == 0 else "Time ran out: "
            if quiet(log[move - 1][1]):
                assert entries[move]["text"] == "", entries[move]
            else:
                assert entries[move]["text"].startswith(mark), entries[move]
        again.close()


# -- a bot takes over, and gives the seat back ----------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "options"), [("hit", {"rounds": 20}), ("hattrick", {}), ("exhopp", {})]
)
def test_a_bot_takes_an_absent_persons_seat_and_gives_it_back(
    tmp_path: Any, game: str, options: dict[str, Any]
) -> None:
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"bot": "heuristic"}, {"bot": "random"}]
    body = {"game": game, "players": 4, "seats": seats, "options": options}
    # Bob is away within his first turn (before its clock runs out), so the offer comes early
    # in the match whatever the pace of the messages: it once came only when his time bank was
    # spent, and an Ex & Hopp match played fast enough was over by then.
    settings = attrs.evolve(TIMED, away_after=10)
    with live(tmp_path / "t.db", settings) as server:
        data = post(server.url, "/matches", body)
        match = data["id"]
        table = server.app.state.hub.tables[match]
        ann = join(server, match, invite_of(data, "Ann"))
        bob = join(server, match, invite_of(data, "Bob"))
        bob.close()  # Bob closes the tab
        # Ann plays on; once Bob's turn has waited for him long enough, she is offered his seat.
        play_until(
            ann,
            lambda m: m["type"] == "presence" and seat_entry(m, 1).get("offered", False),
        )
        taken_at = table.match.moves
        ann.send({"type": "hand_over", "seat": 1})
        # Ann waits for the take-over without playing: playing on her latest screen while her
        # messages queue up, she would race the match to its end before reading it.
        read_until(
            ann,
            lambda m: m["type"] == "presence" and seat_entry(m, 1).get("stand_in", False),
        )
        # The bot plays Bob's turns; the match goes on.
        if not any(seat == 1 for seat, _ in table.match.log[taken_at:]):
            play_until(ann, lambda m: any(seat == 1 for seat, _ in table.match.log[taken_at:]))
        assert not table.match.is_over
        # Bob comes back: the seat is his again at his next decision.
        bob = join(server, match, invite_of(data, "Bob"))
        assert 1 not in table._standins
        back_at = bob_plays(ann, bob)
        assert table.match.log[back_at][0] == 1  # Bob's own click: the bot no longer plays
        ann.until_moves(bob.state["moves"])  # type: ignore[index]
        for player, away, back in (
            (ann, "Bob is away; you hand Bob's seat to a bot", "Bob is back and plays Bob's seat"),
            (bob, "You are away; Ann hands your seat to a bot", "You are back and play your seat"),
        ):
            said = lines(player)
            assert any(line.startswith(away) for line in said), said
            assert any(line.startswith(back) for line in said), said
        # The bot's moves for Bob say so: nobody reads "You end the turn" for a move Bob
        # did not make.
        by_bot = dict(table._by_bot)
        assert by_bot and set(by_bot.values()) == {1}
        for player, mark in ((ann, "For Bob, a bot: "), (bob, "For you, a bot: ")):
            entries = {entry["move"]: entry for entry in player.history}
            for move in by_bot:
                assert entries[move]["text"].startswith(mark), entries[move]
        seen = {entry["move"]: entry for entry in bob.history}
        ann.close()
        bob.close()
    # After a restart Bob reads the same history: the take-over, the return, the marks.
    with live(tmp_path / "t.db", settings) as server:
        again = join(server, match, invite_of(data, "Bob"))
        entries = {entry["move"]: entry for entry in again.history}
        assert all(entries[move] == entry for move, entry in seen.items())
        again.close()


def test_a_seat_is_handed_to_a_bot_only_once_offered_or_by_its_own_person(
    tmp_path: Any,
) -> None:
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"bot": "random"}]
    settings = attrs.evolve(TIMED, away_after=None)
    with live(tmp_path / "t.db", settings) as server:
        data = post(server.url, "/matches", {"game": "hit", "players": 3, "seats": seats})
        ann = join(server, data["id"], invite_of(data, "Ann"))
        bob = join(server, data["id"], invite_of(data, "Bob"))
        ann.send({"type": "hand_over", "seat": 1})
        refusal = ann.until("error")
        assert refusal["code"] == "hand_over"
        assert refusal["reason"].startswith("Bob's seat can be handed to a bot once Bob is away")
        ann.send({"type": "hand_over", "seat": 2})
        assert ann.until("error")["reason"] == "Random bot 3's seat is not a person's"
        ann.send({"type": "hand_over", "seat": 7})
        assert ann.until("error")["code"] == "bad_field"
        ann.send({"type": "hand_over", "seat": "1"})
        assert ann.until("error")["code"] == "bad_field"
        bob.send({"type": "hand_over", "seat": 1})  # Bob may leave his seat to a bot himself
        message = bob.until_any("presence")
        while not seat_entry(message, 1).get("stand_in"):
            message = bob.until("presence")
        bob.close()
        ann.close()


# -- seats not squatted ---------------------------------------------------------------------


def test_an_open_seat_taken_and_never_joined_opens_again(db: str) -> None:
    seats = [{"name": "Ann"}, {"open": True}, {"open": True}]
    with live(db, TIMED) as server:
        data = post(server.url, "/matches", {"game": "hit", "players": 3, "seats": seats})
        match = data["id"]
        squatter = post(server.url, f"/matches/{match}/seats/1", {"name": "Sam"})
        joiner = post(server.url, f"/matches/{match}/seats/2", {"name": "Jo"})
        jo = join(server, match, joiner["token"])
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # claim_expires: five minutes, scaled
            row = next(r for r in get(server.url, "/matches") if r["id"] == match)
            if row["seats"][1].get("open"):
                break
            time.sleep(0.1)
        assert row["seats"][1] == {"name": "Open seat 2", "bot": None, "open": True}
        assert row["seats"][2]["name"] == "Jo"  # joined: kept
        gone = Player(server.ws_url(match))
        gone.hello(squatter["token"])  # the key of a reopened seat opens nothing
        assert gone.until("error")["code"] == "auth"
        again = post(server.url, f"/matches/{match}/seats/1", {"name": "Sam"})
        assert again["seat"] == 1
        jo.close()


def test_one_address_takes_at_most_its_quota_of_open_seats(tmp_path: Any) -> None:
    settings = attrs.evolve(TIMED, live_per_client=2)
    seats = [{"bot": "random"}, {"open": True}]
    with live(tmp_path / "t.db", settings) as server:
        made = [
            post(server.url, "/matches", {"game": "hit", "players": 2, "seats": seats})["id"]
            for _ in range(2)
        ]
        for match in made:
            assert post(server.url, f"/matches/{match}/seats/1", {"name": "Sam"})["seat"] == 1
        status, body = status_of(f"{server.url}/matches/{made[0]}/seats/1", {"name": "Al"})
        assert status == 429
        assert body["error"].startswith("at most 2 seats of unfinished matches")


def test_settings_refuse_times_that_are_not_positive() -> None:
    with pytest.raises(ValueError, match="time_scale"):
        Settings(time_scale=0)
    with pytest.raises(ValueError, match="away_after"):
        Settings(away_after=-1)


# -- paces and time banks -------------------------------------------------------------------


def test_the_creator_chooses_a_pace_listed_with_the_games_and_in_the_lobby(db: str) -> None:
    with live(db, TIMED) as server:
        hit = next(g for g in get(server.url, "/api/games") if g["name"] == "hit")
        assert [p["name"] for p in hit["paces"]] == ["fast", "normal", "slow", "off"]
        assert hit["pace"] == "normal"
        made = post(server.url, "/matches", {"game": "hit", "players": 2, "pace": "fast"})
        row = next(r for r in get(server.url, "/matches") if r["id"] == made["id"])
        assert row["pace"]["name"] == "fast"
        assert row["pace"]["text"] == "half the game's times, a bank of 30 s per player"
        status, body = status_of(
            f"{server.url}/matches", {"game": "hit", "players": 2, "pace": "blitz"}
        )
        assert status == 400
        assert body["error"] == "'pace' must be one of fast, normal, slow, off"
    with live(db, TIMED) as server:  # stored with the match
        assert server.app.state.hub.tables[made["id"]].pace.name == "fast"


def test_a_persons_time_bank_runs_when_the_moves_time_is_up_then_the_clock_answers(
    tmp_path: Any,
) -> None:
    # Hit!'s turn: 20 s at the normal pace, 10 s fast, then a bank of 30 s (scaled).
    settings = attrs.evolve(TIMED, clocks={"reaction": 1.0, "decision": 1.0, "turn": 1.0})
    seats = [{"name": "Ann"}, {"name": "Bob"}]
    body = {"game": "hit", "players": 2, "seats": seats, "pace": "fast"}
    with live(tmp_path / "t.db", settings) as server:
        data = post(server.url, "/matches", body)
        ann = join(server, data["id"], invite_of(data, "Ann"))
        bob = join(server, data["id"], invite_of(data, "Bob"))
        assert ann.welcome is not None and ann.welcome["pace"]["name"] == "fast"
        first = ann.state
        assert first is not None and first["clock"]["kind"] == "turn"
        assert first["clock"]["bank"] is False
        assert first["clock"]["seconds"] <= 10 * SCALE
        assert first["clock"]["banks"] == [30 * SCALE, 30 * SCALE]
        banked = ann.until("state")  # Ann says nothing: her bank runs
        assert banked["moves"] == 0 and banked["clock"]["bank"] is True
        assert banked["clock"]["seconds"] <= 30 * SCALE
        after = ann.until_moves(1)  # then the clock ends her turn for her
        assert after["clock"]["banks"][0] == 0
        said = lines(ann)
        assert any(line.startswith("Your time ran out: you") for line in said), said
        bob.until_moves(1)
        assert any(line.startswith("Time ran out: Ann") for line in lines(bob)), lines(bob)
        ann.close()
        bob.close()


# -- the words -------------------------------------------------------------------------------


def test_take_overs_and_returns_read_with_names_and_no_pronouns() -> None:
    names = ["Ann", "Bob", "Cleo"]
    by_cleo = Note("bot", 1, 7, by=2)
    assert note_text(by_cleo, None, names) == "Bob is away; Cleo hands Bob's seat to a bot"
    assert note_text(by_cleo, 1, names) == "You are away; Cleo hands your seat to a bot"
    assert note_text(by_cleo, 2, names) == "Bob is away; you hand Bob's seat to a bot"
    by_itself = Note("bot", 0, 3)
    assert note_text(by_itself, 1, names) == "Ann is away: a bot plays Ann's seat"
    own = Note("bot", 0, 3, by=0)
    assert note_text(own, 0, names) == "You ask a bot to play your seat"
    assert note_text(own, 2, names) == "Ann asks a bot to play Ann's seat"
    back = Note("back", 0, 9)
    assert note_text(back, 0, names) == "You are back and play your seat again"
    assert note_text(back, None, names) == "Ann is back and plays Ann's seat again"
    assert Note.from_json(by_cleo.to_json()) == by_cleo
    with pytest.raises(ValueError, match="not a table note"):
        Note.from_json('{"kind": "nap", "seat": 0, "move": 1}')
