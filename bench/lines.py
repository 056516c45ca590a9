"""How long each game's scene code is against its rules code (not a test).

``uv run python bench/lines.py`` counts the lines of every game package (the four games and the
examples): the *scene* is its ``_scene*.py`` modules, the *rules* its rules modules (``_rules*``,
``_legal``, ``_game``, ``_state``, ``_events``, ``_actions``, ``_cards``: the rules, the ``Game``
class, the state, events and actions). Words, bots, scenarios and the plugin module are neither.
Issue #36's target: a scene no longer than its rules (ratio ≤ 1). ``--write`` appends the table to
``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import datetime as dt
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "RESULTS.md"
RULES = ("_rules", "_legal", "_game", "_state", "_events", "_actions", "_cards")


def lines(path: Path) -> int:
    """The lines of ``path``, blank lines and comments included (what a reader reads)."""
    return len(path.read_text("utf-8").splitlines())


def table() -> list[str]:
    """The Markdown table of scene lines against rules lines, one row per game package."""
    rows = ["| package | scene lines | rules lines | scene / rules |", "|---|---|---|---|"]
    for package in sorted([*ROOT.glob("plugins/*/src/*"), *ROOT.glob("examples/*/src/*")]):
        modules = sorted(package.glob("*.py"))
        scene = sum(lines(m) for m in modules if m.stem.startswith("_scene"))
        rules = sum(lines(m) for m in modules if m.stem.startswith(RULES))
        if rules:
            rows.append(f"| {package.name} | {scene} | {rules} | {scene / rules:.2f} |")
    return rows


def main() -> None:
    """Print the table; with ``--write``, append it to bench/RESULTS.md."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="append to bench/RESULTS.md")
    args = parser.parse_args()
    text = "\n".join(table())
    print(text)
    if args.write:
        today = dt.date.today().isoformat()
        with RESULTS.open("a", encoding="utf-8") as out:
            out.write(f"\n## Scene lines against rules lines ({today}, bench/lines.py)\n\n{text}\n")


if __name__ == "__main__":
    main()
