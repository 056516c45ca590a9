"""The text a message is sent as: compact JSON, the same words as the standard library's."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablecards.server._engine import wire

MESSAGES: list[Any] = [
    {"type": "state", "moves": 3, "scene": {"title": "Hit! — round 1", "cards": [1, (2, 3)]}},
    {"type": "clock", "seats": {0: 1.5, 2: None}},  # seats as keys: ints, written as strings
    {"type": "chat", "text": "naïve ☕ <b>", "from": None},
]


@pytest.mark.parametrize("message", MESSAGES)
def test_wire_is_compact_json_equal_to_the_standard_librarys(message: Any) -> None:
    text = wire(message)
    assert json.loads(text) == json.loads(json.dumps(message))
    assert text == json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def test_a_value_json_cannot_write_is_refused() -> None:
    with pytest.raises(TypeError):
        wire({"type": "state", "scene": object()})
