"""The determinisation check: a redeal keeps what a seat knows and changes what it does not.

At a moment of a match and for a seat ``s``, :func:`tablecards.determinise` is asked for a few
determinisations (each from its own generator). Each must

1. show ``s`` exactly what the real match shows it: its view, its legal actions, the seats to
   act, and its own history (the log as ``s`` sees it, per ``Game.redact_action``);
2. hold every card of the match once, and every zone at its real size;
3. carry a generator reseeded away from the real one (no hidden order survives);
4. not keep the real places of what ``s`` cannot see: in a zone ``s`` cannot see, three or more
   cards ``s`` does not know (``Game.known_cards``) may not all stay in their real places in
   every determinisation;
5. depend only on what ``s`` knows: determinising a determinisation with the same generator
   gives the same match (the cards are dealt from a canonical order, never from where they lay).

6. never put a card in a zone where ``s`` knows it is not (``Game.ruled_out``), which must
   hold in the real match too.

Over a whole match, a determiniser that never moved anything ``s`` cannot see fails too.

A game's search policy (:meth:`Game.playout_action`), where it has one, is checked at the same
moments for the seat about to act: it leaves the state it reads as it was, returns a legal
action or ``None``, and returns the same in every determinisation for that seat as in the real
match, given the same generator (it may decide only from what the seat sees).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tablecards import Game, Match, Unseen, determinise, snapshot
from tablecards.core._simultaneous import hidden_from
from tablecards.testing._failure import ConformanceFailure, Where

__all__ = ["Variation", "check_determinisation", "check_playout_policy"]

#: Determinisations drawn at each checked moment.
DRAWS = 5
#: Unknown cards a hidden zone must hold before keeping them all in place counts as a leak.
STUCK_AT = 3


class Variation:
    """Counts, over one match, the moments where something unseen could move and did."""

    def __init__(self) -> None:
        self.could = 0
        self.did = 0

    def check(self, where: Where) -> None:
        """Fail when nothing the seat could not see ever moved over three or more chances."""
        if self.could >= 3 and self.did == 0:
            raise ConformanceFailure(
                "determinisation",
                where,
                f"at {self.could} moments with unseen cards to redeal, every determinisation "
                "left them all where they really are: a determinisation must deal again what "
                "the seat cannot see",
            )


def check_determinisation(match: Match, rng: random.Random, where: Where, tally: Variation) -> None:
    """Check the determinisations of ``match`` for a seat drawn with ``rng``."""
    seat = rng.randrange(match.players)
    game = match.game
    state = match.state
    known = {card.id for card in game.known_cards(state, seat)}
    hidden = [zone for zone in state.zones() if not zone.visible_to(seat)]
    truth = {zone.name: list(zone.cards) for zone in hidden}
    movable = sum(1 for cards in truth.values() for card in cards if card.id not in known)
    seen = _seen_by(match, seat)
    ruled = _ruled_out(match, seat, where)
    draws = []
    for _ in range(DRAWS):
        seed = rng.getrandbits(48)
        drawn = _determinise(match, seat, seed, where)
        _check_seen(drawn, seat, seen, where)
        _check_cards(match, drawn, seat, where)
        _check_ruled_out(drawn, seat, ruled, where)
        draws.append((seed, drawn))
    stuck = _stuck_zone(truth, known, [drawn for _, drawn in draws])
    if stuck is not None:
        raise ConformanceFailure(
            "determinisation",
            where,
            f"in {DRAWS} determinisations for seat {seat}, the cards of zone {stuck!r}, which "
            "the seat cannot see, all stayed in their real places: the real arrangement leaks "
            "into the determinisation (declare cards the seat really knows with "
            "Game.known_cards)",
        )
    if movable >= 2:
        tally.could += 1
        moved = any(
            [*drawn.state.zone(name).cards] != cards
            for _, drawn in draws
            for name, cards in truth.items()
        )
        tally.did += moved
    seed, first = draws[0]
    again = _determinise(first, seat, seed, where)
    if snapshot(again.state) != snapshot(first.state) or again.log != first.log:
        raise ConformanceFailure(
            "determinisation",
            where,
            f"determinising for seat {seat} a match it cannot tell from the real one, with the "
            "same generator, gave another match: the determinisation depends on where the "
            "unseen cards really lie, not only on what the seat knows (deal from a canonical "
            "order, as tablecards.redeal does)",
        )


def check_playout_policy(match: Match, seat: int, rng: random.Random, where: Where) -> None:
    """Check the game's :meth:`Game.playout_action` for ``seat``, about to act in ``match``."""
    game = match.game
    if type(game).playout_action is Game.playout_action:
        return
    legal = match.legal_actions(seat)
    seed = rng.getrandbits(48)
    state = match.state.clone()
    before = snapshot(state)
    chosen = game.playout_action(state, seat, legal, random.Random(seed))
    if snapshot(state) != before:
        raise ConformanceFailure(
            "determinisation",
            where,
            f"Game.playout_action for seat {seat} changed the state it was given: the search "
            "bot calls it on its imagined matches and plays on from them",
        )
    if chosen is not None and chosen not in legal:
        raise ConformanceFailure(
            "determinisation",
            where,
            f"Game.playout_action for seat {seat} returned {chosen!r}, which is not among the "
            "seat's legal actions (return one of them, or None to let the search choose)",
        )
    for _ in range(DRAWS):
        drawn = _determinise(match, seat, rng.getrandbits(48), where)
        other = game.playout_action(
            drawn.state, seat, drawn.legal_actions(seat), random.Random(seed)
        )
        if other != chosen:
            raise ConformanceFailure(
                "determinisation",
                where,
                f"Game.playout_action for seat {seat} chose {chosen!r} in the real match but "
                f"{other!r} in a determinisation for that seat, with the same generator: the "
                "policy reads what the seat cannot see (decide only from its own hand and what "
                "is public, as a bot does from its view)",
            )


