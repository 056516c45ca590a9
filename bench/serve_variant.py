"""``tablecards serve`` with one of this round's speed-ups taken back, for ``bench/load.py``.

``python bench/serve_variant.py VARIANT [serve options…]``; VARIANT is ``gc`` (the collector as
Python sets it: no freeze, the default thresholds), ``oldgc`` (the collector as served before
issue 43: the start-up objects frozen and a first threshold of 50,000, no steps between
messages, nothing frozen after start-up) or ``json`` (the standard library's encoder
with sorted keys on the wire instead of orjson). Everything else is the real server.
"""

from __future__ import annotations

import gc
import json
import sys
from typing import Any


def main() -> None:
    variant, rest = sys.argv[1], sys.argv[2:]
    from tablecards.server import _collector, _engine, _run

    if variant == "gc":
        _run.tune_gc = lambda: None
    elif variant == "oldgc":

        def tune_gc() -> None:
            _collector.PAUSES.install()
            gc.collect()
            gc.freeze()
            _, second, third = gc.get_threshold()
            gc.set_threshold(50_000, second, third)

        _run.tune_gc = tune_gc
    elif variant == "json":

        def wire(message: Any) -> str:
            return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

        _engine.wire = wire
    else:
        raise SystemExit(f"unknown variant {variant!r}: gc, oldgc or json")
    from tablecards.cli import main as cli

    sys.argv = ["tablecards", "serve", *rest]
    cli()


if __name__ == "__main__":
    main()
