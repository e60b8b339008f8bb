"""Lowering: parse trees to the effect IR, checking every word against the vocabulary.

The IR is plain JSON-compatible data (dicts, lists, strings, ints). Node shapes are
declared in `ir.py`; this module only builds them.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from . import vocab
from .diagnostics import CompileError, did_you_mean
from .ops import OPS
from .ops.lowering import Atom, atom_table
from .ops.special import Override, Steal
from .ops.structure import Box, Choice, Group, If, May, Pay
from .ops.special import Need
from .triggers import triggers_written
from .parser import SourceText, parse

Node = dict[str, Any]


class Lowerer:
    """Turns one field's parse tree into IR, reporting vocabulary errors with positions."""

    def __init__(self, source: SourceText):
        self.src = source

    # ---- helpers -------------------------------------------------------------
    def fail(self, code: str, message: str, at: Token | Tree | None, expected: str = "",
             suggestion: str = "") -> CompileError:
        offset = 0
        if isinstance(at, Token) and at.start_pos is not None:
            offset = at.start_pos
        elif isinstance(at, Tree) and getattr(at.meta, "start_pos", None) is not None:
            offset = at.meta.start_pos
        return CompileError([self.src.diagnostic(code, message, offset, expected, suggestion)])

    @staticmethod
    def tokens(tree: Tree, kind: str) -> list[Token]:
        return [c for c in tree.children if isinstance(c, Token) and c.type == kind]

    @staticmethod
    def subtree(tree: Tree, name: str) -> Tree | None:
        for c in tree.children:
            if isinstance(c, Tree) and c.data == name:
                return c
        return None

    # ---- rows ----------------------------------------------------------------
    def row(self, tree: Tree) -> list[list[Node] | Node]:
        """A row as a list of alternatives; each is a plain item list or an arrow {cost, gain}."""
        alts = []
        for alt in tree.children:
            if alt.data == "plain_alt":
                alts.append(self.items(alt.children[0]))
            else:
                parts = [c for c in alt.children if isinstance(c, Tree)]
                cost = self.items(parts[0]) if len(parts) == 2 else []
                alts.append({"cost": cost, "gain": self.items(parts[-1])})
        return alts

    def row_as_items(self, tree: Tree) -> list[Node]:
        """A row used where items are expected: alternatives become a choice, arrows a payment."""
        return alternatives_as_items(self.row(tree))

    def items(self, tree: Tree, in_box: bool = False) -> list[Node]:
        return [self.item(c, in_box) for c in tree.children]

    def item(self, tree: Tree, in_box: bool = False) -> Node:
        build = CONSTRUCTS.get(tree.data)
        if build is None:
            raise self.fail("E200", f"unsupported construct {tree.data}", tree)  # pragma: no cover
        return build(self, tree, in_box)

    def box(self, tree: Tree, in_box: bool) -> Node:
        if in_box:
            raise self.fail("E210", "a production box cannot contain another box", tree)
        return {"op": Box.name, "items": self.items(tree.children[0], in_box=True)}

    def group(self, tree: Tree, in_box: bool) -> Node:
        inner = self.row_as_items(tree.children[0])
        per_tree = self.subtree(tree, "per")
        if per_tree is not None:
            return {"op": Group.name, "items": inner, "per": self.per(per_tree)}
        return inner[0] if len(inner) == 1 else {"op": Group.name, "items": inner}

    def optional(self, tree: Tree, in_box: bool) -> Node:
        inner = self.item(tree.children[0], in_box)
        return {"op": May.name, "items": inner["items"] if inner["op"] == Group.name else [inner]}

    def conditional(self, tree: Tree, in_box: bool) -> Node:
        return {"op": If.name, "cond": self.cond(tree.children[0]), "items": [self.item(tree.children[1])]}

    def need(self, tree: Tree, in_box: bool) -> Node:
        cond = self.cond(tree.children[0])
        if "reveal" in cond:
            raise self.fail("E235", "'need' takes a comparison, not a reveal", tree.children[0],
                            "need COUNT >= N", "write: need tr-raises >= 1")
        return {"op": Need.name, "cond": cond}

    def amount(self, tree: Tree | None) -> tuple[int, bool]:
        if tree is None:
            return 1, False
        toks = tree.children
        if toks[-1].type == "X":  # 'X', or 'NX': N times the X the player chooses
            return (int(toks[0]) if len(toks) > 1 else 1), True
        return int(toks[0]), False

    def atom(self, tree: Tree, in_box: bool) -> Node:
        word_tok = self.tokens(tree, "WORD")[0]
        word = str(word_tok)
        sign = -1 if any(str(t) == "-" for t in self.tokens(tree, "SIGN")) else 1
        n, x = self.amount(self.subtree(tree, "amount"))
        upto = bool(self.tokens(tree, "UPTO"))
        marked = bool(self.tokens(tree, "MARK"))
        star = bool(self.tokens(tree, "STAR"))
        args_tree = self.subtree(tree, "args")
        args = self.args(args_tree) if args_tree else []
        per_tree = self.subtree(tree, "per")
        per = self.per(per_tree) if per_tree else None
        less_tree = self.subtree(tree, "less")

        if star:
            if word not in vocab.OVERRIDES:
                raise self.fail("E220", f"unknown override '{word}'", word_tok,
                                "one of: " + ", ".join(sorted(vocab.OVERRIDES)), override_hint(word))
            extras = [t for t in ("SIGN", "UPTO", "MARK") if self.tokens(tree, t)]
            if extras or self.subtree(tree, "amount") is not None or per_tree is not None:
                raise self.fail("E224", f"an override takes only its arguments: '{word}(…)*'", word_tok,
                                f"{word}(ARGS)*", "amounts, signs, 'upto', '!' and 'per' belong to icons, "
                                "not to overrides")
            return {"op": Override.name, "name": word, "args": list(args)}

        atom = Atom(word, sign, n, marked, tuple(args), tuple(args_tree.children) if args_tree else (), args_tree,
                    tree, word_tok, self.fail)
        op = atom_table(in_box).get(word)
        if op is None:
            raise self.unknown_word(word, word_tok, in_box, n)
        node = op.lower(atom)
        optional = OPS[node["op"]].optional
        if x and "x" not in optional:
            raise self.fail("E221", f"the amount X does not apply to '{word}'", self.subtree(tree, "amount"),
                            "a number", "only resources, production, TR, global parameters and cards take X")
        if per is not None and "per" not in optional:
            raise self.fail("E222", f"'per' does not apply to '{word}'", per_tree,
                            "resources, production, TR, global parameters or cards before 'per'")
        if x:
            node["x"] = True
        if upto:
            if sign > 0:
                raise self.fail("E214", "'upto' only applies to a loss", tree,
                                "'upto -N word!'", "write the amount as a negative number")
            node["upto"] = True
        if marked:
            if "any" not in optional or sign > 0:
                raise self.fail("E215", "a red border ('!') marks only a removal or a production decrease",
                                self.tokens(tree, "MARK")[0], "a negative resource or production",
                                "remove the '!': a gain always goes to you")
            node["any"] = True
        if per is not None:
            node["per"] = per
        if less_tree is not None:
            if "per" not in optional or sign > 0:
                raise self.fail("E222", f"'less' does not take anything off '{word}'", less_tree,
                                "a loss of resources, production or TR before 'less'",
                                "write the loss first: -4 tr less influence")
            node["less"] = self.count(less_tree.children[0])
        return node

    def per(self, tree: Tree) -> Node:
        """`per SUM [above N] [max N] [less COUNT]`: counts added up, N taken off, divided, capped,
        another count taken off (in that order, `tmars.rules.count`)."""
        node = self.sum(tree.children[0])
        above, most, less = (self.subtree(tree, k) for k in ("above", "most", "less"))
        if above is not None:
            node["above"] = int(above.children[0])
        if most is not None:
            node["max"] = int(most.children[0])
            if node["max"] < 1:
                raise self.fail("E231", "a count taken as 0 at most gives nothing", most.children[0], "max 1 or more")
        if less is not None:
            node["less"] = self.count(less.children[0])
        return node

    def sum(self, tree: Tree) -> Node:
        """A count, or counts added up (`power-tag + influence`): the first with the rest as `plus`."""
        if tree.data != "sum":
            return self.count(tree)
        first, *rest = (self.count(c) for c in tree.children if isinstance(c, Tree))
        if rest:
            if any("div" in c for c in rest):
                raise self.fail("E231", "only the first count of a sum takes a divisor", tree,
                                "per 2 power-tag + influence")
            first["plus"] = rest
        return first

    def unknown_word(self, word: str, at: Token, in_box: bool, n: int) -> CompileError:
        """The error for a word no op lowers from (in a production box when `in_box`)."""
        if in_box:
            if word not in atom_table(False):
                return self.fail("E201", f"unknown resource '{word}' in a production box", at,
                                 ", ".join(vocab.STANDARD_RESOURCES), did_you_mean(word, vocab.STANDARD_RESOURCES))
            hint = f"a card resource is gained outside the box: +{n} {word}" if word in vocab.CARD_RESOURCES else ""
            return self.fail("E211", f"'{word}' cannot be produced: a production box holds only standard resources",
                             at, ", ".join(vocab.STANDARD_RESOURCES), hint)
        return self.fail("E201", f"unknown word '{word}'", at,
                         "a resource, card resource, tile, global parameter, 'tr' or 'card'",
                         did_you_mean(word, set(atom_table(False)) | set(vocab.OVERRIDES)))

    def steal(self, tree: Tree, in_box: bool = False) -> Node:
        word_tok = self.tokens(tree, "WORD")[0]
        word = str(word_tok)
        n, x = self.amount(self.subtree(tree, "amount"))
        if x:
            raise self.fail("E221", "the amount X does not apply to a steal", self.subtree(tree, "amount"),
                            "a number", "a steal takes a fixed amount (F094)")
        if word not in vocab.STANDARD_RESOURCES and word not in vocab.CARD_RESOURCES:
            raise self.fail("E201", f"unknown resource '{word}'", word_tok, "a resource",
                            did_you_mean(word, set(vocab.STANDARD_RESOURCES) | set(vocab.CARD_RESOURCES)))
        node: Node = {"op": Steal.name, "res": word, "n": n}
        if self.tokens(tree, "UPTO"):
            node["upto"] = True
        return node

    def args(self, tree: Tree) -> list:
        out: list = []
        for a in tree.children:
            words = [str(t) for t in a.children if isinstance(t, Token) and t.type == "WORD"]
            nums = [t for t in a.children if isinstance(t, Token) and t.type == "NUMBER"]
            if a.data == "arg_cmp":
                cmp = next(str(t) for t in a.children if isinstance(t, Token) and t.type == "CMP")
                neg = any(str(t) == "-" for t in a.children if isinstance(t, Token) and t.type == "SIGN")
                out.append({"rule": words[0], "cmp": cmp, "n": (-1 if neg else 1) * int(nums[0])})
            elif nums:
                out.append({"rule": words[0], "n": int(nums[0])})
            else:
                out.append(words[0])
        return out

    # ---- counts, conditions, requirements ---------------------------------------
    def count(self, tree: Tree) -> Node:
        word_tok = self.tokens(tree, "WORD")[0]
        word = str(word_tok)
        if word not in vocab.count_words():
            raise self.fail("E230", f"'{word}' is not something that can be counted", word_tok,
                            "a tag (science-tag), production (plant-prod), tile (city-tile) or resource",
                            did_you_mean(word, vocab.count_words()))
        node: Node = {"count": word}
        nums = self.tokens(tree, "NUMBER")
        if nums:
            node["div"] = int(nums[0])
            if node["div"] < 1:
                raise self.fail("E231", "cannot count per 0", nums[0])
        if self.tokens(tree, "MARK"):
            node["any"] = True
        args_tree = self.subtree(tree, "args")
        if args_tree:
            node["args"] = self.args(args_tree)
        return node

    def comparison(self, children: list) -> Node:
        count_tree = next(c for c in children if isinstance(c, Tree))
        node = self.sum(count_tree)
        if "div" in node:
            raise self.fail("E232", "a comparison counts whole things", count_tree)
        toks = [c for c in children if isinstance(c, Token)]
        cmp = next(str(t) for t in toks if t.type == "CMP")
        neg = any(str(t) == "-" for t in toks if t.type == "SIGN")
        value = int(next(t for t in toks if t.type == "NUMBER"))
        node["cmp"] = cmp
        node["value"] = -value if neg else value
        return node

    def cond(self, tree: Tree) -> Node:
        if tree.data == "cond_reveal":
            word_tok = tree.children[0]
            tag = str(word_tok).removesuffix(vocab.COUNT_SUFFIX_TAG)
            if tag not in vocab.TAGS or not str(word_tok).endswith(vocab.COUNT_SUFFIX_TAG):
                tag_words = {t + vocab.COUNT_SUFFIX_TAG for t in vocab.TAGS}
                hint = (f"did you mean '{word_tok}{vocab.COUNT_SUFFIX_TAG}'?" if tag in vocab.TAGS
                        else did_you_mean(str(word_tok), tag_words))
                raise self.fail("E233", f"'{word_tok}' is not a tag", word_tok, "a tag like microbe-tag", hint)
            return {"reveal": tag}
        if tree.data == "cond_rank":
            node = self.sum(tree.children[1])
            if "div" in node:
                raise self.fail("E232", "a place counts whole things", tree.children[1])
            return {"rank": str(tree.children[0]), **node}
        return self.comparison(tree.children)

    def requires(self, tree: Tree) -> list[Node]:
        return [self.bare(r) if r.data == "req_bare" else self.comparison(r.children) for r in tree.children]

    def bare(self, tree: Tree) -> Node:
        """A requirement that is a count of 1 or 0 alone (`party(greens)`, `chairman`): it holds at 1."""
        node = self.count(tree.children[0])
        if "div" in node:
            raise self.fail("E232", "a comparison counts whole things", tree)
        return node | {"cmp": ">=", "value": 1}

    def vp(self, tree: Tree) -> Node:
        """One term as it always was; a sum of terms as `{"sum": [term, …]}` (`ir.vp_terms`)."""
        terms = [self.vp_term(t) for t in tree.children if isinstance(t, Tree)]
        return terms[0] if len(terms) == 1 else {"sum": terms}

    def vp_term(self, tree: Tree) -> Node:
        toks = [c for c in tree.children if isinstance(c, Token)]
        neg = any(str(t) == "-" for t in toks if t.type == "SIGN")
        n = int(next(t for t in toks if t.type == "NUMBER"))
        node: Node = {"n": -n if neg else n}
        if tree.data == "vp_per":
            node["per"] = self.count(tree.children[-1])
        elif tree.data == "vp_if":
            node["if"] = self.cond(tree.children[-1])
            if "reveal" in node["if"]:
                raise self.fail("E234", "VP cannot depend on a revealed card", tree.children[-1],
                                "a comparison: '3 if science >= 1'")
        return node

    # ---- effects -------------------------------------------------------------
    def effect(self, tree: Tree) -> Node:
        if tree.data == "trigger_effect":
            rows = [c for c in tree.children if isinstance(c, Tree)]
            return {"on": self.triggers(rows[0]), "do": self.row_as_items(rows[1])}
        return {"mods": [self.modifier(m) for m in tree.children]}

    def triggers(self, tree: Tree) -> list[Node]:
        out = []
        for t in tree.children:
            word_tok = self.tokens(t, "WORD")[0]
            word = str(word_tok)
            if word not in vocab.trigger_words():
                raise self.fail("E240", f"unknown trigger '{word}'", word_tok, triggers_written(),
                                did_you_mean(word, vocab.trigger_words()))
            node: Node = {"event": word}
            if self.tokens(t, "MARK"):
                node["any"] = True
            args_tree = self.subtree(t, "args")
            if args_tree:
                node["args"] = self.args(args_tree)
            out.append(node)
        return out

    def modifier(self, tree: Tree) -> Node:
        toks = [c for c in tree.children if isinstance(c, Token)]
        if tree.data == "mod_discount":  # a negative one is a surcharge (cards that cost more to buy)
            sign = -1 if str(toks[0]) == "-" else 1
            node: Node = {"mod": "discount", "n": sign * int(next(t for t in toks if t.type == "NUMBER"))}
            unit = [t for t in toks if t.type == "WORD"]
            if unit:
                if str(unit[0]) not in vocab.MODIFIER_UNITS:
                    raise self.fail("E241", f"cannot discount '{unit[0]}'", unit[0],
                                    ", ".join(vocab.MODIFIER_UNITS))
                if str(unit[0]) != "mc":
                    node["unit"] = str(unit[0])
            trig = self.subtree(tree, "triggers")
            if trig is not None:
                node["on"] = self.triggers(trig)
            return node
        if tree.data == "mod_value":
            res = str(toks[-1])
            if res not in vocab.VALUES:
                raise self.fail("E242", f"'{res}' has no value to change", toks[-1], ", ".join(vocab.VALUES))
            n = int(next(t for t in toks if t.type == "NUMBER"))
            return {"mod": "value", "res": res, "n": -n if str(toks[0]) == "-" else n}
        if tree.data == "mod_extra":
            from .counts import COUNTS
            word = str(toks[-1])
            if not getattr(COUNTS.get(word), "takes_extra", False):
                takes = sorted(w for w, k in COUNTS.items() if getattr(k, "takes_extra", False))
                raise self.fail("E243", f"'{word}' is not a count a card can add to", toks[-1], ", ".join(takes),
                                did_you_mean(word, takes))
            n = int(toks[1])
            return {"mod": "extra", "res": word, "n": -n if str(toks[0]) == "-" else n}
        if tree.data == "mod_flex":
            node = {"mod": "flex", "n": int(toks[0])}
            track = [t for t in toks if t.type == "WORD"]
            if track:  # only this global parameter's requirements are flexed, or this tag's minimums
                word = str(track[0])
                tagged = word.endswith(vocab.COUNT_SUFFIX_TAG) and word[:-4] in vocab.TAGS
                if word not in vocab.TRACKS and not tagged:
                    known = [*vocab.TRACKS, *(t + vocab.COUNT_SUFFIX_TAG for t in vocab.TAGS)]
                    raise self.fail("E201", f"'{word}' is neither a global parameter nor a tag", track[0],
                                    ", ".join(vocab.TRACKS) + " or a tag (science-tag)", did_you_mean(word, known))
                node["param"] = word
            return node
        if tree.data == "mod_pay":
            words = [t for t in toks if t.type == "WORD"]
            rate = [int(t) for t in toks if t.type == "NUMBER"]
            res, as_ = str(words[0]), str(words[1])
            trig = self.subtree(tree, "triggers")
            if rate or trig is not None:  # resources on this card, worth N M€ (or heat) each, for what matches
                if res not in vocab.CARD_RESOURCES or as_ not in ("mc", "heat") or (as_ == "heat" and trig):
                    raise self.fail("E201", f"'{res}' at a rate: only card resources held here pay as N mc "
                                    "(or as N heat, wherever heat is spent)",
                                    words[0], "pay CARD-RESOURCE as N mc on TRIGGER, or pay CARD-RESOURCE as N heat",
                                    did_you_mean(res, vocab.CARD_RESOURCES))
                node = {"mod": "pay", "res": res, "as": as_, "n": rate[0] if rate else 1}
                if trig is not None:
                    node["on"] = self.triggers(trig)
                return node
            for t in words[:2]:
                if str(t) in vocab.CARD_RESOURCES:
                    raise self.fail("E201", f"'{t}' is a card resource: 'pay RES as mc' spends a standard resource",
                                    t, "a standard resource", f"resources held on this card pay at a rate: "
                                    f"pay {t} as N mc on TRIGGER")
                if str(t) not in vocab.STANDARD_RESOURCES:
                    raise self.fail("E201", f"unknown resource '{t}'", t, "a standard resource",
                                    did_you_mean(str(t), vocab.STANDARD_RESOURCES))
            return {"mod": "pay", "res": res, "as": as_}
        word = str(toks[0])
        if word not in vocab.OVERRIDES:
            raise self.fail("E220", f"unknown override '{word}'", toks[0],
                            "one of: " + ", ".join(sorted(vocab.OVERRIDES)), override_hint(word))
        args_tree = self.subtree(tree, "args")
        return {"mod": "override", "name": word, "args": self.args(args_tree) if args_tree else []}


