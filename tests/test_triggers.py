"""Every trigger word is declared once (compiler/triggers.py) with what each consumer needs."""

from __future__ import annotations

import pytest

from compiler.lower import lower_field
from compiler.parser import SourceText
from compiler.sheet.render import trigger_html
from compiler.text import triggers_text
from compiler.triggers import KINDS, TRIGGERS, Trigger
from tmars.content import load_content
from tmars.rules import trigger_matches


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: type(k).__name__)
def test_each_kind_of_trigger_states_what_every_consumer_needs(kind):
    missing = [m for m in ("words", "matches", "phrase", "icon") if getattr(type(kind), m) is getattr(Trigger, m)]
    assert not missing, f"{type(kind).__name__} does not state: {', '.join(missing)}"
    assert isinstance(getattr(type(kind), "listens", None), str), f"{type(kind).__name__} does not say its event"


SAMPLE_EVENTS = [{"kind": "tag", "tag": "space", "p": 0}, {"kind": "card", "card": "Asteroid", "p": 0},
                 {"kind": "std", "name": "Power Plant", "cost": 11, "p": 0},
                 {"kind": "tile", "tile": "city", "area": "r3c3", "p": 0},
                 {"kind": "conversion", "res": "plant", "p": 0},
                 {"kind": "raise", "param": "temperature", "p": 0}, {"kind": "production", "res": "steel", "p": 0},
                 {"kind": "colony", "card": "Luna", "p": 0}, {"kind": "trade", "card": "Luna", "p": 0},
                 {"kind": "buy", "card": "Birds", "p": 0},
                 {"kind": "new-tag-type", "tag": "animal", "card": "Birds", "p": 0}, {"kind": "tr", "p": 0},
                 {"kind": "production-phase", "p": 0}]


@pytest.mark.parametrize("word", sorted(TRIGGERS))
def test_a_trigger_matches_only_the_kind_of_event_it_listens_to(word):
    """The engine skips events of kinds no card listens to (Content.listened): a kind that matched
    other events than it says would then silently miss them."""
    content = load_content()
    t = lower_field(SourceText(f"{word} => +1 mc", "t.yaml", 1, 1), "effect")["on"][0]
    kinds = {ev["kind"] for ev in SAMPLE_EVENTS if TRIGGERS[word].matches(t, ev, content)}
    assert kinds <= {TRIGGERS[word].listens}
    assert TRIGGERS[word].listens in {ev["kind"] for ev in SAMPLE_EVENTS}


@pytest.mark.parametrize("word", sorted(TRIGGERS))
def test_every_trigger_word_compiles_reads_and_draws(word):
    effect = lower_field(SourceText(f"{word} => +1 mc", "t.yaml", 1, 1), "effect")
    t = effect["on"][0]
    assert triggers_text([t]).strip() and trigger_html(t).startswith("<")


def test_triggers_fire_on_their_events_only():
    content = load_content()
    on = lambda text: lower_field(SourceText(f"{text} => +1 mc", "t", 1, 1), "effect")["on"][0]  # noqa: E731
    city_on_mars = on("city!(mars)")
    assert trigger_matches(city_on_mars, {"kind": "tile", "tile": "city", "area": "r3c3", "p": 1}, 0, content)
    assert not trigger_matches(city_on_mars, {"kind": "tile", "tile": "city", "area": "ganymede-colony", "p": 1},
                               0, content)
    assert not trigger_matches(on("city"), {"kind": "tile", "tile": "city", "area": "r3c3", "p": 1}, 0, content)
    space_event = on("card(space, event)")
    assert trigger_matches(space_event, {"kind": "card", "card": "Asteroid", "p": 0}, 0, content)
    assert not trigger_matches(space_event, {"kind": "card", "card": "Birds", "p": 0}, 0, content)
    assert trigger_matches(on("std(power-plant)"), {"kind": "std", "name": "Power Plant", "cost": 11, "p": 0},
                           0, content)
    assert not trigger_matches(on("conversion(heat)"), {"kind": "conversion", "res": "plant", "p": 0}, 0, content)


def test_a_trigger_at_a_moment_of_the_game_reads_at_it():
    """An effect at the start of the production phase reads 'at the start of …', not 'when …'."""
    from compiler.text import effect_text
    effect = lower_field(SourceText("production-phase => if tr-raises <= 0 then +6 mc", "t", 1, 1), "effect")
    assert effect_text(effect) == ("Effect: at the start of each production phase, if your terraform rating has "
                                   "not gone up this generation, gain 6 M€.")
    mixed = lower_field(SourceText("production-phase or city => +1 mc", "t", 1, 1), "effect")
    assert effect_text(mixed) == ("Effect: at the start of each production phase or when you place a city tile, "
                                  "gain 1 M€.")
