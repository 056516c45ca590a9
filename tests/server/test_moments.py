"""Moments that flow (TABLE.md; Stop's turn 3 real-time readings, STOP-06, STOP-13, STOP-21):
a real uvicorn, real websocket clients, a real SQLite store and the server's default timings.

- A Stop match of two people and two heuristic bots plays a whole round while a person never
  sends anything, while both are silent, and while one re-sends "pass" as fast as the rate limit
  allows: every Stop! window closes by itself within the reaction window (plus a second), the
  auction closes within its decision limit after the last card played, no logged move changes
  nothing, no seat passes twice, and every action the server acknowledged is in the store.
- The timer race: commits slowed to tens of milliseconds, an answer sent at the instant the
  clock runs out never lets the old timer act on the next moment.

Times come from the store itself: the test wraps the real SQLite store's ``append`` to note when
each action was committed.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from toys import FLIP, PASS, Flip, SnapGame, SnapState
from websockets.exceptions import ConnectionClosed
from wire import Player, live, post

from tablecards import Action, Clock, Game, Match, snapshot
from tablecards.server import Settings, SQLiteStore
from tablecards_stop import Bid, Decline, Pass, Phase, Raise, Stop, StopState

#: How much later than its clock a moment may close (thread hops, commits, a loaded machine).
SLACK = 1.0
#: The moves a flow plays at least (then up to the end of the round in play).
MOVES = 40

#: Commit times of the store: (match id, action number, time.monotonic()).
Commits = list[tuple[str, int, float]]


@pytest.fixture
def commits(monkeypatch: pytest.MonkeyPatch) -> Commits:
    """The real SQLite store, noting when each action is committed."""
    noted: Commits = []
    append = SQLiteStore.append

    async def noting(
        self: SQLiteStore, match: str, number: int, seat: int, action: str, over: bool
    ) -> None:
        await append(self, match, number, seat, action, over)
        noted.append((match, number, time.monotonic()))

    monkeypatch.setattr(SQLiteStore, "append", noting)
    return noted


def choices(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The actions a state message offers its seat (the action JSON to send back)."""
    if "legal" in message:
        return [entry["act"] for entry in message["legal"]]
    found, groups = [], list(message["scene"]["actions"])
    while groups:
        for choice in groups.pop(0)["choices"]:
            if "act" in choice:
                found.append(choice["act"])
            else:
                groups.append(choice["then"])
    return found


@attrs.define
class Person:
    """A person at the table, in a thread of their own: a websocket, a way of playing, and
    every act sent (with its id) and every refusal received (by the id it echoes)."""

    player: Player
    seat: int
    # "plays": thinks, then plays; "repasses": sends "pass" at the rate limit; "silent": has
    # the match open and never answers
    style: str
    rate: float
    rng: random.Random
    sent: dict[str, tuple[int, dict[str, Any]]] = attrs.field(factory=dict)
    refused: dict[str, str] = attrs.field(factory=dict)
    stop: threading.Event = attrs.field(factory=threading.Event)
    thread: threading.Thread | None = None

    def start(self) -> None:
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def finish(self) -> None:
        self.stop.set()
        assert self.thread is not None
        self.thread.join(10)
        self.player.close()

    def send(self, act: dict[str, Any], after: int) -> None:
        ident = f"a{len(self.sent)}"
        self.sent[ident] = (after, act)
        self.player.send({"type": "act", "act": act, "after": after, "id": ident})

    def read(self, timeout: float) -> dict[str, Any] | None:
        try:
            message = self.player.recv(timeout)
        except TimeoutError:
            return None
        if message["type"] == "error" and "id" in message:
            self.refused[message["id"]] = message["code"]
        return message

    def run(self) -> None:
        try:
            if self.style == "repasses":
                self.repass()
            elif self.style == "silent":
                while not self.stop.is_set():
                    self.read(0.1)
            else:
                self.play()
        except ConnectionClosed:
            pass

    def repass(self) -> None:
        """Pass, again and again, as fast as the server's rate limit allows."""
        gap = 1 / self.rate
        while not self.stop.is_set():
            state = self.player.state
            if state is not None:
                self.send({"type": "Pass"}, state["moves"])
            deadline = time.monotonic() + gap
            while time.monotonic() < deadline:
                self.read(max(0.001, deadline - time.monotonic()))

    def play(self) -> None:
        """Think a little, then call Stop! now and then, bid now and then, else let go."""
        while not self.stop.is_set():
            message = self.read(0.1)
            if message is None or message["type"] != "state":
                continue
            offered = choices(message)
            if not offered:
                continue
            time.sleep(self.rng.uniform(0.2, 0.6))
            while self.read(0.001) is not None:
                pass
            if self.player.state is not message:
                continue  # the table moved on while thinking: look again
            kinds = {act["type"]: act for act in offered}
            plays = [act for act in offered if act["type"] in ("Bid", "Raise")]
            if "CallStop" in kinds and self.rng.random() < 0.15:
                act = kinds["CallStop"]
            elif plays and ("Pass" not in kinds or self.rng.random() < 0.25):
                act = self.rng.choice(plays)
            else:
                act = kinds.get("Decline") or kinds.get("Pass") or offered[0]
            self.send(act, message["moves"])


