"""tablecards.determinise and the InformationSet handle: what a seat knows stays, the rest is
redealt, and nothing reachable from the handle depends on where the unseen cards really lie."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

import tablecards
from tablecards import InformationSet, Match, TablecardsError, Unseen, determinise, snapshot

GAMES = [("hit", 3), ("stop", 4), ("exhopp", 4), ("hattrick", 4)]


def played(name: str, players: int, seed: int, moves: int) -> Match:
    """A match of ``name`` after ``moves`` random actions (fewer if it ends first)."""
    match = Match(name, players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        seat = rng.choice(match.waiting_for)
        actions = match.legal_actions(seat)
        match.apply(seat, actions[rng.randrange(len(actions))])
    return match


def unseen(match: Match, seat: int) -> dict[str, list[int]]:
    return {
        zone.name: [card.id for card in zone.cards]
        for zone in match.state.zones()
        if not zone.visible_to(seat)
    }


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_determinisation_shows_the_seat_what_the_match_shows_it(name: str, players: int) -> None:
    for seed in range(4):
        match = played(name, players, seed, 15 + 10 * seed)
        for seat in range(players):
            drawn = determinise(match, seat, random.Random(seed))
            assert drawn.view(seat) == match.view(seat)
            assert drawn.to_act == match.to_act
            assert list(drawn.legal_actions(seat)) == list(match.legal_actions(seat))
            assert sorted(c.id for c in drawn.state.cards()) == sorted(
                c.id for c in match.state.cards()
            )


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_determinisation_redeals_what_the_seat_cannot_see(name: str, players: int) -> None:
    match = played(name, players, 3, 12)
    seat = match.to_act[0]
    truth = unseen(match, seat)
    drawn = [unseen(determinise(match, seat, random.Random(n)), seat) for n in range(5)]
    assert any(arrangement != truth for arrangement in drawn)
    assert len({str(arrangement) for arrangement in drawn}) > 1


def test_the_future_randomness_is_reseeded() -> None:
    """HIT-02: the deck is shuffled again at the next round; the determinisation must not know
    how, so neither its seed nor its generator is the match's."""
    match = played("hit", 3, 1, 5)
    drawn = determinise(match, 0, random.Random(9))
    assert drawn.seed != match.seed
    assert drawn.state.rng.seed != match.state.rng.seed
    again = determinise(match, 0, random.Random(9))
    assert snapshot(again.state) == snapshot(drawn.state)


def test_a_determinisation_is_independent_of_the_match() -> None:
    match = played("hattrick", 4, 2, 10)
    before = match.to_json()
    drawn = determinise(match, 1, random.Random(0))
    while not drawn.is_over:
        seat = drawn.to_act[0]
        drawn.apply(seat, drawn.legal_actions(seat)[0])
    assert match.to_json() == before


def test_actions_the_seat_did_not_see_are_unseen_in_the_log() -> None:
    """EXH-10: a value given in an exchange stays secret from third seats, in the log too."""
    match = exchange_chosen()
    third = 2
    drawn = determinise(match, third, random.Random(1))
    seat, action = drawn.log[-1]
    assert seat == 0 and action == Unseen()
    assert determinise(match, 0, random.Random(1)).log[-1] == match.log[-1]


def exchange_chosen() -> Match:
    """An Ex & Hopp match (4 seats) where seat 0 proposed, seat 1 accepted and seat 0 chose."""
    for seed in range(200):
        match = Match("exhopp", 4, seed)
        proposals = [a for a in match.legal_actions(0) if type(a).__name__ == "Propose"]
        for proposal in proposals:
            trial = match.clone()
            trial.apply(0, proposal)
            if any(type(a).__name__ == "Accept" for a in trial.legal_actions(1)):
                accept = next(a for a in trial.legal_actions(1) if type(a).__name__ == "Accept")
                trial.apply(1, accept)
                trial.apply(0, trial.legal_actions(0)[0])
                return trial
    raise AssertionError("no seed gives an accepted exchange")


def test_a_value_chosen_face_down_is_chosen_again_for_other_seats() -> None:
    """EXH-10: seat 0's chosen value is its own secret: third seats' determinisations vary it,
    and always to a card of the offered colour that the redealt hand holds."""
    match = exchange_chosen()
    state: Any = match.state
    values = set()
    for n in range(40):
        drawn: Any = determinise(match, 2, random.Random(n)).state
        held = [c.value for c in drawn.hands[0].cards if c.colour is state.give]
        assert drawn.given in held
        values.add(drawn.given)
        own: Any = determinise(match, 0, random.Random(n)).state
        assert own.given == state.given
    assert len(values) > 1


def test_exchanged_cards_stay_where_their_giver_knows_they_are() -> None:
    """EXH-10: after an exchange the giver knows which card the taker holds."""
    match = exchange_chosen()
    match.apply(1, match.legal_actions(1)[0])
    state: Any = match.state
    given = [card_id for giver, card_id in state.passed if giver == 0]
    assert len(given) == 1
    for n in range(10):
        drawn: Any = determinise(match, 0, random.Random(n)).state
        hand = drawn.hands[1].cards
        assert given[0] in [card.id for card in hand]


