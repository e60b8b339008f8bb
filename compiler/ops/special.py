"""Ops of their own kind: a steal (take from one player and gain it) and an asterisk override."""

from __future__ import annotations

from .protocol import CannotComplete, ask_one, option

from typing import Any

from .. import printer as pr
from .. import text as tx
from .. import vocab
from ..ir import ARGS, INT, TRUE, WORD
from ..sheet import render as rd
from ..counts import condition_reads
from ..diagnostics import did_you_mean
from . import ANYTHING, NOTHING, Op
from .amounts import NEUTRAL
from .lowering import arg_text


class Steal(Op):
    """A package: exactly N from one player, gained by the thief (F094), or from nobody."""

    name = "steal"
    text_alone = True
    required = {"res": WORD, "n": INT}  # a standard resource or a card resource of a module
    optional = {"upto": TRUE}
    written_as = "steal"
    writes = ("players.*.res",)

    def text(self, node, cost, note):
        upto = "up to " if node.get("upto") else ""
        return f"steal {upto}{node['n']} {tx.noun(node['res'], node['n'])} from another player"

    def source(self, node):
        return "steal " + ("upto " if node.get("upto") else "") + f"{node['n']} {node['res']}!"

    def html(self, node):
        body = rd.small("steal up to" if node.get("upto") else "steal") + \
            f'<span class="any">{rd.amount_icon(node["res"], {"n": node["n"]})}</span>'
        return rd.grp(body)

    def run(self, g, node, ctx, answer):
        p, res, n = ctx["p"], node["res"], node["n"]
        players = g.state["players"]
        opts = [option("none", "nobody")]
        neutral = g.content.opponent
        if neutral:  # all of it, from the supply (F259)
            opts.append(option(f"{NEUTRAL}:{n}", f"steal {n} {res} from {neutral}"))
        for q, pl in enumerate(players):
            if q == p or (res == "plant" and g.protected(q, None, p)):
                continue
            have = pl["res"].get(res, 0)
            amounts = range(min(n, have), 0, -1) if node.get("upto") else ([n] if have >= n else [])
            for k in amounts:
                opts.append(option(f"{q}:{k}", f"steal {k} {res} from {g.pname(q)}"))
        answer, ask = ask_one(answer, p, "target", f"Steal {n} {res}", opts)
        if ask:
            return ask
        if answer.startswith(NEUTRAL):
            players[p]["res"][res] += n
            g.say(p, f"steals {n} {res} from {neutral}")
        elif answer != "none":
            q, k = (int(v) for v in answer.split(":"))
            players[q]["res"][res] -= k
            players[p]["res"][res] += k
            g.say(p, f"steals {k} {res} from {g.pname(q)}")
        return None

    def reads(self, node, mandatory=False):
        return NOTHING  # it takes what there is, or nothing

    def cannot_fail(self, node, mandatory, tile_ok):
        return True

    def order_matters(self, node):
        return True


#: The engine's rule primitives by name, registered by the engine when it loads
#: (`tmars/overrides.py`); until then an override counts as one that may fail.
PRIMITIVES: dict[str, Any] = {}


class Override(Op):
    """An asterisk: a rule primitive the icons cannot say (`tmars/overrides.py`)."""

    written_as = "star"
    #: what a primitive may change (each states what it does in `tmars/overrides.py`)
    writes = ("players.*.prod", "players.*.res", "players.*.played.*.res", "board")

    name = "override"
    answer_leads_elsewhere = True
    required = {"name": {"enum": sorted(vocab.OVERRIDES)}, "args": ARGS}

    def text(self, node, cost, note):
        return tx.override_clause(node, note)

    def source(self, node):
        return node["name"] + (pr.args(node["args"]) if node["args"] else "") + "*"

    def html(self, node):
        return rd.override_html(node)

    def run(self, g, node, ctx, answer):
        return PRIMITIVES[node["name"]].run(g, node, ctx, answer)

    def bound(self, g, node, ctx, led, mandatory):
        verdict = PRIMITIVES[node["name"]].verdict(g, node, ctx)
        if verdict is False:
            led.failed = True
        elif verdict is None:
            led.inexact = True

    def reads(self, node, mandatory=False):
        prim = PRIMITIVES.get(node["name"])
        return ANYTHING if prim is None else prim.reads  # each primitive says what its verdict reads

    def cannot_fail(self, node, mandatory, tile_ok):
        prim = PRIMITIVES.get(node["name"])
        return prim is not None and not prim.can_fail

    def exactness(self, node):
        """Its verdict goes to the ledger; a primitive that changes resources or production
        ('dynamic') is no proof next to other losses."""
        prim = PRIMITIVES.get(node["name"])
        return "dynamic" if prim is None or prim.changes_resources else "neutral"

    def order_matters(self, node):
        return True


