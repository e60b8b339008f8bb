"""Ops that play or fund something now: play a card (from the hand, or drawn from another deck)
and fund an award for free."""

from __future__ import annotations

from .protocol import CannotComplete, ask_one, option

from .. import text as tx
from .. import vocab
from ..diagnostics import did_you_mean
from ..ir import INT, TRUE
from ..modules import all_words
from ..sheet import render as rd
from . import NOTHING, Node, Op, Word
from .lowering import arg_text


class PlayCard(Op):
    """`play-card(discount 25)`: play a card from your hand now, its cost lowered or its global
    requirements ignored; unplayable when no card in the hand can be played so (F318).
    `play-card(DECK, of 3)`: draw 3 from another deck (a card type's a module brings), play one,
    discard the rest (F339)."""

    name = "play_card"
    reads_hand_cards = True
    optional = {"discount": INT, "ignore_globals": TRUE, "deck": {"enum": sorted(vocab.EXTRA_DECKS)},
                "of": INT}
    written_as = "icon"
    #: the card played is a unit of its own (its cost, its effects: their tasks'); drawn from a deck,
    #: the others are discarded
    writes = ("players.*.hand", "players.*.played", "players.*.events", "players.*.granted",
              *(f"{deck}_{pile}" for deck in vocab.EXTRA_DECKS for pile in ("deck", "discard")))

    def words(self, in_box):
        return () if in_box else ("play-card",)

    def icon(self, word):
        return "card"

    def meaning(self, word):
        return "play a card now ('play-card(discount 25)'; 'play-card(DECK, of 3)' draws from another deck)"

    def lower(self, atom):
        """`play-card(discount 25)`: play a card from your hand now, changed as the arguments say;
        `play-card(DECK, of 3)`: draw 3 from another deck and play one of them."""
        node: Node = {"op": self.name}
        deck = next(iter(vocab.EXTRA_DECKS), "DECK")  # for the examples in the messages
        for a, place in atom.each_arg():
            rule = a if isinstance(a, str) else a["rule"]
            if isinstance(a, str) and a in vocab.EXTRA_DECKS and "deck" not in node:
                node["deck"] = a
            elif isinstance(a, dict) and rule == "of" and "cmp" not in a and a["n"] > 0:
                node["of"] = a["n"]
            elif isinstance(a, dict) and rule == "discount" and "cmp" not in a:
                node["discount"] = a["n"]
            elif a == "ignore-globals":
                node["ignore_globals"] = True
            else:
                raise atom.fail("E219", f"unknown play-card option '{arg_text(a)}'", place,
                                f"discount N, ignore-globals, or a deck and 'of N' ({deck}, of 3)",
                                did_you_mean(rule, set(vocab.PLAY_MODS) | set(vocab.EXTRA_DECKS) | {"of"}))
        if ("deck" in node) != ("of" in node) or ("deck" in node and len(node) > 3):
            raise atom.fail("E219", f"play-card draws from a deck with both: play-card({deck}, of 3)",
                            atom.args_place or atom.word_place, "play-card(DECK, of N) or play-card(discount N)")
        return node

    def text(self, node, cost, note):
        if "deck" in node:
            deck = node["deck"]
            return f"draw {node['of']} {deck} cards, play one of them and discard the rest"
        how = []
        if node.get("discount"):
            how.append(f"reducing its cost by {node['discount']} M€")
        if node.get("ignore_globals"):
            how.append("ignoring its global requirements")
        return "play a card from your hand" + (", " + tx.join(how) if how else "")

    def source(self, node):
        args = []
        if "deck" in node:
            args += [node["deck"], f"of {node['of']}"]
        if "discount" in node:
            args.append(f"discount {node['discount']}")
        if node.get("ignore_globals"):
            args.append("ignore-globals")
        return "play-card" + (f"({', '.join(args)})" if args else "")

    def html(self, node):
        if "deck" in node:
            label = all_words("card_types").get(node["deck"], {}).get("label", node["deck"])
            return rd.grp(rd.q(str(node["of"])) + rd.icons.icon(self.icon("play-card")) + rd.small(f"{label}: play 1"))
        extra = ""
        if node.get("discount"):
            extra += rd.icons.icon("mc", "", f"-{node['discount']}")
        if node.get("ignore_globals"):
            extra += rd.small("no global requirements")
        return rd.grp(rd.small("play") + rd.icons.icon(self.icon("play-card")) + extra)

    def run(self, g, node, ctx, answer):
        p = ctx["p"]
        if "deck" in node:
            drawn = g.take_from_extra_deck(node["deck"], node["of"])
            if not drawn:
                raise CannotComplete(f"the {node['deck']} deck is empty")
            g.push({"t": "pick_play", "p": p, "cards": drawn, "deck": node["deck"], "one": True})
            return None
        mods = grants(node)
        names = g.playable_with(p, mods)
        answer, ask = ask_one(answer, p, "card", "Play which card from your hand?", [option(n, n) for n in names])
        if ask:
            return ask
        g.play_from_hand(p, answer, mods)
        return None

    def bound(self, g, node, ctx, led, mandatory):
        if "deck" not in node and not g.state["players"][ctx["p"]]["hand"]:
            led.failed = True

    def reads(self, node, mandatory=False):
        return frozenset({"hand"})  # the ledger only asks for a hand; its yes is never a proof

    def cannot_fail(self, node, mandatory, tile_ok):
        return False

    def exactness(self, node):
        return "inexact"

    def order_matters(self, node):
        return True