def test_stop_redeals_each_seats_pack_and_hand_among_themselves() -> None:
    """STOP-01, STOP-04: everyone knows what a seat's pack and hand hold together."""
    match = played("stop", 4, 5, 30)
    for n in range(5):
        drawn: Any = determinise(match, 0, random.Random(n)).state
        for owner in range(4):
            real: Any = match.state
            together = sorted(
                c.id
                for z in (real.packs[owner], real.hands[owner], real.asides[owner])
                for c in z.cards
            )
            redealt = sorted(
                c.id
                for z in (drawn.packs[owner], drawn.hands[owner], drawn.asides[owner])
                for c in z.cards
            )
            assert redealt == together


def test_a_bad_seat_is_refused() -> None:
    match = Match("hit", 3, 0)
    for seat in (3, -1, True, "0"):
        with pytest.raises(TablecardsError, match="seats are 0 to 2"):
            determinise(match, seat, random.Random(0))  # type: ignore[arg-type]


# -- two matches the seat cannot tell apart -------------------------------------------------


def _shuffle_pool(zones: list[Any], rng: random.Random) -> None:
    """Permute the cards of ``zones`` among their places (sizes kept)."""
    cards = [card for zone in zones for card in zone.cards]
    rng.shuffle(cards)
    for zone in zones:
        size = len(zone.cards)
        zone.cards[:], cards = cards[:size], cards[size:]


def _hit(match: Match, seat: int, rng: random.Random) -> None:
    state: Any = match.state
    _shuffle_pool([state.deck], rng)


def _hattrick(match: Match, seat: int, rng: random.Random) -> None:
    state: Any = match.state
    _shuffle_pool([h for h in state.hands if h.owner != seat] + [state.deck], rng)


def _stop(match: Match, seat: int, rng: random.Random) -> None:
    state: Any = match.state
    for owner in range(state.players):
        zones = [state.packs[owner]] + ([state.hands[owner]] if owner != seat else [])
        _shuffle_pool(zones, rng)


def _exhopp(match: Match, seat: int, rng: random.Random) -> None:
    state: Any = match.state
    _shuffle_pool([h for h in state.hands if h.owner != seat] + [state.stock], rng)


TWINS: dict[str, Callable[[Match, int, random.Random], None]] = {
    "hit": _hit,
    "hattrick": _hattrick,
    "stop": _stop,
    "exhopp": _exhopp,
}


def twins(name: str, players: int, seed: int) -> tuple[Match, Match, int]:
    """A match at a decision of its seat, and a copy differing only in what that seat cannot see."""
    match = played(name, players, seed, 6)
    while len(match.legal_actions(match.to_act[0])) < 2:
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[0])
    seat = match.to_act[0]
    twin = match.clone()
    TWINS[name](twin, seat, random.Random(seed))
    assert unseen(twin, seat) != unseen(match, seat)
    assert twin.view(seat) == match.view(seat)
    return match, twin, seat


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_information_set_does_not_depend_on_the_unseen_cards(name: str, players: int) -> None:
    match, twin, seat = twins(name, players, 4)
    one, two = InformationSet(match, seat), InformationSet(twin, seat)
    assert one.view() == two.view() == match.view(seat)
    assert one.history == two.history
    for n in range(3):
        a, b = one.determinise(random.Random(n)), two.determinise(random.Random(n))
        assert snapshot(a.state) == snapshot(b.state)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_pickled_information_set_is_the_same_and_tells_no_more(name: str, players: int) -> None:
    """What a server sends a search worker: equal bytes for twins, the same set back."""
    match, twin, seat = twins(name, players, 4)
    one, two = InformationSet(match, seat), InformationSet(twin, seat)
    data = pickle.dumps(one)
    assert data == pickle.dumps(two)
    back = pickle.loads(data)
    assert back.seat == seat and back.players == players and back.moves == match.moves
    assert back.view() == match.view(seat) and back.history == one.history
    assert back.legal_actions() == one.legal_actions()
    for n in range(3):
        a, b = one.determinise(random.Random(n)), back.determinise(random.Random(n))
        assert snapshot(a.state) == snapshot(b.state)
        action = a.legal_actions(a.to_act[0])[0]
        b.apply(b.to_act[0], b.parse_action(b.action_json(action)))  # its own cards: playable


#: The search's settings that read more than the determinisation's moves (see IsmctsBot).
SEARCHES = [
    {},
    {"policy_playouts": True, "policy_opponents": True},
    {"paired": True, "policy_playouts": True},
]


@pytest.mark.slow
@pytest.mark.parametrize("settings", SEARCHES, ids=["plain", "policy", "paired"])
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_ismcts_decides_the_same_whatever_lies_where_it_cannot_see(
    name: str, players: int, settings: dict[str, bool]
) -> None:
    """The bot never reads the real hidden state: two matches differing only in what its seat
    cannot see give the same search, hence the same first decision, for the same bot seed
    (with every game's own settings too: opponent models and search policies included)."""
    for seed in range(3):
        match, twin, seat = twins(name, players, seed)
        choices = []
        for version in (match, twin):
            bot = tablecards.IsmctsBot.for_game(version.game, seat, iterations=30, **settings)
            choices.append(tablecards.bot_choice(bot, version, seat, random.Random(seed)))
        assert choices[0] == choices[1]
