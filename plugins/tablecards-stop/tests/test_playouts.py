"""Random playouts: every match ends, every card is accounted for after every action, the
automatic draw loop always stops, and views and event streams keep the secrets.

Rules exercised: STOP-01 (21 cards per player, all conserved), STOP-04, STOP-05, STOP-09 and
STOP-21 (the forced steps terminate), STOP-04/STOP-15 (hands and packs secret; sizes, bids,
tokens, the red token and every share-out public).
"""

from __future__ import annotations

import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

import tablecards
from tablecards import EventRecorder, Match, RandomBot, Visibility
from tablecards_stop import (
    PACK_SIZE,
    PACK_VALUES,
    ArrangedStop,
    Bid,
    HeuristicBot,
    Pass,
    Raise,
    Stop,
    StopState,
)


def state_of(match: Match) -> StopState:
    state = match.state
    assert isinstance(state, StopState)
    return state


def check_cards(state: StopState) -> None:
    """STOP-01: packs + hands + table + set aside (+ an arrangement's cuts) = 21 x players,
    each card once."""
    players = state.players
    counted = sum(
        len(zone.cards)
        for zones in (state.packs, state.hands, state.bids, state.asides)
        for zone in zones
    )
    cut = sum(len(zone.cards) for zone in state.zones() if zone.name.startswith("cut:"))
    assert counted + cut == PACK_SIZE * players
    ids = sorted(card.id for card in state.cards())
    assert ids == list(range(PACK_SIZE * players))


def random_playout(match: Match, rng: random.Random, limit: int | None = None) -> None:
    """Play random legal actions (a random seat of ``to_act`` that can play speaks first, so
    passes are taken back now and then, STOP-13), checking the cards and liveness (every seat
    the moment waits for can act) after every action."""
    state = state_of(match)
    check_cards(state)
    while not match.is_over and (limit is None or match.moves < limit):
        to_act = match.to_act
        assert to_act and not state.over
        assert match.waiting_for and set(match.waiting_for) <= set(to_act)
        assert all(match.legal_actions(seat) for seat in match.waiting_for)
        able = [seat for seat in to_act if match.legal_actions(seat)]
        seat = able[rng.randrange(len(able))]
        actions = match.legal_actions(seat)
        assert actions, (seat, to_act)
        match.apply(seat, actions[rng.randrange(len(actions))])
        check_cards(state)
    if state.over:
        assert match.to_act == ()


