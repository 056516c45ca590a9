"""Courtiers through the library: the plugin, the bots, the search bot, determinisation, words."""

from __future__ import annotations

import random
import re

import tablecards
from tablecards import Match
from tablecards_courtiers import (
    DUELIST,
    GUARDIAN,
    REGENT,
    SEER,
    SENTRY,
    Courtiers,
    CourtState,
    HeuristicBot,
    Play,
)


def test_registered_through_the_entry_point() -> None:
    assert "courtiers" in tablecards.available_games()
    assert isinstance(tablecards.load_game("courtiers", goal=2), Courtiers)
    assert tablecards.registry().bot("courtiers", "heuristic").factory is HeuristicBot
    assert "COURT-07" in (Courtiers.rules_text() or "")


def test_the_heuristic_bot_beats_random_players() -> None:
    report = tablecards.simulate(
        "courtiers", players=3, bots=["heuristic", "random", "random"], games=60, bot_seed=1
    )
    assert report.by_bot[0].win_rate > 0.5


def test_the_search_bot_plays_a_whole_match() -> None:
    # ismcts (the generic search bot) against the heuristic bot: it must finish legal matches.
    report = tablecards.simulate(
        "courtiers", players=2, bots=["ismcts", "heuristic"], games=2, bot_seed=1
    )
    assert report.games == 2 and report.truncated == 0


def miss_match() -> Match:
    """Three seats; seat 0's Sentry asked seat 2 for a Duelist and heard "no" (COURT-05)."""
    for seed in range(200):
        match = Match(Courtiers(), players=3, seed=seed)
        state = match.state
        assert isinstance(state, CourtState)
        held = {card.rank for card in state.hands[0].cards}
        theirs = state.hands[2].cards[0].rank
        if SENTRY in held and theirs != DUELIST and REGENT not in held:
            match.apply(0, Play(SENTRY, 2, DUELIST))
            if match.to_act == (1,):
                return match
    raise AssertionError("no seed deals a Sentry to seat 0")


def test_determinisations_never_give_a_hand_a_rank_everyone_heard_it_lacks() -> None:
    match = miss_match()
    for seed in range(300):
        drawn = tablecards.determinise(match, 1, random.Random(seed))
        state = drawn.state
        assert isinstance(state, CourtState)
        assert state.hands[2].cards[0].rank != DUELIST


def test_another_seats_look_does_not_carry_the_real_card_into_a_determinisation() -> None:
    # Seat 0 looks at seat 2's hand with a Seer; seat 1's determinisations must not know that
    # card: the look follows the place ("the card in seat 2's hand"), not the card.
    for seed in range(300):
        match = Match(Courtiers(), players=3, seed=seed)
        state = match.state
        assert isinstance(state, CourtState)
        if SEER in {c.rank for c in state.hands[0].cards} and REGENT not in {
            c.rank for c in state.hands[0].cards
        }:
            break
    else:
        raise AssertionError("no seed deals a Seer to seat 0")
    match.apply(0, Play(SEER, 2))
    ids = set()
    for draw in range(40):
        drawn = tablecards.determinise(match, 1, random.Random(draw))
        state = drawn.state
        assert isinstance(state, CourtState)
        (looked,) = [card for looker, card in state.looks if looker == 0]
        assert looked == state.hands[2].cards[0].id
        ids.add(looked)
    assert len(ids) > 3  # the card seat 0 saw varies with the deal, as seat 1 sees it


def test_menu_texts_are_words_distinct_and_never_a_seat_number_from_zero() -> None:
    game = Courtiers()
    for seed in range(30):
        match = Match(game, players=4, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            (seat,) = match.to_act
            legal = match.legal_actions(seat)
            texts = [game.describe(action) for action in legal]
            assert len(set(texts)) == len(texts)
            assert not any(re.search(r"player 0\b|seat|None|_", text) for text in texts)
            names = ["you" if s == seat else n for s, n in enumerate(["Ann", "Bob", "Cy", "Di"])]
            for action in legal:
                text = game.describe(action, names)
                assert (
                    "player" not in text
                    and tablecards.parse_command(game, text, legal, names=names) == action
                )
            match.apply(seat, rng.choice(legal))


def test_a_guardian_is_described_in_the_log_and_the_menu() -> None:
    game = Courtiers()
    assert game.describe(Play(GUARDIAN)) == "Guardian: protect yourself until your next turn"
    assert game.describe(Play(SENTRY, 1, SEER)) == "Sentry: does player 2 hold a Seer?"
    assert game.describe_play(0, Play(SEER, 1), ["you", "Bob"]) == "you play the Seer on Bob"