@attrs.frozen
class Flow:
    """What one real-time round of Stop left behind."""

    seed: int
    players: int
    log: list[tuple[int, Action]]
    stored: list[tuple[int, str]]
    told: int  # the moves the spectator was told of
    times: dict[int, float]  # action number -> commit time
    started: float
    people: list[Person]


def play_a_round(db: Path, commits: Commits, styles: dict[int, str]) -> Flow:
    """Seats 0 and 1 are people (``styles``: how each plays; a seat not in it never connects,
    as a closed laptop), seats 2 and 3 heuristic bots; the server's default settings. Plays
    at least a whole round and ``MOVES`` moves, up to the end of a round."""
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"bot": "heuristic"}, {"bot": "heuristic"}]
    settings = Settings()
    with live(db, settings) as server:
        started = time.monotonic()
        data = post(server.url, "/matches", {"game": "stop", "players": 4, "seats": seats})
        table = server.app.state.hub.tables[data["id"]]
        watcher = Player(server.ws_url(data["id"]))
        watcher.hello()
        people = []
        for invite in data["invites"]:
            style = styles.get(invite["seat"])
            if style is None:
                continue  # never sends anything
            player = Player(server.ws_url(data["id"]))
            player.hello(invite["token"])
            player.until("state")
            rng = random.Random(invite["seat"])
            person = Person(player, invite["seat"], style, settings.rate, rng)
            person.start()
            people.append(person)
        deadline = time.monotonic() + 300
        state = table.match.state
        assert isinstance(state, StopState)
        # A whole round at least, and enough moves for a fair number of Stop! windows.
        while (
            state.round < 1
            or state.phase not in (Phase.DRAW, Phase.OVER)
            or (table.match.moves < MOVES and not state.over)
        ):
            assert time.monotonic() < deadline, f"the round did not end: {table.match!r}"
            drain(watcher, 0.05)
            state = table.match.state
            assert isinstance(state, StopState)
        log = list(table.match.log)
        for person in people:
            person.finish()
        while watcher.state is None or watcher.state["moves"] < len(log):
            watcher.until("state")
        told = watcher.state["moves"]
        watcher.close()
        seed, match_id = table.match.seed, data["id"]
    stored = asyncio.run(_stored(db, match_id))
    times = {number: at for match, number, at in commits if match == match_id}
    return Flow(seed, 4, log, stored, told, times, started, people)