@pytest.mark.slow
def test_1000_random_matches_of_3_to_6_players_end_and_conserve_every_card() -> None:
    truncated = 0
    eliminations = 0
    taken_back = 0
    for seed in range(1000):
        players = 3 + seed % 4  # 250 matches per player count
        match = Match(Stop(), players=players, seed=seed)
        random_playout(match, random.Random(seed))
        result = match.result
        assert result is not None
        if result.truncated:
            truncated += 1
        else:
            assert len(result.winners) == 1
        eliminations += sum(state_of(match).eliminated)
        taken_back += passes_taken_back(match)
        assert repeated_passes(match) == 0  # STOP-13: passing again is not a move
    print(
        f"1000 random Stop matches: {truncated} truncated, {eliminations} eliminations, "
        f"{taken_back} passes taken back"
    )
    assert truncated == 0
    assert taken_back > 0  # a seat that passed still plays a card now and then (STOP-13)


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Fail (instead of hanging) when the body runs longer than ``seconds``."""

    def stop(signum: int, frame: Any) -> None:
        raise TimeoutError(f"no result after {seconds} s: an automatic loop does not end")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@st.composite
def situations(draw: st.DrawFn) -> tuple[int, ArrangedStop]:
    """Arbitrary hands (up to six cards), nearly empty packs, any red holder, wait or not."""
    players = draw(st.integers(3, 6))
    hands = {}
    sizes = {}
    for seat in range(players):
        values = draw(
            st.lists(st.sampled_from(sorted(PACK_VALUES)), max_size=6).filter(
                lambda cards: all(cards.count(v) <= n for v, n in PACK_VALUES.items())
            )
        )
        hands[seat] = values
        sizes[seat] = draw(st.integers(0, min(4, PACK_SIZE - len(values))))
    game = ArrangedStop(
        hands=hands,
        pack_sizes=sizes,
        red=draw(st.integers(0, players - 1)),
        wait=draw(st.booleans()),
    )
    return players, game


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(), st.integers(0, 2**16))
def test_forced_draws_skips_eliminations_and_restarts_always_stop(
    situation: tuple[int, ArrangedStop], seed: int
) -> None:
    # STOP-05, STOP-09, STOP-21: full hands, empty packs and restarts in every combination.
    players, game = situation
    with time_limit(10):
        match = Match(game, players=players, seed=seed)
        random_playout(match, random.Random(seed), limit=400)
    state = state_of(match)
    if state.over:
        assert state.winner is not None


def test_everyone_holding_six_cards_and_declining_forever_restarts_without_end() -> None:
    # STOP-21 with players who never call: the draws restart again and again, but each restart
    # waits for the players' declines, so the automatic loop always hands back control.
    match = Match(Stop(), players=3, seed=1)
    state = state_of(match)
    restarts = 0
    with time_limit(10):
        for _ in range(300):
            full_before = all(len(hand) == 6 for hand in state.hands)
            match.apply(match.to_act[0], match.legal_actions(match.to_act[0])[-1])  # decline
            if full_before and all(len(hand) < 6 for hand in state.hands):
                restarts += 1
            check_cards(state)
    assert restarts >= 2


def hidden_from(state: StopState, seat: int | None) -> list[Any]:
    return [zone for zone in state.zones() if not zone.visible_to(seat)]


def test_views_and_event_streams_never_show_hands_or_pack_order_to_others() -> None:
    for seed in range(12):
        players = 3 + seed % 4
        recorder = EventRecorder()
        match = Match(Stop(), players=players, seed=seed, observers=[recorder])
        state = state_of(match)
        rng = random.Random(seed)
        swap = random.Random(seed + 1)
        while not match.is_over:
            for viewer in [None, *range(players)]:
                view = match.view(viewer)
                # The view must not change when the cards it may not see are swapped around.
                clone = state.clone()
                assert isinstance(clone, StopState)
                hidden = hidden_from(clone, viewer)
                pool = [card for zone in hidden for card in zone.cards]
                swap.shuffle(pool)
                for zone in hidden:
                    size = len(zone.cards)
                    zone.cards[:], pool = pool[:size], pool[size:]
                other = match.game.view(clone, viewer)
                other["moves"] = view["moves"]
                assert other == view, (seed, match.moves, viewer)
            able = [seat for seat in match.to_act if match.legal_actions(seat)]
            seat = able[rng.randrange(len(able))]
            actions = match.legal_actions(seat)
            match.apply(seat, actions[rng.randrange(len(actions))])
        for viewer in [None, *range(players)]:
            mine = {f"hand:{viewer}", f"aside:{viewer}"}
            for event in recorder.stream(viewer):
                if event["event"] == "CardsMoved" and event["cards"]:
                    ends = {event["src"], event["dst"]}
                    assert any(end.startswith("bid:") for end in ends) or ends & mine, (
                        seed,
                        viewer,
                        event,
                    )


def test_sizes_bids_tokens_red_token_and_share_outs_are_public() -> None:
    recorder = EventRecorder()
    match = Match(Stop(), players=4, seed=7, observers=[recorder])
    state = state_of(match)
    rng = random.Random(7)
    seen_share = False
    while not match.is_over:
        view = match.view(None)
        for seat in range(4):
            assert view["zones"][f"hand:{seat}"]["count"] == len(state.hands[seat])
            assert view["zones"][f"pack:{seat}"]["count"] == len(state.packs[seat])
            bid = [card.id for card in state.bids[seat].cards]
            assert [card["id"] for card in view["zones"][f"bid:{seat}"].get("cards", [])] == bid
        assert view["tokens"] == list(state.tokens) and view["red"] == state.red
        able = [seat for seat in match.to_act if match.legal_actions(seat)]
        seat = able[rng.randrange(len(able))]
        actions = match.legal_actions(seat)
        match.apply(seat, actions[rng.randrange(len(actions))])
    for event in recorder.stream(None):
        if event["event"] == "Gave":
            seen_share = True
    assert seen_share
    shares = [
        e
        for e in recorder.stream(None)
        if e["event"] == "CardsMoved" and e["src"].startswith("bid:")
    ]
    assert shares and all(len(e["cards"]) == e["count"] for e in shares)
    assert {zone.visibility for zone in state.bids} == {Visibility.PUBLIC}


@pytest.mark.slow
def test_long_random_matches_run_packs_dry_and_eliminate_players() -> None:
    # STOP-09, STOP-18: with short packs (the rest set aside) and a far token target, packs run
    # dry, players are eliminated and the last one standing wins; every card stays counted.
    eliminations = 0
    last_standing = 0
    for seed in range(30):
        players = 3 + seed % 4
        game = ArrangedStop(pack_sizes=dict.fromkeys(range(players), 8), tokens_to_win=100)
        match = Match(game, players=players, seed=seed, move_limit=3000)
        random_playout(match, random.Random(seed))
        state = state_of(match)
        eliminations += sum(state.eliminated)
        if state.over and sum(state.eliminated) == players - 1:
            last_standing += 1
            assert match.result is not None
            assert match.result.winners == (state.eliminated.index(False),)
        for seat, out in enumerate(state.eliminated):
            if out:
                assert len(state.hands[seat]) == 0 and len(state.packs[seat]) == 0
    print(f"30 long matches: {eliminations} eliminations, {last_standing} won by the last left")
    assert eliminations > 0 and last_standing > 0


def passes_taken_back(match: Match) -> int:
    """How many times a seat played a card after passing in the same round (STOP-13)."""
    taken_back = 0
    passers: set[int] = set()
    for seat, action in match.log:
        if isinstance(action, Pass):
            passers.add(seat)
            continue
        if isinstance(action, (Bid, Raise)):
            taken_back += seat in passers
        passers.clear()  # a card played reopens the round; any other action starts another
    return taken_back


def repeated_passes(match: Match) -> int:
    """How many passes came from a seat that had passed already in the round (STOP-13)."""
    repeated = 0
    passers: set[int] = set()
    for seat, action in match.log:
        if isinstance(action, Pass):
            repeated += seat in passers
            passers.add(seat)
        else:
            passers.clear()
    return repeated


@pytest.mark.slow
@pytest.mark.parametrize(
    "arbiter", [tablecards.RandomPriority(), tablecards.SeatPriority((0, 1, 2, 3, 4, 5))]
)
def test_stop_13_random_and_heuristic_bots_finish_1000_seeded_matches(arbiter: Any) -> None:
    """STOP-13: the bots are asked only while the moment waits for them (a seat that passed
    is not asked again), and every match ends by the rules, whoever speaks first."""
    truncated = repeated = 0
    for seed in range(1000):
        players = 3 + seed % 4
        # Every mix of the two bots, seat by seat, over the seeds.
        bots: list[Any] = [
            HeuristicBot(seat=seat) if (seed >> seat) & 1 else RandomBot()
            for seat in range(players)
        ]
        match = Match(Stop(), players=players, seed=seed)
        result = tablecards.play(match, bots, seed=seed, arbiter=arbiter)
        truncated += result.truncated
        repeated += repeated_passes(match)
    print(f"1000 bot matches: {truncated} truncated, {repeated} repeated passes")
    assert truncated == 0
    assert repeated == 0
