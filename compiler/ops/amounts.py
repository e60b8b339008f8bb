"""Ops that add or take an amount: standard resources, production, card resources, TR, cards."""

from __future__ import annotations

from typing import Any

from .protocol import CannotComplete, ask_one, decision, option

from .. import printer as pr
from .. import text as tx
from .. import vocab
from ..ir import INT, STD, TRUE, WORD
from ..diagnostics import did_you_mean
from ..sheet import render as rd
from . import ANYTHING, NOTHING, Node, Op, fixed_gain, per_reads
from .lowering import Atom, arg_text, is_tag_word

PER = "#count"
METALS = {"type": "array", "items": {"enum": ["steel", "titanium"]}}
WHERE = {"enum": ["here", "other", "any", "that", "nonempty"]}


def amount_of(g: Any, node: Node, ctx: dict) -> int:
    """The amount an item moves now: its number, times X, times its per-count. A wild tag stands
    for the tag counted only in a gain, where it can only help (F330): never in a loss; and once
    it has, for that tag alone until the action ends (F327: `count_for_gain`)."""
    n = abs(node["n"])
    if node.get("x"):
        n *= ctx.get("x", 0)
    if "per" in node:
        n *= g.count_for_gain(ctx["p"], node["per"], ctx) if node["n"] > 0 else g.count(ctx["p"], node["per"], ctx)
    if "less" in node:  # a loss less a count (a global event's loss less your influence), to 0 at least
        n = max(0, n - g.count(ctx["p"], node["less"], ctx))
    return n


#: what each standard resource is, and 'that'
STANDARD_MEANINGS = {"mc": "M€ (megacredits), the money of the game", "steel": "steel: pays 2 M€ for a building tag",
                     "titanium": "titanium: pays 3 M€ for a space tag", "plant": "plants: 8 make a greenery",
                     "energy": "energy: turns to heat at the end of the generation",
                     "heat": "heat: 8 raise the temperature one step",
                     vocab.THAT: "the standard resource the triggering event names"}


def own_resource_loss(node: Node) -> bool:
    """A loss of the player's own standard resources (not a red-bordered removal from anyone)."""
    return node["op"] == Resource.name and node["n"] < 0 and not node.get("any")


def _source(node: Node) -> str:
    out = ("upto " if node.get("upto") else "") + pr.amount(node) + " " + node["res"]
    if node["op"] == CardResource.name and node.get("each"):
        out += "(each)" if node["where"] == "any" else f"({node['where']}, each)"
    elif node["op"] == CardResource.name and node["where"] != "here":
        out += f"({node['where']}, {node['tag']}-tag)" if node.get("tag") else f"({node['where']})"
    if node.get("with"):
        out += "(" + ", ".join(node["with"]) + ")"
    if node.get("adjacent"):
        out += "(adjacent)"
    if node["op"] == Resource.name and node.get("tag"):
        out += f"({node['tag']}-tag)"
    if node.get("any"):
        out += "!"
    return out + pr.per(node)


