"""How strong is the ``ismcts`` bot? It plays each game against the game's heuristic bots.

``uv run python bench/strength.py --write`` plays, for each game, ISMCTS at its default budget
in one seat against the game's ``heuristic`` bot in every other seat (and, for Goofspiel, also
against the ``random`` bot: issue #38 asks that it beat random), with
``simulate(..., permute_seats=True)`` so that ISMCTS sits in every seat equally often, and
reports its win rate with the Wilson 95% interval against the ``1/players`` share a bot as
strong as its opponents would get. Matches run in chunks, the trials taking turns, so that an
interrupted run still has results for every trial; ``--write`` records them after each chunk in
``bench/strength.json`` (a later run resumes from it) and in ``docs/strength.md``, with the
machine's load average while they ran (the machine is shared: a high load slows the matches,
not the bot's play, which is bounded by iterations).

CI runs it with ``--games 6`` so that the command cannot rot; ``tests/test_strength_bench.py``
runs it at a tiny budget.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

import tablecards
from tablecards import IsmctsBot

HERE = Path(__file__).parent
RESULTS = HERE / "strength.json"
PAGE = HERE.parent / "docs" / "strength.md"


class Trial(NamedTuple):
    """One measurement: ISMCTS at ``players`` seats of ``game`` against ``opponent`` bots."""

    game: str
    players: int
    opponent: str = "heuristic"


#: The trials, by the name they are recorded under: each game at its default seat count against
#: its heuristic bot (recorded under the game's name), and Goofspiel against the random bot too.
TRIALS: dict[str, Trial] = {
    "hit": Trial("hit", 3),
    "stop": Trial("stop", 4),
    "exhopp": Trial("exhopp", 4),
    "hattrick": Trial("hattrick", 4),
    "goofspiel": Trial("goofspiel", 2),
    "goofspiel-random": Trial("goofspiel", 2, "random"),
}

#: Matches per chunk: a multiple of 3! and 4!, so each chunk seats the bots in every order.
CHUNK = 24


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=384, help="matches per trial (default 384)")
    parser.add_argument(
        "--only", help="comma-separated trials or games (default: all; a game names its trials)"
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--write", action="store_true", help="record results and the docs page")
    parser.add_argument(
        "--page-only", action="store_true", help="rewrite the docs page from the recorded results"
    )
    args = parser.parse_args()
    if args.page_only:
        recorded = json.loads(RESULTS.read_text())
        args.games, args.seed = recorded["target_games"], recorded["seed"]
        args.workers = recorded.get("workers", args.workers)
        PAGE.write_text(_page(recorded["games"], args))
        return
    games = _chosen(args.only)
    done: dict[str, Any] = _load() if args.write else {}
    chunk = min(CHUNK, args.games)
    while True:
        pending = [g for g in games if _played(done, g) < args.games]
        if not pending:
            break
        for game in pending:
            start = _played(done, game)
            count = min(chunk, args.games - start)
            _run_chunk(done, game, start, count, args)
            _print(done, game)
            if args.write:
                _save(done, args, games)
    if not args.write:
        return
    print(f"wrote {_shown(RESULTS)} and {_shown(PAGE)}")


def _shown(path: Path) -> Path:
    """``path`` from the repository's root when it lies in it (the files it records)."""
    return path.relative_to(HERE.parent) if path.is_relative_to(HERE.parent) else path


#: The bot's settings that change how it plays (recorded: results of other settings are dropped).
SETTINGS = (
    "iterations",
    "exploration",
    "reward",
    "playout_rounds",
    "playout_moves",
    "score_weight",
    "playout_bot",
    "guided_moves",
    "mast",
    "opponent_bot",
    "prior_bot",
    "prior_share",
    "policy_playouts",
    "policy_opponents",
    "paired",
)


def _chosen(only: str | None) -> list[str]:
    """The trials ``--only`` names (a game's name stands for every trial of that game)."""
    if not only:
        return list(TRIALS)
    names = only.split(",")
    unknown = [name for name in names if name not in TRIALS and name not in _games()]
    if unknown:
        raise SystemExit(f"unknown trials {unknown}: choose among {sorted(TRIALS)}")
    return [key for key, trial in TRIALS.items() if key in names or trial.game in names]


