"""What a word of the card language means, and which module brings it.

The meanings are the ones the compiler already declares: module manifests (tags, card resources,
global parameters, tile names, count words; `compiler.modules.bringer` names the module, as E320's
help does), the count and trigger kinds (`compiler/counts.py`, `compiler/triggers.py`), the tile
kinds, placement rules, durations and overrides (`compiler/vocab.py`). Only the grammar's keywords
have no table of meanings elsewhere: `KEYWORDS` says them here, from docs/card-language.md, and
`SYMBOLS` the grammar's symbols (`->`, `=>`, `X`, `!` …) likewise.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler import vocab
from compiler.modules import VOCABULARY_KINDS, all_words, bringers, manifests
from compiler.ops.lowering import atom_table

#: The keywords of grammar/cards.lark, each with what it does in a row.
KEYWORDS: dict[str, str] = {
    "or": "separates alternatives: the player chooses one (in a row, or between triggers)",
    "may": "the item after it is optional: the player may decline it",
    "if": "'if COND then ITEM': the item happens only when the condition holds; in VP, 'N if COND'",
    "then": "follows the condition of an 'if'",
    "steal": "'steal N RESOURCE!': take resources from another player, gaining what they lose",
    "need": "'need COND': the row can be used only when the condition holds",
    "per": "'… per COUNT': the amount is multiplied by the count ('per 2 X' counts every 2)",
    "max": "'… per COUNT max N': the count (after a divisor, the sets) is taken as N at most",
    "less": "'… per COUNT less COUNT': the second count is taken off the first, to 0 at least; "
            "'-4 tr less influence': the loss is smaller by the count",
    "above": "'… per COUNT above N': N is taken off the count first, to 0 at least ('per 5 tr above 15')",
    "most": "'if most COUNT then …': you have the most (ties share it; more than 0), as awards place players",
    "second": "'if second COUNT then …': you alone are second (no second after a tie for the most; more than 0)",
    "least": "'if least COUNT then …': you have the fewest (ties share it)",
    "reveal": "'reveal TAG-tag': reveal the top card of the deck; the condition holds if it has that tag",
    "upto": "'upto N': remove at most N (the player picks how many, zero included)",
    "discount": "an effect: 'discount N [mc] [on TRIGGER]': cards (or the triggering kind) cost N less",
    "value": "an effect: 'value +N steel|titanium|ocean': the metal is worth N more M€ when paying; "
             "an ocean next to a tile you place gives N more M€",
    "flex": "an effect: 'flex N': global requirements are met within N steps ('flex 2 venus': one track's; "
            "'flex 1 science-tag': a tag's minimum met with 1 fewer)",
    "pay": "an effect: 'pay RESOURCE as [N] mc on TRIGGER': a resource may pay for what the trigger names",
    "as": "in 'pay … as N mc': what one unit of the resource is worth",
    "on": "in a modifier: the kind of card or project the modifier applies to",
}

#: The symbols of grammar/cards.lark, each with what it does (docs/card-language.md, the section).
SYMBOLS: dict[str, str] = {
    "->": "the red arrow of an action: what is left of it is the cost, paid in full; what is right of it, "
          "the gain (2.17)",
    "=>": "a blue effect: the triggers left of it, the row that follows each right of it (2.24)",
    "X": "an amount the player chooses as the row resolves, from 1 up to what the mandatory X losses allow; "
         "`3X` is three times it (2.3)",
    "!": "the red border after a word: any player's (a loss from any one player, a count of every player's, "
         "a trigger on anyone's doing) (2.5)",
    "*": "after a name: an override, a rule the icons cannot say, from the fixed list in compiler/vocab.py "
         "(2.28)",
    ",": "separates the items of a row (all happen, in order), a requirement's comparisons (all must hold) "
         "or a modifier list (2.1, 2.21)",
    "+": "a gain before an amount; between counts, adds them up: `per 2 power-tag + influence` (2.2, 2.14)",
    "-": "a loss before an amount (2.2)",
    "[": "opens the brown production box: inside it, `+N res` and `-N res` are production steps (2.4)",
    "]": "closes the brown production box (2.4)",
    "(": "opens a group `( … ) per COUNT`, or a word's arguments `tile(NAME)` (2.16)",
    ")": "closes a group or a word's arguments (2.16)",
    ">=": "at least: the count is this number or more (2.21)",
    "<=": "at most: the count is this number or less (2.21)",
}

_LANGUAGE = "the card language itself (compiler/vocab.py)"
@dataclass(frozen=True)
class Meaning:
    """One reading of a word: what kind of word it is, what it means, and who brings it."""

    kind: str
    meaning: str
    modules: tuple[str, ...] = ()  # the modules that bring it (two may declare one alike; none: the language's own)


def module_label(mid: str) -> str:
    """'venus (Venus Next)'."""
    module = manifests().get(mid)
    return f"{mid} ({module.name})" if module and module.name != mid else mid


def describe(word: str) -> list[Meaning]:
    """Every reading of a word (a count word can also be a trigger, a global a count, …)."""
    out: list[Meaning] = []
    if word.endswith("*"):
        name = word[:-1]
        if name in vocab.OVERRIDES:
            out.append(Meaning("override", vocab.OVERRIDES[name]))
        return out
    for kind, what in VOCABULARY_KINDS.items():
        spec = all_words(kind).get(word)
        if spec is not None:
            out.append(Meaning(what.removeprefix("a ").removeprefix("an "), str(spec.get("meaning", "")),
                               tuple(bringers(word, kind))))
    op = atom_table(False).get(word)
    if op is not None and op.meaning(word):  # the language's own words: what their op says they do
        kind = "standard resource" if word in vocab.STANDARD_RESOURCES else "word"
        out.append(Meaning(kind, op.meaning(word)))
    from compiler.counts import MEANINGS as COUNTS
    from compiler.tiles import TILE_KINDS
    from compiler.triggers import MEANINGS as TRIGGERS
    if word in TILE_KINDS:
        out.append(Meaning("tile", TILE_KINDS[word].meaning))
    if word in COUNTS:
        out.append(Meaning("count word", COUNTS[word], _stem_bringer(word)))
    if word in TRIGGERS:
        out.append(Meaning("trigger word", TRIGGERS[word], _stem_bringer(word)))
    for table, kind in ((vocab.PLACEMENT_RULES, "placement rule"), (vocab.DURATIONS, "duration"),
                        (vocab.GRANTABLE, "granted modifier"), (vocab.PLAY_MODS, "play-card option"),
                        (vocab.EXTRA_DECKS, "deck"), (KEYWORDS, "keyword")):
        if word in table:
            out.append(Meaning(kind, table[word]))
    if word in vocab.CARD_TYPES:
        out.append(Meaning("card type", f"a card of type {word}"))
    if word in vocab.OVERRIDES:
        out.append(Meaning("override (write it with a star)", vocab.OVERRIDES[word]))
    if word in vocab.LATER:
        out.append(Meaning("not yet", f"comes with {vocab.LATER[word]}, which tmars does not run yet"))
    return _dedupe(out)


def _stem_bringer(word: str) -> tuple[str, ...]:
    """`venus-tag` counts the `venus` tag: it comes with the module that brings the tag (and a
    global parameter, card resource or defined count word with the module that brings the word)."""
    stem = word.removesuffix(vocab.COUNT_SUFFIX_TAG)
    kinds = ("tags",) if stem != word else ("globals", "card_resources", "counts")
    for kind in kinds:
        if stem in all_words(kind):
            return tuple(bringers(stem, kind))
    return ()


def _dedupe(items: list[Meaning]) -> list[Meaning]:
    seen: set[tuple[str, str]] = set()
    out = []
    for m in items:
        if (m.kind, m.meaning) not in seen:
            seen.add((m.kind, m.meaning))
            out.append(m)
    return out


def symbol_markdown(symbol: str) -> str | None:
    """A hover for a symbol of the card language."""
    meaning = SYMBOLS.get(symbol)
    return f"**`{symbol}`**\n\n- *symbol*: {meaning}\n\nA symbol of {_LANGUAGE}." if meaning else None


def markdown(word: str, meanings: list[Meaning]) -> str:
    """A hover for a word: each reading and the module that brings it."""
    lines = [f"**`{word}`**", ""]
    for m in meanings:
        labels = "`, `".join(module_label(mid) for mid in m.modules)
        who = f" — brought by module{'s' if len(m.modules) > 1 else ''} `{labels}`" if m.modules else ""
        lines.append(f"- *{m.kind}*: {m.meaning}{who}")
    if not any(m.modules for m in meanings):
        lines += ["", f"A word of {_LANGUAGE}."]
    return "\n".join(lines)


def vocabulary() -> list[tuple[str, Meaning]]:
    """Every word a card-language field may use, with its first reading (for completion)."""
    from compiler.counts import MEANINGS as COUNTS
    from compiler.tiles import TILE_KINDS
    from compiler.triggers import MEANINGS as TRIGGERS
    words: list[str] = [*vocab.STANDARD_RESOURCES, *TILE_KINDS, *atom_table(False), *COUNTS, *TRIGGERS, *KEYWORDS,
                        *vocab.PLACEMENT_RULES, *vocab.DURATIONS]
    for kind in VOCABULARY_KINDS:
        words += list(all_words(kind))
    out = []
    for word in dict.fromkeys(words):
        meanings = describe(word)
        if meanings:
            out.append((word, meanings[0]))
    out += [(f"{name}*", Meaning("override", text)) for name, text in vocab.OVERRIDES.items()]
    return out
