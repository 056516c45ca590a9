"""The observation encoding of ``tablecards.rl``: built from the view only, fixed, no leaks.

- ``encode(state, seat)`` (the fast path) equals ``encode_view(view)`` computed from the JSON
  view itself, at every step of seeded matches, for every seat: the encoding holds nothing the
  view does not;
- the no-leak check of the conformance kit, applied to the encoding: permuting the cards a seat
  cannot see (``tablecards.testing``'s perturbation) never changes that seat's encoding, while
  changing cards it can see does (so the comparison is not vacuous);
- stability: every seat's observation and mask after every action of seeded matches hash as
  recorded for that version of the game (``tests/rl_digests.py``), so a faster encoder cannot
  change what a trained policy was given.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest
from rl_digests import FIXTURE, all_keys, digest, key
from rl_games import GAMES, seat_counts
from toys import SnapGame

import tablecards
from tablecards import Match, RulesError, Visibility, Zone
from tablecards.rl import ObservationEncoder
from tablecards.testing._leaks import _perturb


def playout(game: tablecards.Game[Any], players: int, seed: int) -> list[Match]:
    """Clones of a random match at every step."""
    rng = random.Random(seed)
    match = Match(game, players, seed)
    out = [match.clone()]
    while not match.is_over:
        seat = match.waiting_for[rng.randrange(len(match.waiting_for))]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
        out.append(match.clone())
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), seat_counts())
def test_the_encoding_is_computed_from_the_view_alone(name: str, players: int) -> None:
    game = tablecards.load_game(name)
    encoder = ObservationEncoder(game, players)
    for seed in range(2):
        # Every fourth step (consecutive steps as well, for the encoder's memory of zones).
        for number, match in enumerate(playout(game, players, seed)):
            if number % 4 > 1:
                continue
            for seat in range(players):
                fast = encoder.encode(match.state, seat)
                assert fast.shape == (encoder.size,) and fast.dtype == np.float32
                assert np.array_equal(fast, encoder.encode_view(match.view(seat)))
                assert np.all(fast >= encoder.low) and np.all(fast <= encoder.high)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_cards_a_seat_cannot_see_never_change_its_encoding(name: str) -> None:
    game = tablecards.load_game(name)
    rng = random.Random(5)
    perturbed = 0
    for players in (game.min_players, game.max_players):
        encoder = ObservationEncoder(game, players)
        for seed in range(4):
            for match in playout(game, players, seed)[::3]:
                for seat in range(players):
                    state = match.state.clone()
                    if not _perturb(game, state, [seat], rng):
                        continue
                    perturbed += 1
                    assert np.array_equal(
                        encoder.encode(match.state, seat), encoder.encode(state, seat)
                    ), f"{name}: seat {seat}'s encoding changed with cards it cannot see"
    assert perturbed > 20


def test_cards_a_seat_can_see_do_change_its_encoding() -> None:
    """The no-leak comparison is not vacuous: a swap in the seat's own hand shows."""
    game = tablecards.load_game("climb")
    encoder = ObservationEncoder(game, 3)
    match = Match(game, 3, 4)
    state = match.state.clone()
    hand, deck = state.zone("hand:0").cards, state.zone("deck").cards
    swap = next(i for i, card in enumerate(deck) if card.value != hand[0].value)
    hand[0], deck[swap] = deck[swap], hand[0]
    assert not np.array_equal(encoder.encode(match.state, 0), encoder.encode(state, 0))
    # ...but not for a seat that sees neither zone.
    assert np.array_equal(encoder.encode(match.state, 1), encoder.encode(state, 1))


