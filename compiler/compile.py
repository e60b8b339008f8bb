"""Card frames + card-language fields -> validated IR cards."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

import jsonschema

from . import vocab
from .diagnostics import CompileError, Diagnostic, Position, did_you_mean
from .frame import Located, RawCard
from .ops.schema import schema
from .ir import part_rows, vp_terms
from .lower import alternatives_as_items, lower_field
from .counts import DefinitionError, definition
from .modules import VOCABULARY_KINDS, all_words, bringer, closure, manifests
from .parser import SourceText
from . import solo
from .ops import ON_NEW_OP, CardResource, Cards, If, Need, Raise, Resource, Steal, Tile
from .tiles import CORE_KINDS

# field -> (kind of value, card-language start rule or None)
FIELDS: dict[str, str] = {
    "name": "string", "number": "string", "module": "string", "type": "enum", "cost": "integer",
    "tags": "tags", "requires": "requires", "vp": "vp", "holds": "holds", "play": "row",
    "action": "action", "effect": "effect", "start": "row", "first-action": "row", "note": "string",
    "not-as-printed": "string",
    "score": "counts", "lint-ignore": "mapping", "replaces": "string", "needs": "modules", "title": "string",
    solo.KEY: "solo",
}
NUMBER_FORMATS = {"default": re.compile(r"^[0-9]{3}$|^[A-Z]?[0-9]{1,3}$|^[A-Z]{1,3}[0-9]{0,3}$")}

FRAME_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://tmars.dev/schema/card-file.json",
    "title": "tmars card file: a list of cards (YAML frame + card-language strings)",
    "type": "array",
    "items": {
        "type": "object",
        "required": ["name", "type"],
        "additionalProperties": False,
        "properties": {
            "name": {"type": "string", "description": "printed name, exact spelling"},
            "number": {"type": "string", "description": "printed number, quoted (\"072\")"},
            "title": {"type": "string", "description": "the printed name, where the name must differ from another "
                                                       "component's of the same printed name (a global event and "
                                                       "a project card)"},
            "module": {"type": "string", "description": "defaults to the folder under cards/"},
            "type": {"enum": list(vocab.CARD_TYPES)},
            "cost": {"type": "integer", "minimum": 0},
            "tags": {"type": "array", "items": {"enum": list(vocab.TAGS)}},
            "requires": {"type": "string", "description": "card language: 'oxygen >= 13, science-tag >= 2'"},
            "vp": {"type": ["integer", "string"], "description": "1, '1 per 2 animal', '3 if science >= 1'"},
            "holds": {"enum": list(vocab.CARD_RESOURCES)},
            "play": {"type": ["string", "array"], "items": {"type": "string"}},
            "action": {"type": "string", "description": "red arrow: 'cost -> gain', alternatives with 'or'"},
            "effect": {"type": ["string", "array"], "items": {"type": "string"}},
            "start": {"type": ["string", "array"], "items": {"type": "string"},
                      "description": "a corporation's starting resources and production"},
            "first-action": {"type": ["string", "array"], "items": {"type": "string"}},
            "note": {"type": "string", "description": "what an asterisk means, in your own words"},
            "not-as-printed": {"type": "string", "minLength": 1,
                               "description": "what the printed card does that its rows do not (what the language "
                                              "cannot say), in your own words: lint and the sheet mark the card"},
            "needs": {"type": "array", "items": {"type": "string"},
                      "description": "modules (or variants) that must be in play for the card to be dealt "
                                     "(many promos)"},
            "replaces": {"type": "string", "description": "a reprint: the name of the card of a required "
                                                          "module this card stands for when its module is in play"},
            "score": {"type": "string", "description": "an award's count: 'steel + titanium'"},
            "lint-ignore": {"type": "object", "additionalProperties": {"type": "string", "minLength": 1},
                            "description": "silence lint findings on this card: {CODE: reason}"},
            # the fields of their own that the installed modules' card types declare
            **{name: {"description": spec["says"]} for t in vocab.CARD_TYPES
               for name, spec in vocab.type_fields(t).items()},
        },
    },
}
_FRAME_FIELDS = FRAME_SCHEMA["items"]["properties"]
_FRAME_FIELDS[solo.KEY] = {
    "type": "object", "minProperties": 1, "additionalProperties": False,
    "description": "the solo game's line of the card (a game of one player): rows that take the place of the "
                   "card's own fields of the same names, each written as that field is",
    "properties": {name: _FRAME_FIELDS[name] for name in (*solo.LANGUAGE_FIELDS, *(
        n for t in vocab.CARD_TYPES for n in vocab.type_fields(t)))}}


def _word_place(fields: dict, word: str) -> tuple[int, int] | None:
    """Where a word is written in a card's fields: the first field whose text holds it whole,
    at the word when the field is on one line (a block's first line otherwise)."""
    pattern = re.compile(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])")
    for loc in fields.values():
        text = loc.value if isinstance(getattr(loc, "value", None), str) else None
        if text is None:
            continue
        m = pattern.search(text)
        if m:
            one_line = "\n" not in text and getattr(loc, "style", "") in ("", None, "plain")
            quoted = getattr(loc, "style", "") in ("'", '"')
            return loc.line, loc.col + (m.start() + quoted if one_line or quoted else 0)
    return None


