"""Hit! through the Match API: atomic rejection, determinism, persistence, conservation,
views without the deck order, and the heuristic bot against random bots."""

from __future__ import annotations

import json
import random

import pytest

import tablecards
from tablecards import IllegalAction, Match, NotYourTurn, SaveError, UnknownGame, UnknownOption
from tablecards.testing import check_replays, check_resumes, check_undo
from tablecards.testing import random_match as kit_random_match
from tablecards_hit import DRAW_AGAIN, END_TURN, STEAL, HeuristicBot, Hit, HitState


def random_match(seed: int, players: int = 3, stop_after: int | None = None) -> Match:
    return kit_random_match(Hit(), players, seed, stop_after)


def test_out_of_turn_action_raises_and_leaves_the_match_unchanged() -> None:
    match = random_match(3, stop_after=10)
    before = match.to_json()
    other = (match.to_act[0] + 1) % 3
    with pytest.raises(NotYourTurn) as info:
        match.apply(other, END_TURN)
    assert info.value.seat == other and info.value.action == END_TURN
    assert f"seat {other}" in str(info.value) and "EndTurn" in str(info.value)
    assert match.to_json() == before


def test_illegal_action_raises_with_the_rule_and_leaves_the_match_unchanged() -> None:
    match = random_match(4, stop_after=5)
    seat = match.to_act[0]
    wrong = STEAL if STEAL not in match.legal_actions(seat) else DRAW_AGAIN
    before = match.to_json()
    with pytest.raises(IllegalAction) as info:
        match.apply(seat, wrong)
    assert info.value.rule in {"HIT-08", "HIT-09"}
    assert match.to_json() == before


def test_an_action_of_another_game_or_not_an_action_is_rejected() -> None:
    match = random_match(5, stop_after=3)
    before = match.to_json()
    seat = match.to_act[0]
    for bogus in (object(), "EndTurn", tablecards.Action()):
        with pytest.raises(IllegalAction, match="not an action of hit"):
            match.apply(seat, bogus)  # type: ignore[arg-type]
    assert match.to_json() == before


def test_same_seed_and_actions_give_byte_identical_json() -> None:
    check_replays(random_match(21))
    assert random_match(21).to_json() != random_match(22).to_json()


@pytest.mark.parametrize("cut", [0, 1, 17, 40])
def test_saved_mid_game_loaded_and_finished_ends_as_the_uninterrupted_match(cut: int) -> None:
    check_resumes(random_match(8), cut)


def test_undo_takes_back_actions_exactly() -> None:
    check_undo(random_match(12, stop_after=30), 5)


def test_clone_is_independent() -> None:
    match = random_match(13, stop_after=20)
    copy = match.clone()
    assert copy.to_json() == match.to_json()
    seat = copy.to_act[0]
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert copy.to_json() != match.to_json()
    assert match.moves == 20


@pytest.mark.slow
def test_1000_random_matches_conserve_cards_and_never_show_the_deck_order() -> None:
    for seed in range(1000):
        players = 2 + seed % 5
        match = Match(Hit(), players=players, seed=seed)
        state = match.state
        assert isinstance(state, HitState)
        rng = random.Random(seed)
        check_views = seed % 50 == 0  # views are checked on every action of 20 matches
        while not match.is_over:
            seat = match.to_act[0]
            actions = match.legal_actions(seat)
            match.apply(seat, actions[rng.randrange(len(actions))])
            ids = [card.id for zone in state.zones() for card in zone.cards]
            assert len(ids) == 90 and len(set(ids)) == 90, (seed, match.moves)
            assert (
                len(state.deck)
                + sum(map(len, state.rows))
                + sum(map(len, state.loots))
                + len(state.box)
                == 90
            )
            if check_views:
                deck_ids = {card.id for card in state.deck.cards}
                for viewer in [None, *range(players)]:
                    view = match.view(viewer)
                    assert "cards" not in view["zones"]["deck"]
                    shown = {
                        card["id"]
                        for zone in view["zones"].values()
                        for card in zone.get("cards", ())
                    }
                    assert not shown & deck_ids, (seed, match.moves, viewer)
        result = match.result
        assert result is not None and not result.truncated
        boxed = sum(card.value for card in state.box.cards)
        assert sum(result.scores) + boxed == 445, seed


@pytest.mark.slow
def test_heuristic_bot_beats_two_random_bots() -> None:
    report = tablecards.simulate(
        Hit(),
        players=3,
        bots=["heuristic", "random", "random"],
        games=2000,
        seed=2026,
        bot_seed=2026,
    )
    heuristic = report.by_bot[0]
    print(f"heuristic win rate over 2000 games vs 2 random bots: {heuristic.win_rate:.3f}")
    assert heuristic.win_rate > 1 / 3
    assert heuristic.ci95[0] > 1 / 3  # clearly, not by luck


def test_heuristic_bot_reasons_from_its_view_only() -> None:
    match = Match(Hit(), players=3, seed=1)
    bot = HeuristicBot(match.game, 0)
    view = json.loads(json.dumps(match.view(0)))  # plain JSON: no way back to the state
    assert bot.choose(view, match.legal_actions(0), random.Random(0)) in match.legal_actions(0)


def test_corrupted_or_truncated_save_gives_one_clear_error() -> None:
    text = random_match(6, stop_after=30).to_json()
    with pytest.raises(SaveError, match="invalid JSON.*truncated"):
        Match.from_json(text[: len(text) // 2])
    with pytest.raises(SaveError, match="not a saved match"):
        Match.from_json("[1, 2, 3]")
    data = json.loads(text)
    data["log"][3][1] = {"type": "Teleport"}
    with pytest.raises(SaveError, match="log entry 3.*unknown action type 'Teleport'"):
        Match.from_json(json.dumps(data))
    data = json.loads(text)
    data["state"]["round"] = 7
    with pytest.raises(SaveError, match="does not match its replayed log"):
        Match.from_json(json.dumps(data))
    data = json.loads(text)
    del data["seed"]
    with pytest.raises(SaveError, match="no 'seed' field"):
        Match.from_json(json.dumps(data))


def test_unknown_game_and_unknown_option_give_clear_errors() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'hitt'; installed games: .*hit"):
        tablecards.load_game("hitt")
    with pytest.raises(UnknownOption, match="colour.*options of 'hit': first_player"):
        tablecards.load_game("hit", colour="red")
    with pytest.raises(UnknownOption, match="rounds"):
        tablecards.load_game("hit", rounds=0)
    with pytest.raises(UnknownOption, match="2 to 6 players, not 7"):
        Match(Hit(), players=7)