def drain(player: Player, seconds: float) -> None:
    """Read whatever ``player`` is sent for ``seconds`` (its state stays the latest)."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            player.recv(left)
        except TimeoutError:
            return


async def _stored(db: Path, match_id: str) -> list[tuple[int, str]]:
    store = SQLiteStore(db)
    try:
        return await store.actions(match_id)
    finally:
        await store.aclose()


@attrs.frozen
class Timings:
    """The moments of a round, from its log and the commit times."""

    reactions: list[float]  # how long each Stop! window stayed open
    auctions: list[float]  # from the last card played to the end of the round
    reaction_limit: float
    auction_limit: float
    no_ops: int
    repeated_passes: int


def timings(flow: Flow) -> Timings:
    """Replay the round: when did each Stop! window open and close, and each auction end."""
    match = Match(Stop(), flow.players, flow.seed)
    state = match.state
    assert isinstance(state, StopState)

    def key() -> tuple[Any, ...]:
        # A draw changes a hand size: a new Stop! window; a decline changes nothing of it.
        return state.phase, tuple(len(hand) for hand in state.hands), state.round

    reactions, auctions = [], []
    reaction_limit = auction_limit = 0.0
    # The set-up's window opens when the match is created, which the store does not time:
    # windows are timed from the commit that opened them.
    opened: float | None = None
    last_card = flow.started
    no_ops = repeated = 0
    for number, (seat, action) in enumerate(flow.log, 1):
        clock = match.clock
        assert clock is not None
        if state.phase is Phase.DRAW:
            reaction_limit = clock.seconds
        if state.phase is Phase.AUCTION:
            auction_limit = clock.seconds
        before, phase, moment = snapshot(state), state.phase, key()
        repeated += isinstance(action, Pass) and seat in state.passed
        match.apply(seat, action)
        at = flow.times[number]
        no_ops += snapshot(state) == before
        if phase is Phase.DRAW and key() != moment and opened is not None:
            reactions.append(at - opened)
        if key() != moment:
            opened = at
        if isinstance(action, (Bid, Raise)):
            last_card = at
        if phase is Phase.AUCTION and state.phase is not Phase.AUCTION:
            auctions.append(at - last_card)
    return Timings(reactions, auctions, reaction_limit, auction_limit, no_ops, repeated)


def check_flow(flow: Flow) -> Timings:
    """The promises of a flowing round (see the module's docstring)."""
    seen = timings(flow)
    assert seen.reaction_limit == pytest.approx(1.8) and seen.auction_limit > 0
    assert seen.reactions and seen.auctions, "a whole round: Stop! windows and an auction"
    # STOP-06 (turn 3 reading): the draw goes on by itself after the reaction window.
    assert max(seen.reactions) <= seen.reaction_limit + SLACK, seen.reactions
    # STOP-13: the auction closes within its limit after the last card played.
    assert max(seen.auctions) <= seen.auction_limit + SLACK, seen.auctions
    assert seen.no_ops == 0 and seen.repeated_passes == 0
    print(
        f"{len(flow.log)} moves; {len(seen.reactions)} Stop! windows, the longest "
        f"{max(seen.reactions):.2f} s (limit {seen.reaction_limit} s); auctions closed "
        f"{', '.join(f'{t:.2f}' for t in seen.auctions)} s after the last card "
        f"(limit {seen.auction_limit} s)"
    )
    # Every move the server told of, and every act it did not refuse, is in the store.
    logged = [[seat, json.loads(json.dumps(_json(action)))] for seat, action in flow.log]
    stored = [[seat, json.loads(text)] for seat, text in flow.stored[: len(flow.log)]]
    assert len(flow.stored) >= flow.told >= len(flow.log) and stored == logged
    for person in flow.people:
        for ident, (after, act) in person.sent.items():
            if ident not in person.refused and after < len(flow.stored):
                seat, text = flow.stored[after]
                assert (seat, json.loads(text)) == (person.seat, act), (ident, after)
    return seen


def _json(action: Action) -> dict[str, Any]:
    return Stop().action_json(action)


@pytest.mark.slow
def test_stop_flows_through_a_round_while_a_person_never_answers(
    tmp_path: Path, commits: Commits
) -> None:
    """Ann plays; Bob never sends anything (a closed laptop); two heuristic bots."""
    flow = play_a_round(tmp_path / "t.db", commits, {0: "plays"})
    check_flow(flow)
    assert any(seat == 1 for seat, _ in flow.log)  # the clocks played Bob's defaults
    ann = flow.people[0]
    assert len(ann.sent) > len(ann.refused)  # Ann's own moves went through


@pytest.mark.slow
def test_stop_flows_through_a_round_with_bots_and_clocks_only(
    tmp_path: Path, commits: Commits
) -> None:
    """Both people silent, at the table (nobody at all there: nothing would move, issue 40):
    the bots and the clocks play the round."""
    flow = play_a_round(tmp_path / "t.db", commits, {0: "silent", 1: "silent"})
    check_flow(flow)
    assert any(seat in (2, 3) for seat, action in flow.log if isinstance(action, Bid))


@pytest.mark.slow
def test_stop_flows_while_a_person_re_sends_pass_as_fast_as_the_rate_limit_allows(
    tmp_path: Path, commits: Commits
) -> None:
    """STOP-13: Ann's repeated passes are refused (passing again is not a move), never logged,
    and neither starve the bots nor hold the clocks."""
    flow = play_a_round(tmp_path / "t.db", commits, {0: "repasses"})
    check_flow(flow)
    ann = flow.people[0]
    assert len(ann.sent) > 100 and len(ann.refused) > 0.9 * len(ann.sent)
    # Refused as a pass again (illegal, STOP-13), out of the auction (not her turn), on an old
    # screen (stale, too late), or over the rate: never applied.
    assert set(ann.refused.values()) <= {"illegal", "not_your_turn", "stale", "too_late", "rate"}
    # Ann's own moves: at most her first pass of each auction, and declines the clock played
    # for her in the Stop! windows she never answered.
    assert {type(action) for seat, action in flow.log if seat == 0} <= {Pass, Decline}
    assert any(seat in (2, 3) for seat, _ in flow.log[-10:])  # the bots kept playing


# -- the timer race -----------------------------------------------------------------------------


class EagerSnap(SnapGame):
    """Snap where every flip opens a moment (anyone may snap the pile up), and both moments
    have clocks: the turn's flip plays itself at once, a snap window closes with passes."""

    def apply(self, state: SnapState, seat: int, action: Action) -> None:
        if isinstance(action, Flip):
            state.draw(state.deck, state.pile)
            state.waiting = state.to_act = tuple(range(state.players))
            return
        super().apply(state, seat, action)

    def default_action(self, state: SnapState, seat: int) -> Action | None:
        if state.waiting:
            return PASS if seat in state.waiting else None
        return FLIP if seat == state.current and not state.over else None

    def clock(self, state: SnapState) -> Clock | None:
        return Clock("reaction", 1.0) if state.waiting else Clock("decision", 1.0)


#: The snap window and the wait before a flip plays itself (the clocks of 1 s scaled down),
#: and the commit's extra time.
WINDOW, FLIP_WAIT, COMMIT = 0.1, 0.04, 0.03


@pytest.fixture
def slow_commits(monkeypatch: pytest.MonkeyPatch) -> Commits:
    """The real SQLite store, each commit slowed by ``COMMIT`` seconds (a remote database)."""
    noted: Commits = []
    append = SQLiteStore.append

    async def slow(
        self: SQLiteStore, match: str, number: int, seat: int, action: str, over: bool
    ) -> None:
        await asyncio.sleep(COMMIT)
        await append(self, match, number, seat, action, over)
        noted.append((match, number, time.monotonic()))

    monkeypatch.setattr(SQLiteStore, "append", slow)
    return noted


def race_a_match(url: str, ws_url: Any, rng: random.Random) -> tuple[str, int, int]:
    """Ann snaps each pile at the instant its clock runs out (give or take 40 ms), as the
    timer fires; returns the match id, her snaps sent and how many the server refused."""
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}]
    data = post(url, "/matches", {"game": "snap", "seats": seats, "options": {"ranks": 13}})
    ann = Player(ws_url(data["id"]))
    ann.hello(data["invites"][0]["token"])
    sent = refused = 0
    answered = -1
    while True:
        message = ann.recv(10)
        if message["type"] == "error":
            refused += 1
            continue
        if message["type"] != "state":
            continue
        if message["result"] is not None:
            break
        clock = message["clock"]
        if clock is None or clock["kind"] != "reaction" or message["moves"] == answered:
            continue
        answered = message["moves"]
        fires = time.monotonic() + clock["seconds"] + rng.uniform(-0.04, 0.04)
        time.sleep(max(0.0, fires - time.monotonic()))
        ann.act({"type": "Snap"}, after=message["moves"])
        sent += 1
    ann.close()
    return data["id"], sent, refused