def _foreign_hint(word: str, kind: str) -> str:
    """The help for a word no module brings: a renamed word's new name, a near word of its kind,
    or (for a tile name) a near placement rule; else where to declare it."""
    if word in vocab.RENAMED:
        return f"'{word}' is now '{vocab.RENAMED[word]}'"
    near = did_you_mean(word, all_words(kind))
    if not near and kind == "tiles":
        near = did_you_mean(word, vocab.PLACEMENT_RULES)
    return near or f"declare it under vocabulary: {kind} in a module.yaml"


def _variant_ids() -> set[str]:
    """The variants the known modules offer: a card may need one (the solo game's TR 63 project)."""
    return {v for module in manifests().values() for v in (module.variants or {})}


@lru_cache(maxsize=1)
def _ir_validator() -> jsonschema.protocols.Validator:
    """The IR schema checked once; validating a card against it is then cheap. (These tables
    depend on the ops' declarations alone: made again when an op is added, `ON_NEW_OP`.)"""
    ir_schema = schema()
    cls = jsonschema.validators.validator_for(ir_schema)
    cls.check_schema(ir_schema)
    return cls(ir_schema)


@lru_cache(maxsize=1)
def _free_text_fields() -> tuple[str, ...]:
    """Top-level IR fields the schema asks only to be text (name, number, …): any text passes."""
    return tuple(k for k, v in schema()["properties"].items() if v == {"type": "string"})


#: The keywords of the card schema's top level that allow checking a card field by field.
_FIELDWISE = {"$schema", "$id", "title", "description", "type", "required", "additionalProperties", "properties",
              "$defs"}


def ir_error(card: dict) -> str:
    """Why a compiled card breaks the IR schema, or ''. The card is checked part by part (which
    fields it has, then each field, then each item of a plain list), every distinct part once: a
    library of thousands of cards repeats the same rows, and checking a whole card costs
    milliseconds. The top level of the schema only lists fields, so the parts pass together
    exactly when the whole card does."""
    top = schema()
    if set(top) - _FIELDWISE:
        return _part_error((), json.dumps(card, sort_keys=True))
    error = _fields_error(tuple(sorted(card)))
    if error:
        return error
    for key, value in card.items():
        sub = top["properties"].get(key)
        if sub is None:
            continue
        if key in _free_text_fields() and isinstance(value, str):
            continue
        if isinstance(value, list) and set(sub) <= {"type", "items", "description"}:
            parts = [((key, "items"), item) for item in value]
        else:
            parts = [((key,), value)]
        for where, part in parts:
            error = _part_error(where, json.dumps(part, sort_keys=True))
            if error:
                return error
    return ""