class Resource(Op):
    name = "resource"
    required = {"res": {"enum": [*STD["enum"], vocab.THAT]}, "n": INT}
    optional = {"x": TRUE, "upto": TRUE, "any": TRUE, "per": PER, "less": PER, "with": METALS, "adjacent": TRUE,
                "tag": WORD}
    written_as = "icon"
    writes = ("players.*.res",)

    def words(self, in_box):
        return () if in_box else (*vocab.STANDARD_RESOURCES, vocab.THAT)

    def icon(self, word):
        return vocab.HELD if word == vocab.THAT else word  # 'that': whatever resource set it off

    def meaning(self, word):
        return STANDARD_MEANINGS.get(word, "")

    def lower(self, atom):
        node: Node = {"op": self.name, "res": atom.word, "n": atom.sign * atom.n}
        if atom.word == vocab.THAT:  # the resource the triggering event names: bound when it fires
            if atom.sign < 0:
                raise atom.fail("E226", "'that' resource can only be gained", atom.word_place, f"+{atom.n} that",
                                "'that' is the resource the triggering event names, given to you")
            atom.no_args()
            return node
        node.update(_resource_args(atom))
        return node

    def text(self, node, cost, note):
        if node["res"] == vocab.THAT:
            return f"gain {tx.qty(node)} of that resource{tx.per_text(node)}"
        what = tx.amount(node, node["res"])
        if node["n"] > 0:
            return f"gain {what}{tx.per_text(node)}"
        if node.get("adjacent"):
            return f"remove up to {what} from the owner of an adjacent tile{tx.per_text(node)}"
        if node.get("any"):
            whom = f"any player with {tx.article(node['tag'] + ' tag')} in play" if node.get("tag") else "any player"
            return f"{'remove' if cost else 'remove up to'} {what} from {whom}{tx.per_text(node)}"
        upto = "up to " if node.get("upto") else ""
        pay = f" ({tx.join(list(node['with']), 'or')} may be used)" if node.get("with") else ""
        return f"{'spend' if cost else 'lose'} {upto}{what}{pay}{tx.per_text(node)}"

    def source(self, node):
        return _source(node)

    def html(self, node):
        if node["res"] == vocab.THAT:
            return rd.grp(rd.amount_icon(self.icon(vocab.THAT), node) + rd.small("the same") + rd.per_html(node))
        body = rd.amount_icon(self.icon(node["res"]), node)
        if node.get("with"):
            body += "".join(rd.icons.icon(w, "sub") for w in node["with"])
        body = rd.wrap_any(body, node)
        if node.get("upto"):
            body = rd.small("up to") + body
        if node.get("adjacent"):
            body += rd.small("adjacent")
        if node.get("tag"):
            body += rd.icons.tag(node["tag"]) + rd.small("in play")
        return rd.grp(body + rd.per_html(node))

    def run(self, g, node, ctx, answer):
        p, res = ctx["p"], node["res"]
        n = amount_of(g, node, ctx)
        players = g.state["players"]
        if node["n"] > 0:
            players[p]["res"][res] += n
            if n:
                g.say(p, f"gains {n} {tx.noun(res, n)}{g.source(ctx)}")
            return None
        if not node.get("any"):
            upto = node.get("upto") or ctx.get("partial")  # a partial loss (a global event's, F392)
            if res == "mc" and n and not upto:  # paying M€, heat may help (F170, F320)
                metals = node.get("with", ())
                g.push({"t": "pay", "p": p, "amount": n, "steel": "steel" in metals,
                        "titanium": "titanium" in metals, "why": ctx.get("card") or "an action"})
                return None
            have = players[p]["res"][res]
            if res == "heat" and n and not upto:
                payers = g.heat_payments(p)  # card resources spent as heat (F357)
                if payers:
                    return _pay_heat(g, p, n, have, payers, answer, ctx)
            if have < n and not upto:
                raise CannotComplete(f"{g.pname(p)} has {have} {res}, not {n}")
            players[p]["res"][res] = max(0, have - n)
            if min(have, n):
                k = min(have, n)
                verb = "spends" if ctx.get("mandatory") else "loses"
                g.say(p, f"{verb} {k} {tx.noun(res, k)}{g.source(ctx)}")
            return None
        # red border: optional, partial, all from one player (F088); protected plants are safe (F128)
        whom = _removal_targets(g, node)
        neutral = _neutral_target(g, node)
        if ctx.get("mandatory"):
            opts = [option(f"{q}:{n}", f"{g.pname(q)} loses {n} {res}")
                    for q, pl in enumerate(players) if pl["res"][res] >= n and q in whom]
            if neutral:
                opts.insert(0, option(f"{NEUTRAL}:{n}", f"{neutral} loses {n} {res}"))
        else:
            opts = [option("none", "nobody")]
            if neutral:
                opts.append(option(f"{NEUTRAL}:{n}", f"{neutral} loses {n} {res}"))
            near = g.adjacent_owners(p) if node.get("adjacent") else None
            for q, pl in enumerate(players):
                if res == "plant" and g.protected(q, None, p):
                    continue
                if (near is not None and q not in near) or q not in whom:
                    continue
                for k in range(min(n, pl["res"][res]), 0, -1):
                    opts.append(option(f"{q}:{k}", f"{g.pname(q)} loses {k} {res}"))
        answer, ask = ask_one(answer, p, "target", f"Remove up to {n} {res} from a player", opts)
        if ask:
            return ask
        if answer.startswith(NEUTRAL):
            g.say(p, f"removes {n} {tx.noun(res, n)} from {neutral}{g.source(ctx)}")
        elif answer != "none":
            q, k = (int(v) for v in answer.split(":"))
            players[q]["res"][res] -= k
            g.say(q, f"loses {k} {tx.noun(res, k)}{g.source(ctx)}")
        return None

    def bound(self, g, node, ctx, led, mandatory):
        n = led.amount(node, ctx, node["n"] < 0)
        if node["n"] > 0:
            led.gain[("res", node["res"])] += n
        elif not node.get("any") and not node.get("upto"):
            if node["res"] == "mc":
                n = max(0, n - g.spare_payment_value(ctx["p"], node.get("with", ())))
            elif node["res"] == "heat":
                n = max(0, n - sum(worth * k for _, worth, k in g.heat_payments(ctx["p"])))  # F357
            led.loss[("res", node["res"])] += n
        elif mandatory and not _neutral_target(g, node):
            whom = _removal_targets(g, node)
            led.failed |= not any(pl["res"][node["res"]] >= n for q, pl in enumerate(g.state["players"]) if q in whom)

    def reads(self, node, mandatory=False):
        if node["n"] > 0:
            return per_reads(node)
        if node.get("any") or node.get("upto"):  # optional, or in a cost any player's resources (own too)
            return (frozenset({"res:" + node["res"], "others:res"}) if mandatory else NOTHING) | per_reads(node)
        own = {"res:" + node["res"]}
        if node["res"] == "mc":
            own |= {"res", "played"}  # what else may pay an M€ loss (metals, resources as M€)
        return frozenset(own) | per_reads(node)

    def cannot_fail(self, node, mandatory, tile_ok):
        return node["n"] > 0 or bool(node.get("upto")) or (bool(node.get("any")) and not mandatory)

    def idle(self, g, node, ctx):
        """A removal from anyone when no player has any of it (a neutral opponent's loss changes nothing)."""
        return bool(node.get("any")) and node["n"] < 0 and not ctx.get("mandatory") and \
            all(pl["res"].get(node["res"], 0) <= 0 for pl in g.state["players"])

    def exactness(self, node):
        return "amount"

    def order_matters(self, node):
        return bool(node.get("any")) and node["n"] < 0  # a red-border removal: its targets depend on timing

    def plain_gain(self, node):
        return fixed_gain(node) and node["res"] != vocab.THAT

    def x_room(self, g, node, ctx):
        return g.state["players"][ctx["p"]]["res"][node["res"]] // abs(node["n"])


