"""The shipped card library compiles, validates against the IR schema and round-trips."""

from __future__ import annotations

import json

import jsonschema
import pytest

from compiler import printer
from compiler.compile import FRAME_SCHEMA
from compiler.ops.schema import schema
from compiler.library import compile_paths
from compiler.lower import alternatives_as_items, lower_field
from compiler.parser import SourceText

LIBRARY = compile_paths(use_cache=False)
CARDS = LIBRARY.cards
START_OF = {"requires": "requires", "vp": "vp", "play": "row", "start": "row", "first-action": "row",
            "action": "row", "effect": "effect", "score": "counts"}


def test_library_compiles_cleanly():
    assert LIBRARY.ok, "\n".join(d.render() for d in LIBRARY.diagnostics)
    assert len(CARDS) >= 50


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c["name"])
def test_card_matches_ir_schema(card):
    jsonschema.validate(card, schema())


def reparse(field: str, text: str):
    alts = lower_field(SourceText(text, "<printed>", 1, 1), START_OF[field])
    if field in ("play", "start", "first-action"):
        return alternatives_as_items(alts)
    if field == "action":
        return [a if isinstance(a, dict) else {"cost": [], "gain": a} for a in alts]
    return alts


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c["name"])
def test_print_then_parse_gives_the_same_ir(card):
    assert_round_trip(card, printer.card_fields(card))


def assert_round_trip(card: dict, printed: dict) -> None:
    from compiler.solo import KEY, solo_view
    ir_key = {"first-action": "first_action", "effect": "effects"}
    parts = card.get("parts", {})
    for field, text in printed.items():
        key = ir_key.get(field, field)
        if field == KEY:  # the solo rows: each printed as the field it stands in for
            assert_round_trip(solo_view(card), text)
        elif field in parts:  # a field of the card's type (a colony tile's rows and numbers)
            value = parts[field]
            if isinstance(text, list):
                assert [alternatives_as_items(lower_field(SourceText(t, "<printed>", 1, 1), "row")) for t in text] \
                    == value, f"{card['name']}.{field}"
            elif isinstance(value, list):
                assert reparse("play", text) == value, f"{card['name']}.{field}: {text}"
            else:
                assert text == value
        elif field == "effect":
            assert [reparse(field, t) for t in text] == card[key]
        else:
            assert reparse(field, text) == card[key], f"{card['name']}.{field}: {text}"


@pytest.mark.parametrize("field, text", [
    ("play", "+1 mc per empty-adjacent"),
    ("play", "-4 mc per tile(ocean-adjacent) max 5 less influence"),
    ("play", "-3 mc per active-card! max 5 less influence"),
    ("play", "if tag-type + influence >= 9 then +10 mc"),
    ("effect", "production-phase => if tr-raises <= 0 then (+1 animal, +6 mc)"),
    ("effect", "value +1 ocean"),
])
def test_words_no_shipped_card_uses_yet_print_and_parse_back(field, text):
    """The round trip of the shipped cards, for words the cards of an expansion still to come use."""
    ir = reparse(field, text)
    printed = printer.play_row(ir) if field == "play" else printer.effect(ir)
    assert printed == text and reparse(field, printed) == ir


def test_an_ocean_worth_more_reads_as_the_bonus_it_gives():
    from compiler.text import effect_text
    assert effect_text(reparse("effect", "value +1 ocean")) == \
        "Effect: each ocean tile next to a tile you place gives you 3 M€ instead of 2 M€."


def test_schemas_are_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(schema())
    jsonschema.Draft202012Validator.check_schema(FRAME_SCHEMA)


def test_ir_schema_rejects_a_malformed_node():
    card = json.loads(json.dumps(next(c for c in CARDS if c["name"] == "Birds")))
    card["play"][0]["items"][0]["res"] = "unobtainium"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(card, schema())


def test_card_facts_of_birds():
    birds = next(c for c in CARDS if c["name"] == "Birds")
    assert (birds["number"], birds["cost"], birds["tags"], birds["holds"]) == ("072", 10, ["animal"], "animal")
    assert birds["requires"] == [{"count": "oxygen", "cmp": ">=", "value": 13}]
    assert birds["play"] == [{"op": "box", "items": [{"op": "production", "res": "plant", "n": -2, "any": True}]}]
    assert birds["vp"] == {"n": 1, "per": {"count": "animal"}}


def test_modules_follow_folders():
    modules = {c["name"]: c["module"] for c in CARDS}
    assert modules["Birds"] == "base"
    assert modules["Research"] == "corpera"
    assert modules["Saturn Systems"] == "corpera"


def test_cache_gives_the_same_cards(tmp_path, monkeypatch):
    monkeypatch.setenv("TMARS_CACHE", str(tmp_path))
    cold = compile_paths()
    assert list(tmp_path.iterdir()), "the cache was not written"
    warm = compile_paths()
    assert cold.cards == warm.cards == CARDS


def test_shipped_schema_files_are_current():
    """Editors validate card files against compiler/card-file.schema.json; it must match the code."""
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent / "compiler"
    assert json.loads((root / "card-file.schema.json").read_text()) == FRAME_SCHEMA, "run: tmars schema --frame"
    from compiler.modules import MANIFEST_SCHEMA
    assert json.loads((root / "module-file.schema.json").read_text()) == MANIFEST_SCHEMA, "run: tmars schema --module"
    from compiler.boards import BOARD_SCHEMA
    assert json.loads((root / "board-file.schema.json").read_text()) == BOARD_SCHEMA, "run: tmars schema --board"
    jsonschema.Draft202012Validator.check_schema(BOARD_SCHEMA)
    assert json.loads((root / "ir.schema.json").read_text()) == json.loads(json.dumps(schema()))