@lru_cache(maxsize=64)
def _fields_error(keys: tuple[str, ...]) -> str:
    """Why a card with these fields breaks the schema's required and allowed fields, or ''."""
    top = schema()
    frame = {k: v for k, v in top.items() if k != "properties"} | {"properties": {k: {} for k in top["properties"]}}
    error = jsonschema.exceptions.best_match(_ir_validator().evolve(schema=frame).iter_errors(dict.fromkeys(keys)))
    return error.message if error is not None else ""


@lru_cache(maxsize=8192)
def _part_error(where: tuple[str, ...], part_json: str) -> str:
    """Why one part of a card (a field, or an item of a list field) breaks its schema, or ''."""
    sub = schema()
    if where:
        sub = sub["properties"][where[0]]
        for step in where[1:]:
            sub = sub[step]
    error = jsonschema.exceptions.best_match(_ir_validator().evolve(schema=sub).iter_errors(json.loads(part_json)))
    return error.message if error is not None else ""


class CardCompiler:
    """Compiles the raw cards of one file; collects every diagnostic instead of stopping at one."""

    def __init__(self, path: str, lines: list[str], module: str):
        self.path = path
        self.lines = lines
        self.module = module
        self.diagnostics: list[Diagnostic] = []

    def diag(self, code: str, message: str, line: int, col: int, expected: str = "", suggestion: str = "") -> None:
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        self.diagnostics.append(Diagnostic(code, message, Position(self.path, line, col), src, expected, suggestion))

    def source(self, loc: Located, text: str) -> SourceText:
        col = loc.col + (1 if loc.style in ("'", '"') else 0)
        return SourceText(text, self.path, loc.line, col, self.lines)

    def compile(self, raw: RawCard) -> dict | None:
        before = len(self.diagnostics)
        f = raw.fields
        ctype = self._type(f, raw)
        own = vocab.type_fields(ctype) if ctype else {}
        allowed = [*FIELDS, *own]
        for key in raw.fields:
            if key not in allowed:
                line, col = raw.key_positions[key]
                self.diag("E301", f"unknown field '{key}'", line, col, ", ".join(allowed), did_you_mean(key, allowed))
        card: dict[str, Any] = {}
        if "lint-ignore" in f:
            loc = f["lint-ignore"]
            if not isinstance(loc.value, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                          for k, v in loc.value.items()):
                self.diag("E312", "lint-ignore maps finding codes to reasons", loc.line, loc.col,
                          "lint-ignore: {L302: \"why this is fine\"}")
        name = self._string(f, "name", raw, required=True)
        card["name"] = name or "?"
        number = self._string(f, "number", raw)
        if number is not None:
            card["number"] = number
        card["module"] = self._string(f, "module", raw) or self.module
        card["type"] = ctype or "automated"
        cost = self._cost(f, raw, ctype)
        if cost is not None:
            card["cost"] = cost
        card["tags"] = self._tags(f)
        for key in ("requires", "vp"):
            if key in f:
                self._language_field(key, f[key], card)
        if "holds" in f:
            loc = f["holds"]
            if loc.value not in vocab.CARD_RESOURCES:
                self.diag("E303", f"a card cannot hold '{loc.value}'", loc.line, loc.col,
                          ", ".join(vocab.CARD_RESOURCES), did_you_mean(str(loc.value), vocab.CARD_RESOURCES))
            else:
                card["holds"] = loc.value
        for key in ("start", "play", "first-action", "action", "effect", "score"):
            if key in f:
                self._language_field(key, f[key], card)
        if "note" in f:
            note = self._string(f, "note", raw)
            if note is not None:
                card["note"] = note
        if "not-as-printed" in f:
            missing = self._string(f, "not-as-printed", raw)
            if missing is not None:
                card["not_as_printed"] = missing
        if "title" in f:
            title = self._string(f, "title", raw)
            if title is not None:
                card["title"] = title
        if "replaces" in f:
            replaced = self._string(f, "replaces", raw)
            if replaced is not None:
                card["replaces"] = replaced
        if own:
            parts = self._parts(f, raw, own, card)
            if parts:
                card["parts"] = parts
        if solo.KEY in f:
            rows = self._solo(f[solo.KEY], ctype, own, card)
            if rows:
                card[solo.KEY] = rows
        if "needs" in f:
            loc = f["needs"]
            known = manifests()
            if not isinstance(loc.value, list) or not all(isinstance(m, str) for m in loc.value):
                self.diag("E313", "'needs' is a list of module ids", loc.line, loc.col, "needs: [colonies]")
            elif any(m not in known and m not in _variant_ids() for m in loc.value):
                bad = next(m for m in loc.value if m not in known and m not in _variant_ids())
                self.diag("E313", f"'needs' names an unknown module or variant '{bad}'", loc.line, loc.col,
                          ", ".join(sorted(known)) + "; or a variant: " + ", ".join(sorted(_variant_ids())),
                          did_you_mean(bad, set(known) | _variant_ids()))
            else:
                card["needs"] = list(loc.value)
        if len(self.diagnostics) > before:
            return None
        for word, kind in foreign_words(card):
            brought_by = bringer(word, kind)
            what = VOCABULARY_KINDS[kind]
            line, col = _word_place(f, word) or (raw.line, raw.col)
            if brought_by:
                self.diag("E320", f"'{word}' is {what} of module {brought_by}, which module {card['module']} "
                          "does not require", line, col,
                          f"words of {', '.join(sorted(closure(card['module'])))}",
                          f"add {brought_by} to the requires of {card['module']}'s module.yaml")
            else:
                self.diag("E320", f"'{word}' is not {what} of any module", line, col,
                          f"{what} that a module declares in its module.yaml", _foreign_hint(word, kind))
        for word, _ in words_used(card):
            if word in all_words("counts"):
                try:
                    definition(word)
                except DefinitionError as e:
                    self.diag("E321", str(e), raw.line, raw.col, "a sum of counts of the language", "")
        if len(self.diagnostics) > before:
            return None
        error = ir_error(card)
        if error:
            self.diag("E399", f"compiled card does not match the IR schema: {error}", raw.line, raw.col)
            return None
        return card

    # ---- frame fields ----------------------------------------------------------
    def _language_field(self, key: str, loc: Located, out: dict) -> None:
        """One card-language field of the frame (`solo.LANGUAGE_FIELDS`), lowered into `out` under
        its IR key; a problem is a diagnostic, and the field is then left out."""
        if key in ("requires", "score"):
            out[solo.LANGUAGE_FIELDS[key]] = self._lang(loc, "counts" if key == "score" else key, out, key)
        elif key == "vp":
            text = str(loc.value) if isinstance(loc.value, (int, str)) and not isinstance(loc.value, bool) else None
            if text is None:
                hint = "YAML reads yes/no/true/false as a truth value" if isinstance(loc.value, bool) else ""
                self.diag("E302", "vp is a number or a formula", loc.line, loc.col, "1, '1 per 2 animal'", hint)
            else:
                out["vp"] = self._lang(Located(text, loc.line, loc.col, loc.style), "vp", out)
        elif key in ("start", "play", "first-action"):
            items = []
            for row in self._rows(loc, key):
                alts = self._lang(row, "row", out)
                if alts is not None:
                    items.extend(alternatives_as_items(alts))
            out[solo.LANGUAGE_FIELDS[key]] = items
        elif key == "action":
            if not isinstance(loc.value, str):
                self.diag("E302", "action is one card-language row", loc.line, loc.col, "'cost -> gain'")
            else:
                alts = self._lang(loc, "row", out)
                if alts is not None:
                    out["action"] = [a if isinstance(a, dict) else {"cost": [], "gain": a} for a in alts]
        elif key == "effect":
            effects = [self._lang(row, "effect", out) for row in self._rows(loc, "effect")]
            out["effects"] = [e for e in effects if e is not None]

    def _solo(self, loc: Located, ctype: str | None, own: dict[str, dict], card: dict) -> dict:
        """A card's solo rows (`solo:`, compiler/solo.py): each field it names lowered exactly as
        that field of the card is, under the field's IR key. A name that is no field is E301, as
        at the top of a card; a field that takes no solo row on this card (not card language, one
        its type forbids or lacks) and a `solo:` that is no mapping of fields are E314."""
        allowed = solo.solo_fields(ctype)
        if not isinstance(loc.value, dict) or not loc.value or loc.fields is None:
            self.diag("E314", "'solo' maps fields of the card to the rows the solo game reads instead",
                      loc.line, loc.col, ", ".join(allowed),
                      "a field of the card and its solo row under it, e.g. solo: {"
                      + ("play" if "play" in allowed else next(iter(allowed))) + ": …}")
            return {}
        if len(loc.fields) != len(loc.value):
            self.diag("E314", "the fields under 'solo' are named by words", loc.line, loc.col, ", ".join(allowed))
        known = {*FIELDS, *(name for t in vocab.CARD_TYPES for name in vocab.type_fields(t))}
        fields, parts_own = {}, {}
        for key, value in loc.fields.items():
            line, col = loc.key_positions[key]
            if key not in known:
                self.diag("E301", f"unknown field '{key}' under 'solo'", line, col, ", ".join(allowed),
                          did_you_mean(key, allowed))
            elif key not in allowed:
                why = (f"a {ctype} card has no '{key}'" if key in solo.LANGUAGE_FIELDS or key not in FIELDS
                       else f"'{key}' is no card language: a solo row stands in for a row")
                self.diag("E314", f"no solo row for '{key}': {why}", line, col, ", ".join(allowed),
                          did_you_mean(key, allowed) or vocab.type_spec(ctype or "").get("why", ""))
            elif key in own:
                parts_own[key] = own[key]
            else:
                fields[key] = value
        out: dict[str, Any] = {}
        for key, value in fields.items():
            self._language_field(key, value, out)
        if parts_own:
            out.update(self._parts(loc.fields, None, parts_own, card))
        return out

    def _string(self, f: dict[str, Located], key: str, raw: RawCard, required: bool = False) -> str | None:
        if key not in f:
            if required:
                self.diag("E304", f"card has no '{key}'", raw.line, raw.col, f"'{key}: …'")
            return None
        loc = f[key]
        if not isinstance(loc.value, str) or not loc.value.strip():
            hint = f'quote it: {key}: "{loc.value}"' if isinstance(loc.value, (int, float)) else ""
            self.diag("E305", f"'{key}' must be text", loc.line, loc.col, "a string", hint)
            return None
        return loc.value

    def _parts(self, f: dict[str, Located], raw: RawCard | None, own: dict[str, dict], card: dict) -> dict:
        """The fields a card's type declares for it (`vocab.type_fields`), each lowered by its kind:
        a row or a list of rows of card language as items, a whole number, a card resource."""
        parts: dict[str, Any] = {}
        for key, spec in own.items():
            if key not in f:
                if spec.get("required") and raw is not None:
                    self.diag("E304", f"a {card['type']} card has no '{key}'", raw.line, raw.col, f"'{key}: …'",
                              spec["says"])
                continue
            loc, kind = f[key], spec["kind"]
            if kind in ("row", "rows"):
                rows = [loc] if kind == "row" else self._rows(loc, key)
                if kind == "row" and not isinstance(loc.value, str):
                    self.diag("E302", f"'{key}' is one card-language row", loc.line, loc.col, "'+2 plant'")
                    continue
                if kind == "rows" and spec.get("steps") and len(rows) != spec["steps"]:
                    self.diag("E302", f"'{key}' has {len(rows)} steps; a {card['type']} has {spec['steps']}",
                              loc.line, loc.col, f"a list of {spec['steps']} rows, one a step")
                    continue
                lowered = []
                for row in rows:
                    alts = self._lang(row, "row", card)
                    lowered.append(alternatives_as_items(alts) if alts is not None else [])
                parts[key] = lowered[0] if kind == "row" else lowered
            elif kind == "number":
                most = spec.get("most")
                if isinstance(loc.value, bool) or not isinstance(loc.value, int) or loc.value < 0 or (
                        most is not None and loc.value > most):
                    self.diag("E302", f"'{key}' is a whole number" + (f" up to {most}" if most is not None else ""),
                              loc.line, loc.col, "0, 1, 2 …" if most is None else f"0 to {most}")
                else:
                    parts[key] = loc.value
            elif kind == "name":  # a card of another type (lint checks that it exists)
                if not isinstance(loc.value, str) or not loc.value.strip():
                    self.diag("E302", f"'{key}' is the name of a {spec.get('of', 'card')}", loc.line, loc.col,
                              "a card's name")
                else:
                    parts[key] = loc.value
            elif loc.value not in vocab.CARD_RESOURCES:
                self.diag("E303", f"'{key}' names no card resource: '{loc.value}'", loc.line, loc.col,
                          ", ".join(vocab.CARD_RESOURCES), did_you_mean(str(loc.value), vocab.CARD_RESOURCES))
            else:
                parts[key] = loc.value
        return parts

    def _type(self, f: dict[str, Located], raw: RawCard) -> str | None:
        if "type" not in f:
            self.diag("E304", "card has no 'type'", raw.line, raw.col, ", ".join(vocab.CARD_TYPES))
            return None
        loc = f["type"]
        if loc.value not in vocab.CARD_TYPES:
            self.diag("E306", f"unknown card type '{loc.value}'", loc.line, loc.col, ", ".join(vocab.CARD_TYPES),
                      did_you_mean(str(loc.value), vocab.CARD_TYPES))
            return None
        return loc.value

    def _cost(self, f: dict[str, Located], raw: RawCard, ctype: str | None) -> int | None:
        if "cost" not in f:
            if ctype in vocab.PROJECT_TYPES:
                self.diag("E307", "a project card needs a cost", raw.line, raw.col, "'cost: N'")
            return None
        loc = f["cost"]
        if isinstance(loc.value, bool) or not isinstance(loc.value, int) or loc.value < 0:
            self.diag("E308", f"cost must be a whole number of M€, not {loc.value!r}", loc.line, loc.col,
                      "a number 0 or more")
            return None
        return loc.value

    def _tags(self, f: dict[str, Located]) -> list[str]:
        if "tags" not in f:
            return []
        loc = f["tags"]
        if not isinstance(loc.value, list):
            self.diag("E309", "tags are a list", loc.line, loc.col, "[science, building]")
            return []
        tags = []
        for item in loc.items or []:
            t = item.value
            if t not in vocab.TAGS:
                self.diag("E310", f"unknown tag '{t}'", item.line, item.col + (item.style in ("'", '"')),
                          ", ".join(vocab.TAGS), did_you_mean(str(t), vocab.TAGS))
            else:
                tags.append(t)
        return tags

    def _rows(self, loc: Located, key: str) -> list[Located]:
        if isinstance(loc.value, str):
            return [loc]
        if isinstance(loc.value, list) and all(isinstance(v, str) for v in loc.value):
            return list(loc.items or [])
        if loc.value is None:
            self.diag("E311", f"'{key}' is empty", loc.line, loc.col, f"card-language text, e.g. {key}: +1 plant")
            return []
        hint = ""
        if isinstance(loc.value, list):
            hint = "a row that starts with '[' must be quoted, e.g. play: \"[+1 plant]\""
        self.diag("E311", f"'{key}' must be card-language text", loc.line, loc.col, "a string", hint)
        return []

    def _lang(self, loc: Located, start: str, card: dict, key: str = "field") -> Any:
        if not isinstance(loc.value, str):
            what = "is empty" if loc.value is None else "must be card-language text"
            self.diag("E311", f"'{key}' {what}", loc.line, loc.col, "card-language text")
            return None
        try:
            return lower_field(self.source(loc, loc.value), start)
        except CompileError as e:
            self.diagnostics.extend(e.diagnostics)
            return None


