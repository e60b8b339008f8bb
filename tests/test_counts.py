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
    game = Game.new(2, seed=1, modules=tuple(manifests()))  # every shipped module, so every word has its state
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
