"""The kept action menu (`tmars/menu.py`): parts are reused while what they read is unchanged,
dropped when it changes, and the proof (a menu built from scratch beside every kept one) catches a
missing declaration."""

from __future__ import annotations

import pytest

from compiler.counts import COUNTS
from tmars import actions, rules
from tmars.agents import RandomAgent
from tmars.game import Game
from tmars.menu import (Menu, MenuMismatch, PartReads, check_menus, domains_of, play_reads, requirement_reads,
                        rows_reads, shareable)


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


def _holding(card: str, seed: int = 6, mc: int = 30) -> tuple[Game, int]:
    """A game some way in whose acting player holds only `card` and `mc` M€."""
    game = _at_action(seed)
    p = game.pending["player"]
    pl = game.state["players"][p]
    pl["hand"] = [card]
    pl["res"]["mc"] = mc
    return game, p


def _fresh_menu(game: Game, p: int) -> set[str]:
    """The option ids of p's menu built with nothing kept for this state."""
    game.interp.menu = Menu()
    return {o["id"] for o in actions.action_options(game.interp, p)}


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
    g.menu = Menu()  # nothing kept, nothing shared: every card with a requirement is asked again
    game.content.memo.pop("menu-shared", None)
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


def test_a_tile_far_from_the_witness_keeps_what_reads_the_plain_tile():
    """A tile placed away from the area the city project's verdict was found on changes `board`,
    not `place:city`: the verdict is kept; a tile on that very area makes it look again."""
    game = _at_action(3)
    g, p = game.interp, game.pending["player"]
    actions.action_options(g, p)
    kept = g.menu.players[p]
    key = ("std-verdict", "City")
    assert "city" in kept.places and key in kept.index.get("place:city", ())
    witness = kept.places["city"][2]
    board, areas = g.state["board"], g.content.map.areas
    near = {witness, *areas[witness].neighbours}
    far = next(a for a, area in areas.items() if area.kind == "land" and a not in board and a not in near
               and not any(n in near for n in area.neighbours))
    board[far] = {"tile": "greenery", "owner": 1 - p}
    kept.refresh(g.state, g.content, p)
    assert key in kept.parts and kept.places["city"][2] == witness
    board[witness] = {"tile": "greenery", "owner": 1 - p}
    kept.refresh(g.state, g.content, p)
    assert kept.places["city"][2] not in (None, witness)  # another area: still a city can go
    assert key in kept.parts  # whether a city has an area did not change


@pytest.mark.parametrize("seed", range(4))
def test_the_witness_agrees_with_a_search_of_the_whole_board(seed):
    """On every board of a game, `tile_witnesses` carried from board to board says whether a plain
    tile has an area exactly as a fresh search does."""
    from tmars import board as tiles

    game = Game.new(2, seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    known = {(p, k): None for p in range(2) for k in ("city", "greenery", "ocean")}
    while not game.over:
        for (p, kind), was in known.items():
            now = known[(p, kind)] = tiles.tile_witnesses(game.state, game.content, p, {kind: was},
                                                          lambda tile: {"tile": tile})[kind]
            fresh = next(tiles._candidates(game.state, game.content, p, {"tile": kind}), None)
            assert (now[2] is None) == (fresh is None)
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))


def test_the_hand_read_at_a_level_is_dropped_only_when_its_size_crosses_it():
    """Selling patents needs one card in hand (`hand:1`): a card more or less in a hand of several
    keeps its verdict; an empty hand drops it."""
    game = _at_action(4)
    g, p = game.interp, game.pending["player"]
    hand = g.state["players"][p]["hand"]
    hand[:] = ["Birds", "Fish"]
    g.menu = Menu()
    actions.action_options(g, p)
    kept = g.menu.players[p]
    key = ("std-verdict", "Sell Patents")
    assert key in kept.index.get("hand:1", ())
    hand.append("Predators")
    kept.refresh(g.state, g.content, p)
    assert key in kept.parts
    hand.clear()
    kept.refresh(g.state, g.content, p)
    assert key not in kept.parts


