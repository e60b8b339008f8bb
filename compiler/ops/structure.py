"""Ops that hold other items: a production box, an OR choice, a payment (cost -> gain), an
optional group, a plain group and a condition."""

from __future__ import annotations

from .protocol import CannotComplete, ask_one, decision, option

from .. import printer as pr
from .. import text as tx
from ..ir import BOX_ITEMS, ITEMS, OPTIONS
from ..sheet import render as rd
from . import OPS, Op, is_loss, items_cannot_fail, items_reads, items_safe_whatever_chosen, per_reads, walk
from .amounts import production_part


class Box(Op):
    """The brown production box."""

    name = "box"
    text_alone = True
    written_as = "box"
    writes = ()
    required = {"items": BOX_ITEMS}

    def text(self, node, cost, note):
        """'decrease your energy production 1 step and increase your M€ production 3 steps'."""
        groups: list[tuple[str, list[dict]]] = []
        others: list[str] = []
        for item in node["items"]:
            if item["op"] != "production":
                others.append(tx.override_clause(item, note) if item["op"] == "override" else tx.item_text(item))
                continue
            verb = "increase" if item["n"] > 0 else "decrease"
            if groups and groups[-1][0] == verb:
                groups[-1][1].append(item)
            else:
                groups.append((verb, [item]))
        clauses = []
        for verb, nodes in groups:
            alike = {(n.get("any"), abs(n["n"]), n.get("x"), str(n.get("per"))) for n in nodes}
            if len(nodes) > 1 and len(alike) == 1:
                first = nodes[0]
                whose = "any player's" if first.get("any") else "your"
                res = tx.join([tx.RES[n["res"]] for n in nodes])
                clauses.append(f"{verb} {whose} {res} production {tx.steps(first)} each{tx.per_text(first)}")
            else:
                clauses.append(f"{verb} " + tx.join([production_part(n) for n in nodes]))
        return tx.join(clauses + others)

    def source(self, node):
        return "[" + pr.items(node["items"]) + "]"

    def html(self, node):
        return rd.grp(rd.items_html(node["items"]), "box")

    def run(self, g, node, ctx, answer):
        """The player orders a box's changes (F268): increases first never leave fewer ways to make
        its decreases, so they go first and nothing needs asking."""
        items = node["items"]
        gains = [n for n in items if n["op"] == "production" and n["n"] > 0]
        g.push_items(gains + [n for n in items if n not in gains], ctx)
        return None

    def bound(self, g, node, ctx, led, mandatory):
        led.add(node["items"], ctx, mandatory)


class Choice(Op):
    """Printed OR: one of the options, the player's pick among those that can be completed."""

    name = "choice"
    text_alone = True
    written_as = "alternatives"
    writes = ()
    required = {"options": OPTIONS}

    def text(self, node, cost, note):
        options = [tx.items_text(o, cost, note) for o in node["options"]]
        if len(options) > 2 or any(" and " in o or ", " in o for o in options):
            return ", or ".join(options)
        return tx.join(options, "or")

    def source(self, node):
        return "(" + " or ".join(pr.items(o) for o in node["options"]) + ")"

    def html(self, node):
        opts = [rd.grp((rd.q("or", "or") if i else "") + rd.items_html(o)) for i, o in enumerate(node["options"])]
        return rd.grp("".join(opts), "choice")

    def run(self, g, node, ctx, answer):
        answer, ask = ask_one(answer, ctx["p"], "choice", "Choose one",
                              [option(str(i), tx.items_text(opt)) for i, opt in enumerate(node["options"])])
        if ask:
            return ask
        g.push_items(node["options"][int(answer)], ctx)
        return None

    def bound(self, g, node, ctx, led, mandatory):
        """A relaxation: the most any option gives and the least any option takes, of the options
        that can be taken. In a cost, an option the player cannot pay now cannot be; among a row's
        effects, what the rest of the row gives may pay it first, so only a hard failure rules it out."""
        options = []
        for opt in node["options"]:
            sub = led.sub()
            sub.add(opt, ctx, mandatory)
            led.inexact |= sub.inexact
            led.held_back |= sub.held_back
            if not sub.failed and (not mandatory or sub.ok()):
                options.append(sub)
        if not options:
            led.failed = True
            return
        for key in {k for o in options for k in o.gain}:
            led.gain[key] += max(o.gain.get(key, 0) for o in options)
        for key in {k for o in options for k in o.loss}:
            led.loss[key] += min(o.loss.get(key, 0) for o in options)

    def cannot_fail(self, node, mandatory, tile_ok):
        return any(items_cannot_fail(opt, mandatory, tile_ok) for opt in node["options"])

    def exactness(self, node):
        return "inexact" if any(is_loss(n) for opt in node["options"] for n in walk(opt)) else "neutral"

    def order_matters(self, node):
        return any(is_loss(n) for opt in node["options"] for n in walk(opt))


