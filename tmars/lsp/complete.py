"""Completion: what may be written where the cursor is, each with a one-line meaning.

In a card file the field under the cursor decides: a field name at the start of a line (under
`solo:`, the fields of the card's type a solo row may stand in for), tags in
`tags`, card types in `type`, card resources in `holds`, modules in `needs`, card names in
`replaces`, and in a card-language field every word of the language (resources, tiles, placement
rules, count and trigger words, keywords, overrides). In a scenario: card names where a card is
named, option ids where an answer or an offer is checked (those that can be known without running
the game: `play:CARD`, `act:CARD`, `std:…`, `convert:…`, `milestone:…`, `award:…` and the bare
ones), and the area ids of the map.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lsprotocol import types

from compiler import vocab
from compiler.compile import FRAME_SCHEMA
from compiler.modules import all_words, manifests
from compiler.solo import KEY as SOLO_KEY

from .catalog import CardEntry, Catalog
from .documents import Kind
from ..mechanic import load_plugins
from .mentions import CARD_PREFIXES, DECK_LISTS, LIST_TYPES, OPTION_KEYS, PLAYER_LISTS
from .words import vocabulary

KEY = re.compile(r"^(\s*)(?:-\s+)?([a-z_][a-z0-9_-]*)\s*:")
LANGUAGE_FIELDS = ("play", "action", "effect", "start", "first-action", "requires", "vp", "score")
CARD_NAME_KEYS = (*PLAYER_LISTS, *DECK_LISTS, "corporation", "play")
#: Which option-id prefix offers a card of a type (tmars/actions.py); the others are played.
PREFIX_OF_TYPE = {"standard-project": "std", "conversion": "convert", "milestone": "milestone", "award": "award"}
PLAYED_TYPES = (*vocab.PROJECT_TYPES, *(t for m in load_plugins().values() for t in m.card_types))
Item = types.CompletionItem


def enclosing_key(lines: list[str], line: int, col: int) -> tuple[str, bool]:
    """The key whose value the cursor is in, and whether the cursor is where a key is written."""
    src = lines[line] if 0 <= line < len(lines) else ""
    before = src[:col]
    if re.fullmatch(r"\s*(?:-\s+)?[a-z_-]*", before):
        own = KEY.match(src)
        if not own or col <= own.end(2):
            return "", True
    own = KEY.match(src)
    if own and col > own.end():
        return own.group(2), False
    indent = len(src) - len(src.lstrip())
    for i in range(line - 1, -1, -1):
        m = KEY.match(lines[i])
        if m and len(m.group(1)) < indent + (2 if src.lstrip().startswith("-") else 0):
            return m.group(2), False
    return "", False


def parent_key(lines: list[str], line: int) -> str:
    """The key of the mapping a line's key belongs to ('solo' for a field under `solo:`), or ''
    at a card's own fields (the key of a `- ` entry is at the top of its card)."""
    src = lines[line] if 0 <= line < len(lines) else ""
    if src.lstrip().startswith("-"):
        return ""
    indent = len(src) - len(src.lstrip())
    for i in range(line - 1, -1, -1):
        m = KEY.match(lines[i])
        if m and len(m.group(1)) < indent:
            return "" if lines[i].lstrip().startswith("-") and len(m.group(1)) + 2 >= indent else m.group(2)
    return ""


def card_type_at(lines: list[str], line: int) -> str | None:
    """The `type:` of the card whose lines include this one, if written."""
    start = next((i for i in range(min(line, len(lines) - 1), -1, -1) if lines[i].lstrip().startswith("- ")), 0)
    for i in range(start, len(lines)):
        if i > start and lines[i].lstrip().startswith("- ") and len(lines[i]) - len(lines[i].lstrip()) <= \
                len(lines[start]) - len(lines[start].lstrip()):
            break
        m = re.match(r"^\s*(?:-\s+)?type:\s*([a-z][a-z0-9-]*)\s*$", lines[i])
        if m:
            return m.group(1)
    return None


def solo_items(lines: list[str], line: int) -> list[Item]:
    """The fields a solo row may stand in for on this card (compiler/solo.py), each with its meaning."""
    from compiler.solo import solo_fields
    ctype = card_type_at(lines, line)
    own = vocab.type_fields(ctype) if ctype in vocab.CARD_TYPES else {}
    props = FRAME_SCHEMA["items"]["properties"]
    return [_item(name, types.CompletionItemKind.Field, "solo game: " + str(
        own.get(name, {}).get("says") or props.get(name, {}).get("description") or name))
        for name in solo_fields(ctype if ctype in vocab.CARD_TYPES else None)]


def value_range(lines: list[str], line: int, col: int) -> types.Range:
    """Where the value being typed starts: after `[`, `,`, the key's `: ` or a list's `- `."""
    src = (lines[line] if 0 <= line < len(lines) else "")[:col]
    start = max(src.rfind("["), src.rfind(","))
    if start < 0:
        key = KEY.match(src)
        start = key.end() - 1 if key else max(src.find("- "), -1) + (1 if "- " in src else 0)
    start += 1
    while start < col and src[start] in " '\"":
        start += 1
    return types.Range(types.Position(line, start), types.Position(line, col))


def _item(label: str, kind: types.CompletionItemKind, detail: str, rng: types.Range | None = None,
          doc: str = "") -> Item:
    return Item(label=label, kind=kind, detail=detail,
                documentation=types.MarkupContent(types.MarkupKind.Markdown, doc) if doc else None,
                text_edit=types.TextEdit(rng, label) if rng else None, filter_text=label)


