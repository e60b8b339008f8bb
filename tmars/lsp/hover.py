"""Hovers: a card (by its name in a card file or a scenario), a word or symbol (`->`, `=>`, `X`,
`!` …) of the card language, an override `name*`, or a field of a card's frame.

A card's hover is what the reference sheet prints for it, in Markdown: its facts (number, cost,
type, tags, requirement, VP), the rules text generated from its IR (`compiler.text.card_text`)
and its rows as the sheet's icon rows say them, in card language (`compiler.printer`). Above them
is the card as the sheet draws it, an SVG image (`compiler.sheet.picture`): editors that show
images in hovers (VS Code) show the card; the others show its name, the image's alternative text.
"""

from __future__ import annotations

import re
from pathlib import Path

from compiler.compile import FRAME_SCHEMA
from compiler.printer import card_fields
from compiler.sheet.picture import card_data_uri
from compiler.text import card_text, requirement_text, vp_text

from .catalog import CardEntry, Catalog
from .documents import WORD, Kind, line_of, word_at
from .mentions import Mention
from .words import describe, markdown, module_label, symbol_markdown

#: A frame field that holds a card's name (its own, or the one a reprint replaces).
NAME_FIELD = re.compile(r"^\s*(?:-\s+)?(name|replaces)\s*:\s*(['\"]?)(.+?)\2\s*(?:#.*)?$")
FIELD_KEY = re.compile(r"^(\s*(?:-\s+)?)([a-z][a-z-]*)\s*:")


def card_markdown(entries: list[CardEntry], root: Path | None = None) -> str:
    """The hover of one or more cards of a name (a project and a standard project may share one)."""
    return "\n\n---\n\n".join(_one_card(e, root) for e in entries)


#: what Markdown reads as markup anywhere in a line of a card's own text (its name, number, note)
_MARKUP = re.compile(r"([\\`*_\[\]<>|~])")
#: and what it reads as markup at the start of one (a heading, a list item)
_LEADING = re.compile(r"^(\d*)([#+\-.)])")


def shown(text: object) -> str:
    """Text a card file holds, shown as written: its Markdown characters escaped and line breaks
    made spaces (a name like `**Big** [click](x)` is shown, not rendered, in a hover)."""
    line = _MARKUP.sub(r"\\\1", " ".join(str(text).split()))
    return _LEADING.sub(r"\1\\\2", line)


def _one_card(entry: CardEntry, root: Path | None) -> str:
    card = entry.ir
    title = f"**{shown(card.get('name', '?'))}**"
    if card.get("number"):
        title += f" · #{shown(card['number'])}"
    facts = [("type", str(card.get("type", ""))), ("module", module_label(entry.module))]
    if "cost" in card:
        facts.append(("cost", f"{card['cost']} M€"))
    if card.get("tags"):
        facts.append(("tags", ", ".join(card["tags"])))
    if card.get("requires"):
        facts.append(("requires", requirement_text(card["requires"]).removeprefix("Requires ").rstrip(".")))
    if card.get("vp"):
        facts.append(("VP", vp_text(card["vp"]).rstrip(".")))
    if card.get("holds"):
        facts.append(("holds", str(card["holds"])))
    out = [title, "", *_picture(card), "| | |", "|---|---|", *(f"| {k} | {shown(v)} |" for k, v in facts), "",
           shown(card_text(card))]
    rows = card_fields(card)
    if rows:
        out += ["", "On the sheet (its rows in card language):", "", "```yaml"]
        for field, value in rows.items():
            if isinstance(value, dict):  # the solo rows, each under the field it stands in for
                out.append(f"{field}:")
                out += [f"  {inner}: {v}" for inner, vs in value.items()
                        for v in (vs if isinstance(vs, list) else [vs])]
                continue
            for v in value if isinstance(value, list) else [value]:
                out.append(f"{field}: {v}")
        out.append("```")
    where = entry.path
    if root is not None and root in entry.path.parents:
        where = entry.path.relative_to(root)
    out += ["", f"*{shown(where)}:{entry.line}*"]
    return "\n".join(out)