def test_a_condition_on_the_tr_raised_this_generation_reads_its_level():
    """United Nations Mars Initiative's action needs the TR raised this generation (`tr-raises:1`):
    its part is kept as the TR goes up again, dropped when the generation's rise starts at 0, and
    the action is offered exactly when the condition holds."""
    game, p = _with_action_in_play("United Nations Mars Initiative")
    g, pl = game.interp, game.state["players"][p]
    pl["res"]["mc"] = 20
    pl["tr_gen"] = 1
    assert "act:United Nations Mars Initiative" in _fresh_menu(game, p)
    kept = g.menu.players[p]
    key = ("act:United Nations Mars Initiative:0", True)
    assert key in kept.index.get("tr-raises:1", ()) and key not in kept.index.get("table", ())
    pl["tr"] += 1
    pl["tr_gen"] = 2
    kept.refresh(g.state, g.content, p)
    assert key in kept.parts
    pl["tr_gen"] = 0
    assert "act:United Nations Mars Initiative" not in {o["id"] for o in actions.action_options(g, p)}
    assert "act:United Nations Mars Initiative" not in _fresh_menu(game, p)


def test_a_look_ahead_copy_keeps_what_was_kept_and_stays_exact():
    """`Game.look_ahead` gives the copy the kept menu: its menus are built from the copied parts,
    equal a fresh one at every prompt (the proof is on), and the original's parts are untouched."""
    game = _at_action(5)
    p = game.pending["player"]
    actions.action_options(game.interp, p)
    kept = game.interp.menu.players[p]
    before = (dict(kept.parts), {d: set(k) for d, k in kept.index.items()})
    ahead = game.look_ahead()
    copied = ahead.interp.menu.players[p]
    assert copied.parts == kept.parts and copied.parts is not kept.parts
    assert ahead.state["log"] == [] and ahead.state["players"] == game.state["players"]
    check_menus(ahead.interp)
    _play(ahead, 5, 200)  # a MenuMismatch would fail the test
    assert (kept.parts, {d: set(k) for d, k in kept.index.items()}) == before


def test_a_requirement_on_tr_reads_its_level():
    """Terraformer (a TR of 35) is kept while the TR moves below 35, and dropped when it gets there."""
    game = _at_action(6)
    g, p = game.interp, game.pending["player"]
    pl = g.state["players"][p]
    pl["tr"] = 30
    g.menu = Menu()
    pl["res"]["mc"] = max(pl["res"]["mc"], 8)  # a milestone's price: its requirements are then asked
    actions.action_options(g, p)
    kept = g.menu.players[p]
    key = ("milestone", "Terraformer")
    assert key in kept.index.get("tr:35", ())
    pl["tr"] = 34
    kept.refresh(g.state, g.content, p)
    assert key in kept.parts
    pl["tr"] = 35
    kept.refresh(g.state, g.content, p)
    assert key not in kept.parts


def test_another_game_of_the_content_shares_what_reads_only_values(monkeypatch):
    game = _at_action(2)
    g, p = game.interp, game.pending["player"]
    first = actions.action_options(g, p)
    other = Game.load(game.save(), game.content)  # another state: nothing of it is kept
    asked = []
    real = rules.requirements_met
    monkeypatch.setattr(rules, "requirements_met", lambda *a: asked.append(a[3]["name"]) or real(*a))
    assert actions.action_options(other.interp, p) == first
    cards = game.content.cards
    with_requirements = {n for n in game.state["players"][p]["hand"] if "requires" in cards[n]}
    by_value = {n for n in with_requirements if shareable(domains_of(requirement_reads(cards[n]["requires"])))}
    assert by_value and sorted(asked) == sorted(with_requirements - by_value)