def _games() -> set[str]:
    return {trial.game for trial in TRIALS.values()}


def settings(game: str) -> dict[str, Any]:
    """The registered ``ismcts`` bot's settings for ``game`` (its ``search_options`` applied)."""
    bot = IsmctsBot.for_game(tablecards.load_game(game), 0)
    return {name: getattr(bot, name) for name in SETTINGS}


def _run_chunk(done: dict[str, Any], key: str, start: int, count: int, args: Any) -> None:
    game, players, opponent = TRIALS[key]
    bots = ["ismcts"] + [opponent] * (players - 1)
    began = time.perf_counter()
    load_before = _load_average()
    # Each chunk its own deals: the chunk's index is folded into the simulation seed.
    report = tablecards.simulate(
        game,
        players,
        bots,
        games=count,
        seed=args.seed * 10_000 + start,
        workers=args.workers,
        batch_size=max(1, count // (2 * max(1, args.workers))),
        permute_seats=True,
        # Recorded so that a chunk can be replayed; the engine's own bots are trusted code, so
        # a bot seed derived from the command's seed is fine here (never for untrusted bots).
        bot_seed=args.seed * 10_000 + start + 1,
    )
    entry = done.setdefault(
        key,
        {
            "game": game,
            "players": players,
            "opponent": opponent,
            "games": 0,
            "wins": 0.0,
            "seconds": 0.0,
            "settings": settings(game),
        },
    )
    entry["games"] += count
    entry["wins"] += report.by_bot[0].wins
    entry["seconds"] += time.perf_counter() - began
    # The 1-minute load average at the chunk's start and end, weighted by its matches: what
    # else the (shared) machine was doing while the seconds per match were measured.
    entry["load_sum"] = entry.get("load_sum", 0.0) + count * (load_before + _load_average()) / 2
    entry["load_games"] = entry.get("load_games", 0) + count


def _load_average() -> float:
    """The 1-minute load average (0 where the system has none)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def _played(done: dict[str, Any], game: str) -> int:
    return int(done.get(game, {}).get("games", 0))


def wilson(wins: float, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson 95% interval of a win rate."""
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _row(key: str, entry: dict[str, Any]) -> dict[str, Any]:
    games, wins, players = entry["games"], entry["wins"], entry["players"]
    low, high = wilson(wins, games)
    fair = 1 / players
    if low > fair:
        verdict = "above 1/N"
    elif high < fair:
        verdict = "below 1/N"
    else:
        verdict = "not significantly different"
    load = entry["load_sum"] / entry["load_games"] if entry.get("load_games") else None
    return {
        "game": entry.get("game", key),
        "opponent": entry.get("opponent", "heuristic"),
        "players": players,
        "games": games,
        "rate": wins / games,
        "low": low,
        "high": high,
        "fair": fair,
        "verdict": verdict,
        "seconds_per_match": entry["seconds"] / games,
        "load": load,
    }


def _print(done: dict[str, Any], key: str) -> None:
    row = _row(key, done[key])
    load = "" if row["load"] is None else f", load average {row['load']:.2f}"
    print(
        f"{key}: {row['games']} matches against {row['opponent']}, ismcts wins "
        f"{row['rate']:.3f} (95% {row['low']:.3f}-{row['high']:.3f}) vs 1/N = "
        f"{row['fair']:.3f}: {row['verdict']}, {row['seconds_per_match']:.2f} s/match{load}",
        flush=True,
    )


def _load() -> dict[str, Any]:
    """The recorded results of each game whose bot settings are still today's."""
    if not RESULTS.exists():
        return {}
    data: dict[str, Any] = json.loads(RESULTS.read_text())
    return {
        key: entry
        for key, entry in data.get("games", {}).items()
        if key in TRIALS and _same(entry.get("settings") or {}, settings(TRIALS[key].game))
    }


def _same(recorded: dict[str, Any], today: dict[str, Any]) -> bool:
    """Whether results recorded with ``recorded`` settings still hold: an option that did not
    exist yet when they were recorded counts at its default value."""
    defaults = IsmctsBot()
    return all(
        recorded.get(name, getattr(defaults, name)) == value for name, value in today.items()
    )


def _save(done: dict[str, Any], args: Any, games: list[str]) -> None:
    data = {
        "seed": args.seed,
        "target_games": args.games,
        "workers": args.workers,
        "games": done,
    }
    # Another run (--only other games) may be recording its games meanwhile: this run
    # writes only its own games over what the file holds now, and keeps the others' as they
    # are (it may be older code than the run that wrote them: not its to judge their settings).
    recorded = json.loads(RESULTS.read_text()).get("games", {}) if RESULTS.exists() else {}
    data["games"] = {**recorded, **{game: done[game] for game in games if game in done}}
    done = data["games"]
    RESULTS.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    PAGE.write_text(_page(done, args))


def _page(done: dict[str, Any], args: Any) -> str:
    lines = [
        "# How strong is the search bot?",
        "",
        "The registered `ismcts` bot (see {doc}`bots`), with each game's own settings",
        "(`IsmctsBot.for_game`, listed below), plays each game in one seat against",
        "the game's `heuristic` bot in every other seat (Goofspiel against the `random` bot",
        "too). Seats are permuted",
        "(`simulate(..., permute_seats=True)`): ISMCTS sits in every seat, after every opponent,",
        "equally often. A bot exactly as strong as its opponents wins `1/N` of the matches",
        "(N players); the interval is Wilson's 95% interval of the win rate.",
        "",
        "Reproduce (the results below, the command, and `bench/strength.json` are rewritten",
        "after every chunk of matches, so a long run can be stopped and resumed):",
        "",
        "```text",
        f"uv run python bench/strength.py --games {args.games} --workers {args.workers} --write",
        "```",
        "",
        "| game | against | players | matches | ISMCTS win rate | 95% interval | 1/N | verdict "
        "| s/match | load |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |",
    ]
    for key, (game, players, opponent) in TRIALS.items():
        if key not in done:
            lines.append(f"| {game} | {opponent} | {players} | 0 | pending | | | | | |")
            continue
        row = _row(key, done[key])
        load = "" if row["load"] is None else f"{row['load']:.2f}"
        lines.append(
            f"| {game} | {opponent} | {row['players']} | {row['games']} | {row['rate']:.3f} "
            f"| {row['low']:.3f}-{row['high']:.3f} | {row['fair']:.3f} | {row['verdict']} "
            f"| {row['seconds_per_match']:.1f} | {load} |"
        )
    generic = IsmctsBot()
    lines += ["", "The bot's settings for each game (beyond the generic defaults):", ""]
    for game in sorted(_games(), key=[trial.game for trial in TRIALS.values()].index):
        tuned = {
            name: value
            for name, value in settings(game).items()
            if value != getattr(generic, name) or name == "iterations"
        }
        shown = ", ".join(f"`{name}={value!r}`" for name, value in tuned.items())
        lines.append(f"- {game}: {shown}")
    short = [key for key in TRIALS if key not in done or done[key]["games"] < args.games]
    if short:
        lines += [
            "",
            f"Pending: the run is to play {args.games} matches per game (each interval then "
            f"narrower than ±5 points); {', '.join(short)} did not get there yet, so "
            + ("their intervals are" if len(short) > 1 else "its interval is")
            + " wider.",
        ]
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines += [
        "",
        f"Recorded {stamp} on {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()} ({sys.platform}); the machine was shared with other work,",
        "so the seconds per match are indicative only (the load column is the 1-minute load",
        "average while a trial ran, where it was recorded).",
        "",
    ]
    return "\n".join(lines) + _notes()


NOTES = "<!-- notes: kept when the page is rewritten -->"


def _notes() -> str:
    """The hand-written reading of the figures below the marker, kept across rewrites."""
    if PAGE.exists() and NOTES in PAGE.read_text():
        return NOTES + PAGE.read_text().split(NOTES, 1)[1]
    return ""


if __name__ == "__main__":
    main()
