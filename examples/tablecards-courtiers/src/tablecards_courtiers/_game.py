"""Courtiers: the rules (``rules.md``) as a tablecards game."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar

import attrs

import tablecards
from tablecards import (
    Action,
    Card,
    CardsMoved,
    Event,
    Game,
    Illegal,
    MatchRandom,
    RoundEnded,
    Scene,
    SceneFace,
    Shuffled,
    TurnStarted,
    Visibility,
    Zone,
    next_seat,
    option_range,
    seat_option,
)
from tablecards.words import count, listing, player_name, says, whose
from tablecards_courtiers import _scene
from tablecards_courtiers._actions import Play
from tablecards_courtiers._cards import (
    DECK,
    DIPLOMAT,
    DUELIST,
    GUARDIAN,
    HEIR,
    HERALD,
    NAMES,
    REGENT,
    SEER,
    SENTRY,
    CourtCard,
)
from tablecards_courtiers._events import (
    Compared,
    Guarded,
    Guessed,
    KnockedOut,
    Looked,
    Saw,
    Traded,
)
from tablecards_courtiers._state import CourtState

__all__ = ["GOALS", "CourtOptions", "Courtiers"]

#: Tokens that win the match, by number of players (COURT-17).
GOALS: dict[int, int] = {2: 5, 3: 4, 4: 3}
#: The cards that choose another player (COURT-13).
CHOOSERS = frozenset((SENTRY, SEER, DUELIST, DIPLOMAT))


@attrs.frozen
class CourtOptions:
    """The options of Courtiers.

    Attributes:
        goal: tokens that win the match (default: 5 with two players, 4 with three, 3 with
            four; COURT-17).
        first_player: who begins the first round (COURT-03).
    """

    goal: int | None = option_range(None, 1, 10, none=True)
    first_player: int = seat_option()


class Courtiers(Game[CourtState]):
    """Courtiers, for 2 to 4 players: keep the highest card of the court, or be the last one in.

    Each turn a player draws and plays one of two cards; the cards look at hands, compare them,
    guess them, protect, force a discard or trade hands. Whoever is last in, or holds the
    highest card when the deck runs out, wins the round and a token.
    """

    name: ClassVar[str] = "courtiers"
    title: ClassVar[str] = "Courtiers"
    summary: ClassVar[str] = (
        "An example game of one secret courtier each: play one of two cards to look, duel, "
        "guess or protect."
    )
    length: ClassVar[str] = "short rounds until someone holds enough tokens"
    example: ClassVar[bool] = True
    version: ClassVar[str] = "0.1.0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 3
    actions: ClassVar[tuple[type[Action], ...]] = (Play,)
    Options: ClassVar[type[Any]] = CourtOptions

    # -- set-up ----------------------------------------------------------------------------

    def initial_state(self, players: int, rng: MatchRandom) -> CourtState:
        seats = range(players)
        return CourtState(
            players=players,
            rng=rng,
            deck=Zone("deck", Visibility.HIDDEN, None, list(DECK)),
            aside=Zone("aside", Visibility.HIDDEN),
            open=Zone("open", Visibility.PUBLIC),
            hands=tuple(Zone(f"hand:{s}", Visibility.OWNER, s) for s in seats),
            played=tuple(Zone(f"played:{s}", Visibility.PUBLIC, s) for s in seats),
            live=(True,) * players,
            guarded=(False,) * players,
            tokens=(0,) * players,
        )

    def setup(self, state: CourtState) -> None:
        self.start_round(state, self.options.first_player)

    def goal(self, players: int) -> int:
        """Tokens that win a match of ``players`` (COURT-17)."""
        goal: int | None = self.options.goal
        return GOALS[players] if goal is None else goal

    def start_round(self, state: CourtState, first: int) -> None:
        """COURT-02, COURT-03: gather, shuffle, set one card aside (three more face up with two
        players), deal one card each; ``first`` begins."""
        state.round += 1
        for zone in (state.aside, state.open, *state.hands, *state.played):
            if zone.cards:
                state.move_all(zone, state.deck)
        # The shuffle starts from the cards in a fixed order, never from where they lay.
        state.deck.cards.sort(key=lambda card: card.id)
        state.shuffle(state.deck)
        state.draw(state.deck, state.aside)
        if state.players == 2:
            for _ in range(3):
                state.draw(state.deck, state.open)
        state.live = (True,) * state.players
        state.guarded = (False,) * state.players
        state.looks, state.misses = (), ()
        state.deal(state.deck, state.hands, 1)
        self.begin_turn(state, first)

    def begin_turn(self, state: CourtState, seat: int) -> None:
        """COURT-04: ``seat``'s turn: its protection ends, it draws a card."""
        state.current = seat
        state.guarded = tuple(g and s != seat for s, g in enumerate(state.guarded))
        self.forget_misses(state, seat)
        state.emit(TurnStarted(seat, state.round))
        state.draw(state.deck, state.hands[seat])
        state.to_act = (seat,)

    # -- choices ---------------------------------------------------------------------------

    def targets(self, state: CourtState, seat: int) -> list[int]:
        """The other players a card may choose: still in, not protected (COURT-08, COURT-13)."""
        return [
            other
            for other in range(state.players)
            if other != seat and state.live[other] and not state.guarded[other]
        ]

    def legal_actions(self, state: CourtState, seat: int) -> Sequence[Action]:
        if seat not in state.to_act:
            return ()
        ranks = sorted({card.rank for card in state.hands[seat].cards})
        if REGENT in ranks and (HERALD in ranks or DIPLOMAT in ranks):
            return (Play(REGENT),)  # COURT-11
        targets = self.targets(state, seat)
        out: list[Action] = []
        for rank in ranks:
            if rank == SENTRY:
                if targets:
                    guesses = range(SEER, HEIR + 1)
                    out.extend(Play(SENTRY, t, g) for t in targets for g in guesses)
                else:
                    out.append(Play(SENTRY))
            elif rank in CHOOSERS:
                out.extend([Play(rank, t) for t in targets] if targets else [Play(rank)])
            elif rank == HERALD:
                out.extend(Play(HERALD, t) for t in [*targets, seat])
            else:
                out.append(Play(rank))
        return tuple(out)

    def why_illegal(self, state: CourtState, seat: int, action: Action) -> Illegal | None:
        if action in self.legal_actions(state, seat):
            return None
        assert isinstance(action, Play)
        ranks = {card.rank for card in state.hands[seat].cards}
        if action.rank not in ranks:
            return Illegal(f"you hold no {NAMES.get(action.rank, 'such card')}", "COURT-04")
        if REGENT in ranks and (HERALD in ranks or DIPLOMAT in ranks):
            return Illegal("with the Herald or the Diplomat, the Regent must be played", "COURT-11")
        target = action.target
        if action.guess is not None and action.rank != SENTRY:
            return Illegal("only a Sentry names a card", "COURT-05")
        if action.rank == SENTRY and target is not None and action.guess not in NAMES:
            return Illegal("a Sentry names a card other than a Sentry (2 to 8)", "COURT-05")
        if action.rank == SENTRY and action.guess == SENTRY:
            return Illegal("a Sentry may not name a Sentry", "COURT-05")
        if target is None:
            return Illegal("choose a player for this card", "COURT-13")
        if not 0 <= target < state.players:
            return Illegal("choose a player of this match", "COURT-13")
        if action.rank not in CHOOSERS | {HERALD}:
            return Illegal(f"the {NAMES[action.rank]} chooses nobody", "COURT-13")
        if target == seat:
            return Illegal("choose another player (only the Herald may choose you)", "COURT-09")
        if not state.live[target]:
            return Illegal("that player is out of the round", "COURT-14")
        if state.guarded[target]:
            return Illegal("a Guardian protects that player until their turn", "COURT-08")
        return Illegal("not a move now", "COURT-04")

    # -- playing ---------------------------------------------------------------------------

    def apply(self, state: CourtState, seat: int, action: Action) -> None:
        assert isinstance(action, Play)
        hand = state.hands[seat]
        card = next(card for card in hand.cards if card.rank == action.rank)
        state.move((card,), hand, state.played[seat])
        target = action.target
        if action.rank == HEIR:
            self.knock_out(state, seat)  # COURT-12
        elif action.rank == GUARDIAN:
            state.guarded = tuple(g or s == seat for s, g in enumerate(state.guarded))
            state.emit(Guarded(seat))
        elif target is not None:
            self.choose(state, seat, action.rank, target, action.guess)
        self.end_turn(state)

    def choose(
        self, state: CourtState, seat: int, rank: int, target: int, guess: int | None
    ) -> None:
        """The power of a card that chose ``target`` (COURT-05 to COURT-10)."""
        theirs = state.hands[target].cards[0]
        if rank == SENTRY:
            right = theirs.rank == guess
            state.emit(Guessed(seat, target, guess or 0, right))
            if right:
                self.knock_out(state, target)
            else:
                state.misses += ((target, guess or 0),)
        elif rank == SEER:
            state.looks += ((seat, theirs.id),)
            state.emit(Looked(seat, target))
            state.emit(Saw(seat, target, theirs, to=frozenset((seat,))))
        elif rank == DUELIST:
            self.duel(state, seat, target)
        elif rank == HERALD:
            self.herald(state, target)
        elif rank == DIPLOMAT:
            mine = state.hands[seat].cards[0]
            state.move((mine,), state.hands[seat], state.hands[target])
            state.move((theirs,), state.hands[target], state.hands[seat])
            state.looks += ((seat, mine.id), (target, theirs.id))
            self.forget_misses(state, seat)
            self.forget_misses(state, target)
            state.emit(Traded(seat, target))

    def duel(self, state: CourtState, seat: int, target: int) -> None:
        """COURT-07: both see both cards; the lower is out; everyone hears who."""
        mine = state.hands[seat].cards[0]
        theirs = state.hands[target].cards[0]
        state.emit(Saw(seat, target, theirs, to=frozenset((seat,))))
        state.emit(Saw(target, seat, mine, to=frozenset((target,))))
        loser = None
        if mine.rank != theirs.rank:
            loser = seat if mine.rank < theirs.rank else target
        state.emit(Compared(seat, target, loser))
        # Both saw both cards: the winner's stays hidden from the others only.
        state.looks += ((seat, theirs.id), (target, mine.id))
        if loser is not None:
            self.knock_out(state, loser)

    def herald(self, state: CourtState, target: int) -> None:
        """COURT-09: ``target`` discards its hand face up and draws again (the card set aside
        when the deck is empty); discarding the Heir puts it out (COURT-12)."""
        hand = state.hands[target]
        discarded = state.move_all(hand, state.played[target])
        self.forget_misses(state, target)
        if any(card.rank == HEIR for card in discarded):
            self.knock_out(state, target)
            return
        state.draw(state.deck if state.deck.cards else state.aside, hand)

    def knock_out(self, state: CourtState, seat: int) -> None:
        """COURT-14: ``seat`` lays its hand face up and is out of the round."""
        if state.hands[seat].cards:
            state.move_all(state.hands[seat], state.played[seat])
        state.live = tuple(live and s != seat for s, live in enumerate(state.live))
        self.forget_misses(state, seat)
        state.emit(KnockedOut(seat))

    def forget_misses(self, state: CourtState, seat: int) -> None:
        """The answers about ``seat``'s hand no longer hold once its cards change."""
        if any(target == seat for target, _ in state.misses):
            state.misses = tuple(miss for miss in state.misses if miss[0] != seat)

    def end_turn(self, state: CourtState) -> None:
        """COURT-15: the round ends with one player left, or with an empty deck (showdown)."""
        alive = [seat for seat in range(state.players) if state.live[seat]]
        if len(alive) == 1:
            self.end_round(state, alive)
            return
        if not state.deck.cards:
            best = max(state.hands[seat].cards[0].rank for seat in alive)
            winners = [seat for seat in alive if state.hands[seat].cards[0].rank == best]
            for seat in alive:  # the hands are shown
                state.move_all(state.hands[seat], state.played[seat])
            self.end_round(state, winners)
            return
        gone = {seat for seat in range(state.players) if not state.live[seat]}
        self.begin_turn(state, next_seat(state.current, state.players, skip=gone))

    def end_round(self, state: CourtState, winners: list[int]) -> None:
        """COURT-16, COURT-17: each winner takes a token; the match ends at the goal."""
        won = tuple(int(seat in winners) for seat in range(state.players))
        state.tokens = tuple(t + w for t, w in zip(state.tokens, won, strict=True))
        state.emit(RoundEnded(state.round, won))
        if max(state.tokens) >= self.goal(state.players):
            state.over, state.to_act = True, ()
            return
        self.start_round(state, winners[0])

    def scores(self, state: CourtState) -> tuple[int, ...]:
        return state.tokens

    def rounds_played(self, state: CourtState) -> int:
        return state.round

    # -- what players know -----------------------------------------------------------------

    def known_cards(self, state: CourtState, seat: int) -> Collection[Card]:
        """The cards ``seat`` saw in another hand that are still there (a Seer, a tied duel, a
        trade): it can follow them, since every later move of a hand card is public."""
        seen = {card for looker, card in state.looks if looker == seat}
        if not seen:
            return ()
        return [
            card
            for other, hand in enumerate(state.hands)
            if other != seat
            for card in hand.cards
            if card.id in seen
        ]

    def ruled_out(self, state: CourtState, seat: int) -> Mapping[str, Collection[Card]]:
        """Everyone heard a Sentry answered "no": no card of that rank is in that hand."""
        out: dict[str, list[Card]] = {}
        for target, rank in state.misses:
            if target != seat:
                out.setdefault(f"hand:{target}", []).extend(c for c in DECK if c.rank == rank)
        return out

    def reveals(self, event: Event) -> bool:
        """A duel's outcome and a Sentry's answer are announced to everyone (COURT-05, -07)."""
        return isinstance(event, (Compared, Guessed))

    def redeal_unseen(self, state: CourtState, seat: int, rng: random.Random) -> None:
        """The default redeal, then the other seats' memories follow the cards: what another
        seat saw is "the card at that place" (public), never the real card."""
        places = {
            card.id: (zone.name, index)
            for zone in state.hands
            if not zone.visible_to(seat)
            for index, card in enumerate(zone.cards)
        }
        super().redeal_unseen(state, seat, rng)
        if not state.looks:
            return
        looks = []
        for looker, seen in state.looks:
            place = places.get(seen) if looker != seat else None
            now = seen if place is None else state.zone(place[0]).cards[place[1]].id
            looks.append((looker, now))
        state.looks = tuple(looks)

    def view_extra(self, state: CourtState, seat: int | None) -> dict[str, Any]:
        known = [] if seat is None else self.known_cards(state, seat)
        where = {card.id: holder for holder, hand in enumerate(state.hands) for card in hand.cards}
        return {
            "round": state.round,
            "goal": self.goal(state.players),
            "tokens": list(state.tokens),
            "out": [seat for seat in range(state.players) if not state.live[seat]],
            "guarded": [seat for seat in range(state.players) if state.guarded[seat]],
            "knowledge": [{"seat": where[card.id], "card": card.to_json()} for card in known],
            "misses": [{"seat": target, "rank": rank} for target, rank in state.misses],
        }

    # -- words -----------------------------------------------------------------------------

    def card_label(self, card: Mapping[str, Any]) -> str:
        """ "Herald (5)": the card's name, then its rank."""
        rank = card.get("rank")
        return f"{NAMES[rank]} ({rank})" if rank in NAMES else super().card_label(card)

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> Scene:
        """Courtiers' table: each hand (yours face up), the played cards in front of their
        players, who is protected or out, tokens, the deck and the card set aside, and what you
        know in words (a card you saw, a Sentry's "no"); a play is chosen card, then whom, then
        (for the Sentry) which card."""
        return _scene.build_scene(self, view, names, legal)

    def card_face(self, card: Mapping[str, Any]) -> SceneFace:
        """COURT-01: a card's rank big, its name small (Courtiers' cards have no colour).

        The rank goes big because a hand is drawn fanned: a number stays readable where a name
        would be cut by the next card; the label says both in full.
        """
        rank = int(card["rank"])
        return {
            "id": int(card["id"]),
            "rank": str(rank),
            "colour": None,
            "label": f"{NAMES[rank]} ({rank})",
            "note": NAMES[rank],
            "kind": "court",
        }

    def describe(self, action: Action, names: Sequence[str] | None = None) -> str:
        """The menu text: "Sentry: does Bob hold a Seer?", "Diplomat: trade hands with Bob"."""
        assert isinstance(action, Play)
        name = NAMES.get(action.rank, str(action.rank))
        target = action.target
        if target is None:
            if action.rank in CHOOSERS:
                return f"{name}: nobody can be chosen"
            return _ALONE.get(action.rank, name)
        who = _name(names, target)
        if action.rank == SENTRY:
            guess = _a(action.guess)
            return f"Sentry: {'do' if who == 'you' else 'does'} {who} hold {guess}?"
        if action.rank == SEER:
            return f"Seer: look at {whose(who)} hand"
        if action.rank == DUELIST:
            return f"Duelist: compare hands with {who}"
        if action.rank == HERALD:
            return f"Herald: {says(who, 'discards')} and {'draw' if who == 'you' else 'draws'}"
        return f"{name}: trade hands with {who}"

    def describe_play(self, actor: int, action: Action | None, names: Sequence[str]) -> str:
        if not isinstance(action, Play):
            return super().describe_play(actor, action, names)
        who = names[actor]
        text = f"{says(who, 'plays')} the {NAMES.get(action.rank, action.rank)}"
        if action.target is None:
            return text
        other = names[action.target]
        if action.rank == SENTRY:
            verb = "do" if other == "you" else "does"
            return f"{text}: {verb} {other} hold {_a(action.guess)}?"
        if action.rank == HERALD and action.target == actor:
            return f"{text} on {'yourself' if who == 'you' else 'themselves'}"
        return f"{text} on {other}"

    def describe_event(self, event: Event, seat: int | None, names: Sequence[str]) -> str | None:
        if isinstance(event, Guessed):
            who = names[event.target]
            if event.right:
                return f"Right: {who} {'hold' if who == 'you' else 'holds'} {_a(event.rank)}"
            return f"No: {who} {'hold' if who == 'you' else 'holds'} no {NAMES[event.rank]}"
        if isinstance(event, Saw):
            return f"{says(names[event.looker], 'sees')} {whose(names[event.target])} " + (
                f"{event.card.title} ({event.card.rank})"
            )
        if isinstance(event, Looked):
            return f"{says(names[event.looker], 'looks')} at {whose(names[event.target])} hand"
        if isinstance(event, Compared):
            a, b = names[event.challenger], names[event.target]
            if event.loser is None:
                return f"{a} and {b} tie: nobody is out"
            return f"{says(names[event.loser], 'has')} the lower card"
        if isinstance(event, Guarded):
            return f"{says(names[event.seat], 'is')} protected until the next turn"
        if isinstance(event, Traded):
            return f"{names[event.a]} and {names[event.b]} trade hands"
        if isinstance(event, KnockedOut):
            return f"{says(names[event.seat], 'is')} out of the round"
        if isinstance(event, CardsMoved):
            return _move_words(event, names)
        if isinstance(event, Shuffled):
            return "the cards are gathered and shuffled" if event.zone == "deck" else None
        if isinstance(event, RoundEnded):
            won = [names[s] for s, w in enumerate(event.scores) if w]
            verb = "win" if len(won) > 1 or won == ["you"] else "wins"
            return f"Round {event.round}: {tablecards.words.listing(won)} {verb} a token"
        return super().describe_event(event, seat, names)

    def action_catalogue(self, players: int) -> Sequence[Action] | None:
        seats = range(players)
        out: list[Action] = [Play(rank) for rank in NAMES]
        out += [Play(SENTRY, t, g) for t in seats for g in range(SEER, HEIR + 1)]
        out += [Play(rank, t) for rank in (SEER, DUELIST, HERALD, DIPLOMAT) for t in seats]
        return tuple(out)