#: the option id of the neutral opponent as a red border's target (the solo game's, F259)
NEUTRAL = "neutral"


def _neutral_target(g: Any, node: Node) -> str:
    """The neutral opponent a red-bordered removal may take from ('' when the game has none): it
    has everything, in any amount (F259), but no tag in play nor tile of its own to be chosen by."""
    return "" if node.get("tag") or node.get("adjacent") else g.content.opponent


def _removal_targets(g: Any, node: Node) -> set[int]:
    """The players a red-bordered removal may take from: with a tag filter, those with that tag in
    play (a card of theirs, not an event, carrying it)."""
    players = range(len(g.state["players"]))
    if not node.get("tag"):
        return set(players)
    count = {"count": node["tag"] + vocab.COUNT_SUFFIX_TAG}
    return {q for q in players if g.count(q, count)}


def _pay_heat(g: Any, p: int, n: int, have: int, payers: list, answer: Any, ctx: dict) -> None:
    """Spend n heat, part of it as card resources worth heat (`pay floater as 2 heat`, F357): the
    player chooses how many of them to spend, from none (when the heat is enough) to as many as
    the amount takes; they come off the cards in the order played."""
    worth = sum(w * k for _, w, k in payers)
    if have + worth < n:
        raise CannotComplete(f"{g.pname(p)} has {have} heat and {worth} heat on cards, not {n}")
    held = [(name, w) for name, w, k in payers for _ in range(k)]
    least = 0
    while have + sum(w for _, w in held[:least]) < n:
        least += 1
    most = least
    while most < len(held) and sum(w for _, w in held[:most]) < n:
        most += 1
    res = g.content.cards[held[0][0]]["holds"]
    answer, ask = ask_one(answer, p, "amount", f"Spend how many {tx.noun(res, 2)} as heat?",
                          [option(str(k), f"{k} {tx.noun(res, k)} and {max(0, n - sum(w for _, w in held[:k]))} "
                                  "heat") for k in range(least, most + 1)])
    if ask:
        return ask
    k = int(answer)
    for name, _ in held[:k]:
        g.find_played(p, name)["res"] -= 1
    paid = sum(w for _, w in held[:k])
    g.state["players"][p]["res"]["heat"] = have - max(0, n - paid)
    g.say(p, f"spends {k} {tx.noun(res, k)} and {max(0, n - paid)} heat{g.source(ctx)}")
    return None


class Production(Op):
    name = "production"
    required = {"res": STD, "n": INT}
    optional = {"x": TRUE, "upto": TRUE, "any": TRUE, "per": PER, "less": PER}
    written_as = "icon"
    writes = ("players.*.prod",)

    def words(self, in_box):
        return vocab.STANDARD_RESOURCES if in_box else ()

    def icon(self, word):
        return word

    def lower(self, atom):
        atom.no_args()
        return {"op": self.name, "res": atom.word, "n": atom.sign * atom.n}

    emits = ("production",)

    def events(self, node):
        """One per step raised (Manutech's 'for each step'), when the steps are fixed."""
        fixed = node["n"] > 0 and not (node.get("x") or node.get("per") or node.get("any"))
        return [{"kind": "production", "res": node["res"]}] * node["n"] if fixed else []

    def text(self, node, cost, note):
        return f"{'increase' if node['n'] > 0 else 'decrease'} {production_part(node)}"

    def source(self, node):
        return _source(node)

    def html(self, node):
        return Resource.html(self, node)

    def run(self, g, node, ctx, answer):
        p, res = ctx["p"], node["res"]
        n = amount_of(g, node, ctx)
        players = g.state["players"]
        if node["n"] > 0:
            players[p]["prod"][res] += n
            if n:
                g.say(p, f"gains {n} {tx.RES[res]} production{g.source(ctx)}")
            g.production_raised(p, res, n)
            return None
        floor = g.content.rules.floor(res)
        if not node.get("any"):
            have = players[p]["prod"][res]
            if have - n < floor and not (node.get("upto") or ctx.get("partial")):
                raise CannotComplete(f"{g.pname(p)}'s {res} production cannot drop by {n}")
            players[p]["prod"][res] = max(floor, have - n)
            if have - players[p]["prod"][res]:
                g.say(p, f"loses {have - players[p]['prod'][res]} {tx.RES[res]} production{g.source(ctx)}")
            return None
        # red border: mandatory and whole, on one player, who may be the player (F268); a neutral
        # opponent always can take it (F259)
        neutral = g.content.opponent
        targets = [q for q, pl in enumerate(players) if pl["prod"][res] - n >= floor]
        others = [q for q in targets if q != p]
        if others or neutral:
            targets = others + ([p] if p in targets else [])
        opts = ([option(NEUTRAL, neutral)] if neutral else []) + [option(str(q), g.pname(q)) for q in targets]
        answer, ask = ask_one(answer, p, "target", f"Decrease a player's {res} production by {n}", opts)
        if ask:
            return ask
        if answer == NEUTRAL:
            g.say(p, f"lowers {neutral}'s {tx.RES[res]} production by {n}{g.source(ctx)}")
            return None
        q = int(answer)
        players[q]["prod"][res] -= n
        g.say(q, f"loses {n} {tx.RES[res]} production{g.source(ctx)}")
        return None

    def bound(self, g, node, ctx, led, mandatory):
        n = led.amount(node, ctx, node["n"] < 0)
        res = node["res"]
        if node["n"] > 0:
            led.gain[("prod", res)] += n
        elif node.get("any"):
            floor = g.content.rules.floor(res)
            players = g.state["players"]
            if not g.content.opponent and not any(q != ctx["p"] and pl["prod"][res] - n >= floor
                                                  for q, pl in enumerate(players)):
                led.loss[("prod", res)] += n
        else:
            led.loss[("prod", res)] += n

    def reads(self, node, mandatory=False):
        if node["n"] > 0:
            return per_reads(node)
        others = ("others-prod:" + node["res"],) if node.get("any") else ()  # whether another has enough
        return frozenset({"prod:" + node["res"], *others}) | per_reads(node)

    def cannot_fail(self, node, mandatory, tile_ok):
        return node["n"] > 0 or (bool(node.get("upto")) and not node.get("any"))

    def exactness(self, node):
        return "amount"

    def order_matters(self, node):
        return bool(node.get("any")) and node["n"] < 0  # whom a red-border decrease may hit depends on timing

    def plain_gain(self, node):
        return fixed_gain(node)

    def x_room(self, g, node, ctx):
        res = node["res"]
        return (g.state["players"][ctx["p"]]["prod"][res] - g.content.rules.floor(res)) // abs(node["n"])


