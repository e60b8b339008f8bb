"""Lowering: parse trees to the effect IR, checking every word against the vocabulary.

The IR is plain JSON-compatible data (dicts, lists, strings, ints). Node shapes are
declared in `ir.py`; this module only builds them.
"""

from __future__ import annotations

import difflib
from typing import Any

from lark import Token, Tree

from . import vocab
from .diagnostics import CompileError, did_you_mean
from .ops import OPS
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
        alts = [self._alt_items(a) for a in self.row(tree)]
        if len(alts) == 1:
            return alts[0]
        return [{"op": "choice", "options": alts}]

    @staticmethod
    def _alt_items(alt: list[Node] | Node) -> list[Node]:
        if isinstance(alt, dict):
            return [{"op": "pay", "cost": alt["cost"], "gain": alt["gain"]}]
        return alt

    def items(self, tree: Tree, in_box: bool = False) -> list[Node]:
        return [self.item(c, in_box) for c in tree.children]

    def item(self, tree: Tree, in_box: bool = False) -> Node:
        kind = tree.data
        if kind == "atom":
            return self.atom(tree, in_box)
        if kind == "box":
            if in_box:
                raise self.fail("E210", "a production box cannot contain another box", tree)
            return {"op": "box", "items": self.items(tree.children[0], in_box=True)}
        if kind == "group":
            inner = self.row_as_items(tree.children[0])
            return inner[0] if len(inner) == 1 else {"op": "group", "items": inner}
        if kind == "optional":
            inner = self.item(tree.children[0], in_box)
            return {"op": "may", "items": inner["items"] if inner["op"] == "group" else [inner]}
        if kind == "conditional":
            return {"op": "if", "cond": self.cond(tree.children[0]), "items": [self.item(tree.children[1])]}
        if kind == "steal":
            return self.steal(tree)
        if kind == "need":
            cond = self.cond(tree.children[0])
            if "reveal" in cond:
                raise self.fail("E235", "'need' takes a comparison, not a reveal", tree.children[0],
                                "need COUNT >= N", "write: need tr-raises >= 1")
            return {"op": "need", "cond": cond}
        raise self.fail("E200", f"unsupported construct {kind}", tree)  # pragma: no cover

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
        per = self.count(per_tree.children[0]) if per_tree else None

        if star:
            if word not in vocab.OVERRIDES:
                raise self.fail("E220", f"unknown override '{word}*'", word_tok,
                                "one of: " + ", ".join(sorted(vocab.OVERRIDES)),
                                did_you_mean(word, vocab.OVERRIDES))
            extras = [t for t in ("SIGN", "UPTO", "MARK") if self.tokens(tree, t)]
            if extras or self.subtree(tree, "amount") is not None or per_tree is not None:
                raise self.fail("E224", f"an override takes only its arguments: '{word}(…)*'", word_tok,
                                f"{word}(ARGS)*", "amounts, signs, 'upto', '!' and 'per' belong to icons, "
                                "not to overrides")
            return {"op": "override", "name": word, "args": list(args)}

        node: Node
        if in_box:
            if word not in vocab.STANDARD_RESOURCES:
                if word not in vocab.ALL_ATOM_WORDS:
                    raise self.fail("E201", f"unknown resource '{word}' in a production box", word_tok,
                                    ", ".join(vocab.STANDARD_RESOURCES),
                                    did_you_mean(word, vocab.STANDARD_RESOURCES))
                hint = ""
                if word in vocab.CARD_RESOURCES:
                    hint = f"a card resource is gained outside the box: +{n} {word}"
                raise self.fail("E211", f"'{word}' cannot be produced: a production box holds only "
                                "standard resources", word_tok, ", ".join(vocab.STANDARD_RESOURCES), hint)
            node = {"op": "production", "res": word, "n": sign * n}
        elif word == vocab.THAT:  # the resource the triggering event names: bound when it fires
            if sign < 0:
                raise self.fail("E226", "'that' resource can only be gained", word_tok, f"+{n} that",
                                "'that' is the resource the triggering event names, given to you")
            node = {"op": "resource", "res": word, "n": sign * n}
        elif word in vocab.STANDARD_RESOURCES:
            node = {"op": "resource", "res": word, "n": sign * n}
            node.update(self.resource_args(word, sign, marked, args, args_tree))
            args = []
        elif word in vocab.CARD_RESOURCES or word == vocab.HELD:
            where, only = "here", None
            for a, a_tree in zip(args, args_tree.children if args_tree else [], strict=False):
                if a in ("other", "any", "that") or (a == "nonempty" and word == vocab.HELD):
                    where = a
                elif isinstance(a, str) and a.endswith(vocab.COUNT_SUFFIX_TAG) and a[:-4] in vocab.TAGS:
                    only = a[:-4]  # 'ANY Venus card': only your cards with that tag (F296)
                else:
                    raise self.fail("E212", f"unknown target '{_arg_text(a)}' for a card resource", a_tree,
                                    "'other' (another of your cards), 'any' (any of your cards), 'that' "
                                    "(the card that triggered) or, for held, 'nonempty'",
                                    did_you_mean(a if isinstance(a, str) else a["rule"],
                                                 ("other", "any", "that", "nonempty")))
            if word == vocab.HELD and (where == "here" or sign < 0):
                raise self.fail("E212", "'held' is added to a card: held(that) for the card that triggered, "
                                "held(nonempty) for one of your cards with resources, held(any) or held(other) for "
                                "one of your cards that holds resources", word_tok,
                                "held(that), held(nonempty), held(any) or held(other)",
                                f"write +{n} held(that)")
            if sign < 0 and where not in ("here", "any", "other") and not marked:
                raise self.fail("E212", "a loss of card resources comes from this card or one of yours",
                                args_tree or word_tok,
                                f"-{n} {word} (this card), -{n} {word}(any) (one of your cards), -{n} {word}(other) "
                                f"(another of your cards) or -{n} {word}! (any card, a red border)",
                                "remove the target, or add '!' to remove from any card")
            node = {"op": "card_resource", "res": word, "n": sign * n, "where": where}
            if only:
                if where not in ("other", "any") or sign < 0:
                    raise self.fail("E212", f"a tag filter ({only}-tag) goes with a gain to 'any' or 'other' card",
                                    args_tree or word_tok, f"+{n} {word}(any, {only}-tag)", "")
                node["tag"] = only
            args = []
        elif word == "tr":
            node = {"op": "tr", "n": sign * n}
        elif word in vocab.GLOBALS:
            if sign < 0:
                raise self.fail("E223", f"'{word}' can only be raised", tree, f"+N {word}",
                                "no card of these modules lowers a global parameter")
            node = {"op": "raise", "param": word, "n": sign * n}
        elif word in vocab.TILE_KINDS:
            node = self.tile(word, n, sign, args, args_tree, tree)
            args = []
        elif word == "card":
            node = self.cards(sign * n, args, args_tree)
            args = []
        elif word == "claim":
            node = {"op": "claim"}
        elif word == "reuse-action":
            node = {"op": "reuse_action"}
        elif word == "award":
            if args != ["free"]:
                raise self.fail("E219", "'award' is funding an award for free: award(free)", args_tree or word_tok,
                                "award(free)")
            node = {"op": "award", "free": True}
            args = []
        elif word == "play-card":
            node = self.play_card(args, args_tree, word_tok)
            args = []
        elif word in vocab.DURATIONS:
            node = self.grant(word, args, args_tree, word_tok)
            args = []
        else:
            raise self.fail("E201", f"unknown word '{word}'", word_tok,
                            "a resource, card resource, tile, global parameter, 'tr' or 'card'",
                            did_you_mean(word, vocab.ALL_ATOM_WORDS | set(vocab.OVERRIDES)))
        if args:
            raise self.fail("E213", f"'{word}' takes no arguments", args_tree)
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
            if node["op"] not in ("resource", "production", "card_resource") or sign > 0:
                raise self.fail("E215", "a red border ('!') marks only a removal or a production decrease",
                                self.tokens(tree, "MARK")[0], "a negative resource or production",
                                "remove the '!': a gain always goes to you")
            node["any"] = True
        if per is not None:
            node["per"] = per
        return node

    def resource_args(self, word: str, sign: int, marked: bool, args: list, args_tree: Tree | None) -> Node:
        """Arguments of a standard resource: metals that may pay an M€ cost (the small steel or
        titanium icon beside it), or on a red-bordered removal 'adjacent' (owners of tiles next
        to the tile this card just placed) or a tag (only players with that tag in play)."""
        extra: Node = {}
        for a, a_tree in zip(args, args_tree.children if args_tree else [], strict=False):
            if a in ("steel", "titanium") and word == "mc" and sign < 0 and not marked:
                extra.setdefault("with", []).append(a)
            elif a == "adjacent" and sign < 0 and marked:
                extra["adjacent"] = True
            elif isinstance(a, str) and a.endswith(vocab.COUNT_SUFFIX_TAG) and a[:-4] in vocab.TAGS \
                    and sign < 0 and marked and "tag" not in extra:
                extra["tag"] = a[:-4]  # only from a player with that tag in play
            else:
                raise self.fail("E213", f"'{word}' cannot take '{_arg_text(a)}'", a_tree,
                                "'(steel)' or '(titanium)' on an M€ cost, '(adjacent)!' or '(TAG-tag)!' on a removal",
                                did_you_mean(_arg_text(a), ("steel", "titanium", "adjacent")))
        return extra

    def tile(self, word: str, n: int, sign: int, args: list, args_tree: Tree | None, tree: Tree) -> Node:
        if sign < 0:
            raise self.fail("E216", "tiles cannot be removed", tree)
        kind = "special" if word == "tile" else word
        node: Node = {"op": "tile", "tile": kind}
        rules: list = []
        for a, a_tree in zip(args, args_tree.children if args_tree else [], strict=False):
            rule = a if isinstance(a, str) else a["rule"]
            if rule in vocab.PLACEMENT_RULES:
                rules.append(a)
            elif isinstance(a, str) and "name" not in node and not _near_rule(a):
                node["name"] = a
            else:
                raise self.fail("E217", f"unknown placement rule '{rule}'", a_tree,
                                ", ".join(vocab.PLACEMENT_RULES), did_you_mean(rule, vocab.PLACEMENT_RULES))
        if kind == "special" and "name" not in node:
            raise self.fail("E218", "a special tile needs a name: tile(NAME, rules…)", args_tree or tree)
        if n != 1:
            node["n"] = n
        if rules:
            node["rules"] = rules
        return node

    def cards(self, n: int, args: list, args_tree: Tree | None) -> Node:
        node: Node = {"op": "cards", "n": n}
        for a, a_tree in zip(args, args_tree.children if args_tree else [], strict=False):
            if a == "buy":
                node["buy"] = True
            elif a == "opponents" and n > 0 and "opponents" not in node:
                node["opponents"] = True  # every other player draws, not you
            elif isinstance(a, dict) and a["rule"] == "of":
                node["of"] = a["n"]
            elif isinstance(a, str) and a.endswith(vocab.COUNT_SUFFIX_TAG) and a[:-4] in vocab.TAGS \
                    and "tag" not in node and n > 0:
                node["tag"] = a[:-4]  # reveal until N cards with the tag are found
            elif isinstance(a, str) and a in vocab.CARD_RESOURCES and "shows" not in node and n > 0:
                node["shows"] = a  # reveal until N cards showing that resource's icon are found (F298)
            else:
                raise self.fail("E219", f"unknown card option '{_arg_text(a)}'", a_tree,
                                "'buy', 'of N', a tag ('space-tag'), a card resource ('floater') or 'opponents'",
                                did_you_mean(a if isinstance(a, str) else a["rule"], ("buy", "of", "opponents")))
        if ("tag" in node or "shows" in node) and len(node) > 3:
            raise self.fail("E219", "a reveal option goes alone: +N card(TAG-tag) or +N card(RESOURCE)", args_tree)
        if node.get("opponents") and len(node) > 3:
            raise self.fail("E219", "opponents draw plain cards: +N card(opponents)", args_tree)
        return node

    def play_card(self, args: list, args_tree: Tree | None, at: Token) -> Node:
        """`play-card(discount 25)`: play a card from your hand now, changed as the arguments say;
        `play-card(prelude, of 3)`: draw 3 from another deck and play one of them."""
        node: Node = {"op": "play_card"}
        for a, a_tree in zip(args, args_tree.children if args_tree else [], strict=False):
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
                raise self.fail("E219", f"unknown play-card option '{_arg_text(a)}'", a_tree,
                                "discount N, ignore-globals, or a deck and 'of N' (prelude, of 3)",
                                did_you_mean(rule, set(vocab.PLAY_MODS) | set(vocab.EXTRA_DECKS) | {"of"}))
        if ("deck" in node) != ("of" in node) or ("deck" in node and len(node) > 3):
            raise self.fail("E219", "play-card draws from a deck with both: play-card(prelude, of 3)",
                            args_tree or at, "play-card(DECK, of N) or play-card(discount N)")
        return node

    def grant(self, until: str, args: list, args_tree: Tree | None, at: Token) -> Node:
        """`next-card(discount 8, flex 2)`: modifiers that last until the next card is played."""
        mods = []
        for a, a_tree in zip(args, args_tree.children if args_tree else [], strict=False):
            if isinstance(a, dict) and a["rule"] in vocab.GRANTABLE and "cmp" not in a:
                mods.append({"mod": a["rule"], "n": a["n"]})
            else:
                raise self.fail("E225", f"'{_arg_text(a)}' is not a modifier {until} can grant", a_tree,
                                ", ".join(f"{m} N" for m in vocab.GRANTABLE),
                                did_you_mean(a if isinstance(a, str) else a["rule"], vocab.GRANTABLE))
        if not mods:
            raise self.fail("E225", f"'{until}' needs the modifiers it grants: {until}(discount 8)", at,
                            f"{until}(discount N)")
        return {"op": "grant", "until": until, "mods": mods}

    def steal(self, tree: Tree) -> Node:
        word_tok = self.tokens(tree, "WORD")[0]
        word = str(word_tok)
        n, x = self.amount(self.subtree(tree, "amount"))
        if x:
            raise self.fail("E221", "the amount X does not apply to a steal", self.subtree(tree, "amount"),
                            "a number", "a steal takes a fixed amount (F094)")
        if word not in vocab.STANDARD_RESOURCES and word not in vocab.CARD_RESOURCES:
            raise self.fail("E201", f"unknown resource '{word}'", word_tok, "a resource",
                            did_you_mean(word, set(vocab.STANDARD_RESOURCES) | set(vocab.CARD_RESOURCES)))
        node: Node = {"op": "steal", "res": word, "n": n}
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
        node = self.count(count_tree)
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
        return self.comparison(tree.children)

    def requires(self, tree: Tree) -> list[Node]:
        return [self.comparison(r.children) for r in tree.children]

    def vp(self, tree: Tree) -> Node:
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
        if tree.data == "mod_discount":
            node: Node = {"mod": "discount", "n": int(toks[0])}
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
            if res not in ("steel", "titanium"):
                raise self.fail("E242", f"'{res}' has no payment value", toks[-1], "steel or titanium")
            n = int(next(t for t in toks if t.type == "NUMBER"))
            return {"mod": "value", "res": res, "n": -n if str(toks[0]) == "-" else n}
        if tree.data == "mod_flex":
            node = {"mod": "flex", "n": int(toks[0])}
            track = [t for t in toks if t.type == "WORD"]
            if track:  # only this global parameter's requirements are flexed
                if str(track[0]) not in vocab.TRACKS:
                    raise self.fail("E201", f"'{track[0]}' is not a global parameter", track[0],
                                    ", ".join(vocab.TRACKS), did_you_mean(str(track[0]), vocab.TRACKS))
                node["param"] = str(track[0])
            return node
        if tree.data == "mod_pay":
            words = [t for t in toks if t.type == "WORD"]
            rate = [int(t) for t in toks if t.type == "NUMBER"]
            res, as_ = str(words[0]), str(words[1])
            trig = self.subtree(tree, "triggers")
            if rate or trig is not None:  # resources on this card, worth N M€ each, for what matches
                if res not in vocab.CARD_RESOURCES or as_ != "mc":
                    raise self.fail("E201", f"'{res}' at a rate: only card resources held here pay as N mc",
                                    words[0], "pay CARD-RESOURCE as N mc on TRIGGER",
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
            raise self.fail("E220", f"unknown override '{word}*'", toks[0],
                            "one of: " + ", ".join(sorted(vocab.OVERRIDES)), did_you_mean(word, vocab.OVERRIDES))
        args_tree = self.subtree(tree, "args")
        return {"mod": "override", "name": word, "args": self.args(args_tree) if args_tree else []}


def _arg_text(a: str | dict) -> str:
    """An argument as written: 'next-cities 2', 'cost >= 20'."""
    if isinstance(a, str):
        return a
    return " ".join(str(a[k]) for k in ("rule", "cmp", "n") if k in a)


def _near_rule(word: str) -> bool:
    """A tile's name that is almost a placement rule is a misspelt rule ('volcano', 'next-citys')."""
    return bool(difflib.get_close_matches(word, vocab.PLACEMENT_RULES, n=1, cutoff=0.75))


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
