"""Bots see views only: what the runner hands a bot is plain data, never the state."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablecards import Action, Bot, Game, InformationSet, Match, TablecardsError, match_seed, play
from tablecards.testing._failure import ConformanceFailure, Where
from tablecards.testing._invariants import check_plain

__all__ = ["BotFactory", "check_bots", "registered_bots"]

#: What makes a bot for one seat: ``factory(game, seat)``, as bots are registered.
BotFactory = Callable[[Game[Any], int], Bot]


class _Inspector:
    """Stands between the runner and a bot, checking everything the bot is given."""

    def __init__(self, name: str, bot: Bot, match: Match, where: Where) -> None:
        self.name = name
        self.bot = bot
        self.match = match
        self.where = where
        self.uses_view = getattr(bot, "uses_view", True)
        self.calls = 0
        if getattr(bot, "choose_in", None) is not None:
            # A search bot: tablecards.bot_choice hands it an information set, checked here.
            self.choose_in = self._choose_in

    def _choose_in(
        self, info: InformationSet, actions: Sequence[Action], rng: random.Random
    ) -> Action:
        where = self.where.at(self.match.moves, self.match.log)
        if type(info) is not InformationSet or type(rng) is not random.Random:
            raise ConformanceFailure(
                "bots",
                where,
                f"search bot {self.name!r} was given a {type(info).__name__} and a "
                f"{type(rng).__name__}, not an InformationSet and a Random",
            )
        choice: Action = self.bot.choose_in(info, actions, rng)  # type: ignore[attr-defined]
        if choice not in actions:
            raise ConformanceFailure(
                "bots",
                where,
                f"bot {self.name!r} chose {choice!r}, which is not among the legal actions",
            )
        return choice

    def choose(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        try:
            return self._checked_choice(view, actions, rng)
        except ConformanceFailure as failure:
            # Checks run with a Where without the log (copying it at every call would be
            # quadratic); the failure gets the log here.
            where = self.where.at(self.match.moves, self.match.log)
            raise ConformanceFailure(failure.check, where, failure.detail) from None

    def _checked_choice(
        self, view: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        where = self.where
        label = f"the view given to bot {self.name!r}"
        self.calls += 1
        if self.uses_view:
            if self.calls <= 20 or self.calls % 10 == 0:
                # Every view early in the match, then one in ten: views are large, matches long.
                check_plain(view, where, label, "bots")
        elif len(view):
            raise ConformanceFailure("bots", where, f"{label} (uses_view = False) is not empty")
        if type(rng) is not random.Random:
            raise ConformanceFailure(
                "bots", where, f"bot {self.name!r} was given a {type(rng).__name__}, not a Random"
            )
        choice = self.bot.choose(view, actions, rng)
        if choice not in actions:
            raise ConformanceFailure(
                "bots",
                where,
                f"bot {self.name!r} chose {choice!r}, which is not among the legal actions",
            )
        return choice


def registered_bots(game: Game[Any]) -> dict[str, BotFactory]:
    """The bots the installed plugins register for ``game`` (by name), plus ``random``.

    Other generic bots (search bots) are left out: they are checked with their own plugin.
    """
    from tablecards import RandomBot, registry

    bots: dict[str, BotFactory] = {"random": RandomBot}
    reg = registry()
    info = reg.games.get(game.name)
    if info is None or not isinstance(game, info.cls):
        return bots
    for (for_game, name), bot in sorted(reg.bots.items(), key=lambda item: item[0][1]):
        if for_game == game.name:
            bots[name] = bot.factory
    return bots


def check_bots(
    game: Game[Any],
    players: int,
    seeds: Sequence[int],
    bots: Mapping[str, BotFactory],
    move_limit: int | None,
) -> int:
    """Play ``seeds`` matches through :func:`tablecards.play`, bots rotating over the seats.

    Returns how many matches were played.
    """
    names = sorted(bots)
    for seed in seeds:
        match = Match(game, players, seed, move_limit=move_limit)
        where = Where(game.name, players, seed)
        seated = []
        for seat in range(players):
            name = names[(seed + seat) % len(names)]
            seated.append(_Inspector(name, bots[name](game, seat), match, where))
        try:
            # Seeded for a reproducible failure, yet not with the match seed (see play).
            play(match, seated, seed=match_seed(seed, 1))
        except TablecardsError as error:
            raise ConformanceFailure(
                "bots", where.at(match.moves, match.log), f"a match between bots failed: {error}"
            ) from error
    return len(seeds)
