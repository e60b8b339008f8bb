"""Modules: the folders under cards/, each described by its `module.yaml` (id, printed name, the
modules it requires). A game names the modules it plays with; `resolve` checks the names and
their requirements and puts them in dependency order, with a message that lists what exists.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .shipped import shipped
from .readfile import resolved

#: The most a module's data file (manifest, rules, map) may hold: far more than any real one.
MAX_DATA_BYTES = 1_000_000

CARDS_ROOT = shipped("cards")

MANIFEST = "module.yaml"


class ModuleError(ValueError):
    """A module set that cannot be played: an unknown name, or a requirement left out."""


VOCABULARY_KINDS = {"tags": "a tag", "card_resources": "a card resource", "globals": "a global parameter",
                    "tiles": "a tile name", "tile_kinds": "a kind of tile", "counts": "a count word",
                    "card_types": "a card type"}


@dataclass(frozen=True)
class Module:
    id: str
    name: str
    requires: tuple[str, ...]
    #: the words it brings, by kind (tags, card_resources, globals): word -> {meaning, singular, plural}
    vocabulary: dict = None  # type: ignore[assignment]
    #: what it adds to the structure of a game (compiler/gameflow.py)
    flow: dict = None  # type: ignore[assignment]
    #: milestones and awards of its own it adds to whatever map is played: {"milestones": [...], ...}
    adds_to_map: dict = None  # type: ignore[assignment]
    #: variants it offers, by id: {meaning, flow}; and those on by default when it is in play
    variants: dict = None  # type: ignore[assignment]
    default_variants: tuple[str, ...] = ()
    #: how its cards are numbered: {cards, corporations (regular expressions), range}
    numbering: dict = None  # type: ignore[assignment]
    #: the module of the game of one player: it joins every such game, and only those (its cards'
    #: `solo:` rows then take the place of their printed ones)
    one_player: bool = False

    def words(self, kind: str) -> dict[str, dict]:
        return (self.vocabulary or {}).get(kind, {})


_KNOWN: dict[str, tuple[Module, Path]] = {}


_WORD = {"type": "string", "pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$"}
_MEANING = {"type": "string", "minLength": 1}
_GLYPH = {"type": "string", "minLength": 1, "maxLength": 2,
          "description": "one or two letters drawn in the word's icon on the sheet (default: its initial)"}
_NOUN = {"type": "object", "required": ["meaning"], "additionalProperties": False,
         "properties": {"meaning": _MEANING, "singular": _MEANING, "plural": _MEANING, "glyph": _GLYPH}}
_TAG = {"oneOf": [_MEANING, {"type": "object", "required": ["meaning"], "additionalProperties": False,
                             "properties": {"meaning": _MEANING, "glyph": _GLYPH, "stands_for_any": {
                                 "type": "boolean",
                                 "description": "in play, during its owner's own actions, it counts as the tag a "
                                                "requirement or a count asks for (F330)"}}}]}
_INT = {"type": "integer"}
#: A global parameter is a track: where it starts, the goal that maxes it, the size of one step, the
#: bonus steps (card language, for whoever reaches or passes them), whether it counts towards the
#: end of the game, and, for a track moved by placing a tile rather than by a raise, that tile.
_TRACK = {"type": "object", "required": ["meaning", "start", "goal", "step"], "additionalProperties": False,
          "properties": {
              "meaning": _MEANING, "glyph": _GLYPH, "start": _INT, "goal": _INT,
              "step": {"type": "integer", "minimum": 1},
              "ends_game": {"type": "boolean", "description": "maxing it is part of the game-end condition "
                                                            "(false when left out)"},
              "noun": {**_MEANING, "description": "how the rules text names it: 'the temperature', 'Venus'"},
              "says": {**_MEANING, "description": "a minimum requirement in the rules text: '{n}% oxygen'"},
              "says_max": {**_MEANING, "description": "a maximum requirement in the rules text: '{n}% oxygen or less'"},
              "shows": {**_MEANING, "description": "the value in a requirement box on the sheet: '{n}%'"},
              "raised_by": {**_WORD, "description": "the tile whose placement raises it (no raise word)"},
              "bonuses": {"type": "array", "items": {
                  "type": "object", "required": ["at", "do"], "additionalProperties": False,
                  "properties": {"at": _INT, "do": {**_MEANING, "description": "card language"}}}},
          }}
#: A count word a module defines as the sum of counts the language already has.
_COUNT = {"type": "object", "required": ["meaning", "sum", "singular", "plural"], "additionalProperties": False,
          "properties": {"meaning": _MEANING, "singular": _MEANING, "plural": _MEANING, "glyph": _GLYPH,
                         "sum": {**_MEANING, "description": "counts in card language, added up: 'a-tag + b-tile'"}}}
#: A kind of card a module brings (with a deck of its own, say): how such a card is dealt and played is its
#: mechanic's (tmars/mechanics/); here is what the compiler, lint and the sheet need of it.
_COLOUR = {"type": "string", "pattern": "^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$"}
#: the kinds of field a card type may declare for its cards: a row of card language, a list of
#: rows (one a step), a whole number, a card resource
PART_KINDS = {"row": "a row of card language", "rows": "a list of rows of card language",
              "number": "a whole number", "card_resource": "a card resource",
              "name": "the name of a card of another type (`of`: a global event's parties)"}
#: the fields of a card that a card type may refuse (lint L116 for a cost, L117 for the others)
TYPE_FIELDS = ("cost", "requires", "action", "effects", "holds", "vp")
#: the language's fields a card type's `labels` may relabel on the sheet (drawn in labelled panels)
LABELLED_FIELDS = ("action", "effects")
_CARD_TYPE = {"type": "object", "required": ["meaning", "label", "colour"], "additionalProperties": False,
              "properties": {
                  "meaning": _MEANING,
                  "label": {**_MEANING, "description": "the type as printed on the card"},
                  "colour": {**_COLOUR, "description": "the frame's colour on the sheet"},
                  "grey": {**_COLOUR, "description": "the frame's colour on a greyscale sheet"},
                  "deck": {**_MEANING, "description": "its cards form a deck of their own, which play-card may "
                                                      "draw from: the deck's name ('the X deck')"},
                  "numbered": {"type": "boolean", "description": "its cards carry printed numbers (lint L112)"},
                  "forbids": {"type": "array", "items": {"enum": list(TYPE_FIELDS)},
                              "description": "fields a card of this type never has (lint L116, L117)"},
                  "why": {**_MEANING, "description": "why it has none of them, for lint's message"},
                  "labels": {"type": "object", "propertyNames": _WORD, "additionalProperties": _MEANING,
                             "description": (
                                 "the sheet's label of a field's panel (a field of its own, or the language's "
                                 "action or effects; else the field's name); fields of one label share one panel, "
                                 "as a party's printed policy holds whichever of them it has")},
                  "fields": {"type": "object", "propertyNames": _WORD, "description": (
                      "fields of its own a card of this type states (a colony tile's build bonus, its trade "
                      "track), each with its kind and what the rules text says before it"),
                      "additionalProperties": {
                          "type": "object", "required": ["kind", "says"], "additionalProperties": False,
                          "properties": {"kind": {"enum": list(PART_KINDS)}, "says": _MEANING,
                                         "required": {"type": "boolean"},
                                         "steps": {"type": "integer", "minimum": 1,
                                                   "description": "for rows: exactly this many (a track's steps)"},
                                         "most": {"type": "integer", "minimum": 0,
                                                  "description": "for a number: the largest it may be"},
                                         "of": {**_WORD, "description": "for a name: the card type it names"},
                                         "icon": {**_WORD, "description": (
                                             "for a name: the icon of the sheet's set drawn with the named "
                                             "card, of the piece that joins it (a delegate)")}}}}}}
#: The lists of a game's structure a module may add to (compiler/gameflow.py), with their nouns.
FLOW_SECTIONS = {"setup": "setup step", "generation": "phase", "final": "final phase", "scoring": "score row"}
#: An entry of a flow list: a name, or {name, after or before}; a setup step also says its order.
#: One schema for both forms (the object keywords do not apply to a string), so that a misspelt
#: field is reported as such rather than as "not valid under any of the given schemas".
_ENTRY = {"type": ["string", "object"], "required": ["name"], "additionalProperties": False,
          "properties": {"name": {"type": "string"}, "after": {"type": "string"}, "before": {"type": "string"}}}
_SETUP_ENTRY = {**_ENTRY, "properties": {**_ENTRY["properties"], "order": {"enum": ["seat", "turn"]}}}
FLOW_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "description": "what the module adds to the structure of a game (each entry after or before a named one, "
                   "else at the end)",
    "properties": {**{k: {"type": "array", "items": _SETUP_ENTRY if k == "setup" else _ENTRY}
                      for k in FLOW_SECTIONS},
                   "first_phase": {"type": "string", "description": "the phase generation 1 starts at"},
                   "mechanics": {"type": "array", "items": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
                                 "description": "the engine's mechanics (tmars/mechanics/) the module switches on: "
                                                "their setup steps, phases, tasks and state"}},
}


#: An area off the map (a map file's `off_map`, a manifest's `adds_to_map.off_map`).
OFF_MAP_AREA = {"type": "object", "required": ["id", "name", "reserved"], "additionalProperties": False,
                "properties": {"id": _WORD, "name": _MEANING, "reserved": _WORD}}


#: a kind of tile a module brings (`vocabulary.tile_kinds`): its word places one (`+1 beacon`,
#: `beacon(next-city)`), `beacon-tile` counts them; its traits say where it goes and what it is
_TILE_KIND = {
    "type": "object", "required": ["meaning"], "additionalProperties": False,
    "properties": {
        "meaning": {**_MEANING, "description": "what the tile is, as lint and the docs say it"},
        "on_ocean_area": {"type": "boolean", "description": "it goes on an area reserved for oceans (default: land)"},
        "owned": {"type": "boolean", "description": "the player who places it owns it (default: true)"},
        "keeps_distance": {"type": "boolean",
                           "description": "no two of them next to each other unless a rule waives it (as cities)"},
        "next_to_own": {"type": "boolean",
                        "description": "next to its owner's tiles whenever such an area is free (as greeneries)"},
        "counts_as": {"enum": ["city", "greenery"],
                      "description": "it counts as a tile of that kind too, wherever tiles are counted "
                                     "(requirements, VP, milestones, awards: city-tile, greenery-tile)"},
    },
}


MANIFEST_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://tmars.dev/module.json",
    "title": "tmars module manifest (module.yaml)",
    "type": "object", "required": ["id", "name"], "additionalProperties": False,
    "properties": {
        "id": {**_WORD, "description": "the module's id, as games and requires name it"},
        "name": {**_MEANING, "description": "the printed name"},
        "requires": {"type": "array", "items": _WORD, "description": "the modules it needs in play"},
        "flow": FLOW_SCHEMA,
        "numbering": {
            "type": "object", "additionalProperties": False,
            "description": "how the module's cards are numbered (lint L503)",
            "properties": {
                "cards": {**_MEANING, "description": "a regular expression for the numbers of its other cards"},
                "corporations": {**_MEANING, "description": "a regular expression for its corporations' numbers"},
                "range": {"type": "array", "items": _INT, "minItems": 2, "maxItems": 2,
                          "description": "the lowest and highest project number"}}},
        "variants": {
            "type": "object", "propertyNames": _WORD, "description": "variants a game may turn on, by id",
            "additionalProperties": {"type": "object", "required": ["meaning", "flow"], "additionalProperties": False,
                                     "properties": {"meaning": _MEANING, "flow": FLOW_SCHEMA, "without_flow": {
                                         "type": "boolean",
                                         "description": "the module's own flow is left out (its mechanics, phases "
                                                        "and score rows): its cards are played without them, what "
                                                        "refers to them left out of each card (F002)"}}}},
        "one_player": {"type": "boolean",
                       "description": "the module of the solo game: it joins every game of one player and no "
                                      "other (the cards' solo: rows then take the place of their printed ones)"},
        "default_variants": {"type": "array", "items": _WORD,
                             "description": "variants on by default in a game with this module"},
        "adds_to_map": {
            "type": "object", "additionalProperties": False,
            "description": "milestones and awards of this module added to the map's (still claimed and funded "
                           "within the rules' limits)",
            "properties": {
                **{k: {"type": "array", "items": _MEANING} for k in ("milestones", "awards")},
                "off_map": {"type": "array",
                            "description": "areas off the map (the Venus board's cities): each with its id, "
                                           "printed name and the tile name it is reserved for",
                            "items": OFF_MAP_AREA}}},
        "vocabulary": {
            "type": "object", "additionalProperties": False,
            "description": "the words it brings to the card language, each with its meaning",
            "properties": {
                "tags": {"type": "object", "propertyNames": _WORD, "additionalProperties": _TAG},
                "card_resources": {"type": "object", "propertyNames": _WORD,
                                   "additionalProperties": {"oneOf": [_MEANING, _NOUN]}},
                "globals": {"type": "object", "propertyNames": _WORD, "additionalProperties": _TRACK},
                "tiles": {"type": "object", "propertyNames": _WORD, "additionalProperties": _MEANING},
                "tile_kinds": {"type": "object", "propertyNames": _WORD, "additionalProperties": _TILE_KIND},
                "counts": {"type": "object", "propertyNames": _WORD, "additionalProperties": _COUNT},
                "card_types": {"type": "object", "propertyNames": _WORD, "additionalProperties": _CARD_TYPE},
            },
        },
    },
}


_READ: dict[tuple[str, float, bool], Module] = {}


def read_manifest(folder: Path, tracks_checked: bool = True) -> Module:
    """The manifest of a module folder (remembered while the file is unchanged). Unless
    `tracks_checked`, a bonus off its track (E602) does not refuse it: lint and the editor read
    it so, to report that problem at its place together with the others."""
    path = folder / MANIFEST
    try:
        key = (str(path), path.stat().st_mtime, tracks_checked)
    except OSError:
        key = None
    if key in _READ:
        return _READ[key]
    module = _read(path, tracks_checked)
    if key:
        _READ[key] = module
    return module


def _read(path: Path, tracks_checked: bool = True) -> Module:
    from .diagnostics import CompileError
    from .strictyaml import Kind, load_file
    try:
        data = load_file(path, Kind("module manifests", "a module manifest"), MAX_DATA_BYTES) or {}
    except CompileError as e:
        raise ModuleError(f"cannot read the module manifest: {e}") from None
    problems = shape_problems(data, path)
    if problems:
        raise ModuleError("\n".join(problems))
    problems = _track_problems(data, path) if tracks_checked else []
    if problems:
        raise ModuleError("\n".join(problems))
    requires = data.get("requires") or []
    if not isinstance(requires, list) or not all(isinstance(r, str) for r in requires):
        raise ModuleError(f"{path}: 'requires' is a list of module ids")
    vocabulary: dict[str, dict[str, dict]] = {}
    for kind, words in (data.get("vocabulary") or {}).items():
        if kind not in VOCABULARY_KINDS or not isinstance(words, dict):
            raise ModuleError(f"{path}: vocabulary kinds are {', '.join(VOCABULARY_KINDS)}, each a mapping of words")
        vocabulary[kind] = {str(w): (v if isinstance(v, dict) else {"meaning": str(v)}) for w, v in words.items()}
    return Module(data["id"], str(data.get("name", data["id"])), tuple(requires), vocabulary, data.get("flow") or {},
                  data.get("adds_to_map") or {}, data.get("variants") or {}, tuple(data.get("default_variants") or ()),
                  data.get("numbering") or {}, bool(data.get("one_player")))


def shape_problems(data: Any, path: Path) -> list[str]:
    """Every way a manifest departs from `MANIFEST_SCHEMA`, in file order, rendered: each at its
    line and column (E604), with the nearest field for a misspelt one and the fields allowed."""
    from .strictyaml import lines_of
    lines = lines_of(path.read_text(encoding="utf-8"))
    return [d.render() for d in schema_diagnostics(MANIFEST_SCHEMA, data, str(path), lines, "E604", "the manifest")]


def schema_diagnostics(schema: dict, data: Any, path: str, lines: list[str], code: str, whole: str,
                       label: Callable[[list], str] | None = None) -> list:
    """Every way a data file read with `strictyaml` departs from its JSON Schema, in file order,
    each a diagnostic at its line and column: an unknown field at its own place with the nearest
    field allowed (else the list of them), a word outside its list with the nearest word. `whole`
    names the file's top level in a message ('the manifest'); `label` names a place inside it as
    its readers know it (default: its keys and indices, dotted)."""

    from .diagnostics import did_you_mean
    from .strictyaml import diagnostic, locate
    from .wholeschema import Validator
    errors = sorted(Validator(schema).iter_errors(data),
                    key=lambda e: locate(data, e.absolute_path))
    out = []
    for e in errors:
        where = (label or _dotted)(list(e.absolute_path))
        allowed = sorted(e.schema.get("properties") or {}) if isinstance(e.schema, dict) else []
        if e.validator == "additionalProperties" and allowed and isinstance(e.instance, dict):
            node = e.instance
            for key in [k for k in node if k not in allowed]:  # each unknown field at its own place
                pos = node.key_at(key) if hasattr(node, "key_at") else locate(data, e.absolute_path)
                hint = did_you_mean(str(key), allowed) or "its fields: " + ", ".join(allowed)
                out.append(diagnostic(path, lines, pos, code, f"{where + ': ' if where else ''}unknown field '{key}'",
                                      suggestion=hint))
            continue
        hint, expected = "", ""
        if e.validator == "enum":  # a word of a fixed list: the nearest one, and the list
            words = [str(w) for w in e.validator_value]
            hint, expected = did_you_mean(str(e.instance), words), "one of " + ", ".join(words)
        out.append(diagnostic(path, lines, locate(data, e.absolute_path), code, f"{where or whole}: {e.message}",
                              suggestion=hint, expected=expected))
    return out


def _dotted(keys: list) -> str:
    return ".".join(map(str, keys))


def _track_problems(data: Any, path: Path) -> list[str]:
    """`track_diagnostics`, rendered: reading a manifest refuses a module with any of them."""
    from .strictyaml import lines_of
    return [d.render() for d in track_diagnostics(data, path, lines_of(path.read_text(encoding="utf-8")))]


def track_diagnostics(data: Any, path: Path, lines: list[str] | None) -> list:
    """A track's bonus steps lie on the track, from its start to its goal on its steps (which the
    schema cannot say), each problem at its line and column."""
    from .strictyaml import diagnostic, where
    out = []
    tracks = (data.get("vocabulary") or {}).get("globals") or {}
    for name, spec in tracks.items():
        start, goal, step = spec["start"], spec["goal"], spec["step"]
        for b in spec.get("bonuses") or ():
            at = b["at"]
            if not start <= at <= goal or (at - start) % step:
                out.append(diagnostic(str(path), lines or [], where(b, "at"), "E602",
                                      f"the bonus of '{name}' at {at} is not a step of its track",
                                      expected=f"a value from {start} to {goal} in steps of {step}"))
    return out


def manifest_for_lint(folder: Path, text: str | None = None) -> tuple[Any, list[str], str] | None:
    """A module's manifest read for lint (its data, lines and text), or None when it cannot be
    read at all (that is reported where its cards are compiled). `text`: the manifest as an
    editor holds it, in place of the file."""
    from .diagnostics import CompileError
    from .strictyaml import Kind, load_text, read_text
    try:
        if text is None:
            text = read_text(folder / MANIFEST, MAX_DATA_BYTES)
        data, lines = load_text(text, str(folder / MANIFEST), Kind("module manifests", "a module manifest"))
    except (CompileError, OSError):
        return None
    return data, lines, text


def manifest_diagnostics(folder: Path, components: dict[str, set[str]] | None = None,
                         text: str | None = None) -> list:
    """What is wrong in a module's manifest beyond its shape, for lint: bonus steps off their
    track, bonuses and defined counts' sums whose card language does not compile, and milestones
    or awards it adds to the map that no card of the game is (`components`: the names of each type
    known), each at its place in module.yaml (`text`: as an editor holds it). (A manifest that cannot be read at all is
    reported when its cards are compiled.)"""
    from .diagnostics import CompileError
    from .lower import lower_field
    from .parser import SourceText
    from .strictyaml import lines_of, where
    path = folder / MANIFEST
    read = manifest_for_lint(folder, text)
    if read is None:
        return []
    data, lines, text = read
    if not isinstance(data, dict):
        return []
    out = track_diagnostics(data, path, lines)
    vocabulary = data.get("vocabulary") if isinstance(data.get("vocabulary"), dict) else {}
    from .strictyaml import diagnostic
    for kind, word, why in word_clashes(str(data.get("id")), vocabulary):
        out.append(diagnostic(str(path), lines, vocabulary[kind].key_at(word) if hasattr(vocabulary[kind], "key_at")
                              else where(vocabulary, kind), "E609", f"{kind}: '{word}' {why}",
                              "give the module's own word another name", "a word no other module brings"))
    for word, why in drawing_problems(vocabulary):
        types = vocabulary["card_types"]
        out.append(diagnostic(str(path), lines, types.key_at(word) if hasattr(types, "key_at")
                              else where(vocabulary, "card_types"), "E610", f"card_types: '{word}' {why}",
                              "label a field its cards have, draw an icon of compiler/sheet/icons.py",
                              "what the sheet can draw"))
    requires = data.get("requires")
    for i, name in enumerate(requires if isinstance(requires, list) else ()):
        if name == data.get("id"):
            out.append(diagnostic(str(path), lines, where(requires, i), "E608",
                                  f"the module '{name}' requires itself", "remove it from requires",
                                  "the ids of the other modules it needs"))
    def compiled(node: Any, key: str, start: str) -> None:
        """The card language at `node[key]` compiled as `start`: its problems at their places."""
        if isinstance(node, dict) and isinstance(node.get(key), str):
            try:
                lower_field(SourceText(node[key], str(path), *where(node, key), file_lines=lines_of(text)), start)
            except CompileError as e:
                out.extend(e.diagnostics)

    vocabulary = data.get("vocabulary") or {}
    for spec in (vocabulary.get("globals") or {}).values():
        for b in spec.get("bonuses") or () if isinstance(spec, dict) else ():
            compiled(b, "do", "row")
    for spec in (vocabulary.get("counts") or {}).values():  # a defined count's sum
        compiled(spec, "sum", "counts")
    adds = data.get("adds_to_map") or {}
    for kind in ("milestone", "award") if components is not None and isinstance(adds, dict) else ():
        names = adds.get(f"{kind}s") or []
        known = components.get(kind, set())
        for i, name in enumerate(names if isinstance(names, list) else ()):
            if name not in known:
                from .diagnostics import did_you_mean
                from .strictyaml import diagnostic
                out.append(diagnostic(str(path), lines, where(names, i), "E603",
                                      f"adds_to_map names the {kind} '{name}', which no card of the game is",
                                      suggestion=did_you_mean(str(name), known),
                                      expected=f"the name of a card of type {kind}"))
    return out


def _known() -> dict[str, tuple[Module, Path]]:
    if not _KNOWN:
        for path in sorted(CARDS_ROOT.glob(f"*/{MANIFEST}")):
            module = read_manifest(path.parent)
            _KNOWN[module.id] = (module, path.parent)
    return _KNOWN


#: Caches keyed by module ids (rules, flow, content), emptied when the added folders are forgotten,
#: since an id then may name another folder.
ON_FORGET: list = []


def forget_added() -> None:
    """Forget the folders added to this run (for a host that runs several games in one process,
    such as the test suite): only the installed modules stay known."""
    if any(folder.parent != CARDS_ROOT for _, folder in _KNOWN.values()):
        _KNOWN.clear()
        for refresh in ON_NEW_WORDS:
            refresh()
        for clear in ON_FORGET:
            clear()


def manifests() -> dict[str, Module]:
    """Every module this run knows, by id: the folders of cards/ and the folders added."""
    return {mid: m for mid, (m, _) in _known().items()}


def folder_of(mid: str) -> Path:
    return _known()[mid][1]


#: Called after a folder brings new modules (and so perhaps new words): tables built from the
#: vocabulary (counts, triggers, nouns) refresh themselves in place.
ON_NEW_WORDS: list = []


def keep_tables(kinds: list | tuple, table: dict, meanings: dict) -> Callable[[], None]:
    """Fill `table` (word -> kind) and `meanings` (word -> meaning) from kinds that each state
    `words()`, and refill them in place whenever a module added to the run brings new words;
    the refill is returned, for a kind registered later (by a mechanic's package)."""
    def refresh() -> None:
        table.clear()
        meanings.clear()
        for kind in kinds:
            for word, meaning in kind.words().items():
                table[word] = kind
                meanings[word] = meaning

    refresh()
    ON_NEW_WORDS.append(refresh)
    return refresh


def all_words(kind: str) -> dict[str, dict]:
    """The words of one kind that every module this run knows brings: installed ones first."""
    out: dict[str, dict] = {}
    for module, _ in _known().values():
        for word, spec in module.words(kind).items():
            out.setdefault(word, spec)
    return out


def add_folder(folder: str | Path, tracks_checked: bool = True) -> str:
    """Make a card folder with its own `module.yaml` a module of this run; its id (`tracks_checked`:
    as `read_manifest`)."""
    try:
        folder = resolved(folder)
    except OSError as e:
        raise ModuleError(f"{folder}: {e.strerror}") from None
    if not (folder / MANIFEST).is_file():
        raise ModuleError(f"{folder}: a card folder added to a game needs a {MANIFEST} (id, name, requires)")
    module = read_manifest(folder, tracks_checked)
    known = _known()
    if module.id in known and known[module.id][1] != folder:
        raise ModuleError(f"{folder}: module id {module.id!r} is already the module of {known[module.id][1]}")
    new = module.id not in known
    clashes = word_clashes(module.id, module.vocabulary or {})
    if new and clashes:
        kind, word, why = clashes[0]
        raise ModuleError(f"{folder / MANIFEST}: vocabulary: {kind}: '{word}' {why}; a module brings new words "
                          "(tmars lint shows each at its place, E609)")
    known[module.id] = (module, folder)
    if new and module.vocabulary:
        for refresh in ON_NEW_WORDS:
            refresh()
    return module.id


def _spec_of(spec: Any) -> dict:
    """A word's spec as a module holds it (a bare meaning is `{meaning: …}`)."""
    return spec if isinstance(spec, dict) else {"meaning": str(spec)}


#: vocabulary kinds whose words are icons of the card language: none may be a word the language
#: itself gives an icon (a card resource 'plant' could not be told from the standard resource)
ICON_KINDS = ("card_resources", "globals")


def drawing_problems(vocabulary: dict) -> list[tuple[str, str]]:
    """What a module's card types ask of the sheet that it cannot draw: a label of no field drawn
    in a panel, an icon not of its set; (card type, why). Only the sheet reads them, so they are
    lint's errors, never a reason to refuse the module in a game."""
    from .sheet.icons import SYMBOLS
    out = []
    for word, spec in (vocabulary.get("card_types") or {}).items():
        if not isinstance(spec, dict):
            continue
        fields = spec.get("fields") or {}
        for field in spec.get("labels") or ():
            if field not in fields and field not in LABELLED_FIELDS:
                out.append((str(word), f"labels '{field}', which is neither a field of its own nor "
                                       f"{' nor '.join(LABELLED_FIELDS)}"))
        for field, declared in fields.items():
            drawn = declared.get("icon") if isinstance(declared, dict) else None
            if drawn and drawn not in SYMBOLS:
                out.append((str(word), f"draws '{drawn}' with '{field}', which is no icon of the sheet's set"))
    return out


def word_clashes(mid: str, vocabulary: dict) -> list[tuple[str, str, str]]:
    """The words a module's vocabulary declares that another known module already brings in the
    same kind with another meaning, or that are the language's own words of its icons: (kind,
    word, why). Such a declaration was silently ignored (the first module's meaning won), and a card
    resource named as a standard resource made two icons of one word. Two expansions may bring the
    same word alike (floaters in Venus Next and in Colonies): neither needs the other for it."""
    from .ops.lowering import atom_table
    brought = {w for m, _ in _known().values() for k in ICON_KINDS for w in m.words(k)}
    language = set(atom_table(False)) - brought
    out = []
    from .compile import FIELDS
    from .solo import LANGUAGE_FIELDS
    for word, spec in (vocabulary.get("card_types") or {}).items():
        for field in (spec.get("fields") or {}) if isinstance(spec, dict) else ():
            if field in FIELDS or field in LANGUAGE_FIELDS.values():  # a solo row names either
                out.append(("card_types", str(word), f"declares '{field}', which is a field every card may have"))
    for kind, words in vocabulary.items():
        for word in words if isinstance(words, dict) else ():
            spec = words[word]
            other = next((m.id for m, _ in _known().values()
                          if m.id != mid and word in m.words(kind) and m.words(kind)[word] != _spec_of(spec)), None)
            if other is not None:
                what = VOCABULARY_KINDS.get(kind, "a word")
                out.append((kind, str(word), f"is already {what} of the module {other}"))
            elif kind in ICON_KINDS and word in language:
                out.append((kind, str(word), "is a word of the card language itself"))
    return out


def installed_words(kind: str) -> dict[str, dict]:
    """The words of one kind that the installed modules (the folders of cards/) bring, in order."""
    out: dict[str, dict] = {}
    for path in sorted(CARDS_ROOT.glob(f"*/{MANIFEST}")):
        out.update(read_manifest(path.parent).words(kind))
    return out


def closure(mid: str) -> set[str]:
    """A module and every module it requires, directly or not."""
    known = manifests()
    out: set[str] = set()
    todo = [mid]
    while todo:
        m = todo.pop()
        if m in out or m not in known:
            continue
        out.add(m)
        todo.extend(known[m].requires)
    return out


def bringer(word: str, kind: str) -> str | None:
    """The module that brings a word, if any known module does (the first of `bringers`)."""
    return next(iter(bringers(word, kind)), None)


def bringers(word: str, kind: str) -> list[str]:
    """Every known module that brings a word: two may declare one alike (floaters, Colonies and
    Venus Next)."""
    return [mid for mid, m in manifests().items() if word in m.words(kind)]


def module_of_path(path: Path) -> str | None:
    """The id of the module whose folder holds this file (its nearest manifest), if any; a folder
    met this way becomes known to the run, so its vocabulary and requirements can be checked."""
    try:
        parents = resolved(path).parents
    except OSError:  # a loop of links: no folder holds it (the file is refused where it is read)
        return None
    for folder in parents:
        if (folder / MANIFEST).is_file():
            try:
                return add_folder(folder, tracks_checked=False)  # E602 is reported by lint, at its place
            except ModuleError:
                return read_manifest(folder, tracks_checked=False).id  # an id clash is refused where a game is made
    return None


def resolve(names: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The module set to play: every name known, every requirement present; in dependency order."""
    known = manifests()
    unknown = [m for m in names if m not in known]
    if unknown:
        raise ModuleError(f"unknown module {unknown[0]!r}; this tmars has {', '.join(sorted(known))}")
    for m in names:
        missing = [r for r in known[m].requires if r not in names]
        if missing:
            raise ModuleError(f"module {m!r} requires {', '.join(missing)}: add it to the modules")
    ordered: list[str] = []
    path: list[str] = []  # the modules being visited, each requiring the next

    def visit(m: str) -> None:
        if m in ordered:
            return
        if m in path:
            circle = " -> ".join([*path[path.index(m):], m])
            raise ModuleError(f"the modules' requirements go round in a circle: {circle} (a module comes after "
                              "what it requires, so none may require itself, even through others)")
        path.append(m)
        for r in known[m].requires:
            visit(r)
        path.pop()
        ordered.append(m)

    for m in names:
        visit(m)
    return tuple(ordered)


def parse_list(text: str) -> tuple[str, ...]:
    """'base, corpera' -> ('base', 'corpera')."""
    return tuple(m.strip() for m in text.split(",") if m.strip())