def _determinise(match: Match, seat: int, seed: int, where: Where) -> Match:
    try:
        return determinise(match, seat, random.Random(seed))
    except Exception as error:
        raise ConformanceFailure(
            "determinisation",
            where,
            f"determinising for seat {seat} failed: {type(error).__name__}: {error}",
        ) from error


def _ruled_out(match: Match, seat: int, where: Where) -> dict[str, set[int]]:
    """What ``seat`` rules out (Game.ruled_out), checked against the real state."""
    state = match.state
    names = {zone.name: zone for zone in state.zones()}
    out: dict[str, set[int]] = {}
    for name, cards in match.game.ruled_out(state, seat).items():
        zone = names.get(name)
        if zone is None:
            raise ConformanceFailure(
                "determinisation",
                where,
                f"Game.ruled_out for seat {seat} names {name!r}, which is not a zone of the "
                "state (use the zones' names)",
            )
        ids = {card.id for card in cards}
        there = sorted(card.id for card in zone.cards if card.id in ids)
        if there:
            raise ConformanceFailure(
                "determinisation",
                where,
                f"Game.ruled_out says seat {seat} knows card(s) {there} are not in zone "
                f"{name!r}, but they are: the knowledge is wrong (clear it when the zone's "
                "cards change in ways the seat cannot follow)",
            )
        if ids:
            out[name] = ids
    return out


def _check_ruled_out(drawn: Match, seat: int, ruled: dict[str, set[int]], where: Where) -> None:
    for name, ids in ruled.items():
        there = sorted(card.id for card in drawn.state.zone(name).cards if card.id in ids)
        if there:
            raise ConformanceFailure(
                "determinisation",
                where,
                f"a determinisation for seat {seat} dealt card(s) {there} into zone {name!r}, "
                "where the seat knows they are not (Game.ruled_out): a search would imagine a "
                "hand the seat knows is impossible (pass ruled_out to tablecards.redeal)",
            )


def _seen_by(match: Match, seat: int) -> dict[str, Any]:
    game = match.game
    history = []
    # The others' answers to an open moment everyone answers on their own: not seen yet.
    hidden = hidden_from(match.moves, match.state)
    for index, (actor, action) in enumerate(match.log):
        if type(action) is Unseen or (index >= hidden and actor != seat):
            shown = None
        else:
            shown = game.redact_action(action, actor, seat)
        history.append((actor, shown))
    return {
        "view": match.view(seat),
        "to_act": match.to_act,
        "legal": list(match.legal_actions(seat)),
        "history": history,
    }


def _check_seen(drawn: Match, seat: int, seen: dict[str, Any], where: Where) -> None:
    now = _seen_by(drawn, seat)
    for key in ("view", "to_act", "legal", "history"):
        if now[key] != seen[key]:
            raise ConformanceFailure(
                "determinisation",
                where,
                f"a determinisation for seat {seat} changed what the seat sees: its {key} "
                f"differs ({_first_difference(seen[key], now[key])}). Either the redeal moved "
                "something the seat knows, or the seat is shown something it may not see",
            )


def _check_cards(match: Match, drawn: Match, seat: int, where: Where) -> None:
    real, new = match.state, drawn.state
    sizes = {zone.name: len(zone.cards) for zone in real.zones()}
    resized = {zone.name for zone in new.zones() if sizes.get(zone.name) != len(zone.cards)}
    if resized or len(sizes) != sum(1 for _ in new.zones()):
        raise ConformanceFailure(
            "determinisation",
            where,
            f"a determinisation for seat {seat} changed the size of zones {sorted(resized)}",
        )
    before = Counter(card.id for card in real.cards())
    after = Counter(card.id for card in new.cards())
    if before != after:
        lost = sorted((before - after).elements())
        extra = sorted((after - before).elements())
        raise ConformanceFailure(
            "determinisation",
            where,
            f"a determinisation for seat {seat} does not hold the match's cards once each "
            f"(lost ids {lost}, extra ids {extra})",
        )
    if drawn.seed == match.seed or new.rng.seed == real.rng.seed:
        raise ConformanceFailure(
            "determinisation",
            where,
            f"a determinisation for seat {seat} keeps the match's random generator: its future "
            "draws would follow the real hidden order",
        )


def _stuck_zone(truth: dict[str, list[Any]], known: set[int], draws: list[Match]) -> str | None:
    for name, cards in truth.items():
        places = [(index, card) for index, card in enumerate(cards) if card.id not in known]
        if len(places) < STUCK_AT:
            continue
        if all(
            all(drawn.state.zone(name).cards[index] is card for index, card in places)
            for drawn in draws
        ):
            return name
    return None


def _first_difference(left: Any, right: Any) -> str:
    if isinstance(left, dict) and isinstance(right, dict):
        for key in (*left, *(k for k in right if k not in left)):
            if left.get(key) != right.get(key):
                return f"at {key!r}: {_short(left.get(key))} became {_short(right.get(key))}"
    if isinstance(left, list) and isinstance(right, list):
        for index, (a, b) in enumerate(zip(left, right, strict=False)):
            if a != b:
                return f"at {index}: {_short(a)} became {_short(b)}"
        return f"{len(left)} entries became {len(right)}"
    return f"{_short(left)} became {_short(right)}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:120] + "..."
