"""Plain-English rules text generated from the IR: the same source as behaviour and icons.

Two levels:

* **clauses** (`item_text`, `items_text`): lower-case phrases without a final period, such as
  "decrease any player's plant production 2 steps". The engine uses them in decision labels
  and in the log.
* **sentences** (`card_sentences`, `card_text`): the rules text of a whole card, printed on the
  reference sheet under the icons: "Requires 13% oxygen.", "Action: spend 1 energy to gain 1 M€
  per city tile on Mars.", "1 VP per animal on this card."

Nothing here knows a card by name: every sentence is built from the IR nodes alone. The text of
an asterisk override comes from the card's `note`, or else from the override's description in
`compiler/vocab.py`.
"""

from __future__ import annotations

from .ir import every_mapping, vp_terms

import re
from typing import Any

from . import vocab
from .modules import ON_NEW_WORDS, all_words

RES = {"mc": "M€", "steel": "steel", "titanium": "titanium", "plant": "plant", "energy": "energy", "heat": "heat"}
# singular, plural (standard resources other than plants are uncountable)
NOUNS: dict[str, tuple[str, str]] = {}
#: how the rules text names each global parameter ('the temperature', 'Venus'), as its manifest says
PARAM_NOUNS: dict[str, str] = {}


def _refresh_nouns() -> None:
    """The nouns of resources and global parameters, as the modules' manifests say (refreshed in
    place when a module added to the run brings new ones: a log line of every raise asks)."""
    PARAM_NOUNS.clear()
    PARAM_NOUNS.update({word: spec.get("noun", word) for word, spec in all_words("globals").items()})
    NOUNS.clear()
    NOUNS.update({
        "mc": ("M€", "M€"), "steel": ("steel", "steel"), "titanium": ("titanium", "titanium"),
        "plant": ("plant", "plants"), "energy": ("energy", "energy"), "heat": ("heat", "heat"),
        **{word: (spec.get("singular", word), spec.get("plural", word + "s"))
           for word, spec in all_words("card_resources").items()},
        "held": ("resource", "resources"),
        "card": ("card", "cards"),
    })


_refresh_nouns()
ON_NEW_WORDS.append(_refresh_nouns)
def param_noun(word: str) -> str:
    """How the rules text names a global parameter ('the temperature', 'Venus'): its manifest says."""
    return PARAM_NOUNS.get(word, word)
SMALL_WORDS = {"a", "an", "the", "of", "from", "on", "in", "to", "and", "or", "for"}
NUMBER_WORDS = {1: "one", 2: "two", 3: "three"}


# ---- words --------------------------------------------------------------------------------
def noun(word: str, n: int) -> str:
    """'plant' -> 'plants' for n != 1; M€, steel, titanium, energy and heat do not change."""
    forms = NOUNS.get(word)
    if forms is None:  # written out only when needed: every log line of a gain or loss asks
        base = RES.get(word, word)
        forms = (base, base + "s")
    return forms[0] if n == 1 else forms[1]


def qty(node: dict) -> str:
    n = abs(node.get("n", 1))
    if node.get("x"):
        return f"{n}X" if n != 1 else "X"  # 3X: three times X
    return str(n)


def steps(node: dict, n: int | None = None) -> str:
    """'1 step', '2 steps', 'X steps'."""
    k = abs(node.get("n", 1)) if n is None else n
    return f"{qty(node)} step{'' if k == 1 and not node.get('x') else 's'}"


def amount(node: dict, word: str) -> str:
    """'3 plants', '1 plant', 'X M€'."""
    k = abs(node.get("n", 1))
    return f"{qty(node)} {noun(word, 2 if node.get('x') else k)}"


def title(slug: str) -> str:
    """'grand-plaza' -> 'Grand Plaza', 'city-of-the-sun' -> 'City of the Sun' (small words stay lower case)."""
    words = slug.split("-")
    return " ".join(w if i and w in SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words))


#: beginnings spelt with a vowel but said with a consonant ('a Europa tag', 'a unity tag') and the
#: other way round ('an hour')
_SAID_AS_CONSONANT = ("eu", "ewe", "uni", "use", "usu", "uti", "ura", "one", "once")
_SAID_AS_VOWEL = ("hour", "honest", "honou", "heir")


