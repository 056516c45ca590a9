"""The scene corpus: what every seat and a spectator are shown at every position of seeded
random matches of every installed game, at every player count it accepts, pinned by digests.

A position's record, for each seat and a spectator (``None``), holds:

- ``scene``: :meth:`Match.scene <tablecards.Match.scene>` with the players' names, as a table
  draws it (the shared scene view, so what the game kept of unchanged zones is reused);
- ``game_scene``: the game's own hook, :meth:`Game.scene <tablecards.Game.scene>`, on a fresh
  :meth:`Match.view <tablecards.Match.view>` (nothing kept from earlier scenes) with the same
  names and the seat's legal actions;
- ``text``: :func:`tablecards.scene_text` of ``scene``, the text embedders print;
- ``history``: :meth:`Match.history <tablecards.Match.history>` of the position's move as the
  seat reads it (and each seat's whole history once more after the last position).

Each record is canonical JSON (sorted keys, compact separators, UTF-8 as is), one line, fed
with the action that led to each position into one SHA-256 per match. A game plays seeds 0, 1,
2... at each player count until its matches hold at least :data:`POSITIONS` positions.

``uv run --locked python tests/scene_corpus.py --write`` records ``tests/data/scene_corpus.json``
(only when a scene's presentation changes on purpose); ``--dump GAME PLAYERS SEED`` prints every
record of one match, to compare two checkouts by eye (``diff``) when a digest no longer matches.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tablecards
from tablecards import Match

FIXTURE = Path(__file__).with_name("data") / "scene_corpus.json"
POSITIONS = 2000
"""Positions (the start and the position after each action) per game and player count."""
NAMES = ("Ann", "Björn", "Cleo", "Dan", "Eve", "Finn")
"""The players' names, by seat (one that is not ASCII, seen at every player count)."""


def canonical(data: object) -> str:
    """``data`` as JSON, its keys in the order the code made them (a scene whose keys come in
    another order is other bytes on the wire), no spaces, non-ASCII characters as they are."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _seen(match: Match, position: int) -> Iterator[dict[str, Any]]:
    """What every seat (the spectator first) is shown at the match's current position."""
    game = match.game
    names = NAMES[: match.players]
    for seat in (None, *range(match.players)):
        scene = match.scene(seat, names)
        legal = () if seat is None else match.legal_actions(seat)
        yield {
            "position": position,
            "seat": seat,
            "scene": scene,
            "game_scene": game.scene(match.view(seat), names, legal),
            "text": tablecards.scene_text(scene),
            "history": match.history(seat, names, since=position),
        }


def records(name: str, players: int, seed: int) -> Iterator[dict[str, Any]]:
    """Every record of one match, in order: each position's records, the action between two
    positions (``{"position": k, "actor": seat, "action": ...}`` leads to position *k*), and
    each seat's whole history after the last position.

    The match is played by a ``random.Random(seed)`` that picks a seat among those the match
    waits for (all that may act when it names none), then one of its legal actions.
    """
    match = Match(tablecards.load_game(name), players, seed)
    rng = random.Random(seed)
    position = 0
    yield from _seen(match, position)
    while not match.is_over:
        waited = match.waiting_for or match.to_act
        actor = waited[rng.randrange(len(waited))]
        legal = match.legal_actions(actor)
        action = legal[rng.randrange(len(legal))]
        match.apply(actor, action)
        position += 1
        yield {"position": position, "actor": actor, "action": tablecards.action_to_json(action)}
        yield from _seen(match, position)
    for seat in (None, *range(players)):
        yield {"seat": seat, "whole_history": match.history(seat, NAMES[:players])}


def digest(name: str, players: int, seed: int) -> tuple[str, int]:
    """The SHA-256 of one match's records (one canonical JSON line each) and its number of
    positions."""
    hasher = hashlib.sha256()
    positions = 0
    for record in records(name, players, seed):
        hasher.update(canonical(record).encode())
        hasher.update(b"\n")
        if "scene" in record and record["seat"] is None:
            positions += 1
    return hasher.hexdigest(), positions


def key(name: str, players: int, seed: int) -> str:
    """``name/players/seed``: one match of the corpus."""
    return f"{name}/{players}/{seed}"


def player_counts() -> list[tuple[str, int]]:
    """Every installed game and player count it accepts, in order."""
    registry = tablecards.registry()
    out: list[tuple[str, int]] = []
    for name in sorted(registry.games):
        game = registry.load_game(name)
        out.extend((name, players) for players in range(game.min_players, game.max_players + 1))
    return out


def recorded() -> dict[str, str]:
    """The recorded digests by :func:`key`."""
    data: dict[str, str] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def seeds_of(corpus: dict[str, str], name: str, players: int) -> list[int]:
    """The seeds the corpus holds for ``name`` at ``players`` seats, in order."""
    prefix = f"{name}/{players}/"
    return sorted(int(k[len(prefix) :]) for k in corpus if k.startswith(prefix))


def record_corpus(games: set[str] | None = None) -> dict[str, str]:
    """Play every game at every player count, seed after seed, until :data:`POSITIONS`.

    With ``games``, only those games are played again; the others keep their recorded digests
    (a game added, or one game's intended presentation change).
    """
    out: dict[str, str] = {}
    kept = recorded() if games is not None else {}
    for name, players in player_counts():
        if games is not None and name not in games:
            out.update((k, v) for k, v in kept.items() if k.startswith(f"{name}/{players}/"))
            continue
        seed = positions = 0
        while positions < POSITIONS:
            out[key(name, players, seed)], length = digest(name, players, seed)
            positions += length
            seed += 1
        print(f"{name}/{players}: {seed} matches, {positions} positions", file=sys.stderr)
    return out


def dump(name: str, players: int, seed: int) -> Iterator[str]:
    """One match's records as readable lines: a header per record, then its JSON indented
    (a scene's text as its lines), so two dumps compare with ``diff``."""
    for record in records(name, players, seed):
        shown = dict(record)
        seat = "the spectator" if shown.get("seat", 0) is None else f"seat {shown.get('seat')}"
        if "action" in shown:
            yield f"## position {shown.pop('position')}: seat {shown.pop('actor')} plays"
        elif "whole_history" in shown:
            yield f"## whole history of {seat}"
            del shown["seat"]
        else:
            yield f"## position {shown.pop('position')}, {seat}"
            del shown["seat"]
            shown["text"] = shown["text"].split("\n")
            if canonical(shown["game_scene"]) == canonical(shown["scene"]):
                shown["game_scene"] = "(the same as scene)"
        yield json.dumps(shown, sort_keys=True, indent=1, ensure_ascii=False)


def main(argv: list[str] | None = None) -> None:
    """``--write`` records the corpus; ``--dump GAME PLAYERS SEED`` prints one match."""
    parser = argparse.ArgumentParser(description="The scene corpus: record it, or dump one match.")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", action="store_true", help=f"rewrite {FIXTURE.name}")
    group.add_argument(
        "--dump", nargs=3, metavar=("GAME", "PLAYERS", "SEED"), help="print one match's records"
    )
    parser.add_argument(
        "--game", action="append", metavar="GAME", help="with --write: record only this game"
    )
    args = parser.parse_args(argv)
    if args.write:
        games = set(args.game) if args.game else None
        text = json.dumps(record_corpus(games), indent=1, ensure_ascii=False) + "\n"
        FIXTURE.write_text(text, encoding="utf-8")
        return
    name, players, seed = args.dump
    for line in dump(name, int(players), int(seed)):
        print(line)


if __name__ == "__main__":
    main()
