"""Ops on the board: raising a global parameter, placing a tile, claiming an area."""

from __future__ import annotations

from typing import Any

from .protocol import CannotComplete, ask_one, decision, option

from .. import printer as pr
from .. import text as tx
from .. import vocab
from ..diagnostics import did_you_mean
from ..ir import ARGS, INT, STR, TRUE, WORD
from ..sheet import render as rd
from ..tiles import TILE_KINDS, place_member
from . import Node, Op, per_reads
from .amounts import amount_of
from .lowering import near_rule

#: the word for any one global parameter of the game, the player's choice (`-1 global`)
ANY_GLOBAL = "global"

TILE_PLACES = {
    "ocean-area": "on an area reserved for oceans",
    "land": "on a land area",
    "volcanic": "on a volcanic area",
    "next-own": "next to a tile you own",
    "isolated": "next to no other tile",
    "next-city": "next to a city tile",
    "next-greenery": "next to a greenery tile",
    "bonus-metal": "on an area with a steel or titanium placement bonus",
    "reserved": "on the area reserved for it",
    "off-mars": "off Mars, on the area reserved for it",
}


def _kind(word: str) -> str:
    """The tile kind an icon's word places: 'tile' is a special tile."""
    return "special" if word == "tile" else word


class Raise(Op):
    name = "raise"
    changes_the_planet = True
    required = {"param": WORD, "n": INT}
    optional = {"x": TRUE, "per": "#count"}
    written_as = "icon"
    writes = ()  # a raise is a task of its own (`raise`), which moves the track and the TR

    def words(self, in_box):
        return () if in_box else (*vocab.GLOBALS, ANY_GLOBAL)

    def icon(self, word):
        return "params" if word == ANY_GLOBAL else word

    def meaning(self, word):
        return "lowered (`-1 global`): one global parameter of your choice, any the game has, that is " \
            "neither at its goal nor at its start" if word == ANY_GLOBAL else ""

    emits = ("raise",)

    def events(self, node):
        """One per step, when the steps are fixed (a maxed track raises fewer: an upper bound)."""
        return [] if node.get("x") or node.get("per") else [{"kind": "raise", "param": node["param"]}] * node["n"]

    def lower(self, atom):
        atom.no_args()
        if atom.sign < 0:
            return {"op": Lower.name, "param": atom.word, "n": atom.n}
        if atom.word == ANY_GLOBAL:
            raise atom.fail("E216", "'global' is only lowered", atom.place, "'-1 global'",
                            "name the parameter to raise ('+1 temperature'); '-N global' lowers one the player "
                            "chooses")
        return {"op": self.name, "param": atom.word, "n": atom.n}

    def text(self, node, cost, note):
        return f"raise {tx.param_noun(node['param'])} {tx.steps(node)}{tx.per_text(node)}"

    def source(self, node):
        return pr.amount(node) + " " + node["param"] + pr.per(node)

    def html(self, node):
        name, n = node["param"], node["n"]
        if not node.get("x") and 1 <= n <= 3 and "per" not in node:
            return rd.grp(rd.icons.icon(self.icon(name)) * n)
        return rd.grp(rd.amount_icon(self.icon(name), node) + rd.per_html(node))

    def run(self, g, node, ctx, answer):
        task = {"t": "raise", "param": node["param"], "n": amount_of(g, node, ctx), "p": ctx["p"]}
        if ctx.get("world"):
            task["world"] = True
        g.push(task)
        return None

    def reads(self, node, mandatory=False):
        return per_reads(node)

    def cannot_fail(self, node, mandatory, tile_ok):
        return True  # a maxed parameter is simply not raised (F008)


