"""A game's rules for the page: the plugin's rules text as plain blocks, never as markup.

``GET /api/games/{game}/rules`` answers the text that ``tablecards rules GAME`` prints
(:meth:`Game.rules_text <tablecards.Game.rules_text>`), parsed here into headings, paragraphs,
lists and tables of text spans. The page draws them with ``textContent``: a plugin's text can
never become markup or script in the page, whatever it holds (raw HTML in the Markdown is shown
as text).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from tablecards import registry

__all__ = ["NoRules", "rules_json"]

Block = dict[str, Any]
Span = dict[str, Any]

# CommonMark with tables (Courtiers' cards are a table); nothing that fetches or runs.
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


class NoRules(LookupError):
    """No installed game of that name, or a game that ships no rules text; says which."""


def rules_json(game: str) -> dict[str, Any]:
    """``{"game", "title", "summary", "length", "players", "blocks"}`` for ``game``.

    Raises:
        NoRules: no installed game is called ``game``, or it ships no rules text.
    """
    info = registry().games.get(game)
    if info is None:
        # By their titles: a person reads this (the page shows it for a mistyped address).
        titles = sorted(info.cls.title for info in registry().games.values())
        raise NoRules(
            f"no game called {game[:40]!r} is installed here "
            f"(the games: {', '.join(titles) or 'none'})"
        )
    cls = info.cls
    text = cls.rules_text()
    if not text:
        raise NoRules(f"{cls.title} ships no rules text")
    return {
        "game": cls.name,
        "title": cls.title,
        "summary": cls.summary,
        "length": cls.length,
        "players": {"min": cls.min_players, "max": cls.max_players},
        "blocks": blocks(text),
    }


def blocks(markdown: str) -> list[Block]:
    """The Markdown ``markdown`` as blocks: ``heading`` (``level``, ``spans``), ``paragraph``
    (``spans``), ``list`` (``ordered``, ``start``, ``items``: lists of blocks) and ``table``
    (``head``: cells, ``rows``: rows of cells; a cell is a list of spans). A span is
    ``{"text"}`` with ``strong``, ``em`` or ``code`` set when the text is so marked."""
    tokens = iter(_MARKDOWN.parse(markdown))
    return _blocks(tokens, None)


def _blocks(tokens: Iterator[Token], until: str | None) -> list[Block]:
    out: list[Block] = []
    for token in tokens:
        kind = token.type
        if kind == until:
            return out
        if kind == "heading_open":
            out.append({"kind": "heading", "level": int(token.tag[1:]), "spans": _inline(tokens)})
        elif kind == "paragraph_open":
            out.append({"kind": "paragraph", "spans": _inline(tokens)})
        elif kind in ("bullet_list_open", "ordered_list_open"):
            ordered = kind == "ordered_list_open"
            start = int(str(token.attrGet("start") or 1))
            out.append({"kind": "list", "ordered": ordered, "start": start, "items": []})
            out[-1]["items"] = _items(tokens, kind.replace("_open", "_close"))
        elif kind == "table_open":
            out.append(_table(tokens))
        elif kind in ("fence", "code_block", "html_block"):
            # Shown as the text it is: code, or markup never interpreted.
            out.append({"kind": "paragraph", "spans": [{"text": token.content, "code": True}]})
        # Anything else (a rule, a quote's frame) carries no text of its own.
    return out


def _items(tokens: Iterator[Token], close: str) -> list[list[Block]]:
    items: list[list[Block]] = []
    for token in tokens:
        if token.type == close:
            break
        if token.type == "list_item_open":
            items.append(_blocks(tokens, "list_item_close"))
    return items


def _table(tokens: Iterator[Token]) -> Block:
    head: list[list[Span]] = []
    rows: list[list[list[Span]]] = []
    in_head = False
    for token in tokens:
        if token.type == "table_close":
            break
        if token.type == "thead_open":
            in_head = True
        elif token.type == "thead_close":
            in_head = False
        elif token.type == "tr_open" and not in_head:
            rows.append([])
        elif token.type in ("th_open", "td_open"):
            (head if in_head else rows[-1]).append(_inline(tokens))
    return {"kind": "table", "head": head, "rows": rows}


def _inline(tokens: Iterator[Token]) -> list[Span]:
    """The spans of the inline token that follows an opening token (its closing one is
    skipped)."""
    spans: list[Span] = []
    inline = next(tokens)
    marks: dict[str, bool] = {}
    for child in inline.children or ():
        kind = child.type
        if kind in ("strong_open", "em_open"):
            marks[kind[:-5]] = True
        elif kind in ("strong_close", "em_close"):
            marks.pop(kind[:-6], None)
        elif kind in ("text", "html_inline"):
            _add(spans, child.content, marks)
        elif kind == "code_inline":
            _add(spans, child.content, {**marks, "code": True})
        elif kind in ("softbreak", "hardbreak"):
            _add(spans, " ", marks)
        elif kind == "image":
            _add(spans, child.content, marks)
        # link_open/link_close: the link's text is kept, its address is not (no way out).
    next(tokens)  # the block's closing token
    return spans


def _add(spans: list[Span], text: str, marks: dict[str, bool]) -> None:
    """Append ``text`` with ``marks``, joined to the previous span when marked the same."""
    if not text:
        return
    if spans and {k: v for k, v in spans[-1].items() if k != "text"} == marks:
        spans[-1]["text"] += text
        return
    spans.append({"text": text, **marks})