def grants(node: dict) -> list[dict]:
    """The modifiers the played card gets, as `next-card` grants (they end when it is played)."""
    out = []
    if node.get("discount"):
        out.append({"mod": "discount", "n": node["discount"], "until": "next-card"})
    if node.get("ignore_globals"):
        out.append({"mod": "flex", "n": IGNORE, "until": "next-card"})
    return out


IGNORE = 99  # flex beyond any track's length: the global requirements are ignored (F332)


class Award(Op):
    """`award(free)`: fund an award without paying; any unfunded award of the map, even once
    three are funded (F337, F338: the 2023 ruling)."""

    name = "award"
    required = {"free": TRUE}
    written_as = "icon"
    writes = ("awards",)

    def words(self, in_box):
        return () if in_box else ("award",)

    def icon(self, word):
        return "award"

    def meaning(self, word):
        return "fund an award ('award(free)')"

    def lower(self, atom):
        if list(atom.args) != ["free"]:
            raise atom.fail("E219", "'award' is funding an award for free: award(free)",
                            atom.args_place or atom.word_place, "award(free)")
        return {"op": self.name, "free": True}

    def text(self, node, cost, note):
        return "fund an award for free"

    def source(self, node):
        return "award(free)"

    def html(self, node):
        return rd.grp(rd.icons.icon(self.icon("award")) + rd.small("free"))

    def run(self, g, node, ctx, answer):
        funded = {a["name"] for a in g.state["awards"]}
        names = [n for n in g.content.map.awards if n not in funded]
        if not names:  # none left to fund, or none in the game (the solo game's, F337): nothing happens
            g.log(f"{g.pname(ctx['p'])} has no award to fund for free")
            return None
        answer, ask = ask_one(answer, ctx["p"], "choice", "Fund which award for free?", [option(n, n) for n in names])
        if ask:
            return ask
        g.state["awards"].append({"name": answer, "player": ctx["p"]})
        g.log(f"{g.pname(ctx['p'])} funds {answer} for free")
        return None

    def reads(self, node, mandatory=False):
        return NOTHING  # with no award left it does nothing (F337)

    def cannot_fail(self, node, mandatory, tile_ok):
        return True


class ReuseAction(Word):
    """`reuse-action`: use again, as this action, the action of one of your own blue cards that
    was already used this generation — any of its alternatives, whichever was taken before (F293).
    Only actions that can be completed again are offered; an action that itself reuses actions is
    never one of them."""

    name, word = "reuse_action", "reuse-action"
    answer_leads_elsewhere = True
    writes = ()  # the action used again is a unit of its own

    def icon(self, word):
        return "arrow"

    def meaning(self, word):
        return "use again the action of one of your cards used this generation"

    def text(self, node, cost, note):
        return "use the action of one of your blue cards that you have already used this generation"

    def html(self, node):
        return rd.grp(rd.small("used") + rd.icons.icon(self.icon("reuse-action"), "arrow") + rd.small("again"))

    def run(self, g, node, ctx, answer):
        p = ctx["p"]
        names = g.reusable_actions(p)
        answer, ask = ask_one(answer, p, "card", "Use again the action of which card?", [option(n, n) for n in names])
        if ask:
            return ask
        g.push({"t": "use_action", "p": p, "card": answer, "again": True})
        return None

    def bound(self, g, node, ctx, led, mandatory):
        verdict = g.reuse_verdict(ctx["p"])
        if verdict is False:
            led.failed = True
        elif verdict is None:
            led.inexact = True

    def cannot_fail(self, node, mandatory, tile_ok):
        return False

    def exactness(self, node):
        return "inexact"

    def order_matters(self, node):
        return True