class Tile(Op):
    name = "tile"
    changes_the_planet = True
    required = {"tile": WORD}  # a kind of `TILE_KINDS` (a module may bring one): checked as it is lowered
    optional = {"name": STR, "n": INT, "rules": ARGS}
    written_as = "icon"
    #: the area and the tile on it, its placement bonuses, an ocean's track and the TR it raises
    writes = ("board", "claims", "last_tile", "globals", "players.*.res", "players.*.hand", "deck", "discard",
              "players.*.played.*.area", "players.*.tr", "players.*.tr_gen", "players.*.tr_raises")

    def words(self, in_box):
        return () if in_box else vocab.TILE_KINDS

    def icon(self, word):
        return _kind(word)

    def lower(self, atom):
        if atom.sign < 0:
            track = next((k for k, v in vocab.all_words("globals").items() if v.get("raised_by") == atom.word), None)
            if track is None:
                raise atom.fail("E216", "tiles cannot be removed", atom.place, "",
                                "only a tile that raises a global parameter is taken off (an ocean)")
            atom.no_args()
            return {"op": Lower.name, "param": track, "n": atom.n}
        kind = _kind(atom.word)
        node: Node = {"op": self.name, "tile": kind}
        rules: list = []
        for a, place in atom.each_arg():
            rule = a if isinstance(a, str) else a["rule"]
            if rule in vocab.RENAMED:  # an old card's word: said at the word, with its new name
                raise atom.fail("E217", f"the placement rule '{rule}' is now '{vocab.RENAMED[rule]}'", place,
                                ", ".join(vocab.PLACEMENT_RULES), f"write {vocab.RENAMED[rule]}")
            if rule in vocab.PLACEMENT_RULES:
                rules.append(a)
            elif isinstance(a, str) and "name" not in node and not near_rule(a):
                node["name"] = a
            else:
                raise atom.fail("E217", f"unknown placement rule '{rule}'", place,
                                ", ".join(vocab.PLACEMENT_RULES), did_you_mean(rule, vocab.PLACEMENT_RULES))
        if kind == "special" and "name" not in node:
            raise atom.fail("E218", "a special tile needs a name: tile(NAME, rules…)", atom.args_place or atom.place)
        if atom.n != 1:
            node["n"] = atom.n
        if rules:
            node["rules"] = rules
        return node

    def text(self, node, cost, note):
        kind, name, k = node["tile"], node.get("name"), node.get("n", 1)
        if kind == "special":
            what = f"the {tx.title(name)} tile" if name else "a special tile"
        elif name:
            label = tx.title(name)
            what = f"the {label} tile" if label.lower().endswith(kind) else f"the {label} {kind} tile"
        elif k > 1:
            what = f"{k} {kind} tiles"
        else:
            what = tx.article(f"{kind} tile")
        where = []
        for r in node.get("rules", ()):
            rule, n = (r, None) if isinstance(r, str) else (r["rule"], r.get("n"))
            where.append(f"next to at least {n} city tiles" if rule == "next-cities"
                         else TILE_PLACES.get(rule, rule.replace("-", " ")))
        return f"place {what}" + (" " + tx.join(where) if where else "")

    def source(self, node):
        word = "tile" if node["tile"] == "special" else node["tile"]
        out = (f"{node['n']} " if "n" in node else "") + word
        a = ([node["name"]] if "name" in node else []) + node.get("rules", [])
        return out + (pr.args(a) if a else "")

    def html(self, node):
        kind, k = node["tile"], node.get("n", 1)
        ic = rd.icons.icon(self.icon(kind))
        body = ic * k if k <= 3 else rd.q(str(k)) + ic
        caps = []
        for r in node.get("rules", ()):
            rule, rn = (r, None) if isinstance(r, str) else (r["rule"], r.get("n"))
            caps.append(f"next to {rn} cities" if rule == "next-cities" else rd.RULE_CAPTION.get(rule, rule))
        if caps:
            body += rd.small(", ".join(caps))
        return rd.grp(body)

    def run(self, g, node, ctx, answer):
        p = ctx["p"]
        if g.ocean_skipped(node):
            g.log("no ocean left: the ocean is skipped")
            return None
        if node.get("n", 1) > 1 and answer is None:
            rest = {**node, "n": node["n"] - 1}
            if rest["n"] == 1:
                rest.pop("n")
            g.push({"t": "item", "node": rest, "ctx": ctx})
            g.push({"t": "item", "node": {**node, "n": 1}, "ctx": ctx})
            return None
        areas = g.legal_areas(p, node, ctx)
        if not areas:
            raise CannotComplete(f"no legal area for {node.get('name', node['tile'])}")
        if answer is None:
            return decision(p, "area", f"Place {tx.title(node['name']) if 'name' in node else node['tile']}",
                            g.area_options(areas))
        g.place_tile(p, node, answer, ctx)
        return None

    def bound(self, g, node, ctx, led, mandatory):
        n = node.get("n", 1)
        if n == 1 and not g.tile_possible(ctx["p"], node, ctx):
            led.failed = True
            return
        elif n > 1 and not g.ocean_skipped(node):
            led.failed |= len(g.legal_areas(ctx["p"], {**node, "n": 1}, ctx)) < n
        risky = g.content.map.risky
        if not led.failed and risky and not g.ocean_skipped(node):  # only where a bonus may fail: no proof
            led.inexact |= all(a in risky for a in g.legal_areas(ctx["p"], {**node, "n": 1}, ctx))
        if led.failed or not led.tile_bonus or g.ocean_skipped(node):
            return
        # what placing it may give: the best placement bonus and ocean adjacency of any legal area,
        # each kind on its own (a relaxation: an ocean's M€ may pay a loss of the same row, F320).
        # Counted only for rows with a loss outside their cost, which the ledger never proves alone.
        best: dict[tuple, int] = {}
        board, areas, adj = g.state["board"], g.content.map.areas, g.ocean_adjacency_mc(ctx["p"])
        for aid in g.legal_areas(ctx["p"], {**node, "n": 1}, ctx):
            got: dict[tuple, int] = {}
            for b in areas[aid].bonus:
                key = ("hand",) if b == "card" else ("res", b)
                got[key] = got.get(key, 0) + 1
            oceans = sum(1 for a in areas[aid].neighbours if board.get(a, {}).get("tile") == "ocean")
            if oceans and adj > 0:
                got[("res", "mc")] = got.get(("res", "mc"), 0) + adj * oceans
            for key, v in got.items():
                best[key] = max(best.get(key, 0), v)
        for key, v in best.items():
            led.gain[key] += v * n

    def reads(self, node, mandatory=False):
        # whether the tile has an area (`place:city`, with its name and placement rules where it
        # has them: `place_member`); for several, the board; the track it counts for, which skips
        # it once maxed. (A row that counts placement bonuses reads the board too:
        # `tmars.menu.rows_reads`.)
        out = {"place:" + place_member(node) if node.get("n", 1) == 1 else "board"}
        param = TILE_KINDS[node["tile"]].counts_as_param
        return frozenset(out | {"globals:" + param} if param else out)

    def cannot_fail(self, node, mandatory, tile_ok):
        return tile_ok is not None and tile_ok(node)

    def exactness(self, node):
        return "tile"