def production_part(node: Node) -> str:
    whose = "any player's" if node.get("any") else "your"
    upto = "up to " if node.get("upto") else ""
    return f"{whose} {tx.RES[node['res']]} production {upto}{tx.steps(node)}{tx.per_text(node)}"


class CardResource(Op):
    name = "card_resource"
    required = {"res": WORD, "n": INT, "where": WHERE}  # a card resource of a module, or held
    optional = {"x": TRUE, "upto": TRUE, "any": TRUE, "per": PER, "less": PER, "tag": WORD, "each": TRUE}
    written_as = "icon"
    writes = ("players.*.played.*.res",)

    def words(self, in_box):
        return () if in_box else (*vocab.CARD_RESOURCES, vocab.HELD)

    def icon(self, word):
        return word

    def meaning(self, word):
        return "one resource of the kind the triggering card holds ('held(that)')" if word == vocab.HELD else ""

    def lower(self, atom):
        word, sign, n = atom.word, atom.sign, atom.n
        where, only, each = "here", None, False
        for a, place in atom.each_arg():
            if a == "each" and sign > 0:  # to every card of yours it would choose among
                each = True
                where = "any" if where == "here" else where
            elif a in ("other", "any", "that") or (a == "nonempty" and word == vocab.HELD):
                where = a
            elif is_tag_word(a):
                only = a[:-4]  # 'ANY Venus card': only your cards with that tag (F296)
            else:
                word_a = a if isinstance(a, str) else a["rule"]
                as_tag = f"{word_a}{vocab.COUNT_SUFFIX_TAG}"
                hint = (f"a card with a tag is named by its tag word: {word}(any, {as_tag})"
                        if isinstance(a, str) and is_tag_word(as_tag) else
                        did_you_mean(word_a, ("other", "any", "that", "nonempty")))
                raise atom.fail("E212", f"unknown target '{arg_text(a)}' for a card resource", place,
                                "'other' (another of your cards), 'any' (any of your cards), 'that' "
                                "(the card that triggered), a tag word ('jovian-tag') or, for held, 'nonempty'",
                                hint)
        if word == vocab.HELD and (where == "here" or sign < 0):
            raise atom.fail("E212", "'held' is added to a card: held(that) for the card that triggered, "
                            "held(nonempty) for one of your cards with resources, held(any) or held(other) for "
                            "one of your cards that holds resources", atom.word_place,
                            "held(that), held(nonempty), held(any) or held(other)", f"write +{n} held(that)")
        if sign < 0 and where not in ("here", "any", "other") and not atom.marked:
            raise atom.fail("E212", "a loss of card resources comes from this card or one of yours",
                            atom.args_place or atom.word_place,
                            f"-{n} {word} (this card), -{n} {word}(any) (one of your cards), -{n} {word}(other) "
                            f"(another of your cards) or -{n} {word}! (any card, a red border)",
                            "remove the target, or add '!' to remove from any card")
        node: Node = {"op": self.name, "res": word, "n": sign * n, "where": where}
        if each:
            if where not in ("any", "nonempty"):
                raise atom.fail("E212", "'each' adds to every card of yours that holds it (or, with held(nonempty, "
                                "each), that already holds one)", atom.args_place or atom.word_place,
                                f"+{n} {word}(each)")
            node["each"] = True
        if only:
            if where not in ("other", "any") or sign < 0:
                raise atom.fail("E212", f"a tag filter ({only}-tag) goes with a gain to 'any' or 'other' card",
                                atom.args_place or atom.word_place, f"+{n} {word}(any, {only}-tag)", "")
            node["tag"] = only
        return node

    def text(self, node, cost, note):
        res = tx.amount(node, node["res"])
        where = node["where"]
        if node["n"] > 0 and node.get("each"):
            to = "to each of your cards that already holds at least 1 resource" if where == "nonempty" else \
                f"to each of your cards that holds {tx.noun(node['res'], 2)}"
            return f"add {res} {to}{tx.per_text(node)}"
        if node["n"] > 0:
            to = {"here": "to this card", "other": "to another card", "any": "to one of your cards",
                  "that": "to that card", "nonempty": "to a card that already holds at least 1 resource"}[where]
            if node.get("tag"):
                to = f"{to} with a {node['tag']} tag"
            return f"add {res} {to}{tx.per_text(node)}"
        if node.get("any"):
            upto = "" if cost or not node.get("upto", True) else "up to "
            return f"remove {upto}{res} from any card{tx.per_text(node)}"
        upto = "up to " if node.get("upto") else ""
        source = {"any": "one of your cards", "other": "another of your cards"}.get(where, "this card")
        return f"remove {upto}{res} from {source}{tx.per_text(node)}"

    def source(self, node):
        return _source(node)

    def html(self, node):
        body = rd.wrap_any(rd.amount_icon(self.icon(node["res"]), node), node)
        cap = {"other": "another card", "any": "any card", "that": "that card", "nonempty": "a card with 1+"}
        if node.get("each"):
            body += rd.small("each card" + (" with 1+" if node["where"] == "nonempty" else ""))
        elif node["where"] in cap and (node["n"] > 0 or node["where"] in ("any", "other")) and not node.get("any"):
            body += rd.small(cap[node["where"]] + (f" ({node['tag']} tag)" if node.get("tag") else ""))
        return rd.grp(body + rd.per_html(node))

    def run(self, g, node, ctx, answer):
        p, res = ctx["p"], node["res"]
        n = amount_of(g, node, ctx)
        st = g.state
        if node["n"] > 0:
            return self._add(g, node, ctx, answer, n)
        if not node.get("any") and node["where"] in ("any", "other"):
            return self._remove_own(g, node, ctx, answer, n)
        if not node.get("any"):
            entry = g.find_played(p, ctx.get("card") or "")
            have = entry.get("res", 0) if entry else 0
            if have < n and not node.get("upto"):
                raise CannotComplete(f"{ctx.get('card')} holds {have} {res}, not {n}")
            if entry:
                entry["res"] = max(0, have - n)
                if min(have, n):
                    g.say(p, f"removes {min(have, n)} {tx.noun(res, min(have, n))} from {entry['name']}")
            return None
        mandatory = ctx.get("mandatory", False)
        opts = [] if mandatory else [option("none", "nobody")]
        neutral = g.content.opponent
        if neutral:  # it holds any card resource, as many as asked (F259)
            opts.append(option(f"{NEUTRAL}:{n}", f"{n} {res} from {neutral}"))
        for q, pl in enumerate(st["players"]):
            for e in pl["played"]:
                if g.content.cards[e["name"]].get("holds") != res or not e.get("res"):
                    continue
                if g.protected(q, e["name"], p):
                    continue
                amounts = [n] if mandatory else range(min(n, e["res"]), 0, -1)
                for k in amounts:
                    if e["res"] >= k:
                        opts.append(option(f"{q}:{e['name']}:{k}", f"{k} {res} from {e['name']} ({g.pname(q)})"))
        answer, ask = ask_one(answer, p, "target", f"Remove {n} {res} from a card", opts)
        if ask:
            return ask
        if answer.startswith(NEUTRAL):
            g.say(p, f"removes {n} {tx.noun(res, n)} from {neutral}")
        elif answer != "none":
            q, name, k = answer.split(":")
            g.find_played(int(q), name)["res"] -= int(k)
            whose = "" if int(q) == p else f"{g.pname(int(q))}'s "
            g.say(p, f"removes {k} {tx.noun(res, int(k))} from {whose}{name}")
        return None

    def _remove_own(self, g: Any, node: Node, ctx: dict, answer: Any, n: int) -> dict | None:
        """-N RES(any) / -N RES(other): from one of the player's own cards (this one, or not this one),
        in full: a mandatory part (F301); nothing comes back for it."""
        p, res = ctx["p"], node["res"]
        if n == 0:
            return None
        targets = _own_sources(g, node, ctx, 1 if node.get("upto") else n)
        if not targets and node.get("upto"):
            return None
        answer, ask = ask_one(answer, p, "card", f"Remove {n} {tx.noun(res, n)} from which card?",
                              [option(e["name"], f"{e['name']} ({e['res']})") for e in targets])
        if ask:
            return ask
        entry = g.find_played(p, answer)
        k = min(n, entry.get("res", 0))
        entry["res"] -= k
        g.say(p, f"removes {k} {tx.noun(res, k)} from {entry['name']}")
        return None

    def _add(self, g: Any, node: Node, ctx: dict, answer: Any, n: int) -> dict | None:
        p, res, where = ctx["p"], node["res"], node["where"]
        if where == "here":
            targets = [e for e in g.holders(p, res) if e["name"] == ctx.get("card")]
        elif where == "that":
            entry = g.find_played(p, ctx.get("that") or "")
            held = g.content.cards[entry["name"]].get("holds") if entry else None
            targets = [entry] if entry and held and (res == vocab.HELD or held == res) else []
            if not targets:  # only if the card just played can hold it (F162)
                raise CannotComplete(f"{ctx.get('that')} cannot hold {res}")
        elif where == "nonempty":
            targets = [e for e in g.state["players"][p]["played"]
                       if e.get("res") and g.content.cards[e["name"]].get("holds")]
        else:  # held(any), held(other): a card of whatever kind it holds
            targets = g.holders(p, res, exclude=ctx.get("card") if where == "other" else None)
            if node.get("tag"):
                targets = [e for e in targets if node["tag"] in g.content.cards[e["name"]].get("tags", ())]
        if not targets:
            return None  # resources with nowhere to go are lost (F120)
        if node.get("each"):
            for entry in targets:
                entry["res"] = entry.get("res", 0) + n
                kind = g.content.cards[entry["name"]].get("holds")
                g.say(p, f"adds {n} {tx.noun(kind, n)} to {entry['name']}")
            return None
        answer, ask = ask_one(answer, p, "card", f"Add {n} {res} to which card?",
                              [option(e["name"], e["name"]) for e in targets])
        if ask:
            return ask
        entry = g.find_played(p, answer)
        entry["res"] = entry.get("res", 0) + n
        kind = g.content.cards[entry["name"]].get("holds") if res == vocab.HELD else res
        g.say(p, f"adds {n} {tx.noun(kind, n)} to {entry['name']}")
        return None

    def bound(self, g, node, ctx, led, mandatory):
        p = ctx["p"]
        if node["n"] > 0:
            if node["where"] == "that" and not _that_can_hold(g, node, ctx):
                led.failed = True  # 'on the card just played, if it can hold one' (F162)
            return
        n = led.amount(node, ctx, True)
        if node.get("any"):
            if mandatory and not g.content.opponent and not _removable_card_exists(g, p, node["res"], n):
                led.failed = True
        elif node["where"] in ("any", "other"):
            if not node.get("upto") and not _own_sources(g, node, ctx, n):
                led.failed = True
        elif node["where"] == "here":
            entry = g.find_played(p, ctx.get("card", ""))
            have = entry.get("res", 0) if entry else 0
            led.loss[("cres", ctx.get("card"), have)] += n

    def reads(self, node, mandatory=False):
        if node["n"] > 0:
            return ANYTHING if node["where"] == "that" else per_reads(node)
        if node.get("any"):  # optional, or in a cost any player's card (own cards too)
            return (frozenset({"cres", "played", "others:cards"}) if mandatory else NOTHING) | per_reads(node)
        return frozenset({"cres", "played"}) | per_reads(node)

    def cannot_fail(self, node, mandatory, tile_ok):
        if node["n"] > 0:
            return node["where"] != "that"
        return bool(node.get("upto")) or (bool(node.get("any")) and not mandatory)

    def exactness(self, node):
        if node["n"] < 0 and not node.get("any") and node["where"] in ("any", "other"):
            return "inexact"  # from one of your cards: what paid for the card may have taken it (F301)
        return "amount"

    def order_matters(self, node):
        return node["n"] < 0 and (bool(node.get("any")) or node["where"] in ("any", "other"))

    def idle(self, g, node, ctx):
        """A removal from any card when no card in play holds any of it."""
        return bool(node.get("any")) and node["n"] < 0 and not ctx.get("mandatory") and not any(
            e.get("res") and g.content.cards[e["name"]].get("holds") == node["res"]
            for pl in g.state["players"] for e in pl["played"])

    def x_room(self, g, node, ctx):
        if node.get("any"):
            return None
        if node["where"] in ("any", "other"):
            return max((e.get("res", 0) for e in _own_sources(g, node, ctx, 1)), default=0) // abs(node["n"])
        entry = g.find_played(ctx["p"], ctx.get("card") or "")
        return (entry.get("res", 0) if entry else 0) // abs(node["n"])


