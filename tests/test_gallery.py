"""The docs' gallery (``docs/gallery.md``) shows the tables the code draws today.

The pictures differ from machine to machine (fonts), so each is checked through the scene it was
drawn from, stored beside it: the scenes ``bench/gallery.py`` builds now must be the stored ones.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _gallery() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gallery", ROOT / "bench" / "gallery.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("gallery", module)
    spec.loader.exec_module(module)
    return module


gallery = _gallery()


@pytest.mark.parametrize("position", gallery.POSITIONS, ids=lambda p: p.game)
def test_each_picture_of_the_gallery_shows_the_scene_the_code_builds_now(position: object) -> None:
    for stem, scene in gallery.scenes(position).items():
        stored = gallery.GALLERY / f"{stem}.json"
        assert stored.exists(), f"{stored} is missing: run `uv run python bench/gallery.py`"
        assert stored.read_text(encoding="utf-8") == gallery.dump(scene), (
            f"{stored.name} is out of date: run `uv run python bench/gallery.py`"
        )


def test_the_gallery_page_shows_every_picture_and_every_picture_is_checked_in() -> None:
    page = (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"_static/gallery/([\w-]+\.png)", page))
    stems = {
        f"{p.game}-{way}.png"
        for p in gallery.POSITIONS
        for way in ("seat", "seat-phone", "spectator")
    }
    assert shown == stems
    for name in stems:
        picture = gallery.GALLERY / name
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", f"{name} is not a checked-in PNG"