def override_hint(word: str) -> str:
    """A near spelling of a primitive, else what to do: the primitives are long compound names
    that share their endings ('copy-production'), so only a close spelling is suggested."""
    import difflib
    close = difflib.get_close_matches(word, sorted(vocab.OVERRIDES), n=1, cutoff=0.85)
    if close:
        return f"did you mean '{close[0]}'?"
    return ("no primitive does this: write what the card language can say, and the rest in "
            "'not-as-printed:' (docs/card-language.md, 2.27e)")


def alternatives_as_items(alts: list) -> list[Node]:
    """A row's alternatives as items: one plain list stays as it is, several become a choice, and
    an arrow a payment."""
    def items(alt: list[Node] | Node) -> list[Node]:
        return [{"op": Pay.name, "cost": alt["cost"], "gain": alt["gain"]}] if isinstance(alt, dict) else alt
    if len(alts) == 1:
        return items(alts[0])
    return [{"op": Choice.name, "options": [items(a) for a in alts]}]


#: how each construct of the grammar is lowered (an icon, `atom`, by the op its word names); the
#: ops name their construct (`Op.written_as`), and a test checks each has its entry here
CONSTRUCTS: dict[str, Any] = {"atom": Lowerer.atom, "box": Lowerer.box, "group": Lowerer.group,
                              "optional": Lowerer.optional, "conditional": Lowerer.conditional,
                              "steal": Lowerer.steal, "need": Lowerer.need}