def _own_sources(g: Any, node: Node, ctx: dict, n: int) -> list[dict]:
    """The player's cards a -N RES(any) / -N RES(other) may come from: holding RES, at least n of it."""
    exclude = ctx.get("card") if node["where"] == "other" else None
    return [e for e in g.holders(ctx["p"], node["res"], exclude=exclude) if e.get("res", 0) >= max(n, 1)]


def _that_can_hold(g: Any, node: Node, ctx: dict) -> bool:
    """Can the card that set off this effect hold the resource?"""
    entry = g.find_played(ctx["p"], ctx.get("that") or "")
    held = g.content.cards[entry["name"]].get("holds") if entry else None
    return bool(held) and node["res"] in (vocab.HELD, held)


def _removable_card_exists(g: Any, p: int, res: str, n: int) -> bool:
    for q, pl in enumerate(g.state["players"]):
        for e in pl["played"]:
            if g.content.cards[e["name"]].get("holds") == res and e.get("res", 0) >= n \
                    and not g.protected(q, e["name"], p):
                return True
    return False


class TR(Op):
    name = "tr"
    required = {"n": INT}
    optional = {"x": TRUE, "per": PER, "less": PER}
    written_as = "icon"
    writes = ("players.*.tr", "players.*.tr_gen", "players.*.tr_raises", "players.*.tr_lost")

    def words(self, in_box):
        return () if in_box else ("tr",)

    def icon(self, word):
        return "tr"

    def meaning(self, word):
        return "your terraform rating"

    def lower(self, atom):
        atom.no_args()
        return {"op": self.name, "n": atom.sign * atom.n}

    def text(self, node, cost, note):
        verb = "raise" if node["n"] > 0 else "lower"
        return f"{verb} your terraform rating {tx.steps(node)}{tx.per_text(node)}"

    def source(self, node):
        return pr.amount(node) + " tr" + pr.per(node)

    def html(self, node):
        return rd.grp(rd.amount_icon(self.icon("tr"), node) + rd.per_html(node))

    def run(self, g, node, ctx, answer):
        n = amount_of(g, node, ctx) * (1 if node["n"] > 0 else -1)
        if n < 0 and ctx.get("partial"):  # a global event's loss: as far as the rating goes (F392)
            n = max(n, -g.state["players"][ctx["p"]]["tr"])
        g.raise_tr(ctx["p"], n)
        if n:
            g.say(ctx["p"], f"{'gains' if n > 0 else 'loses'} {abs(n)} TR{g.source(ctx)}")
        return None

    def reads(self, node, mandatory=False):
        return per_reads(node)

    def plain_gain(self, node):
        return fixed_gain(node)

    def cannot_fail(self, node, mandatory, tile_ok):
        return True


