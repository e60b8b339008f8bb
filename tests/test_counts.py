"""Every count word is declared once (compiler/counts.py) with what each consumer needs."""

from __future__ import annotations

import pytest

from compiler.counts import COUNTS, KINDS, Count
from compiler.lower import lower_field
from compiler.modules import manifests
from compiler.parser import SourceText
from compiler.sheet.render import count_html
from compiler.text import count_text
from tmars.game import Game
from tmars.rules import count


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: type(k).__name__)
def test_each_kind_of_count_states_what_every_consumer_needs(kind):
    missing = [m for m in ("words", "value", "parts", "icon") if getattr(type(kind), m) is getattr(Count, m)]
    assert not missing, f"{type(kind).__name__} does not state: {', '.join(missing)}"


@pytest.mark.parametrize("word", sorted(COUNTS))
def test_every_count_word_compiles_reads_draws_and_counts(word):
    req = lower_field(SourceText(f"{word} >= 1", "t.yaml", 1, 1), "requires")[0]
    assert req["count"] == word
    assert count_text(req).strip() and count_html(req).startswith("<")
    # every shipped module but the solo game's (a game of one player), so every word has its state
    game = Game.new(2, seed=1, modules=tuple(m for m, module in manifests().items() if not module.one_player))
    assert isinstance(count(game.state, game.content, 0, req, {"p": 0, "card": None}), int)


def test_counts_follow_the_state():
    game = Game.new(2, seed=1)
    st = game.state
    st["players"][0]["res"]["plant"] = 7
    st["players"][1]["prod"]["heat"] = 3
    st["board"].update({"r3c3": {"tile": "city", "owner": 0}, "r5c5": {"tile": "greenery", "owner": 1}})
    read = lambda text, p=0: count(st, game.content, p, lower_field(SourceText(text, "t", 1, 1), "requires")[0])  # noqa: E731
    assert read("plant >= 1") == 7 and read("heat-prod! >= 1") == 3 and read("heat-prod >= 1") == 0
    assert read("city-tile >= 1") == 1 and read("tile! >= 1") == 2 and read("greenery-tile >= 1", 1) == 1


def _card(content, kind: str, tags: list[str], but: tuple[str, ...] = ()) -> str:
    """A card of the library of this type with exactly these tags (any order), other than those named."""
    return next(n for n, c in content.cards.items()
                if c["type"] == kind and sorted(c["tags"]) == sorted(tags) and n not in but)


def _reader(game):
    return lambda text, p=0: count(game.state, game.content, p, lower_field(SourceText(text, "t", 1, 1), "requires")[0])


def test_tag_types_leave_out_events_and_wild_tags():
    game = Game.new(2, seed=1, modules=("base", "corpera", "prelude"))
    content, st = game.content, game.state
    wild = content.wild[0]
    science = _card(content, "automated", ["science"])
    st["players"][0]["played"] = [{"name": n, "res": 0} for n in (
        science, _card(content, "automated", ["science"], (science,)), _card(content, "active", ["building"]),
        next(n for n, c in content.cards.items() if c["type"] != "event" and c["tags"] == [wild]))]
    st["players"][0]["events"] = [_card(content, "event", ["space", "event"])]
    st["players"][1]["played"] = [{"name": _card(content, "automated", ["jovian"]), "res": 0}]
    read = _reader(game)
    assert read("tag-type >= 1") == 2 and read("tag-type >= 1", 1) == 1 and read("tag-type! >= 1") == 3


def test_active_cards_are_the_blue_cards_in_play():
    game = Game.new(2, seed=1)
    content, st = game.content, game.state
    st["players"][0]["played"] = [{"name": n, "res": 0} for n in (
        _card(content, "active", ["building"]), _card(content, "automated", ["science"]))]
    st["players"][0]["events"] = [_card(content, "event", ["space", "event"])]
    st["players"][1]["played"] = [{"name": _card(content, "active", ["science"]), "res": 0}]
    read = _reader(game)
    assert read("active-card >= 1") == 1 and read("active-card! >= 1") == 2


def _tiles_around_oceans(game) -> None:
    """Oceans on r1c2 and r1c4. Alice: a city between them (r1c3), a greenery by one (r2c3), a
    greenery by two empty ocean areas (r4c4), a city off the map. Bob: a city by r1c4 (r2c4)."""
    game.state["board"].update({
        "r1c2": {"tile": "ocean", "owner": None}, "r1c4": {"tile": "ocean", "owner": None},
        "r1c3": {"tile": "city", "owner": 0}, "r2c3": {"tile": "greenery", "owner": 0},
        "r4c4": {"tile": "greenery", "owner": 0}, "phobos-space-haven": {"tile": "city", "owner": 0},
        "r2c4": {"tile": "city", "owner": 1}})


def test_tiles_next_to_an_ocean_count_once_each():
    game = Game.new(2, seed=1)
    _tiles_around_oceans(game)
    read = _reader(game)
    assert read("tile(ocean-adjacent) >= 1") == 2 and read("tile >= 1") == 4
    assert read("city-tile(ocean-adjacent) >= 1") == 1 and read("greenery-tile(ocean-adjacent) >= 1") == 1
    assert read("tile!(ocean-adjacent) >= 1") == 3 and read("tile(mars, ocean-adjacent) >= 1") == 2


def test_empty_areas_next_to_your_tiles_count_once_each():
    """Alice's tiles touch r2c2, r3c3, r3c4 (r2c3) and r4c3, r4c5, r3c3, r3c4, r5c4, r5c5 (r4c4),
    empty ocean areas included: 7 areas; Bob's r2c5, r3c4, r3c5."""
    game = Game.new(2, seed=1)
    _tiles_around_oceans(game)
    read = _reader(game)
    assert read("empty-adjacent >= 1") == 7 and read("empty-adjacent >= 1", 1) == 3
    assert read("empty-adjacent! >= 1") == 10