@pytest.mark.slow
def test_a_timer_never_acts_on_the_moment_after_its_own(
    tmp_path: Path, slow_commits: Commits
) -> None:
    """Hundreds of answers sent as the clock runs out, with commits slowed: each timer plays
    its defaults only for its own moment, never early in the next one."""
    clocks = {"reaction": WINDOW, "decision": FLIP_WAIT}
    settings = Settings(bot_think=(0, 0), clocks=clocks, rate=1000)

    def load_game(name: str, **options: Any) -> Game[Any]:
        return EagerSnap(**options)

    results: list[tuple[str, int, int]] = []
    with live(tmp_path / "t.db", settings, load_game=load_game) as server:
        tables = server.app.state.hub.tables

        def racer(index: int) -> None:
            rng = random.Random(index)
            for _ in range(2):
                results.append(race_a_match(server.url, server.ws_url, rng))

        threads = [threading.Thread(target=racer, args=(i,)) for i in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        hub = server.app.state.hub
        # A finished match nobody watches has left memory: rebuilt from the store on demand.
        held = {m: tables.get(m) or server.loop_call(hub.table(m)) for m, _, _ in results}
        logs = {match_id: list(table.match.log) for match_id, table in held.items()}
    assert len(results) == 6
    sent = sum(count for _, count, _ in results)
    lost = sum(count for _, _, count in results)
    early: list[str] = []
    for match_id, log in logs.items():
        times = {n: at for m, n, at in slow_commits if m == match_id}
        early.extend(_early_defaults(log, times))
    print(f"{sent} snaps sent as the clock ran out: {sent - lost} won, {lost} too late")
    assert sent >= 250  # hundreds of trials
    assert lost > sent * 0.1 and sent - lost > sent * 0.1  # both sides of the race happen
    assert early == []


def _early_defaults(log: list[tuple[int, Action]], times: dict[int, float]) -> Iterator[str]:
    """The defaults played before their moment's clock ran out: a timer acting on a moment
    that was not its own. Every flip and pass is a timer's (Ann only snaps, nobody else
    speaks); a moment opens when the move before it is committed."""
    opened = times.get(0, 0.0)
    for number, (seat, action) in enumerate(log, 1):
        at = times[number]
        if isinstance(action, Flip) and number > 1 and at - times[number - 1] < FLIP_WAIT:
            yield f"move {number}: seat {seat} flipped {at - times[number - 1]:.3f} s early"
        if isinstance(action, Flip):
            opened = at  # the snap window opens when the flip is committed
        elif action == PASS and at - opened < WINDOW:
            yield f"move {number}: seat {seat} passed {at - opened:.3f} s into the window"
