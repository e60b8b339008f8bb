"""Completion: what may be written where the cursor is, each with a one-line meaning.

In a card file the field under the cursor decides: a field name at the start of a line (under
`solo:`, the fields of the card's type a solo row may stand in for), tags in
`tags`, card types in `type`, card resources in `holds`, modules in `needs`, card names in
`replaces`, and in a card-language field every word of the language (resources, tiles, placement
rules, count and trigger words, keywords, overrides), narrowed to what the field takes: a
requirement counts and compares, a VP or score counts, a row never names a trigger. Tags and words
are those of the card's module and the modules it requires or the card `needs` (every module's
when the file belongs to none), its own module's words ranked first, and each word replaces the
whole hyphenated word under the cursor. In a scenario: card names where a card is
named, option ids where an answer or an offer is checked (those that can be known without running
the game: `play:CARD`, `act:CARD`, `std:…`, `convert:…`, `milestone:…`, `award:…` and the bare
ones), and the area ids of the map, ranked by what the file says of the step (`likely`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lsprotocol import types

from compiler import vocab
from compiler.compile import FRAME_SCHEMA
from compiler.modules import all_words, closure, manifests, module_of_path
from compiler.solo import KEY as SOLO_KEY

from .catalog import CardEntry, Catalog
from . import likely
from .documents import Kind
from ..actions import KINDS
from ..mechanic import load_plugins
from .mentions import CARD_PREFIXES, DECK_LISTS, LIST_TYPES, OPTION_KEYS, PLAYER_LISTS
from .words import SYMBOLS, Meaning, describe, vocabulary

KEY = re.compile(r"^(\s*)(?:-\s+)?([a-z_][a-z0-9_-]*)\s*:")
LANGUAGE_FIELDS = ("play", "action", "effect", "start", "first-action", "requires", "vp", "score")
#: The kinds of word a language field takes, when not every kind (words.describe's kinds), and
#: the keywords it takes (grammar/cards.lark: `requires`, `vp`, `counts`).
FIELD_KINDS: dict[str, tuple[str, ...]] = {"requires": ("count word",), "vp": ("count word",), "score": ("count word",)}
FIELD_KEYWORDS: dict[str, tuple[str, ...]] = {"vp": ("per", "if", "reveal", "most", "second", "least")}
#: The kinds of word a row never takes (a trigger is an effect's; `on …` is in every row's list).
ROW_NEVER = ("trigger word",)
ROW_FIELDS = ("play", "action", "start", "first-action")
#: What compares and adds counts in a requirement (their meanings: `words.SYMBOLS`).
COMPARISONS = (">=", "<=", "+", "!")
#: Characters of a card-language word (hyphens inside, an override's star at its end).
WORD_CHAR = re.compile(r"[a-z0-9*-]")
CARD_NAME_KEYS = (*PLAYER_LISTS, *DECK_LISTS, "corporation", "play")
#: Which option-id prefix offers a card of a type (tmars/actions.py); the others are played.
#: the option prefix of each board component's type (`std` for a standard project), as the action kinds declare it
PREFIX_OF_TYPE = {k.component: k.prefix for k in KINDS.values() if k.component}
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
    value = card_field_at(lines, line, "type")
    return value if value and re.fullmatch(r"[a-z][a-z0-9-]*", value) else None


def card_field_at(lines: list[str], line: int, name: str) -> str | None:
    """A field of the card whose lines include this one, as written on its line, if written."""
    start = next((i for i in range(min(line, len(lines) - 1), -1, -1) if lines[i].lstrip().startswith("- ")), 0)
    for i in range(start, len(lines)):
        if i > start and lines[i].lstrip().startswith("- ") and len(lines[i]) - len(lines[i].lstrip()) <= \
                len(lines[start]) - len(lines[start].lstrip()):
            break
        m = re.match(rf"^\s*(?:-\s+)?{re.escape(name)}:\s*(.*?)\s*(?:#.*)?$", lines[i])
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


def word_range(lines: list[str], line: int, col: int) -> types.Range:
    """The card-language word under the cursor, hyphens and all (`plant-pr|od`): what a chosen
    word replaces, where an editor's own idea of a word would stop at the hyphen."""
    src = lines[line] if 0 <= line < len(lines) else ""
    start = col
    while start > 0 and WORD_CHAR.match(src[start - 1]):
        start -= 1
    while start < col and not src[start].isalpha():  # a sign or an amount before the word: '-2', '+'
        start += 1
    end = col
    while end < len(src) and WORD_CHAR.match(src[end]):
        end += 1
    return types.Range(types.Position(line, start), types.Position(line, end))