class Pay(Op):
    """A red arrow inside a row: the cost (mandatory, paid first), then the gain."""

    name = "pay"
    written_as = "arrow"
    writes = ()
    required = {"cost": ITEMS, "gain": ITEMS}

    def text(self, node, cost, note):
        from . import OPS
        conds = [n for n in node["cost"] if OPS[n["op"]].is_condition]
        paid = [n for n in node["cost"] if not OPS[n["op"]].is_condition]
        lead = tx.join([tx.item_text(n) for n in conds]) + ", " if conds else ""
        if not paid:
            return lead + tx.items_text(node["gain"], note=note)
        return f"{lead}{tx.items_text(paid, True, note)} to {tx.items_text(node['gain'], note=note)}"

    def source(self, node):
        return "(" + pr.pay(node) + ")"

    def html(self, node):
        return rd.grp(rd.items_html(node["cost"]) + rd.q("\u2192", "to") + rd.items_html(node["gain"]))

    def run(self, g, node, ctx, answer):
        g.push_items(node["gain"], ctx)
        g.push_items(node["cost"], {**ctx, "mandatory": True})
        return None

    def bound(self, g, node, ctx, led, mandatory):
        led.add(node["cost"], ctx, True)
        led.add(node["gain"], ctx, mandatory)

    def reads(self, node, mandatory=False):
        return items_reads(node["cost"], True) | items_reads(node["gain"], mandatory)

    def cannot_fail(self, node, mandatory, tile_ok):
        return items_cannot_fail(node["cost"], True, tile_ok) and items_cannot_fail(node["gain"], mandatory, tile_ok)

    def safe_whatever_chosen(self, node, mandatory, tile_ok):
        return items_safe_whatever_chosen(node["cost"], True, tile_ok) and \
            items_safe_whatever_chosen(node["gain"], mandatory, tile_ok)


class May(Op):
    """Optional items: declining always completes; 'yes' is offered only if it can be completed."""

    name = "may"
    text_alone = True
    written_as = "optional"
    writes = ()
    required = {"items": ITEMS}

    def text(self, node, cost, note):
        return f"you may {tx.items_text(node['items'], cost, note)}"

    def source(self, node):
        inner = node["items"]
        return "may " + (pr.item(inner[0]) if len(inner) == 1 else "(" + pr.items(inner) + ")")

    def html(self, node):
        return rd.grp(rd.small("may") + rd.items_html(node["items"]))

    def run(self, g, node, ctx, answer):
        if answer is None and not any(OPS[n["op"]].worth_asking(g, n, ctx) for n in node["items"]):
            answer = "yes"  # taking it can only help: nothing to ask (`Op.worth_asking`)
        if answer is None:
            return decision(ctx["p"], "confirm", f"Do you want to: {tx.items_text(node['items'])}?",
                            [option("yes", "yes"), option("no", "no")], auto="single")
        if answer == "yes":
            g.push_items(node["items"], ctx)
        return None

    def cannot_fail(self, node, mandatory, tile_ok):
        return True

    def order_matters(self, node):
        return True