def test_a_part_reading_no_other_player_is_shared_between_seats(monkeypatch):
    """A requirement on the oxygen level, worked out for one player, holds for the other: the
    table shared between games keys it on the values it reads, not on the seat."""
    game = _at_action(2)
    g, p = game.interp, game.pending["player"]
    q = 1 - p
    st = game.state
    st["players"][p]["hand"] = ["Breathing Filters"]  # requires 7 % oxygen: reads `globals:oxygen` and flex
    st["players"][p]["res"]["mc"] = 30
    st["globals"]["oxygen"] = 7
    game.content.memo.pop("menu-shared", None)
    g.menu = Menu()
    actions.action_options(g, p)
    asked = []
    real = rules.requirements_met
    monkeypatch.setattr(rules, "requirements_met", lambda *a: asked.append(a[3]["name"]) or real(*a))
    st["players"][q]["hand"] = ["Breathing Filters"]
    st["players"][q]["res"]["mc"] = 30
    assert not any(rules.modifiers(st, game.content, i, "flex") for i in (p, q))
    st["current"] = q
    g.menu = Menu()  # nothing kept for this state: the other seat finds it in the shared table
    assert "play:Breathing Filters" in {o["id"] for o in actions.action_options(g, q)}
    assert asked == []
    assert PartReads(("prod:heat",)).seated is False and PartReads(("others-prod:heat", "prod:heat")).seated is True


def test_what_a_fingerprint_does_not_say_in_full_is_not_shared():
    assert shareable(("flex", "globals:oxygen")) and shareable(("hand:3", "place:city", "tag:science"))
    # the board's fingerprint is its number of tiles, the played cards' their number
    assert not shareable(("board",)) and not shareable(("played", "prod:heat")) and not shareable(("place",))


def test_a_milestone_counting_own_cities_is_kept_while_their_number_stands():
    """Mayor reads the number of the player's city tiles (`tiles:city`), not the board: another
    player's tile, or the player's greenery, keeps it; the player's city drops it."""
    game = _at_action(5)
    g, p = game.interp, game.pending["player"]
    g.menu = Menu()
    actions.action_options(g, p)
    kept = g.menu.players[p]
    key = ("milestone", "Mayor")
    assert "Mayor" not in game.state["milestones"]  # open in this game: its requirement is asked
    assert key in kept.index.get("tiles:city", ()) and key not in kept.index.get("board", ())
    board = g.state["board"]
    free = [a for a, area in g.content.map.areas.items() if area.kind == "land" and a not in board]
    board[free[0]] = {"tile": "city", "owner": 1 - p}
    board[free[1]] = {"tile": "greenery", "owner": p}
    kept.refresh(g.state, g.content, p)
    assert key in kept.parts
    board[free[2]] = {"tile": "city", "owner": p}
    kept.refresh(g.state, g.content, p)
    assert key not in kept.parts


def test_an_override_says_what_its_verdict_reads():
    """A primitive that cannot fail once its tile is down reads nothing more than the tile does;
    one that copies a production box of a card in play reads the cards in play and what a box
    reads (productions, counts), so it is kept while none of those change."""
    content = Game.new(2, seed=0).content
    assert "*" not in play_reads(content.cards["Mining Rights"]["play"])
    copying = play_reads(content.cards["Robotic Workforce"]["play"])
    assert "*" not in copying and {"played", "prod", "others-prod"} <= copying
    assert domains_of(copying) is not None


def test_a_kept_verdict_on_copying_a_production_box_stays_exact_as_cards_are_played():
    """Robotic Workforce's verdict is kept (it reads the cards in play and productions, not
    anything): the proof compares it with a fresh one at every menu as cards come into play."""
    seen = set()
    for seed in range(3):
        game = _at_action(seed, at_least=20)
        st = game.state
        for pile in ("deck", "discard"):
            if "Robotic Workforce" in st[pile]:
                st[pile].remove("Robotic Workforce")
        for pl in st["players"]:
            if "Robotic Workforce" not in pl["hand"]:
                pl["hand"].append("Robotic Workforce")
        check_menus(game.interp)
        agents = [RandomAgent(seed + i) for i in range(2)]
        while not game.over:
            d = game.pending
            if d["kind"] == "action":
                seen.add(any(o["id"] == "play:Robotic Workforce" for o in d["options"]))
            game.answer(d["player"], agents[d["player"]].choose(game))
    assert seen == {True, False}  # offered at some menus and not at others, each one proven


def _count_on_board(board: dict, areas: dict, p: int | None, kind: str | None, mars_only: bool) -> int:
    """Tiles counted the long way: every area of the board looked at."""
    return sum(1 for area, t in board.items()
               if (p is None or t.get("owner") == p) and (t["tile"] == kind if kind else t["tile"] != "ocean")
               and not (mars_only and areas[area].kind == "off"))


