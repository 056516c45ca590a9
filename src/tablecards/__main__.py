"""The ``tablecards`` command: the console script and ``python -m tablecards``.

The command line needs the extra ``tablecards[cli]`` (click and rich); the engine does not.
This module looks for them before it imports the command line, so that without them the
command says in one line what to install instead of ending in a traceback.
"""

from __future__ import annotations

import importlib
import sys

__all__ = ["main"]

#: What the command line needs besides the engine, and the extra that brings it.
NEEDED = ("click", "rich")
INSTALL = "pip install 'tablecards[cli]'"


def main() -> None:
    """Run the command line, or say what to install and exit with status 1."""
    for name in NEEDED:
        try:
            importlib.import_module(name)
        except ImportError as error:
            print(
                f"tablecards: the command line needs {error.name or name}, which the engine "
                f"alone does not install: {INSTALL}",
                file=sys.stderr,
            )
            raise SystemExit(1) from None
    from tablecards.cli import main as run

    run()


if __name__ == "__main__":
    main()