class Cards(Op):
    name = "cards"
    required = {"n": INT}
    optional = {"x": TRUE, "of": INT, "buy": TRUE, "per": PER, "less": PER, "tag": WORD, "shows": WORD,
                "opponents": TRUE, "upto": TRUE}
    written_as = "icon"
    writes = ("players.*.hand", "deck", "discard")

    def words(self, in_box):
        return () if in_box else ("card",)

    def icon(self, word):
        return "card"

    def meaning(self, word):
        return "cards: draw (+N card), or discard from hand (-N card)"

    def lower(self, atom):
        n = atom.sign * atom.n
        node: Node = {"op": self.name, "n": n}
        for a, place in atom.each_arg():
            if a == "buy":
                node["buy"] = True
            elif a == "opponents" and n > 0 and "opponents" not in node:
                node["opponents"] = True  # every other player draws, not you
            elif isinstance(a, dict) and a["rule"] == "of":
                node["of"] = a["n"]
            elif is_tag_word(a) and "tag" not in node and n > 0:
                node["tag"] = a[:-4]  # reveal until N cards with the tag are found
            elif isinstance(a, str) and a in vocab.CARD_RESOURCES and "shows" not in node and n > 0:
                node["shows"] = a  # reveal until N cards showing that resource's icon are found (F298)
            else:
                raise atom.fail("E219", f"unknown card option '{arg_text(a)}'", place,
                                "'buy', 'of N', a tag ('space-tag'), a card resource ('floater') or 'opponents'",
                                did_you_mean(a if isinstance(a, str) else a["rule"], ("buy", "of", "opponents")))
        if ("tag" in node or "shows" in node) and len(node) > 3:
            raise atom.fail("E219", "a reveal option goes alone: +N card(TAG-tag) or +N card(RESOURCE)",
                            atom.args_place)
        if node.get("opponents") and len(node) > 3:
            raise atom.fail("E219", "opponents draw plain cards: +N card(opponents)", atom.args_place)
        return node

    def text(self, node, cost, note):
        n = node["n"]
        k = 2 if node.get("x") else abs(n)
        what = f"{tx.qty(node)} cards" if k != 1 else "a card"
        price = tx.card_price()
        if "tag" in node or "shows" in node:
            what = f"{node['tag']} tag" if "tag" in node else f"{tx.noun(node['shows'], 1)} icon"
            found = f"{tx.qty(node)} cards with a {what}" if k != 1 else f"a card with a {what}"
            return f"reveal cards until you reveal {found}, take {'them' if k != 1 else 'it'} into your hand and " \
                   "discard the rest"
        if n < 0:
            return f"discard {what}{tx.per_text(node)}"
        if node.get("opponents"):
            return f"each opponent draws {what}{tx.per_text(node)}"
        if node.get("buy"):
            if k == 1:
                return f"look at the top card of the deck and either buy it for {price} M€ or discard it"
            return f"look at the top {tx.qty(node)} cards of the deck, buy any of them for {price} M€ each and " \
                   "discard the rest"
        if "of" in node:
            return f"look at the top {node['of']} cards of the deck, take {tx.qty(node)} of them into your hand " \
                   "and discard the rest"
        return f"draw {what}{tx.per_text(node)}"

    def source(self, node):
        opts = (["buy"] if node.get("buy") else []) + ([{"rule": "of", "n": node["of"]}] if "of" in node else []) \
            + ([node["tag"] + "-tag"] if "tag" in node else []) + ([node["shows"]] if "shows" in node else []) \
            + (["opponents"] if node.get("opponents") else [])
        return pr.amount(node) + " card" + (pr.args(opts) if opts else "") + pr.per(node)

    def html(self, node):
        body = rd.amount_icon(self.icon("card"), node)
        if node.get("buy"):
            body += rd.small("buy")
        if "of" in node:
            body = rd.q(str(node["of"])) + rd.icons.icon(self.icon("card")) + rd.small(f"keep {abs(node['n'])}")
        if "tag" in node:
            body += rd.icons.tag(node["tag"])
        if "shows" in node:
            body += rd.icons.icon(node["shows"], "sub")
        if node.get("opponents"):  # printed red-bordered: every other player draws
            body = f'<span class="any">{body}</span>'
        return rd.grp(body + rd.per_html(node))

    def run(self, g, node, ctx, answer):
        p = ctx["p"]
        n = amount_of(g, node, ctx)
        pl = g.state["players"][p]
        if node["n"] < 0:
            if node.get("upto") or ctx.get("partial"):  # as many as the hand holds, up to n
                n = min(n, len(pl["hand"]))
            if n == 0:
                return None
            if len(pl["hand"]) < n:
                raise CannotComplete(f"{g.pname(p)} has {len(pl['hand'])} card(s) to discard, not {n}")
            if answer is None:
                if len(pl["hand"]) == n:
                    answer = list(pl["hand"])
                else:
                    return decision(p, "select", f"Discard {n} card(s)", [option(c, c) for c in pl["hand"]],
                                    min=n, max=n)
            for c in answer:
                pl["hand"].remove(c)
                g.state["discard"].append(c)
            g.say(p, f"discards {len(answer)} {tx.noun('card', len(answer))}")
            return None
        if node.get("opponents"):
            for q in range(len(g.state["players"])):
                if q != p:
                    g.draw_cards(q, n)
        elif "tag" in node or "shows" in node:
            g.reveal_until(p, node.get("tag"), n, node.get("shows"))
        elif node.get("buy"):
            g.push({"t": "look", "p": p, "cards": g.take_from_deck(n), "keep": n, "buy": True})
        elif "of" in node:
            g.push({"t": "look", "p": p, "cards": g.take_from_deck(node["of"]), "keep": n, "buy": False})
        else:
            g.draw_cards(p, n)
        return None

    def bound(self, g, node, ctx, led, mandatory):
        n = led.amount(node, ctx, node["n"] < 0)
        if node["n"] < 0:
            if not node.get("upto"):
                led.loss[("hand",)] += n
        elif node.get("opponents"):
            return  # other players' hands
        elif node.get("buy") or "of" in node or "tag" in node or "shows" in node:
            led.gain[("hand",)] += led.unknown_gain(n)  # cards looked at, bought or revealed: up to n kept
        else:
            led.gain[("hand",)] += n

    def reads(self, node, mandatory=False):
        if node["n"] >= 0:
            return per_reads(node)
        if "per" in node:
            return frozenset({"hand"}) | per_reads(node)
        return frozenset({f"hand:{-node['n']}"})  # a fixed discard (X at its least, 1): that many cards

    def cannot_fail(self, node, mandatory, tile_ok):
        return node["n"] > 0 or bool(node.get("upto"))

    def exactness(self, node):
        return "neutral" if node.get("opponents") else "amount"  # other players' hands: nothing of yours

    def order_matters(self, node):
        return node["n"] < 0  # which cards are discarded can depend on what was drawn before

    def x_room(self, g, node, ctx):
        return len(g.state["players"][ctx["p"]]["hand"]) // abs(node["n"])


def _resource_args(atom: Atom) -> Node:
    """Arguments of a standard resource: metals that may pay an M€ cost (the small steel or
    titanium icon beside it), or on a red-bordered removal 'adjacent' (owners of tiles next to the
    tile this card just placed) or a tag (only players with that tag in play)."""
    word, sign, marked = atom.word, atom.sign, atom.marked
    extra: Node = {}
    for a, place in atom.each_arg():
        if a in ("steel", "titanium") and word == "mc" and sign < 0 and not marked:
            extra.setdefault("with", []).append(a)
        elif a == "adjacent" and sign < 0 and marked:
            extra["adjacent"] = True
        elif is_tag_word(a) and sign < 0 and marked and "tag" not in extra:
            extra["tag"] = a[:-4]  # only from a player with that tag in play
        else:
            raise atom.fail("E213", f"'{word}' cannot take '{arg_text(a)}'", place,
                            "'(steel)' or '(titanium)' on an M€ cost, '(adjacent)!' or '(TAG-tag)!' on a removal",
                            did_you_mean(arg_text(a), ("steel", "titanium", "adjacent")))
    return extra