#: the tile kinds of the language itself: a card's other kinds are its modules' words
CORE_KIND_NAMES = frozenset(k.name for k in CORE_KINDS)


def words_used(card: dict) -> list[tuple[str, str]]:
    """(word, vocabulary kind) for every tag, card resource and global parameter a card uses."""
    from .ops import walk
    used = [(t, "tags") for t in card.get("tags", ())]
    if card.get("holds"):
        used.append((card["holds"], "card_resources"))
    counts = list(card.get("requires", ())) + list(card.get("score", ()))
    counts += [term[k] for term in vp_terms(card.get("vp")) for k in ("per", "if") if "count" in term.get(k, {})]
    triggers = []
    rows = [card.get(k, []) for k in ("play", "start", "first_action")]
    rows += [a["cost"] + a["gain"] for a in card.get("action", ())]
    rows += [items for _, items in part_rows(card)]
    for e in card.get("effects", ()):
        rows.append(e.get("do", []))
        triggers += e.get("on", [])
        triggers += [t for m in e.get("mods", ()) for t in m.get("on", ())]
        for m in e.get("mods", ()):
            if m.get("param", "").endswith(vocab.COUNT_SUFFIX_TAG):
                used.append((m["param"][:-4], "tags"))
            elif m.get("param"):
                used.append((m["param"], "globals"))
            if m["mod"] == "pay" and m.get("res") not in (None, *vocab.STANDARD_RESOURCES):
                used.append((m["res"], "card_resources"))
    for row in rows:
        for n in walk(row):
            if n["op"] in (CardResource.name, Steal.name) and n["res"] not in (*vocab.STANDARD_RESOURCES, vocab.HELD):
                used.append((n["res"], "card_resources"))
            if n["op"] == Cards.name and n.get("shows"):
                used.append((n["shows"], "card_resources"))
            if n["op"] in (CardResource.name, Resource.name, Cards.name) and n.get("tag"):
                used.append((n["tag"], "tags"))  # a tag filter: floater(any, venus-tag), mc(venus-tag)!
            if n["op"] == Raise.name:
                used.append((n["param"], "globals"))
            if n["op"] == Tile.name and n.get("name"):
                used.append((n["name"], "tiles"))
            if n["op"] == Tile.name and n["tile"] not in CORE_KIND_NAMES:
                used.append((n["tile"], "tile_kinds"))
            if "per" in n:
                counts.append(n["per"])
            if n["op"] in (If.name, Need.name) and "count" in n["cond"]:
                counts.append(n["cond"])
            if n["op"] == If.name and "reveal" in n["cond"]:
                used.append((n["cond"]["reveal"], "tags"))
    for c in counts:
        word = c["count"]
        if word.endswith(vocab.COUNT_SUFFIX_TAG):
            used.append((word[:-4], "tags"))
        elif word in vocab.CARD_RESOURCES:
            used.append((word, "card_resources"))
        elif word in vocab.TRACKS:
            used.append((word, "globals"))
        elif word in all_words("counts"):
            used.append((word, "counts"))
    for t in triggers:
        if t["event"].endswith(vocab.COUNT_SUFFIX_TAG):
            used.append((t["event"][:-4], "tags"))
        used += [(a, "tags") for a in t.get("args", ()) if isinstance(a, str) and a in vocab.TAGS]
    alone = solo.solo_view(card)  # the solo game's rows show their words too
    if alone is not None:
        used += words_used(alone)
    return used


def foreign_words(card: dict) -> list[tuple[str, str]]:
    """Words the card uses that its module, the modules it requires and the modules it needs do not
    bring (none for a card outside any module with a manifest)."""
    known = manifests()
    if card["module"] not in known:
        return []
    mods = closure(card["module"]).union(*(closure(m) for m in card.get("needs", ())))
    seen: list[tuple[str, str]] = []
    for word, kind in words_used(card):
        if (word, kind) not in seen and not any(word in known[m].words(kind) for m in mods):
            seen.append((word, kind))
    return seen


ON_NEW_OP.extend([_ir_validator.cache_clear, _free_text_fields.cache_clear, _fields_error.cache_clear,
                  _part_error.cache_clear])
