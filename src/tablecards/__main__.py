"""``python -m tablecards``: the same command line as ``tablecards``."""

from tablecards.cli import main

if __name__ == "__main__":
    main()