def _card_detail(e: CardEntry) -> str:
    cost = f" · {e.ir['cost']} M€" if "cost" in e.ir else ""
    return f"{e.ir.get('type', '')}{cost} · {e.module}"


_RULES: dict[int, tuple[dict, str]] = {}


def _rules(entry: CardEntry) -> str:
    """A card's rules text, remembered for as long as its IR is the same object."""
    from compiler.text import card_text
    seen = _RULES.get(id(entry.ir))
    if seen is not None and seen[0] is entry.ir:
        return seen[1]
    try:
        text = card_text(entry.ir)
    except Exception:  # a card of an open buffer may be half written
        text = ""
    _RULES[id(entry.ir)] = (entry.ir, text)
    return text


def card_names(catalog: Catalog, rng: types.Range, types_: tuple[str, ...] = ()) -> list[Item]:
    return [_item(e.name, types.CompletionItemKind.Reference, _card_detail(e), rng, _rules(e))
            for e in catalog.by_name.values() if not types_ or e.ir.get("type") in types_]


def option_ids(catalog: Catalog, rng: types.Range) -> list[Item]:
    """The option ids of the action menu that follow from the cards alone."""
    from tmars.actions import KINDS
    from tmars.content import slug
    out: list[Item] = []
    carded = {*PREFIX_OF_TYPE.values(), *CARD_PREFIXES}
    for prefix in KINDS:
        if prefix not in carded:
            out.append(_item(prefix, types.CompletionItemKind.Keyword, "action menu option", rng))
    for e in catalog.entries():  # every card, not one per name: a project and a standard project share some
        kind = e.ir.get("type")
        if kind in PREFIX_OF_TYPE:
            out.append(_item(f"{PREFIX_OF_TYPE[kind]}:{slug(e.name)}", types.CompletionItemKind.Value, e.name, rng,
                             _rules(e)))
            continue
        if kind in PLAYED_TYPES:
            out.append(_item(f"play:{e.name}", types.CompletionItemKind.Value, f"play {e.name}", rng, _rules(e)))
        if e.ir.get("action"):
            out.append(_item(f"act:{e.name}", types.CompletionItemKind.Value, f"use the action of {e.name}", rng,
                             _rules(e)))
    return list({i.label: i for i in out}.values())


@lru_cache(maxsize=1)
def _areas() -> tuple[tuple[str, str], ...]:
    """The areas of the Tharsis map and the off-map areas the modules add: (id, description)."""
    from tmars.content import load_map, map_file
    board = load_map(map_file("tharsis"))
    out = [(a.id, " ".join(filter(None, [a.kind, a.name, ("bonus " + " ".join(a.bonus)) if a.bonus else "",
                                           "volcanic" if a.volcanic else ""])))
           for a in board.areas.values()]
    for m in manifests().values():
        for spec in (m.adds_to_map or {}).get("off_map", ()):
            out.append((spec["id"], f"off the map: {spec['name']} ({m.name})"))
    return tuple(out)


def area_ids(rng: types.Range | None) -> list[Item]:
    return [_item(aid, types.CompletionItemKind.EnumMember, what, rng) for aid, what in _areas()]


def in_card_file(lines: list[str], line: int, col: int, catalog: Catalog) -> list[Item]:
    key, at_key = enclosing_key(lines, line, col)
    K = types.CompletionItemKind
    if at_key and parent_key(lines, line) == SOLO_KEY:
        return solo_items(lines, line)
    if at_key:
        return [_item(name, K.Field, str(spec.get("description", spec.get("type", ""))))
                for name, spec in FRAME_SCHEMA["items"]["properties"].items()]
    if key == "tags":
        return [_item(t, K.EnumMember, str(spec.get("meaning", ""))) for t, spec in all_words("tags").items()]
    if key == "type":
        return [_item(t, K.EnumMember, "card type") for t in vocab.CARD_TYPES]
    if key == "holds":
        return [_item(w, K.EnumMember, str(spec.get("meaning", "")))
                for w, spec in all_words("card_resources").items()]
    if key == "needs":
        return [_item(mid, K.Module, m.name) for mid, m in manifests().items()]
    if key == "replaces":
        return card_names(catalog, value_range(lines, line, col))
    if key in LANGUAGE_FIELDS or key == "":
        return [_item(word, K.Keyword if m.kind == "keyword" else K.Text, f"{m.kind}: {m.meaning}")
                for word, m in vocabulary()]
    return []


def in_scenario(lines: list[str], line: int, col: int, catalog: Catalog) -> list[Item]:
    key, at_key = enclosing_key(lines, line, col)
    if at_key:
        return []
    rng = value_range(lines, line, col)
    if key in CARD_NAME_KEYS:
        kinds = {"corporation": ("corporation",), "dealt_corporations": ("corporation",),
                 **{k: (t,) for k, t in LIST_TYPES.items()}}
        return card_names(catalog, rng, kinds.get(key, ()))
    if key in OPTION_KEYS:
        return option_ids(catalog, rng) + card_names(catalog, rng) + area_ids(rng)
    if key in ("board", "claims"):
        return area_ids(None)
    if key in ("milestones", "awards"):
        return card_names(catalog, rng, (key[:-1],))
    return []


def complete(kind: Kind, text: str, line: int, col: int, catalog: Catalog) -> list[Item]:
    lines = text.splitlines()
    if text.endswith("\n") or not lines:
        lines.append("")
    if kind is Kind.CARDS:
        return in_card_file(lines, line, col, catalog)
    if kind is Kind.SCENARIO:
        return in_scenario(lines, line, col, catalog)
    return []