class Claim(Op):
    name = "claim"
    written_as = "icon"
    writes = ("claims",)

    def words(self, in_box):
        return () if in_box else ("claim",)

    def icon(self, word):
        return "claim"

    def meaning(self, word):
        return "place a player marker on an area, reserving it for you"

    def lower(self, atom):
        atom.no_args()
        return {"op": self.name}

    def text(self, node, cost, note):
        return "place your marker on a non-reserved land area: only you may place a tile there"

    def source(self, node):
        return "claim"

    def html(self, node):
        return rd.grp(rd.icons.icon(self.icon("claim")))

    def run(self, g, node, ctx, answer):
        areas = g.claimable_areas()
        if not areas:
            raise CannotComplete("no area left to claim")
        if answer is None:
            return decision(ctx["p"], "area", "Claim an area", g.area_options(areas))
        g.state["claims"][answer] = ctx["p"]
        g.say(ctx["p"], f"claims {answer}")
        return None

    def bound(self, g, node, ctx, led, mandatory):
        if not g.claimable_areas():
            led.failed = True

    def reads(self, node, mandatory=False):
        return frozenset({"board"})

    def cannot_fail(self, node, mandatory, tile_ok):
        return False


class Lower(Op):
    """A global parameter lowered (`-2 temperature`), or the tiles that raise one taken off the
    board (`-1 ocean`, an area the player chooses): as far as its start, nobody's TR changing, and
    never a parameter at its goal (a maxed parameter is done). A bonus step passed on the way down
    is earned again by whoever raises the parameter past it (F385). `-N global`: one parameter of
    the player's choice among those that can go down; an option offered to a player needs one."""

    name = "lower"
    changes_the_planet = True
    required = {"param": WORD, "n": INT}
    written_as = "lowered"
    writes = ("globals", "board")

    def text(self, node, cost, note):
        if node["param"] == ANY_GLOBAL:
            return f"lower a global parameter of your choice {tx.steps(node)}, one neither at its goal nor at its start"
        tile = vocab.all_words("globals").get(node["param"], {}).get("raised_by")
        if tile:
            return f"remove {tx.steps(node).replace('step', tile + ' tile')} from the board, if not all are placed"
        return f"lower {tx.param_noun(node['param'])} {tx.steps(node)} (not once it is at its goal)"

    def source(self, node):
        tile = vocab.all_words("globals").get(node["param"], {}).get("raised_by")
        return f"-{node['n']} {tile or node['param']}"

    def html(self, node):
        tile = vocab.all_words("globals").get(node["param"], {}).get("raised_by")
        shown = "params" if node["param"] == ANY_GLOBAL else tile or node["param"]
        return rd.grp(rd.small("-") + rd.icons.icon(shown) * node["n"], "lower")

    def run(self, g, node, ctx, answer):
        if node["param"] == ANY_GLOBAL:
            open_ = lowerable(g.state, g.content)
            if not open_:
                if ctx.get("partial"):  # a global event's: done as far as it goes
                    return None
                raise CannotComplete("no global parameter can be lowered")
            answer, ask = ask_one(answer, ctx["p"], "choice", "Lower a global parameter",
                                  [option(k, f"{k} ({g.state['globals'][k]} now)") for k in open_])
            if ask:
                return ask
            g.push_items([{**node, "param": answer}], ctx)
            return None
        spec, now = g.content.tracks.globals[node["param"]], g.state["globals"]
        param = node["param"]
        if now[param] >= spec["goal"] or now[param] <= spec["start"] or node["n"] <= 0:
            return None
        tile = spec.get("raised_by")
        if not tile:
            now[param] = max(spec["start"], now[param] - node["n"] * spec["step"])
            g.log(f"{tx.param_noun(param)} lowered to {now[param]}")
            return None
        board = g.state["board"]
        areas = sorted((a for a, v in board.items() if v.get("tile") == tile), key=str)
        if not areas:
            return None
        answer, ask = ask_one(answer, ctx["p"], "area", f"Take an {tile} tile off the board", g.area_options(areas))
        if ask:
            return ask
        board.pop(answer)
        now[param] -= spec["step"]
        g.say(ctx["p"], f"takes the {tile} off {g.area_label(answer)}")
        if node["n"] > 1:
            g.push_items([{**node, "n": node["n"] - 1}], ctx)
        return None

    def reads(self, node, mandatory=False):
        return frozenset({"globals", "board"})

    def bound(self, g, node, ctx, led, mandatory):
        if node["param"] == ANY_GLOBAL and not lowerable(g.state, g.content):
            led.failed = True  # offered, the player would choose among nothing

    def cannot_fail(self, node, mandatory, tile_ok):
        return node["param"] != ANY_GLOBAL  # a named one is lowered as far as it goes

    def exactness(self, node):
        return "dynamic" if node["param"] == ANY_GLOBAL else "neutral"


def lowerable(state: dict, content: Any) -> list[str]:
    """The global parameters of this game that a step down can change: neither at the goal (a
    maxed parameter is done) nor at the start."""
    now = state["globals"]
    return [k for k, v in content.tracks.globals.items() if v["start"] < now[k] < v["goal"]]