class Group(Op):
    """Brackets around items, to be the option of a choice or the object of 'may'; with `per`, the
    whole done once per count (`(+1 mc or +1 steel) per influence`: each time chosen anew)."""

    name = "group"
    written_as = "group"
    writes = ()
    required = {"items": ITEMS}
    optional = {"per": "#count"}

    def text(self, node, cost, note):
        inner = tx.items_text(node["items"], cost, note)
        return f"{inner}, once per {tx.count_text(node['per'])}" if "per" in node else inner

    def source(self, node):
        inner = pr.items(node["items"])
        wrapped = len(node["items"]) == 1 and node["items"][0]["op"] == Choice.name and inner.startswith("(")
        return (inner if wrapped else "(" + inner + ")") + pr.per(node)

    def html(self, node):
        return rd.grp(rd.items_html(node["items"]), "group") + (rd.per_html(node) if "per" in node else "")

    def times(self, g, node, ctx) -> int:
        return g.count(ctx["p"], node["per"], ctx) if "per" in node else 1

    def run(self, g, node, ctx, answer):
        g.push_items(node["items"] * self.times(g, node, ctx), ctx)
        return None

    def bound(self, g, node, ctx, led, mandatory):
        for _ in range(self.times(g, node, ctx)):
            led.add(node["items"], ctx, mandatory)

    def reads(self, node, mandatory=False):
        return items_reads(node["items"], mandatory) | per_reads(node)


class If(Op):
    """'if COND then ITEM', or 'if reveal TAG-tag then ITEM' (reveal and discard the top card)."""

    name = "if"
    text_alone = True
    written_as = "conditional"
    writes = ()
    required = {"cond": "#cond", "items": ITEMS}

    def plain_gain(self, node):
        return False  # whether it gives anything depends on the state (or the deck) when it runs

    def text(self, node, cost, note):
        c = node["cond"]
        then = tx.items_text(node["items"], cost, note)
        return f"{tx.cond_text(c)}, {then}" if "reveal" in c else f"if {tx.cond_text(c)}, {then}"

    def source(self, node):
        return "if " + pr.cond(node["cond"]) + " then " + pr.item(node["items"][0])

    def html(self, node):
        c = node["cond"]
        if "reveal" in c:
            cond = rd.small("reveal") + rd.icons.tag(c["reveal"])
        elif "rank" in c:
            cond = rd.small({"most": "most", "second": "2nd most", "least": "fewest"}[c["rank"]]) + rd.count_html(c)
        else:
            cond = rd.req_part(c) if c["cmp"] == ">=" else rd.q("max", "maxlabel") + rd.req_part(c)
        return rd.grp(rd.grp(cond, "cond") + rd.q(":", "colon") + rd.items_html(node["items"]))

    def run(self, g, node, ctx, answer):
        cond = node["cond"]
        if "reveal" in cond:
            cards = g.take_from_deck(1)
            if not cards:  # nothing to reveal: the action would do nothing, which is not allowed (F212)
                raise CannotComplete("no card left to reveal")
            card = cards[0]
            g.state["discard"].append(card)  # revealed and discarded (F157)
            hit = cond["reveal"] in g.content.cards[card]["tags"]
            g.say(ctx["p"], f"reveals {card}: {'a hit' if hit else 'no match'}")
        else:
            hit = g.requirement_met(ctx["p"], cond, ctx)
        if hit:
            g.push_items(node["items"], ctx)
        return None

    def bound(self, g, node, ctx, led, mandatory):
        """A relaxation: what it may give counts, what it may take does not."""
        if "reveal" in node["cond"] and not (g.state["deck"] or g.state["discard"]):
            led.failed = True  # nothing to reveal (F212)
        sub = led.sub()
        sub.add(node["items"], ctx, mandatory)
        led.inexact |= sub.inexact
        for key, v in sub.gain.items():
            led.gain[key] += v

    def reads(self, node, mandatory=False):
        if "reveal" in node["cond"]:  # whether there is a card to reveal (`bound`)
            return frozenset({"deck"}) | items_reads(node["items"], mandatory)
        return items_reads(node["items"], mandatory)

    def cannot_fail(self, node, mandatory, tile_ok):
        return "reveal" not in node["cond"] and items_cannot_fail(node["items"], mandatory, tile_ok)

    def safe_whatever_chosen(self, node, mandatory, tile_ok):
        return "reveal" not in node["cond"] and items_safe_whatever_chosen(node["items"], mandatory, tile_ok)

    def exactness(self, node):
        return "neutral" if items_cannot_fail(node["items"]) else "inexact"