@pytest.mark.parametrize("seed", range(2))
def test_the_tile_counts_carried_from_board_to_board_agree_with_a_count_of_the_whole_board(seed):
    game = Game.new(3, seed=seed)
    agents = [RandomAgent(seed * 3 + i) for i in range(3)]
    areas = game.content.map.areas
    while not game.over:
        for p in (0, 1, 2, None):
            for kind in (None, "city", "greenery", "ocean"):
                for mars in (False, True):
                    assert rules.tiles_owned(game.state, p, kind, mars, game.content) == _count_on_board(
                        game.state["board"], areas, p, kind, mars)
        d = game.pending
        game.answer(d["player"], agents[d["player"]].choose(game))


def test_every_single_tile_of_the_cards_is_read_as_a_place_member_that_names_it_again():
    """A tile with a name or placement rules reads `place:` it, not the board: the member names
    the tile again, so its witness is searched with its own rules."""
    from compiler.ops import walk
    from compiler.tiles import place_member, place_node

    content = Game.new(2, seed=0).content
    tiles = [n for card in content.cards.values() for n in walk(card.get("play", [])) if n["op"] == "tile"]
    named = [n for n in tiles if "name" in n or n.get("rules")]
    assert named
    for node in tiles:
        member = place_member(node)
        assert place_node(member) == {k: node[k] for k in ("tile", "name", "rules") if node.get(k)}
    city = content.cards["Noctis City"]
    assert not {"board", "*"} & play_reads(city["play"]) and any(
        d.startswith("place:[") for d in play_reads(city["play"]))


def test_a_plain_loss_of_a_cards_effects_is_tested_apart_and_the_rest_kept():
    """Local Heat Trapping spends 5 heat that nothing its play may set off gives: whether the
    player has it is asked at each menu, and the verdict on the rest of its effects is kept."""
    game, p = _holding("Local Heat Trapping", mc=20)
    g, pl = game.interp, game.state["players"][p]
    pl["res"]["heat"] = 5
    assert "play:Local Heat Trapping" in _fresh_menu(game, p)
    kept = g.menu.players[p]
    key = ("verdict", "Local Heat Trapping")
    losses, _ = kept.parts[key]
    assert losses == (("heat", 5),)
    pl["res"]["heat"] = 4
    assert "play:Local Heat Trapping" not in {o["id"] for o in actions.action_options(g, p)}
    assert key in kept.parts  # kept: what the player has is asked apart


def _with_action_in_play(card: str) -> tuple[Game, int]:
    """A game some way in whose acting player has `card` in play, its action not used."""
    game = _at_action(6)
    p = game.pending["player"]
    game.state["players"][p]["played"].append({"name": card, "res": 0, "used": False, "area": None})
    return game, p


def test_an_x_loss_of_an_actions_cost_is_tested_apart_at_x_1_and_the_rest_kept():
    """Power Infrastructure spends X energy (X at least 1) for X M€: whether the player has 1
    energy is asked at each menu, and the verdict on the rest of the row is kept."""
    game, p = _with_action_in_play("Power Infrastructure")
    g, res = game.interp, game.state["players"][p]["res"]
    res["energy"] = 1
    assert "act:Power Infrastructure" in _fresh_menu(game, p)
    kept = g.menu.players[p]
    key = ("act:Power Infrastructure:0", True)
    losses, verdict = kept.parts[key]
    assert losses == (("energy", 1, None),) and verdict is True
    res["energy"] = 0
    assert "act:Power Infrastructure" not in {o["id"] for o in actions.action_options(g, p)}
    assert key in kept.parts  # kept: what the player has is asked apart


def test_a_reveal_reads_whether_a_card_is_left_and_is_kept_while_one_is():
    """Search For Life reveals the top card: its row reads whether the deck or the discard pile
    holds a card (`deck`), not anything, so it is kept; with both empty it is not offered."""
    content = Game.new(2, seed=0).content
    gain = content.cards["Search For Life"]["action"][0]["gain"]
    reads = rows_reads([], gain)
    assert "deck" in reads and domains_of(reads) is not None
    game, p = _with_action_in_play("Search For Life")
    g, st = game.interp, game.state
    st["players"][p]["res"]["mc"] = 5
    assert "act:Search For Life" in _fresh_menu(game, p)
    assert ("act:Search For Life:0", True) in g.menu.players[p].parts
    st["deck"], st["discard"] = [], []
    assert "act:Search For Life" not in {o["id"] for o in actions.action_options(g, p)}
    assert "act:Search For Life" not in _fresh_menu(game, p)


