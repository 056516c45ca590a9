"""A tiny draft: everyone picks a card face down at the same time, then hands pass left.

It proves issue #38's knowledge rules: the only knowledge code is the pass itself
(:meth:`State.rotate`), and the kit's checks pass it; ``tests/broken_toys.py`` holds the same
draft over-claiming what a seat knows through ``known_cards``, which the kit must fail.

Everything below this docstring's import of annotations is the draft that ``docs/simultaneous.md``
writes ("A whole draft"), character for character: ``tests/test_passing.py`` checks it, so the
game the kit passes is the one a reader of the page writes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from tablecards import Action, Card, Game, MatchRandom, State, Visibility, Zone


@attrs.frozen(slots=True)
class DraftCard(Card):
    """A card worth its rank."""

    rank: int


@attrs.frozen(slots=True)
class Pick(Action):
    """Keep this card (by id) of your hand, face down."""

    card: int


@attrs.define(slots=True, eq=False, kw_only=True)
class DraftState(State):
    """The cards left out, each seat's hand and its picks (face down: only it sees them)."""

    deck: Zone[DraftCard]
    hands: tuple[Zone[DraftCard], ...]
    picks: tuple[Zone[DraftCard], ...]


class DraftGame(Game[DraftState]):
    """Deal four cards each; pick one face down, all at once; pass the rest left; repeat."""

    name, title, version = "draft", "Draft", "1.0"
    min_players, max_players, default_players = 2, 4, 3
    actions = (Pick,)
    HAND = 4

    def initial_state(self, players: int, rng: MatchRandom) -> DraftState:
        cards = [DraftCard(i, 1 + i % 9) for i in range(self.HAND * players + 5)]
        return DraftState(
            players=players,
            rng=rng,
            deck=Zone("deck", Visibility.HIDDEN, cards=cards),
            hands=tuple(Zone(f"hand:{s}", Visibility.OWNER, s) for s in range(players)),
            picks=tuple(Zone(f"picks:{s}", Visibility.OWNER, s) for s in range(players)),
        )

    def setup(self, state: DraftState) -> None:
        state.shuffle(state.deck)
        state.deal(state.deck, state.hands, self.HAND)
        state.to_act = tuple(range(state.players))

    def simultaneous(self, state: DraftState) -> bool:
        return not state.over  # every pick is made on its own, at the same time

    def legal_actions(self, state: DraftState, seat: int) -> Sequence[Action]:
        return tuple(Pick(card_id) for card_id in sorted(c.id for c in state.hands[seat].cards))

    def apply(self, state: DraftState, seat: int, action: Action) -> None:
        raise NotImplementedError("every pick is an answer to a simultaneous moment")

    def resolve(self, state: DraftState, answers: Mapping[int, Action]) -> None:
        picked = {seat: pick.card for seat, pick in answers.items() if isinstance(pick, Pick)}
        for seat, card_id in picked.items():
            hand = state.hands[seat]
            card = next(card for card in hand.cards if card.id == card_id)
            state.move([card], hand, state.picks[seat])
        state.rotate(state.hands)  # the game's only knowledge code: the pass itself
        if state.hands[0].cards:
            state.to_act = tuple(range(state.players))
        else:
            state.to_act, state.over = (), True

    def scores(self, state: DraftState) -> tuple[int, ...]:
        return tuple(sum(card.rank for card in picks.cards) for picks in state.picks)
