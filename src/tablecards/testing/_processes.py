"""Determinism across processes: the same seeds give the same matches in any interpreter.

A rule (or a legal-action list) that iterates over a set or a dict keyed by strings or enums
follows the interpreter's per-process hash seed, so a replay in the same process agrees with
itself while a worker process, or a save loaded elsewhere, plays another match. The check runs
the kit's seeded playouts in three fresh interpreters with different ``PYTHONHASHSEED`` values
and compares their logs and final states. The hash seeds are fixed, so the check itself is
reproducible; a fault that only swaps two items escapes it only when all three seeds happen to
agree on their order.

Run as a module (``python -m tablecards.testing._processes``), it is that child: it reads the
game (module, class, options) and the matches to play as JSON on stdin and prints the results.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from tablecards import Game, Match, action_from_json, action_to_json
from tablecards.testing._failure import ConformanceFailure, Where

__all__ = ["HASH_SEEDS", "check_processes"]

#: The hash seeds of the interpreters compared.
HASH_SEEDS: tuple[str, ...] = ("1", "2", "3")


def check_processes(
    game: Game[Any], matches: Sequence[tuple[int, int]], move_limit: int | None
) -> int:
    """Play ``matches`` ((players, seed) pairs) in several interpreters and compare them.

    Returns the number of matches compared.

    Raises:
        ConformanceFailure: the game cannot be rebuilt in another interpreter (its class must
            be importable), or two interpreters played a match differently.
    """
    request: dict[str, Any] = {
        "module": type(game).__module__,
        "qualname": type(game).__qualname__,
        "options": game.options_json(),
        "matches": [list(pair) for pair in matches],
        "move_limit": move_limit,
    }
    if not matches:
        return 0
    # A failure before any match is played names the first match: replaying it runs this check.
    where = Where(game.name, *matches[0])
    unreachable = _unimportable(request["module"], request["qualname"])
    if unreachable:
        raise ConformanceFailure("processes", where, unreachable)
    first, *others = [(seed, _run_child(request, seed, where)) for seed in HASH_SEEDS]
    for other in others:
        for (players, seed), one, two in zip(matches, first[1], other[1], strict=True):
            if one != two:
                _report(game, players, seed, one, two, (first[0], other[0]))
    return len(matches)


def _unimportable(module: str, qualname: str) -> str | None:
    """Why another interpreter cannot import the class ``module.qualname``, seen from here."""
    where = f"{module}.{qualname}"
    if "<locals>" in qualname:
        return (
            f"the game class {where} is defined inside a function, so another process cannot "
            "import it; define it at the top level of a module"
        )
    if module == "__main__":
        return (
            f"the game class {qualname} is defined in the script being run (__main__), which "
            "another process cannot import; define it in a module and import it from there"
        )
    return None


#: The child's exit status when it could not rebuild the game (it then prints why, as JSON).
_NOT_REBUILT = 3


def _run_child(request: dict[str, Any], hash_seed: str, where: Where) -> list[dict[str, Any]]:
    # The child sees the parent's import path, so games defined in test folders import too.
    env = {
        **os.environ,
        "PYTHONHASHSEED": hash_seed,
        "PYTHONPATH": os.pathsep.join(path for path in sys.path if path),
    }
    payload = json.dumps(request)
    done = subprocess.run(
        [sys.executable, "-m", __name__],
        input=payload,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode == _NOT_REBUILT:
        raise ConformanceFailure("processes", where, _not_rebuilt(request, done.stdout))
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        command = f"echo '{payload}' | PYTHONHASHSEED={hash_seed} {_python()} -m {__name__}"
        raise ConformanceFailure(
            "processes",
            where,
            f"playing the kit's matches in another interpreter failed ({last}); to see it "
            f"there, run: {command}",
        )
    results: list[dict[str, Any]] = json.loads(done.stdout)
    return results


def _not_rebuilt(request: dict[str, Any], output: str) -> str:
    """The failure's detail when the child could not import the class or build the game."""
    report = json.loads(output)
    module, qualname = request["module"], request["qualname"]
    if report["stage"] == "import":
        return (
            f"the game class {module}.{qualname} cannot be imported in another process: "
            f"{report['error']}. The command {_python()} -c 'import {module}; "
            f"{module}.{qualname}' must work: define the class in an installed module or one "
            "on sys.path"
        )
    return (
        f"another process imported {module}.{qualname} but could not build the game from its "
        f"options {request['options']}: {report['error']} (the class must accept the values "
        "of its options_json() as keyword arguments)"
    )


def _python() -> str:
    return os.path.basename(sys.executable) or "python"


def _report(
    game: Game[Any],
    players: int,
    seed: int,
    one: dict[str, Any],
    two: dict[str, Any],
    hash_seeds: tuple[str, str],
) -> None:
    types = game.action_types()
    log_one = [(entry[0], action_from_json(types, entry[1])) for entry in one["log"]]
    where = Where(game.name, players, seed)
    index = next(
        (i for i, (a, b) in enumerate(zip(one["log"], two["log"], strict=False)) if a != b),
        min(len(one["log"]), len(two["log"])),
    )
    seeds = f"PYTHONHASHSEED={hash_seeds[0]} and ={hash_seeds[1]}"
    if one["log"] == two["log"]:
        detail = (
            f"the same actions end in different states in interpreters with {seeds} (does a "
            "rule iterate over a set or a dict keyed by strings or enums?)"
        )
        raise ConformanceFailure("processes", where.at(len(log_one), log_one), detail)
    seat, action = log_one[index] if index < len(log_one) else (None, None)
    detail = (
        f"the same seed plays differently in interpreters with {seeds}: the random playouts "
        f"first differ here (are legal actions listed in a set's or a string-keyed dict's "
        f"order, which follows the hash seed?)"
    )
    raise ConformanceFailure("processes", where.at(index, log_one, seat, action), detail)


def _play(game: Game[Any], players: int, seed: int, move_limit: int | None) -> dict[str, Any]:
    # The kit's playout policy (see _kit._Playout): the same rng and the same choices.
    rng = random.Random(f"tablecards.testing/{players}/{seed}")
    match = Match(game, players, seed, move_limit=move_limit)
    log = []
    while not match.is_over:
        to_act = tuple(seat for seat in match.to_act if match.legal_actions(seat))
        seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
        actions = match.legal_actions(seat)
        action = actions[rng.randrange(len(actions))]
        match.apply(seat, action)
        log.append([seat, action_to_json(action)])
    state = hashlib.sha256(match.to_json().encode()).hexdigest()
    return {"log": log, "state": state}


def _child() -> None:
    request = json.load(sys.stdin)
    try:
        target: Any = importlib.import_module(request["module"])
        for part in request["qualname"].split("."):
            target = getattr(target, part)
    except Exception as error:
        _give_up("import", error)
    try:
        game = target(**request["options"])
    except Exception as error:
        _give_up("options", error)
    limit = request["move_limit"]
    print(json.dumps([_play(game, players, seed, limit) for players, seed in request["matches"]]))


def _give_up(stage: str, error: Exception) -> NoReturn:
    """Tell the parent why the game could not be rebuilt here (``stage``: import, options)."""
    print(json.dumps({"stage": stage, "error": f"{type(error).__name__}: {error}"}))
    sys.exit(_NOT_REBUILT)


if __name__ == "__main__":
    _child()