def test_the_layout_is_seat_relative() -> None:
    """Each seat finds its own hand in the same place: seat 1's hand where seat 0's is."""
    game = tablecards.load_game("climb")
    encoder = ObservationEncoder(game, 3)
    match = Match(game, 3, 0)
    for seat in range(3):
        vector = encoder.encode(match.state, seat)
        mine = [card.to_json() for card in match.state.zone(f"hand:{seat}").cards]
        own = encoder.encode_view({**match.view(seat)})
        assert np.array_equal(vector, own)
        # The count block of the seat's own hand holds its five cards, in every seat's vector.
        slot = encoder._slots[seat][encoder.zone_names.index(f"hand:{seat}")]
        assert slot == encoder._slots[0][encoder.zone_names.index("hand:0")]
        assert vector[slot.kinds : slot.top].sum() == len(mine) == 5


def test_the_layout_is_the_same_for_every_seed() -> None:
    game = tablecards.load_game("hattrick")
    first, second = ObservationEncoder(game, 5), ObservationEncoder(game, 5)
    assert first.size == second.size and first.kinds == second.kinds
    assert first.zone_names == second.zone_names


class Growing(SnapGame):
    """A broken refinement: more features as the match goes on."""

    def observation_features(self, view: Any) -> list[float]:
        return [1.0] * (1 + view["moves_seen"])

    def view_extra(self, state: Any, seat: int | None) -> dict[str, Any]:
        return {"moves_seen": len(state.pile.cards)}


def test_a_refinement_that_changes_length_is_a_rules_error() -> None:
    game = Growing()
    encoder = ObservationEncoder(game, 2)
    match = Match(game, 2, 1)
    encoder.encode(match.state, 0)
    match.apply(match.to_act[0], match.legal_actions(match.to_act[0])[0])
    with pytest.raises(RulesError, match="observation_features gave 2 numbers, not 1"):
        encoder.encode(match.state, 0)


def test_refined_games_append_their_features() -> None:
    """STOP-06: Stop's refinement one-hots the phase; the draw phase comes first."""
    game = tablecards.load_game("stop")
    encoder = ObservationEncoder(game, 4)
    match = Match(game, 4, 2)
    vector = encoder.encode(match.state, 1)
    features = game.observation_features(
        {k: v for k, v in match.view(1).items() if k not in {"zones", "game", "moves"}}
    )
    assert list(vector[encoder.size - len(features) :]) == list(features)
    assert features[0] == 1.0  # the draw phase


def test_zone_index_names_the_seat_relative_place_of_a_zone() -> None:
    from tablecards.rl import UnknownZone

    encoder = ObservationEncoder(tablecards.load_game("hit"), 2)
    # deck (size only), then row:0 (size, kinds, top kind), ...
    assert encoder.zone_index("deck") == 0 and encoder.zone_index("row:0") == 1
    assert encoder.zone_index("row:1") == 2 + 2 * len(encoder.kinds)
    with pytest.raises(UnknownZone, match="hit has no zone 'hand:0'; its zones: deck, row:0"):
        encoder.zone_index("hand:0")


class LopsidedSnap(SnapGame):
    """Won piles are private, and only seats 0 and 1 have one: seats own unequal zones."""

    def initial_state(self, players: int, rng: Any) -> Any:
        state = super().initial_state(players, rng)
        state.won = tuple(Zone(f"won:{s}", Visibility.OWNER, s) for s in range(2))
        return state


def test_unequal_zones_per_seat_are_not_rotated_and_each_seat_sees_its_own() -> None:
    game = LopsidedSnap()
    encoder = ObservationEncoder(game, 3)
    match = Match(game, 3, 0)
    state: Any = match.state.clone()
    state.move(state.zone("deck").cards[:3], state.zone("deck"), state.zone("won:1"))
    at = encoder.zone_index("won:1")
    for seat in range(3):
        vector = encoder.encode(state, seat)
        assert vector[at] == 3  # every seat sees the size (not rotated: won:1 is won:1)
        assert vector[at + 1 : at + 1 + len(encoder.kinds)].sum() == (3 if seat == 1 else 0)
        view = game.view(state, seat)
        view["moves"] = 0
        assert np.array_equal(vector, encoder.encode_view(view))