#: constructs that are parts of a row or of an icon rather than items of their own (built by
#: `alternatives_as_items` and `Lowerer.atom`; `lowered`: a global parameter's icon or its tile's
#: with a minus, lowered by the op that owns the word)
ROW_CONSTRUCTS = frozenset({"alternatives", "arrow", "star", "lowered"})


def lower_field(source: SourceText, start: str) -> Any:
    """Parse and lower one card-language field ('row', 'requires', 'vp' or 'effect')."""
    tree = parse(source, start)
    try:
        for sub in tree.iter_subtrees_topdown():
            for tok in sub.children:
                if isinstance(tok, Token) and tok.type == "NUMBER" and len(tok.lstrip("0")) > MAX_DIGITS:
                    raise CompileError([source.diagnostic(
                        "E202", f"number too large: {tok[:12]}{'…' if len(tok) > 12 else ''}",
                        tok.start_pos or 0, f"at most {MAX_DIGITS} digits")])
        return _lower(Lowerer(source), tree, start)
    except RecursionError:  # 'may may may …' a thousand times: brackets are refused earlier
        raise CompileError([source.diagnostic("E105", "card text nested too deeply", 0)]) from None


MAX_DIGITS = 4


def _lower(lowerer: Lowerer, tree: Tree, start: str) -> Any:
    if start == "row":
        return lowerer.row(tree)
    if start == "requires":
        return lowerer.requires(tree)
    if start == "vp":
        return lowerer.vp(tree)
    if start == "counts":
        return [lowerer.count(c) for c in tree.children]
    return lowerer.effect(tree)
