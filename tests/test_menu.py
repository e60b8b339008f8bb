"""The kept action menu (`tmars/menu.py`): parts are reused while what they read is unchanged,
dropped when it changes, and the proof (a menu built from scratch beside every kept one) catches a
missing declaration."""

from __future__ import annotations

import pytest

from compiler.counts import COUNTS
from tmars import actions, rules
from tmars.agents import RandomAgent
from tmars.game import Game
from tmars.menu import Menu, MenuMismatch, check_menus


def _play(game: Game, seed: int, decisions: int | None = None) -> None:
    agents = [RandomAgent(seed * 7 + i) for i in range(len(game.state["players"]))]
    n = 0
    while not game.over and (decisions is None or n < decisions):
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
        n += 1


def _at_action(seed: int, modules: tuple[str, ...] = ("base", "corpera"), at_least: int = 60) -> Game:
    """A game some way in, waiting for an action in the action phase."""
    game = Game.new(2, seed=seed, modules=modules)
    _play(game, seed, at_least)
    agents = [RandomAgent(seed + i) for i in range(2)]
    while not (game.pending["kind"] == "action" and game.state["phase"] == "action"):
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))
    return game


@pytest.mark.parametrize("modules", [("base",), ("base", "corpera"), ("base", "corpera", "prelude", "venus")])
def test_every_kept_menu_equals_one_built_from_scratch(modules):
    for seed in range(3):
        game = Game.new(3, seed=seed, modules=modules)
        check_menus(game.interp)
        _play(game, seed)  # a MenuMismatch would fail the test
        assert game.over
        assert any(kept.parts for kept in game.interp.menu.players.values())


def test_an_unchanged_state_asks_no_requirement_again(monkeypatch):
    game = _at_action(1)
    g, p = game.interp, game.pending["player"]
    first = actions.action_options(g, p)
    asked = []
    real = rules.requirements_met
    monkeypatch.setattr(rules, "requirements_met", lambda *a: asked.append(a[3]["name"]) or real(*a))
    assert actions.action_options(g, p) == first
    assert asked == []
    g.menu = None  # nothing kept: every card with a requirement is asked again
    actions.action_options(g, p)
    with_requirements = {n for n in game.state["players"][p]["hand"] if "requires" in game.content.cards[n]}
    assert with_requirements and sorted(asked) == sorted(with_requirements)


def test_a_changed_domain_drops_exactly_the_parts_that_read_it():
    game = _at_action(2)
    g, p = game.interp, game.pending["player"]
    actions.action_options(g, p)
    kept = g.menu.players[p]
    readers = set(kept.index.get("globals:oxygen", ()))
    others = set(kept.parts) - readers
    assert others
    g.state["globals"]["oxygen"] += 1
    kept.refresh(g.state, g.content, p)
    assert not readers & set(kept.parts)
    unrelated = {k for k in others if not any(k in keys for d, keys in kept.index.items() if d.startswith("globals"))}
    assert unrelated and unrelated <= set(kept.parts)


def test_the_proof_catches_a_count_that_declares_too_little(monkeypatch):
    """A requirement on a global parameter that declared it reads nothing would be kept forever;
    the comparison with a menu built from scratch notices."""
    content = Game.new(2, seed=0).content
    monkeypatch.setattr(type(COUNTS["oxygen"]), "reads", lambda self, c: frozenset())
    content.memo.pop("menu-domains", None)
    try:
        with pytest.raises(MenuMismatch, match="the kept menu differs"):
            for seed in range(20):
                game = Game.new(2, seed=seed, content=content)
                g = game.interp
                g.menu = Menu()
                g.menu.check = True
                _play(game, seed)
    finally:
        content.memo.pop("menu-domains", None)


@pytest.mark.parametrize("modules", [("base", "corpera", "prelude", "venus")])
def test_every_shipped_row_declares_known_domains(modules):
    """What each card, project, conversion and milestone reads names domains the menu has (a
    misspelt one would raise in play, at the first menu that met it)."""
    from tmars.menu import domains_of, play_reads, requirement_reads, rows_reads

    content = Game.new(2, seed=0, modules=modules).content
    kept = 0
    for card in content.cards.values():
        rows = [play_reads(card.get("play", []))] + [rows_reads(a["cost"], a["gain"]) for a in card.get("action", ())]
        if card.get("requires"):
            rows.append(requirement_reads(card["requires"]))
        kept += sum(domains_of(r) is not None for r in rows)
    for kind in ("standard-project", "conversion"):
        for c in content.of_type(kind):
            alts = c.get("action") or [{"cost": [], "gain": c.get("play", [])}]
            kept += sum(domains_of(rows_reads(a["cost"], a["gain"])) is not None for a in alts)
    for name in content.map.milestones:
        domains_of(requirement_reads(content.component("milestone", name)["requires"]))
    assert kept > len(content.cards)  # most rows are kept: few read resources or anything