def _picture(card: dict) -> list[str]:
    """The card as drawn on the sheet, as a Markdown image (nothing if it cannot be drawn)."""
    try:
        uri = card_data_uri(card)
    except Exception:  # a card still being typed may lack what the sheet needs: the facts still show
        return []
    return [f"![{shown(card.get('name', 'card'))}]({uri})", ""]


def field_markdown(name: str) -> str | None:
    """A frame field's documentation, from the card-file schema."""
    spec = FRAME_SCHEMA["items"]["properties"].get(name)
    if spec is None:
        return None
    kinds = spec.get("type") or ("one of " + ", ".join(spec["enum"]) if "enum" in spec else "")
    desc = spec.get("description", "")
    return f"**`{name}`** (card field{': ' + str(kinds) if kinds else ''})" + (f"\n\n{desc}" if desc else "")


def in_card_file(text: str, line: int, col: int, catalog: Catalog, root: Path | None) -> str | None:
    """The hover at a position of a card file."""
    src = line_of(text, line)
    named = NAME_FIELD.match(src)
    if named and named.start(3) <= col <= named.end(3):
        entries = catalog.named(named.group(3))
        if entries:
            return card_markdown(entries, root)
    key = FIELD_KEY.match(src)
    if key and key.start(2) <= col <= key.end(2):
        return field_markdown(key.group(2))
    from .complete import LANGUAGE_FIELDS, enclosing_key
    from .semantic import symbol_at
    symbol = symbol_at(src, col)
    if symbol and enclosing_key(text.splitlines(), line, col)[0] in LANGUAGE_FIELDS:
        return symbol_markdown(symbol)
    span = word_at(text, line, col, WORD)
    if span is None:
        return None
    meanings = describe(span.text)
    if not meanings and span.text.endswith("*"):
        meanings = describe(span.text[:-1])
    return markdown(span.text, meanings) if meanings else None


#: An option id (`std:power-plant`, `pass`) or an area id (`r3c3`) as a scenario writes it.
OPTION_TOKEN = re.compile(r"[a-z][a-z0-9_-]*(?::[^\s,\[\]{}'\"]+)?")


def in_scenario(mention: Mention | None, catalog: Catalog, root: Path | None, text: str = "", line: int = 0,
                col: int = 0) -> str | None:
    """A card named anywhere; in an answer or a check, also the option id of a standard project,
    conversion, milestone or award (its card), a bare menu option, and an area of the map."""
    entries = catalog.named(mention.name) if mention is not None else []
    if entries:
        return card_markdown(entries, root)
    from .complete import OPTION_KEYS, PREFIX_OF_TYPE, _areas, enclosing_key
    if enclosing_key(text.splitlines(), line, col)[0] not in (*OPTION_KEYS, "board", "claims"):
        return None
    span = word_at(text, line, col, OPTION_TOKEN)
    if span is None:
        return None
    prefix, sep, rest = span.text.partition(":")
    if sep:
        from tmars.content import slug
        entries = [e for e in catalog.entries() if PREFIX_OF_TYPE.get(str(e.ir.get("type"))) == prefix
                   and slug(e.name) == rest]
        return card_markdown(entries, root) if entries else None
    from tmars.actions import KINDS
    if span.text in KINDS:
        doc = (type(KINDS[span.text]).__doc__ or "").strip().split(". ")[0].rstrip(".")
        return f"**`{span.text}`** — an option of the action menu" + (f": {shown(doc)}." if doc else ".")
    area = dict(_areas()).get(span.text)
    return f"**`{span.text}`** — an area: {shown(area)}" if area is not None else None


def hover(kind: Kind, text: str, line: int, col: int, catalog: Catalog, mention: Mention | None,
          root: Path | None) -> str | None:
    if kind is Kind.CARDS:
        return in_card_file(text, line, col, catalog, root)
    if kind is Kind.SCENARIO:
        return in_scenario(mention, catalog, root, text, line, col)
    return None