def test_card_files_validate_against_the_frame_schema():
    import yaml
    from compiler.library import card_files
    for path in card_files():
        jsonschema.validate(yaml.safe_load(path.read_text()), FRAME_SCHEMA)


def _words_used() -> dict[str, set[str]]:
    """Every vocabulary word the library's components use, by kind."""
    from compiler.ir import part_rows
    from compiler.ops import walk
    used: dict[str, set[str]] = {k: set() for k in ("tag", "resource", "global", "rule", "count", "trigger", "type")}

    def count(c: dict) -> None:
        used["count"].add(c["count"])
        for more in (*c.get("plus", ()), *((c["less"],) if "less" in c else ())):
            count(more)

    for c in CARDS:
        used["type"].add(c["type"])
        used["tag"].update(c.get("tags", ()))
        if c.get("holds"):
            used["resource"].add(c["holds"])
        for r in c.get("requires", ()):
            count(r)
        vp = c.get("vp", {})
        for key in ("per", "if"):
            if "count" in vp.get(key, {}):
                count(vp[key])
        for s in c.get("score", ()):
            count(s)
        rows = [c.get(k, []) for k in ("play", "start", "first_action")]
        rows += [a["cost"] + a["gain"] for a in c.get("action", ())]
        rows += [items for _, items in part_rows(c)]
        for e in c.get("effects", ()):
            for m in e.get("mods", ()):
                if m["mod"] == "extra":
                    count({"count": m["res"]})
            rows.append(e.get("do", []))
            used["trigger"].update(t["event"] for t in e.get("on", ()))
            used["trigger"].update(t["event"] for m in e.get("mods", ()) for t in m.get("on", ()))
        for row in rows:
            for n in walk(row):
                if n["op"] in ("card_resource", "steal"):
                    used["resource"].add(n["res"])
                if n["op"] == "raise":
                    used["global"].add(n["param"])
                if "per" in n:
                    count(n["per"])
                if "less" in n:
                    count(n["less"])
                if n["op"] == "need":
                    count(n["cond"])
                if n["op"] == "if":
                    if "count" in n["cond"]:
                        count(n["cond"])
                    else:
                        used["tag"].add(n["cond"]["reveal"])
                used["rule"].update(a if isinstance(a, str) else a["rule"] for a in n.get("rules", ()))
    return used


def test_every_word_of_the_language_is_used_by_the_library():
    """The vocabulary is what the engine runs: a word no component uses is never played, so it is
    removed until a module brings it (its scenarios then cover it)."""
    from compiler import vocab
    used = _words_used()
    assert set(vocab.TAGS) <= used["tag"]
    assert set(vocab.CARD_RESOURCES) <= used["resource"]
    assert set(vocab.GLOBALS) <= used["global"]
    assert set(vocab.PLACEMENT_RULES) <= used["rule"]
    from compiler.counts import KINDS
    for kind in KINDS:  # every kind of count is used (a tag or a resource need not be, each)
        if kind.words():  # (the count words modules define: none shipped; the fan module uses one)
            assert set(kind.words()) & used["count"], f"no card counts {sorted(kind.words())}"
    from compiler.triggers import KINDS as TRIGGER_KINDS
    for trigger in TRIGGER_KINDS:
        assert set(trigger.words()) & used["trigger"], f"no card triggers on {sorted(trigger.words())}"
    assert set(vocab.CARD_TYPES) <= used["type"]


def test_the_schema_check_by_parts_agrees_with_the_whole_card():
    """Cards are checked against the IR schema field by field and item by item (each distinct part
    once, for speed); that must pass and fail exactly where checking the whole card does."""
    import copy

    from compiler.compile import _ir_validator, ir_error
    cards = compile_paths().cards
    broken = []
    for card in cards[:60]:
        for change in ({"cost": -1}, {"tags": ["Not A Tag"]}, {"extra": 1}, {"type": "Not A Type"}, {"name": 7}):
            broken.append({**copy.deepcopy(card), **change})
        if card.get("play"):
            bad = copy.deepcopy(card)
            bad["play"][-1]["op"] = "nosuch"
            broken.append(bad)
        broken.append({k: v for k, v in card.items() if k != "module"})
    for card in cards + broken:
        whole = next(iter(_ir_validator().iter_errors(card)), None)
        assert (ir_error(card) != "") == (whole is not None), card
    assert all(ir_error(card) for card in broken)


@pytest.mark.parametrize("forged", ['[{"name": 1}]', '[]', '{"sha256": "0", "cards": []}', '{"cards": [{"x": 1}]}',
                                    '[[1, 2]]', '"cards"'])
def test_a_cache_file_of_the_wrong_shape_is_compiled_again_not_trusted(tmp_path, monkeypatch, forged):
    """A cache file that is valid JSON but not what the compiler wrote (cut short, edited, another
    shape) used to be taken as cards and crash later: each is compiled again."""
    monkeypatch.setenv("TMARS_CACHE", str(tmp_path / "cache"))
    card = tmp_path / "one.yaml"
    card.write_text('- name: Cached Card\n  number: "C01"\n  type: automated\n  cost: 3\n  play: +2 plant\n')
    first = compile_paths([card]).cards
    (entry,) = (tmp_path / "cache").glob("*.json")
    entry.write_text(forged)
    again = compile_paths([card]).cards
    assert again == first and again[0]["play"] == [{"op": "resource", "res": "plant", "n": 2}]


def test_every_keyword_of_the_grammar_has_its_hover_text():
    """A keyword the grammar gains (`above`, `most`) is explained where an author hovers it."""
    from compiler.parser import KEYWORDS as GRAMMAR
    from tmars.lsp.words import KEYWORDS
    assert set(GRAMMAR) <= set(KEYWORDS), sorted(set(GRAMMAR) - set(KEYWORDS))
