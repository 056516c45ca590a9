"""ISMCTS at a moment where everyone answers on their own (issue #38): no seat's choice in the
search tree may depend on another seat's answer in the same moment."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence

import attrs

import tablecards
from tablecards import Action, Game, InformationSet, IsmctsBot, Match, MatchRandom, State
from tablecards.search._ismcts import _Node


@attrs.frozen(slots=True)
class Guess(Action):
    """Seat 0: guess where the coin is ("left" or "right"), or "fold" for a small sure score."""

    side: str


@attrs.frozen(slots=True)
class Hide(Action):
    """Seat 1: hide the coin on the "left" or the "right"."""

    side: str


@attrs.define(slots=True, eq=False, kw_only=True)
class CoinState(State):
    """The three seats' scores (seat 2 only watches)."""

    points: tuple[int, ...] = (0, 0, 0)


class HiddenCoin(Game[CoinState]):
    """One moment: seat 0 guesses while seat 1 hides, each on its own. A right guess scores
    best, a wrong one worst; folding scores between (seat 2 makes the scores spread)."""

    name, title, version = "coin", "Hidden coin", "1.0"
    min_players = max_players = default_players = 3
    actions = (Guess, Hide)

    def initial_state(self, players: int, rng: MatchRandom) -> CoinState:
        return CoinState(players=players, rng=rng)

    def setup(self, state: CoinState) -> None:
        state.to_act = (0, 1)

    def simultaneous(self, state: CoinState) -> bool:
        return not state.over

    def legal_actions(self, state: CoinState, seat: int) -> Sequence[Action]:
        if seat == 0:
            return (Guess("left"), Guess("right"), Guess("fold"))
        return (Hide("left"), Hide("right")) if seat == 1 else ()

    def apply(self, state: CoinState, seat: int, action: Action) -> None:
        raise NotImplementedError("both choices are answers to one simultaneous moment")

    def resolve(self, state: CoinState, answers: Mapping[int, Action]) -> None:
        guess, hide = answers[0], answers[1]
        assert isinstance(guess, Guess) and isinstance(hide, Hide)
        if guess.side == "fold":
            state.points = (1, 2, 0)
        elif guess.side == hide.side:
            state.points = (2, 0, 1)
        else:
            state.points = (0, 2, 1)
        state.to_act, state.over = (), True

    def scores(self, state: CoinState) -> tuple[int, ...]:
        return state.points


def _choice(seed: int) -> Action:
    match = Match(HiddenCoin(), seed=seed)
    bot = IsmctsBot(seat=0, iterations=600)
    return bot.choose_in(InformationSet(match, 0), match.legal_actions(0), random.Random(seed))


def test_the_hider_in_the_tree_never_sees_the_guess_so_guessing_beats_folding() -> None:
    # Without peeking, a guess is right half the time (worth about 0.5) and folding is worth
    # 0.25: the search guesses. A tree where the hider chose below the guesser's node would
    # let it hide away from every guess, and the search would fold.
    choices = [_choice(seed) for seed in range(6)]
    assert Guess("fold") not in choices


def test_a_seat_that_answers_second_is_searched_as_if_the_first_answer_were_unseen() -> None:
    # Seat 1 searches after seat 0 has really guessed left: its determinisations draw seat
    # 0's guess again, so hiding left or right is a coin toss, never a sure escape.
    match = Match(HiddenCoin(), seed=1)
    match.apply(0, Guess("left"))
    bot = IsmctsBot(seat=1, iterations=400)
    choices = {
        bot.choose_in(InformationSet(match, 1), match.legal_actions(1), random.Random(seed))
        for seed in range(12)
    }
    assert choices == {Hide("left"), Hide("right")}


def _moment_nodes(node: _Node) -> Iterator[_Node]:
    """The node where each moment of the tree opens: ``node``, then below every set of answers."""
    yield node
    for below in (node.after or {}).values():
        yield from _moment_nodes(below)


def test_in_the_tree_each_seat_chooses_at_the_moments_node_and_the_tree_goes_on_below_all() -> None:
    # The tree itself, walked after a search of Goofspiel (three rounds, every one a moment
    # where both answer on their own): at each moment's node both seats' choices hang side by
    # side and have no children of their own, so no seat ever chooses below the other's
    # answer; the next moment hangs below both answers together.
    match = Match(tablecards.load_game("goofspiel", cards=3), players=2, seed=5)
    bot, root, rng = IsmctsBot(seat=0), _Node(), random.Random(5)
    for _ in range(300):
        bot._iterate(InformationSet(match, 0), root, rng)
    nodes = list(_moment_nodes(root))
    assert len(nodes) > 9  # below the first round's nine pairs of bids, the later rounds
    assert {seat for seat, _ in root.children} == {0, 1}
    for node in nodes:
        # (A walk stops where it adds a node: a moment reached once may hold one seat's.)
        assert {seat for seat, _ in node.children} <= {0, 1}
        assert all(not child.children for child in node.children.values())
        for answers in node.after or {}:
            assert [seat for seat, _ in answers] == [0, 1]  # both answers, or no node below
