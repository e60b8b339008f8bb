"""A card's solo rows: what its printed text says for the game of one player (`solo:` in its frame).

A component of an expansion may carry a line for the solo game that takes the place of its normal
text in that game (a global event's solo thresholds, a party's solo ruling bonus). A card writes it
as `solo:`, a mapping from the name of one of its fields to a value written as that field is
written; the compiled card keeps each under `"solo"`, by the key the field has in the IR (`play`,
`first_action`, `effects`, …, or the name of a field of its own its type declares). Everything
that reads a card reads the solo rows through here: the content of a game of one player puts them
in the place of the card's own fields (`played`), the rules text and the sheet show them as the
card shows them on its own (`solo_view`). No card and no module is known here by name.
"""

from __future__ import annotations

from typing import Any

from . import vocab

Node = dict[str, Any]

#: the card-language fields of the language that a solo row may stand in for: field -> IR key
LANGUAGE_FIELDS = {"requires": "requires", "vp": "vp", "play": "play", "action": "action", "effect": "effects",
                   "start": "start", "first-action": "first_action", "score": "score"}
#: the frame's key of the solo rows, in a card file and in the IR
KEY = "solo"


def solo_fields(card_type: str | None) -> dict[str, str]:
    """The fields a card of this type may give a solo row for, field -> IR key: the card-language
    fields its type does not forbid (`forbids` in its manifest, by IR key), then the fields of its
    own its type declares."""
    if card_type is None:
        return dict(LANGUAGE_FIELDS)
    forbids = set(vocab.type_spec(card_type).get("forbids") or ())
    out = {f: key for f, key in LANGUAGE_FIELDS.items() if key not in forbids}
    out.update({f: f for f in vocab.type_fields(card_type)})
    return out


def written_name(card_type: str, key: str) -> str:
    """The field a solo row's IR key is written as in a card file (`first_action` -> `first-action`)."""
    return next((f for f, k in solo_fields(card_type).items() if k == key), key)


def _core_keys() -> frozenset[str]:
    return frozenset(LANGUAGE_FIELDS.values())


def played(card: Node, one_player: bool) -> Node:
    """The card as a game plays it: in a game of one player its solo rows in the place of its own
    fields, in any other game its own fields; without the solo rows either way (the same card when
    it has none). A new card when anything changes: the compiled one is shared."""
    solo = card.get(KEY)
    if solo is None:
        return card
    out = {k: v for k, v in card.items() if k != KEY}
    return _with_rows(out, solo) if one_player else out


def solo_view(card: Node) -> Node | None:
    """The card as its solo rows alone (its name, type and module, and no tags), for those that show
    a card's solo line as they show a card (the rules text, the sheet); None without solo rows."""
    solo = card.get(KEY)
    if not solo:
        return None
    return _with_rows({k: card[k] for k in ("name", "type", "module") if k in card} | {"tags": []}, solo)


def _with_rows(out: Node, solo: dict) -> Node:
    """`out` with the solo rows in the place of its fields: a language field at its key, a field of
    the card's type among its parts (the rest of its parts kept)."""
    parts = dict(out.get("parts") or {})
    for key, value in solo.items():
        if key in _core_keys():
            out[key] = value
        else:
            parts[key] = value
    if parts:
        out["parts"] = parts
    return out