def test_a_cards_verdict_reads_only_the_own_effects_its_tags_and_tiles_set_off():
    """Noctis City's verdict (it may lack the energy production it lowers) counts on the own
    effects its building and city tags and its city tile set off, where some card answers them: a
    card in play answering a science tag keeps it, one answering a city drops it."""
    game, p = _holding("Noctis City")
    g, pl = game.interp, game.state["players"][p]
    pl["prod"]["energy"] = 1
    assert "play:Noctis City" in _fresh_menu(game, p)
    kept = g.menu.players[p]
    key = ("verdict", "Noctis City")
    assert key in kept.index["effects:city"] and key not in kept.index.get("effects:science-tag", ())
    assert key not in kept.index.get("effects:building-tag", ())  # no card of the content answers it
    pl["played"].append({"name": "Mars University"})  # answers a science tag
    kept.refresh(g.state, g.content, p)
    assert key in kept.parts
    pl["played"].append({"name": "Pets"})  # answers a city
    kept.refresh(g.state, g.content, p)
    assert key not in kept.parts


def test_a_red_border_decrease_reads_only_the_production_it_takes_from_the_others():
    """Heat Trappers lowers any player's heat production: its verdict reads the other players'
    heat production, kept while their plant production changes, dropped when their heat does."""
    game, p = _holding("Heat Trappers")
    g, st, q = game.interp, game.state, 1 - p
    st["players"][q]["prod"]["heat"] = 2
    assert "play:Heat Trappers" in _fresh_menu(game, p)
    kept = g.menu.players[p]
    key = ("verdict", "Heat Trappers")
    assert key in kept.index["others-prod:heat"] and key not in kept.index.get("others-prod", ())
    st["players"][q]["prod"]["plant"] += 1
    kept.refresh(st, game.content, p)
    assert key in kept.parts
    st["players"][q]["prod"]["heat"] = 0
    kept.refresh(st, game.content, p)
    assert key not in kept.parts


def test_a_fingerprint_whose_source_stands_is_not_taken_again(monkeypatch):
    """The tag counts are a function of the cards played (`menu.SOURCES`): while no card is played
    they are not counted again at a menu, and once one is they are, and the parts reading a tag
    it adds are dropped."""
    from tmars import menu
    game = _at_action(3)
    g, p = game.interp, game.pending["player"]
    actions.action_options(g, p)
    kept = g.menu.players[p]
    assert "tag" in kept.prints and "tag" in kept.groups["played"]
    taken = []
    real = menu.FINGERPRINT["tag"]
    monkeypatch.setitem(menu.FINGERPRINT, "tag", lambda *a: taken.append(a[2]) or real(*a))
    game.state["players"][p]["res"]["mc"] += 1  # a change no fingerprint of the group reads
    actions.action_options(g, p)
    assert taken == []
    pl = game.state["players"][p]
    pl["played"].append({"name": "Research"})  # two science tags
    kept.parts[("probe", 1)] = "kept"
    kept.index.setdefault("tag:science", set()).add(("probe", 1))
    actions.action_options(g, p)
    assert taken == [p]
    assert ("probe", 1) not in kept.parts  # a part reading the science tag was dropped


def test_a_choice_among_areas_gives_the_same_option_for_an_area_each_time():
    from tmars.interpreter import area_label, area_options
    game = Game.new(2, seed=1)
    content = game.content
    areas = [a for a, area in content.map.areas.items() if area.kind == "land"][:5]
    first, again = area_options(content, areas), area_options(content, list(reversed(areas)))
    assert [o["id"] for o in first] == areas and [o["id"] for o in again] == list(reversed(areas))
    assert all(o["label"] == area_label(content, o["id"]) for o in first)
    assert first[0] is again[-1]  # made once per content