_ALONE = {
    GUARDIAN: "Guardian: protect yourself until your next turn",
    REGENT: "Regent",
    HEIR: "Heir: play it and leave the round",
}


def _seat_of(zone: str) -> int | None:
    kind, _, seat = zone.partition(":")
    return int(seat) if kind in ("hand", "played") and seat else None


def _move_words(event: CardsMoved[CourtCard], names: Sequence[str]) -> str | None:
    """A card move in Courtiers' words; ``None`` for the moves another line already says."""
    cards = listing(f"the {card.title} ({card.rank})" for card in event.cards)
    src, dst = _seat_of(event.src), _seat_of(event.dst)
    if event.dst == "deck":
        return None  # the round's gathering: "the cards are gathered and shuffled"
    if event.src == "deck" and event.dst == "aside":
        return "one card is set aside face down"
    if event.dst == "open":
        laid = "is" if event.count == 1 else "are"
        return f"{cards or count(event.count, 'card')} {laid} laid face up, out of the round"
    if dst is not None and event.dst.startswith("hand:"):
        who = names[dst]
        if src is not None:  # a trade (COURT-10): "Bob and you trade hands" says it to others
            return f"{says(names[src], 'gives')} {names[dst]} {cards}" if cards else None
        if event.src == "aside":  # COURT-09: a Herald on an empty deck
            taken = f"{says(who, 'takes')} the card set aside"
            return f"{taken}: {cards}" if cards else taken
        return f"{says(who, 'draws')} {cards or 'a card'}"
    if src is not None and dst is not None:
        return f"{says(names[src], 'lays')} {cards or count(event.count, 'card')} face up"
    return None


def _a(rank: int | None) -> str:
    """ "a Seer", "an Heir"; "a card" for no rank."""
    if rank not in NAMES:
        return "a card"
    return f"{'an' if rank == HEIR else 'a'} {NAMES[rank]}"


def _name(names: Sequence[str] | None, seat: int) -> str:
    return names[seat] if names is not None else player_name(seat)