def test_stop_features_show_who_passed_seat_relative() -> None:
    """STOP-13: the seats that passed since the last card, from the observing seat."""
    game = tablecards.load_game("stop")
    for match in playout(game, 4, 3):
        passed = match.view(0)["passed"]
        if passed:
            break
    else:
        pytest.fail("no pass in the whole match")
    for seat in range(4):
        view = {k: v for k, v in match.view(seat).items() if k not in {"zones", "game", "moves"}}
        tail = list(game.observation_features(view))[-4:]
        assert tail == [1.0 if (seat + r) % 4 in passed else 0.0 for r in range(4)]


DIGESTS = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize(("name", "players", "seed"), all_keys())
def test_observations_never_change_within_a_game_version(
    name: str, players: int, seed: int
) -> None:
    """Every seat's observation and mask after every action of seeded matches hash as recorded
    for this version of the game (``tests/rl_digests.py`` records new versions)."""
    recorded = DIGESTS.get(key(name, players, seed))
    assert recorded is not None, f"record {key(name, players, seed)}: tests/rl_digests.py"
    assert digest(name, players, seed) == recorded


@pytest.mark.parametrize(("name", "players"), seat_counts())
def test_a_live_match_encodes_as_its_views_whatever_the_gaps_between_observations(
    name: str, players: int
) -> None:
    """The encoder remembers, per seat, what it last encoded and the zones it last read: a
    seat observed after one action or after many, on the match's own state (changed in place)
    or on a clone of it (other zone objects), is still encoded exactly as its view says."""
    game = tablecards.load_game(name)
    encoder = ObservationEncoder(game, players)
    rng = random.Random(7)
    match = Match(game, players, 7)
    observed = 0
    while not match.is_over:
        if rng.random() < 0.4:
            seat = rng.randrange(players)
            state = match.state if rng.random() < 0.8 else match.clone().state
            assert np.array_equal(
                encoder.encode(state, seat), encoder.encode_view(match.view(seat))
            ), f"{name}: seat {seat} after move {match.moves}"
            observed += 1
        seat = match.waiting_for[rng.randrange(len(match.waiting_for))]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
    assert observed > 10


def test_zones_given_to_a_state_afresh_are_read_afresh() -> None:
    """A game may replace a zone, or a tuple of zones, between two observations: the encoder
    reads the zones the state holds now, not those it read last time."""
    game = SnapGame()
    encoder = ObservationEncoder(game, 2)
    match = Match(game, 2, 3)
    state: Any = match.state
    pile = encoder.zone_index("pile")
    won = encoder.zone_index("won:1")
    before = encoder.encode(state, 0)
    cards = state.deck.cards[:3]
    state.deck = Zone("deck", Visibility.HIDDEN, None, state.deck.cards[3:])
    state.pile = Zone("pile", Visibility.PUBLIC, None, cards[:2])
    state.won = (state.won[0], Zone("won:1", Visibility.PUBLIC, 1, cards[2:]))
    after = encoder.encode(state, 0)
    assert after[0] == before[0] - 3
    assert (after[pile], after[won]) == (before[pile] + 2, before[won] + 1)
    view = game.view(state, 0)
    view["moves"] = 0
    assert np.array_equal(after, encoder.encode_view(view))


class HugeSnap(SnapGame):
    """Public numbers and features beyond float32's range."""

    def view_extra(self, state: Any, seat: int | None) -> dict[str, Any]:
        return {"huge": 1e39, "tiny": -(10**40), "both": [1e39, 2]}

    def observation_features(self, view: Any) -> list[float]:
        return [-1e39, 0.5]


def test_numbers_beyond_float32_encode_as_infinities() -> None:
    """As NumPy and array.array store them, in both encodings."""
    game = HugeSnap()
    encoder = ObservationEncoder(game, 2)
    match = Match(game, 2, 1)
    vector = encoder.encode(match.state, 1)
    view = match.view(1)
    assert np.array_equal(vector, encoder.encode_view(view))
    assert list(vector[-2:]) == [-np.inf, 0.5]
    assert np.isposinf(vector).sum() == 2 and np.isneginf(vector).sum() == 2
