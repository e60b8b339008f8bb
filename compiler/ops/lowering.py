"""What an op is given to build its node from one icon of a row (`Op.lower`), and the table that
says which op each word of the card language lowers to, made from the ops' own declarations
(`Op.words`): the lowerer looks a word up here and asks that op, so adding an op adds its words.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import vocab
from ..modules import ON_NEW_WORDS
from . import ON_NEW_OP

if TYPE_CHECKING:
    from . import Op

Node = dict[str, Any]


@dataclass(frozen=True)
class Atom:
    """One icon as written: `-2 plant(steel)!`, `city(volcanic)`, `+1 card(buy)`. The amount,
    the X, `upto`, `per` and the red border's meaning for amounts are the lowerer's (the op's
    `optional` fields say which it takes); the word and its arguments are the op's to read."""

    word: str
    sign: int  # -1 for a loss, a removal or a decrease
    n: int  # the number written (1 when none)
    marked: bool  # the red border ('!')
    args: tuple  # words, or {"rule", "n"[, "cmp"]} for 'of 3', 'discount 25', 'cost >= 20'
    arg_places: tuple  # where each argument is written, for errors
    args_place: Any  # the parentheses (None without)
    place: Any  # the whole icon
    word_place: Any
    fail: Callable[..., Exception]  # (code, message, place, expected, suggestion) -> the error to raise

    def each_arg(self) -> Iterator[tuple[Any, Any]]:
        return zip(self.args, self.arg_places, strict=True)

    def no_args(self) -> None:
        if self.args:
            raise self.fail("E213", f"'{self.word}' takes no arguments", self.args_place)


def arg_text(a: str | dict) -> str:
    """An argument as written: 'next-cities 2', 'cost >= 20'."""
    if isinstance(a, str):
        return a
    return " ".join(str(a[k]) for k in ("rule", "cmp", "n") if k in a)


def is_tag_word(a: Any) -> bool:
    """'space-tag': a tag named as an argument."""
    return isinstance(a, str) and a.endswith(vocab.COUNT_SUFFIX_TAG) and a[:-4] in vocab.TAGS


def near_rule(word: str) -> bool:
    """A tile's name that is almost a placement rule is a misspelt rule ('volcano', 'next-citys')."""
    return bool(difflib.get_close_matches(word, vocab.PLACEMENT_RULES, n=1, cutoff=0.75))


_TABLES: dict[bool, dict[str, Op]] = {}


def atom_table(in_box: bool) -> dict[str, Op]:
    """Each word an icon may be (in a production box when `in_box`) and the op it lowers to, as
    the ops declare it; made again when a module added to the run brings new words."""
    table = _TABLES.get(in_box)
    if table is None:
        from . import OPS
        table = {}
        for op in OPS.values():
            for word in op.words(in_box):
                if word in table:
                    raise ValueError(f"the word {word!r} is declared by two ops: {table[word].name}, {op.name}")
                table[word] = op
        _TABLES[in_box] = table
    return table


ON_NEW_WORDS.append(_TABLES.clear)
ON_NEW_OP.append(_TABLES.clear)