class Need(Op):
    """'need COND': a condition the player must meet for the row to be carried out at all (an
    action only open after the terraform rating went up this generation, say)."""

    name = "need"
    is_condition = True
    required = {"cond": "#cond"}
    written_as = "need"
    writes = ()

    def text(self, node, cost, note):
        return f"only if {tx.cond_text(node['cond'])}"

    def source(self, node):
        return "need " + pr.cond(node["cond"])

    def html(self, node):
        return rd.grp(rd.small("need") + rd.req_part(node["cond"]), "cond")

    def run(self, g, node, ctx, answer):
        if not g.requirement_met(ctx["p"], node["cond"], ctx):
            raise CannotComplete(f"the condition is not met: {tx.cond_text(node['cond'])}")
        return None

    def bound(self, g, node, ctx, led, mandatory):
        """In a cost it is met before anything else, on the state now; among a row's effects it is
        met when its turn comes, after what the player orders before it: not met now is no proof
        that it cannot be (an optimistic ledger lets it pass)."""
        if not g.requirement_met(ctx["p"], node["cond"], ctx):
            if mandatory or not led.optimistic:
                led.failed = True
            if not mandatory:
                led.held_back = True

    def reads(self, node, mandatory=False):
        return condition_reads(node["cond"])

    def cannot_fail(self, node, mandatory, tile_ok):
        return False

    def exactness(self, node):
        """The ledger judges it on the state before the row: no proof next to anything the row
        gains, loses or places, which may change what it reads before it is met."""
        return "condition"

    def order_matters(self, node):
        return True  # met before or after the row's other effects, it may be met or not


class Grant(Op):
    """Modifiers the player has for a while: `next-card(discount 8)` lasts until the next card
    the player plays this generation."""

    name = "grant"
    required = {"until": {"enum": sorted(vocab.DURATIONS)},
                "mods": {"type": "array", "minItems": 1, "items": {"type": "object", "required": ["mod", "n"],
                                                                   "additionalProperties": False, "properties": {
                                                                       "mod": {"enum": sorted(vocab.GRANTABLE)},
                                                                       "n": INT}}}}
    written_as = "icon"
    writes = ("players.*.granted",)

    def words(self, in_box):
        return () if in_box else tuple(vocab.DURATIONS)

    def icon(self, word):
        return "card"  # the next card played

    def lower(self, atom):
        """`next-card(discount 8, flex 2)`: modifiers that last until the next card is played."""
        until = atom.word
        mods = []
        for a, place in atom.each_arg():
            if isinstance(a, dict) and a["rule"] in vocab.GRANTABLE and "cmp" not in a:
                mods.append({"mod": a["rule"], "n": a["n"]})
            else:
                raise atom.fail("E225", f"'{arg_text(a)}' is not a modifier {until} can grant", place,
                                ", ".join(f"{m} N" for m in vocab.GRANTABLE),
                                did_you_mean(a if isinstance(a, str) else a["rule"], vocab.GRANTABLE))
        if not mods:
            raise atom.fail("E225", f"'{until}' needs the modifiers it grants: {until}(discount 8)", atom.word_place,
                            f"{until}(discount N)")
        return {"op": self.name, "until": until, "mods": mods}

    def text(self, node, cost, note):
        parts = []
        for m in node["mods"]:
            if m["mod"] == "discount":
                parts.append(f"costs {m['n']} M€ less")
            else:
                steps = f"{m['n']} step{'s' if m['n'] != 1 else ''}"
                parts.append(f"meets its global requirements within {steps} either way")
        return "the next card you play this generation " + tx.join(parts)

    def source(self, node):
        return node["until"] + pr.args([{"rule": m["mod"], "n": m["n"]} for m in node["mods"]])

    def html(self, node):
        return rd.grp(rd.small("next") + rd.icons.icon(self.icon(node["until"])) +
                      "".join(rd.modifier_html(m) for m in node["mods"]))

    def run(self, g, node, ctx, answer):
        pl = g.state["players"][ctx["p"]]
        pl.setdefault("granted", []).extend({**m, "until": node["until"]} for m in node["mods"])
        return None

    def reads(self, node, mandatory=False):
        return NOTHING

    def cannot_fail(self, node, mandatory, tile_ok):
        return True