def article(phrase: str) -> str:
    """'a' or 'an' before a phrase, by how its first word is said."""
    low = phrase.lower()
    vowel = low[:1] in "aeiou" and not low.startswith(_SAID_AS_CONSONANT) or low.startswith(_SAID_AS_VOWEL)
    return ("an " if vowel else "a ") + phrase


def join(parts: list[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    if any(f" {last} " in p for p in parts):
        return ", ".join(parts[:-1]) + f", {last} " + parts[-1]
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def sentence(clause: str) -> str:
    """Capital letter and final period."""
    clause = clause.strip()
    if not clause:
        return ""
    clause = clause[0].upper() + clause[1:]
    return clause if clause[-1] in ".!?" else clause + "."


# ---- counts ---------------------------------------------------------------------------------
def _count_parts(c: dict) -> tuple[str, str, str]:
    """(singular noun, plural noun, qualifier) of a count: ('power tag', 'power tags', 'you have');
    each kind of count word states its own (`compiler/counts.py`)."""
    from .counts import COUNTS
    args = [a for a in c.get("args", ()) if isinstance(a, str)]
    if "opponents" in args:
        who = "your opponents have"
    elif c.get("any"):
        who = "in play"
    else:
        who = "you have"
    return COUNTS[c["count"]].parts(c, who)


def count_text(c: dict) -> str:
    """A count after 'per': 'power tag you have', '2 microbe tags you have', 'city tile on Mars'."""
    sing, plur, who = _count_parts(c)
    div = c.get("div")
    if "plus" in c:  # counts added up: 'power tags you have and your influence'
        words = [plur] + [_count_parts(m)[1] for m in c["plus"]]
        what = (f"{div} " if div else "") + " and ".join(words)
    else:
        what = f"{div} {plur}" if div else sing
    return f"{what} {who}".strip() + (f" above {c['above']}" if "above" in c else "")


def per_text(node: dict) -> str:
    if "per" not in node:
        return less_text(node)
    most, less = node["per"].get("max"), node["per"].get("less")
    sets = "div" in node["per"] or "above" in node["per"]
    times = f" ({most} times at most)" if sets else f" (counting {most} at most)"
    return f" per {count_text(node['per'])}" + (times if most else "") + (
        f", less your {count_text(less)}" if less else "") + less_text(node)


def less_text(node: dict) -> str:
    """An amount less a count: ', less one for each influence you have'."""
    if "less" not in node:
        return ""
    sing, _plur, who = _count_parts(node["less"])
    return f", one less for each {sing} {who}".rstrip()


def have_text(c: dict, value: int, cmp: str = ">=") -> str:
    """What a player must have: 'a terraform rating of 35', '3 city tiles', '2 science tags in play'."""
    word = c["count"]
    less = cmp == "<="
    track = all_words("globals").get(word)
    if track and track.get("says"):  # how the track reads, from its manifest
        return track["says_max" if less and track.get("says_max") else "says"].format(n=value)
    if track and track.get("raised_by"):  # a track counting tiles reads as the tiles
        return f"{value} {track['raised_by']} tile{'' if value == 1 else 's'}" + (" or fewer" if less else "")
    if word == "tr":
        return f"a terraform rating of {value}" + (" or less" if less else "")
    sing, plur, who = _count_parts(c)
    if "plus" in c:  # counts added up: '4 plant tags, microbe tags and animal tags together'
        words = [plur] + [_count_parts(m)[1] for m in c["plus"]]
        return f"{value} {join(words)} together" + (" or fewer" if less else "")
    if word.endswith("-prod") and value == 1 and not less and not c.get("args"):
        return f"{RES.get(word[:-5], word[:-5])} production"
    if value == 1 and not less:
        what = article(sing)
    else:
        what = f"{value} {sing if value == 1 else plur}"
    if who in ("you have", "you have played"):
        who = {"you have played": "played"}.get(who, "")
    if less:
        what += " or fewer"
    return f"{what} {who}".strip()


def requirement_text(reqs: list[dict]) -> str:
    """'Requires 13% oxygen.', 'Requires -12 °C or colder.', 'Requires that you have a greenery tile.'"""
    parts = []
    for r in reqs:
        phrase = have_text(r, r["value"], r["cmp"])
        owned = r["count"] in ("city-tile", "greenery-tile", "tile") and not r.get("any") \
            or r["count"].endswith("-prod") or r["count"] in vocab.STANDARD_RESOURCES
        parts.append(f"that you have {phrase}" if owned else phrase)
    return sentence("requires " + join(parts))


# ---- items (clauses) ---------------------------------------------------------------------------
def override_clause(node: dict, note: str | None = None) -> str:
    """The clause of an asterisk override: the card's note, or the vocabulary's description."""
    text = note or vocab.OVERRIDES.get(node["name"], node["name"].replace("-", " "))
    numbers = [a["n"] for a in node.get("args", ()) if isinstance(a, dict) and "n" in a]
    words = [a for a in node.get("args", ()) if isinstance(a, str)]
    if not note:
        if numbers:
            text = re.sub(r"\bN\b", str(numbers[0]), text)
        else:
            text = re.sub(r"\bN\b", "2", text)
        if words and "the given tag" in text:
            text = text.replace("carries the given tag", f"has a {words[0]} tag")
    text = text.strip().rstrip(".")
    return text[0].lower() + text[1:] if text[:2] != text[:2].upper() else text


def cond_text(c: dict) -> str:
    if "reveal" in c:
        return f"reveal the top card of the deck and discard it; if it has {article(c['reveal'] + ' tag')}"
    if "rank" in c:  # ties share a place; a tie for the most leaves no second (as awards)
        words = [_count_parts(c)[1]] + [_count_parts(m)[1] for m in c.get("plus", ())]
        place = {"most": "the most", "second": "the second most", "least": "the fewest"}[c["rank"]]
        added = " added up" if "plus" in c else ""
        return f"you have {place} {' and '.join(words)}{added} (ties share the place)"
    if "plus" in c:
        words = [_count_parts(c)[1]] + [_count_parts(m)[1] for m in c["plus"]]
        return f"your {' and '.join(words)} add up to {'at least' if c['cmp'] == '>=' else 'at most'} {c['value']}"
    word = c["count"]
    if word in vocab.CARD_RESOURCES:
        sing, plur, _ = _count_parts(c)
        value = c["value"]
        what = f"{value} {sing if value == 1 else plur}"
        return f"this card holds {'at least' if c['cmp'] == '>=' else 'at most'} {what}"
    if word in vocab.TRACKS:
        return f"the board shows {have_text(c, c['value'], c['cmp'])}"
    if word == "tr-raises":
        v, more = c["value"], c["cmp"] == ">="
        if more and v == 1:
            return "your terraform rating has gone up this generation"
        if not more and v == 0:
            return "your terraform rating has not gone up this generation"
        return f"your terraform rating has gone up {'at least' if more else 'at most'} {v} step" \
               f"{'s' if v != 1 else ''} this generation"
    if word == "tr":  # a rating is a level, not a number of things had: 'is at least 21', 'is 20 or less'
        return f"your terraform rating is {'at least ' if c['cmp'] == '>=' else ''}{c['value']}" + (
            " or less" if c["cmp"] == "<=" else "")
    phrase = have_text(c, c["value"], c["cmp"])
    if c["cmp"] == ">=" and c["value"] > 1 and not phrase.startswith("a terraform"):
        phrase = "at least " + phrase
    return f"you have {phrase}"


def item_text(node: dict, cost: bool = False, note: str | None = None) -> str:
    """One IR item as a clause. `cost` marks the paying side of an arrow ('spend', exact removals).
    Each op states its own clause (`compiler/ops`)."""
    return _ops().OPS[node["op"]].text(node, cost, note)


def _ops() -> Any:
    """The ops' package (the ops import this module, so it is looked up when first used)."""
    global _OPS_PACKAGE
    if _OPS_PACKAGE is None:
        from . import ops as _OPS_PACKAGE
    return _OPS_PACKAGE


_OPS_PACKAGE: Any = None


def ocean_value_text(n: int) -> str:
    """'each ocean tile next to a tile you place gives you 3 M€ instead of 2 M€': the rules' ocean
    adjacency bonus (`cards/base/rules.yaml`) and N more."""
    from .gamerules import load_rules
    base = load_rules().ocean_adjacency_mc
    return f"each ocean tile next to a tile you place gives you {max(0, base + n)} M€ instead of {base} M€"


def card_price() -> int:
    """The price of a bought card, from the rule facts (`cards/base/rules.yaml`)."""
    from .gamerules import load_rules
    return load_rules().card_price


def items_text(items: list[Any], cost: bool = False, note: str | None = None) -> str:
    """Items as one clause: 'raise the temperature 1 step and gain 2 titanium'; gains in a row
    share their verb ('gain 3 M€ and 3 heat')."""
    parts: list[str] = []
    gains: list[str] = []
    for i in items:
        if i["op"] == _ops().Resource.name and i["n"] > 0 and not cost:
            gains.append(item_text(i, cost, note)[len("gain "):])
            continue
        if gains:
            parts.append("gain " + join(gains))
            gains = []
        parts.append(item_text(i, cost, note))
    if gains:
        parts.append("gain " + join(gains))
    return join(parts)


# ---- sentences --------------------------------------------------------------------------------
def _has_override(node: Any) -> bool:
    if isinstance(node, dict):
        return node.get("op") == _ops().Override.name or node.get("mod") == "override" or \
            any(_has_override(v) for v in node.values())
    if isinstance(node, list):
        return any(_has_override(v) for v in node)
    return False


def _only_overrides(items: list[dict]) -> bool:
    for i in items:
        if i["op"] == _ops().Box.name:
            if not _only_overrides(i["items"]):
                return False
        elif i["op"] != _ops().Override.name:
            return False
    return bool(items)


def _strip_overrides(items: list[dict]) -> list[dict]:
    out = []
    for i in items:
        if i["op"] == _ops().Override.name:
            continue
        if i["op"] == _ops().Box.name:
            inner = [j for j in i["items"] if j["op"] != _ops().Override.name]
            if inner:
                out.append({**i, "items": inner})
            continue
        out.append(i)
    return out


class _Notes:
    """Collects the asterisk footnote of a card: said once, after the sentence that needs it."""

    def __init__(self, card: dict):
        self.note = card.get("note")
        self.said = False

    def clause(self, items: list[dict], cost: bool = False) -> tuple[str, bool]:
        """(clause, starred): overrides mixed with other items leave a '*' and a footnote."""
        if not _has_override(items):
            return items_text(items, cost), False
        if _only_overrides(items):
            nodes = [i for i in items if i["op"] == _ops().Override.name] + \
                [j for i in items if i["op"] == _ops().Box.name for j in i["items"]]
            self.said = bool(self.note)
            return join([override_clause(o, self.note) for o in nodes[:1]] +
                        [override_clause(o) for o in nodes[1:]]), False
        return items_text(_strip_overrides(items), cost), True

    def footnote(self, items_or_mods: list) -> str:
        if self.note:
            if self.said:
                return ""
            self.said = True
            return "*" + sentence(self.note)
        nodes = [x for x in every_mapping(items_or_mods)
                 if x.get("op") == _ops().Override.name or x.get("mod") == "override"]
        return " ".join("*" + sentence(override_clause(o)) for o in nodes)


def _row_sentences(items: list[dict], notes: _Notes) -> list[str]:
    """A play row as sentences: a box, a choice, a condition or an attack on others each stand alone."""
    out: list[str] = []
    run: list[dict] = []

    def flush() -> None:
        if run:
            out.append(sentence(items_text(run)))
            run.clear()

    star = False
    for node in items:
        if _has_override(node):
            flush()
            text, starred = notes.clause([node])
            star = star or starred
            out.append(sentence(text) + ("*" if starred else ""))
            continue
        alone = _ops().OPS[node["op"]].text_alone or node.get("any") or node.get("adjacent")
        if alone:
            flush()
            out.append(sentence(item_text(node)))
        else:
            run.append(node)
    flush()
    out = [s.replace(".*", "*.") if s.endswith(".*") else s for s in out]
    return _with_footnote(out, star, notes, items)


def _trigger_phrase(t: dict) -> str:
    """What follows 'when': 'you play a science tag', 'any city tile is placed on Mars'; each kind
    of trigger word states its own (`compiler/triggers.py`)."""
    from .triggers import TRIGGERS
    costs = [a for a in t.get("args", ()) if isinstance(a, dict) and a.get("rule") == "cost"]
    cost = "".join(f" costing {a['n']} M€ or {'more' if a.get('cmp', '>=') == '>=' else 'less'}" for a in costs)
    return TRIGGERS[t["event"]].phrase(t, cost)


def triggers_text(triggers: list[dict]) -> str:
    """'you play a plant tag, a microbe tag or an animal tag'."""
    phrases = [_trigger_phrase(t) for t in triggers]
    merged: list[str] = []
    for p in phrases:
        prev = merged[-1] if merged else ""
        if p.startswith("you play ") and prev.startswith("you play "):
            merged[-1] = prev + "\x00" + p[len("you play "):]
        else:
            merged.append(p)
    out = []
    for m in merged:
        if "\x00" in m:
            head, *rest = m.split("\x00")
            m = "you play " + join([head[len("you play "):], *rest], "or")
        if out and m.startswith("you ") and out[0].startswith("you "):
            m = m[len("you "):]
        out.append(m)
    return join(out, "or")


def _modifier_text(m: dict, note: str | None) -> str:
    kind = m["mod"]
    if kind == "discount":
        unit = m.get("unit", "mc")
        less = f"{m['n']} {noun(unit, m['n'])} less"
        on = m.get("on")
        if unit != "mc":
            return f"when {triggers_text(on) if on else 'you pay'}, you pay {less}"
        if not on:
            return f"when you play a card, you pay {less} for it"
        from .triggers import TRIGGERS
        what = next((TRIGGERS[t["event"]].discounts for t in on if TRIGGERS[t["event"]].discounts), "")
        if what:
            less = f"{m['n']} {what if m['n'] == 1 else what + 's'} less"
        elif m["n"] < 0:
            less = f"{-m['n']} {noun(unit, -m['n'])} more"
        return f"when {triggers_text(on)}, you pay {less} for it"
    if kind == "value" and m["res"] == "ocean":
        return ocean_value_text(m["n"])
    if kind == "value":
        return f"each {RES.get(m['res'], m['res'])} you spend is worth {m['n']} M€ more"
    if kind == "extra":
        sing, plur, _ = _count_parts({"count": m["res"]})
        n = abs(m["n"])
        return f"you have {n} {'more' if m['n'] > 0 else 'less'} {sing if n == 1 else plur}"
    if kind == "flex":
        n = m["n"]
        if m.get("param", "").endswith("-tag"):
            tag = m["param"][:-4]
            return f"the cards you play that require {tag} tags need {n} {tag} tag{'s' if n != 1 else ''} fewer"
        if "param" in m:
            return f"your {param_noun(m['param'])} requirements are met within {n} step{'s' if n != 1 else ''} " \
                   "either way"
        return f"the global requirements of the cards you play are met within {n} step{'s' if n != 1 else ''} " \
               "either way"
    if kind == "pay" and "n" in m and m["as"] == "heat":
        return f"you may spend {noun(m['res'], 2)} here as {m['n']} heat each wherever you spend heat"
    if kind == "pay" and "n" in m:
        what = f"when {triggers_text(m['on'])}, " if "on" in m else ""
        return f"{what}you may spend {noun(m['res'], 2)} here as {m['n']} M€ each to pay for it"
    if kind == "pay":
        return f"you may spend {noun(m['res'], 2)} as if {'it were' if m['res'] != 'plant' else 'they were'} " \
               f"{RES.get(m['as'], m['as'])}"
    if kind == "override":
        return override_clause(m, note)
    return kind


def effect_text(effect: dict, note: str | None = None) -> str:
    """'Effect: when you play a science tag, you may discard a card to draw a card.'"""
    if "mods" in effect:
        parts = [_modifier_text(m, note) for m in effect["mods"]]
        return sentence("effect: " + join(parts))
    outcome = items_text(effect["do"], note=note)
    return sentence(f"effect: {when_text(effect['on'])}, {outcome}")


def when_text(triggers: list[dict]) -> str:
    """'when you play a plant tag', 'at the start of each production phase': the triggers after the
    word each kind leads with, that word said once when they share it."""
    from .triggers import TRIGGERS
    leads = [TRIGGERS[t["event"]].lead for t in triggers]
    if len(set(leads)) == 1:
        return f"{leads[0]} {triggers_text(triggers)}"
    return join([f"{lead} {triggers_text([t])}" for lead, t in zip(leads, triggers, strict=True)], "or")


def action_text(actions: list[dict], notes: _Notes | None = None, prefix: str = "action: ") -> list[str]:
    """'Action: spend 1 energy to gain 1 M€ per city tile on Mars.' (alternatives joined by 'or')."""
    notes = notes or _Notes({})
    alts = []
    star = False
    from .ops import OPS
    for a in actions:
        conds = [n for n in a["cost"] if OPS[n["op"]].is_condition]  # 'only if …' leads the sentence
        paid = [n for n in a["cost"] if not OPS[n["op"]].is_condition]
        cost, c_star = notes.clause(paid, cost=True) if paid else ("", False)
        gain, g_star = notes.clause(a["gain"]) if a["gain"] else ("", False)
        star = star or c_star or g_star
        text = f"{cost} to {gain}" if cost and gain else (cost or gain)
        if conds:
            text = join([item_text(n) for n in conds]) + ", " + text
        alts.append(text + ("*" if c_star or g_star else ""))
    out = [sentence(prefix + (", or " if len(alts) > 1 else "").join(alts)).replace("*.", ".*")]
    out = [s[:-2] + "*." if s.endswith(".*") else s for s in out]
    return _with_footnote(out, star, notes, actions)


def _with_footnote(out: list[str], star: bool, notes: _Notes, source: list) -> list[str]:
    """Sentences, then the asterisk's footnote when an override was written."""
    foot = notes.footnote(source) if star else ""
    return out + [foot] if foot else out


def vp_text(vp: dict) -> str:
    """'1 VP per animal on this card.', '3 VP if this card holds at least 1 science resource.';
    a sum: '1 VP per 2 animals on this card, plus 3 VP if …'."""
    return sentence(", plus ".join(map(_vp_term_text, vp_terms(vp))))


def _vp_term_text(vp: dict) -> str:
    n = vp["n"]
    if "per" in vp:
        return f"{n} VP per {count_text(vp['per'])}"
    if "if" in vp:
        return f"{n} VP if {cond_text(vp['if'])}"
    return f"{n} VP"


def start_text(items: list[dict]) -> list[str]:
    """'You start with 36 M€, 3 plants and 2 plant production.'"""
    have, rest = [], []
    for node in items:
        if node["op"] == _ops().Resource.name and node["n"] > 0 and not node.get("per"):
            have.append(amount(node, node["res"]))
        elif node["op"] == _ops().Box.name and all(i["op"] == _ops().Production.name and i["n"] > 0 and not i.get("per")
                                          for i in node["items"]):
            have.extend(f"{qty(i)} {RES[i['res']]} production" for i in node["items"])
        else:
            rest.append(node)
    out = [sentence("you start with " + join(have))] if have else []
    if rest:
        out.append(sentence("when you start, " + items_text(rest)))
    return out


def score_text(counts: list[dict]) -> str:
    whats = []
    for c in counts:
        sing, plur, who = _count_parts(c)
        prod = c["count"].endswith("-prod")
        where = "" if who in ("you have", "you have played", "in play") else " " + who.removeprefix("you have ")
        whats.append(f"{RES.get(c['count'][:-5], c['count'][:-5])} production" if prod else plur + where)
    return sentence(f"goes to the player with the most {join(whats)}")


def card_sentences(card: dict) -> list[str]:
    """The rules text of a card as a list of sentences, in reading order."""
    notes = _Notes(card)
    out: list[str] = []
    kind = card["type"]
    if "start" in card:
        out.extend(start_text(card["start"]))
    if "first_action" in card:
        text, _ = notes.clause(card["first_action"])
        out.append(sentence("as your first action, " + text))
    if kind == "conversion" and "action" in card:
        out.extend(action_text(card["action"], notes, prefix=""))
    elif "action" in card:
        out.extend(action_text(card["action"], notes))
    for e in card.get("effects", ()):
        if _only_override_effect(e):
            # a standing rule that only an asterisk can say: the note (or description) verbatim
            notes.said = bool(notes.note)
            out.append(sentence(notes.note) if notes.note else
                       " ".join(sentence(vocab.OVERRIDES.get(m["name"], m["name"])) for m in e["mods"]))
        else:
            out.append(effect_text(e, notes.note))
    if "requires" in card:
        if kind == "milestone":
            out.append(sentence("claim when you have " + join([have_text(r, r["value"], r["cmp"])
                                                                for r in card["requires"]])))
        else:
            out.append(requirement_text(card["requires"]))
    if "play" in card:
        if kind == "standard-project" and card.get("cost"):
            text, starred = notes.clause(card["play"])
            out.append(sentence(f"pay {card['cost']} M€ to {text}") + ("*" if starred else ""))
        else:
            out.extend(_row_sentences(card["play"], notes))
        last_row = len(out) - 1
    else:
        last_row = len(out) - 1 if card.get("action") or card.get("effects") else None
    out.extend(parts_text(card))
    if "score" in card:
        out.append(score_text(card["score"]))
    if "vp" in card:
        out.append(vp_text(card["vp"]))
    if set(vocab.WILD_TAGS) & set(card.get("tags", ())):
        out.append(sentence("once in play, during your own actions, its wild tag counts as any tag a "
                            "requirement or a count of your tags asks for"))
    if notes.note and not notes.said:
        if last_row is not None and not any("*" in s for s in out) and out[last_row].endswith("."):
            out[last_row] = out[last_row][:-1] + "*."  # mark the row the note explains, as printed
        out.append("*" + sentence(notes.note))
    if card.get("not_as_printed"):  # what the rows leave out: the engine does not do it
        out.append(sentence("not as printed: the game leaves out that " + card["not_as_printed"].rstrip(".")))
    out.extend(solo_text(card))
    return [s for s in out if s]


def solo_text(card: dict) -> list[str]:
    """The card's solo line (`solo:`, compiler/solo.py), as the card would say its solo rows alone:
    'Solo game: as it resolves each player: if you have at least 5 …'."""
    from .solo import solo_view
    alone = solo_view(card)
    said = card_sentences(alone) if alone is not None else []
    if not said:
        return []
    return [sentence("solo game: " + said[0][:1].lower() + said[0][1:]), *said[1:]]


def _only_override_effect(e: dict) -> bool:
    return "mods" in e and all(m["mod"] == "override" for m in e["mods"])


def parts_text(card: dict) -> list[str]:
    """Sentences for the fields of its own a card's type declares, each led by what the type says
    of it: 'Colony bonus: gain 2 M€.', 'Trade income by step: 0: gain 1 M€; 1: …'."""
    out = []
    parts = card.get("parts") or {}
    for name, spec in vocab.type_fields(card["type"]).items():
        if name not in parts:
            continue
        value, says, kind = parts[name], spec["says"], spec["kind"]
        if kind == "row":
            out.append(sentence(f"{says}: {items_text(value) or 'nothing'}"))
        elif kind == "rows":
            out.append(sentence(f"{says}: " + "; ".join(f"{i}: {items_text(r) or 'nothing'}"
                                                       for i, r in enumerate(value))))
        elif kind == "number":
            out.append(sentence(f"{says} {value}"))
        elif kind == "name":
            out.append(sentence(f"{says}: {value}"))
        else:
            out.append(sentence(f"{says}: {noun(value, 2)}"))
    return out


def card_text(card: dict) -> str:
    """The whole rules text of a card as one paragraph."""
    return " ".join(card_sentences(card))