def _item(label: str, kind: types.CompletionItemKind, detail: str, rng: types.Range | None = None,
          doc: str = "", rank: int | None = None) -> Item:
    return Item(label=label, kind=kind, detail=detail,
                documentation=types.MarkupContent(types.MarkupKind.Markdown, doc) if doc else None,
                text_edit=types.TextEdit(rng, label) if rng else None, filter_text=label,
                sort_text=f"{rank}{label}" if rank is not None else None)


def module_scope(path: Path | None, lines: list[str], line: int) -> tuple[str | None, set[str] | None]:
    """The module of the file and the modules whose words a card at this line may use (its
    module's closure and what it `needs`); (None, None) for a file of no module."""
    mid = module_of_path(path) if path is not None else None
    if mid is None:
        return None, None
    scope = closure(mid)
    needs = card_field_at(lines, line, "needs") or ""
    for other in re.findall(r"[a-z][a-z0-9-]*", needs):
        scope |= closure(other)
    return mid, scope


def _in_scope(modules: tuple[str, ...] | list[str], scope: set[str] | None) -> bool:
    return scope is None or not modules or any(m in scope for m in modules)


def _word_rank(meanings: list[Meaning], own: str | None) -> int:
    """Its own module's words first, the language's next, other modules' last; overrides after all."""
    if any(m.kind == "override" for m in meanings):
        return 3
    modules = {mid for m in meanings for mid in m.modules}
    return 0 if own in modules else 1 if not modules else 2


def language_items(key: str, rng: types.Range, own: str | None, scope: set[str] | None) -> list[Item]:
    """The words a card-language field may use, narrowed to its kinds and the card's modules."""
    K = types.CompletionItemKind
    wanted = FIELD_KINDS.get(key)
    out: list[Item] = []
    for word, first in vocabulary():
        meanings = describe(word) if not word.endswith("*") else [first]
        if not _in_scope([mid for m in meanings for mid in m.modules], scope):
            continue
        kinds = {m.kind for m in meanings}
        if wanted is not None and not kinds & set(wanted) and word not in FIELD_KEYWORDS.get(key, ()) or \
                key in ROW_FIELDS and kinds <= set(ROW_NEVER):
            continue
        shown = next((m for m in meanings if wanted is None or m.kind in wanted or m.kind == "keyword"), first)
        out.append(_item(word, K.Keyword if shown.kind == "keyword" else K.Text, f"{shown.kind}: {shown.meaning}",
                         rng, rank=_word_rank(meanings, own)))
    if key in ("requires", "score"):
        ops = COMPARISONS if key == "requires" else ("+",)
        out += [_item(op, K.Operator, SYMBOLS[op], rng, rank=1) for op in ops]
    return out


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


def in_card_file(lines: list[str], line: int, col: int, catalog: Catalog, path: Path | None = None) -> list[Item]:
    key, at_key = enclosing_key(lines, line, col)
    K = types.CompletionItemKind
    if at_key and parent_key(lines, line) == SOLO_KEY:
        return solo_items(lines, line)
    if at_key:
        return [_item(name, K.Field, str(spec.get("description", spec.get("type", ""))))
                for name, spec in FRAME_SCHEMA["items"]["properties"].items()]
    own, scope = module_scope(path, lines, line)
    if key == "tags":
        from compiler.modules import bringers
        rng = word_range(lines, line, col)
        return [_item(t, K.EnumMember, str(spec.get("meaning", "")), rng, rank=0 if own in found else 1)
                for t, spec in all_words("tags").items() if _in_scope(found := bringers(t, "tags"), scope)]
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
        return language_items(key, word_range(lines, line, col), own, scope)
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
        step = likely.step_at("\n".join(lines), line)
        items = [(i, "option") for i in option_ids(catalog, rng)] + [(i, "card") for i in card_names(catalog, rng)] \
            + [(i, "area") for i in area_ids(rng)]
        for item, what in items:
            item.sort_text = f"{likely.rank(step, item.label, what)}{item.label}"
        return [item for item, _ in items]
    if key in ("board", "claims"):
        return area_ids(None)
    if key in ("milestones", "awards"):
        return card_names(catalog, rng, (key[:-1],))
    return []


def complete(kind: Kind, text: str, line: int, col: int, catalog: Catalog, path: Path | None = None) -> list[Item]:
    lines = text.splitlines()
    if text.endswith("\n") or not lines:
        lines.append("")
    if kind is Kind.CARDS:
        return in_card_file(lines, line, col, catalog, path)
    if kind is Kind.SCENARIO:
        return in_scenario(lines, line, col, catalog)
    if kind is Kind.MANIFEST:
        from .manifest_complete import in_manifest
        return in_manifest(lines, line, col, path)
    return []
