"""The words of the card language.

The grammar only knows the shape of a row; which words exist lives here, so that a
misspelt word is reported with a suggestion instead of as a parse error, and so that
the linter, the printer and the sheet share one vocabulary.

The language's own words (resources, card types, tile kinds, placement rules, keywords) are
here. The game's words — tags, card resources, global parameters — are brought by modules and
read from their manifests (`cards/<module>/module.yaml`); a card may use only what its module
and the modules it requires bring (`compiler/compile.py` checks it).

Every word is one the engine runs and a card of the library uses (a test checks it). Words of
expansions not yet built (data, …) come back with their modules: `LATER`
names them so that an author gets a clear error instead of a guess.
"""

from __future__ import annotations

from .modules import all_words

# The game's words: TAGS, CARD_RESOURCES and GLOBALS are the words the modules this run knows
# bring (installed ones first), read from their manifests whenever asked (see __getattr__).
_BROUGHT = {"TAGS": "tags", "CARD_RESOURCES": "card_resources", "GLOBALS": "globals"}


def __getattr__(name: str) -> tuple[str, ...] | set[str]:
    if name == "GLOBALS":  # the tracks a raise word moves (not those moved by placing a tile)
        return tuple(w for w, spec in all_words("globals").items() if not spec.get("raised_by"))
    if name == "TRACKS":  # every global parameter, as a count word
        return tuple(all_words("globals"))
    if name == "CARD_TYPES":  # the language's own, then those the modules bring
        return (*CORE_CARD_TYPES, *(t for t in all_words("card_types") if t not in CORE_CARD_TYPES))
    if name == "EXTRA_DECKS":  # decks other than the project deck a row may draw from: `play-card(DECK, of 3)`
        return {t: spec["deck"] for t, spec in all_words("card_types").items() if spec.get("deck")}
    if name == "WILD_TAGS":  # tags that stand for any tag a requirement asks for (F330), as a manifest says
        return tuple(w for w, spec in all_words("tags").items() if spec.get("stands_for_any"))
    if name == "TILE_KINDS":  # the words that place a tile: the language's, then the modules' kinds
        return (*CORE_TILE_WORDS, *(w for w in all_words("tile_kinds") if w not in CORE_TILE_WORDS))
    if name in _BROUGHT:
        return tuple(all_words(_BROUGHT[name]))
    if name == "ALL_ATOM_WORDS":  # every word an icon may be: the words the ops declare (`compiler/ops`)
        from .ops.lowering import atom_table
        return set(atom_table(False))
    raise AttributeError(name)

LANGUAGE_VERSION = 1

STANDARD_RESOURCES = ("mc", "steel", "titanium", "plant", "energy", "heat")
# What an area of a map gives whoever places a tile on it (`bonus:` in a map file), one word a
# unit: a standard resource, or 'card' (a card drawn; tmars/interpreter.py `place_tile`).
PLACEMENT_BONUSES = (*STANDARD_RESOURCES, "card")
# "held(that)": one resource of whatever kind the triggering card holds.
HELD = "held"
# "+1 that": the standard resource the triggering event names (a production raised, a conversion).
THAT = "that"
#: the card types of the language itself; a module brings its own (`card_types` in its manifest)
CORE_CARD_TYPES = ("automated", "active", "event", "corporation", "standard-project", "conversion", "milestone",
                   "award")
PROJECT_TYPES = ("automated", "active", "event")
#: what the language's own card types say of their cards, as a module's card type does in its
#: manifest (`card_types`): the fields a card of the type never has, and why (lint L116, L117)
CORE_TYPE_SPECS: dict[str, dict] = {
    "corporation": {"forbids": ["cost", "requires"],
                    "why": "a corporation is chosen at setup, not bought: what it gives is its start row"},
}


def type_fields(card_type: str) -> dict[str, dict]:
    """The fields of its own a card type declares (its manifest's `fields`): name -> kind, says."""
    return dict(type_spec(card_type).get("fields") or {})


def type_spec(card_type: str) -> dict:
    """What is declared of a card type: the language's (`CORE_TYPE_SPECS`) or its module's manifest."""
    return CORE_TYPE_SPECS.get(card_type) or all_words("card_types").get(card_type) or {}
#: the tile words of the language ('tile' is a named special tile); a module's kinds join them
CORE_TILE_WORDS = ("city", "greenery", "ocean", "tile")

# Placement rules a tile may name in parentheses; a word that is not a rule is the tile's name.
PLACEMENT_RULES = {
    "ocean-area": "on an area reserved for oceans",
    "land": "on a land area (the default for every tile but an ocean)",
    "volcanic": "on a volcanic area",
    "next-own": "next to a tile you own",
    "isolated": "next to no other tile",
    "next-city": "next to a city tile",
    "next-cities": "next to at least N city tiles (waives the city spacing rule)",
    "next-greenery": "next to a greenery tile",
    "bonus-metal": "on an area with a steel or titanium placement bonus",
    "reserved": "on the area reserved for this tile's name",
    "off-mars": "off the map, on its reserved off-map area",
    "any-neighbours": "whatever tiles are next to it (waives the city spacing rule)",
}

# Words the language had and renamed: what each is now (an old card's word gets that as its help).
RENAMED = {"spacing-waived": "any-neighbours"}

# Things that can be counted (by "per", requirements, conditions, VP and award scores) are
# declared with what they mean and how they are counted, drawn and read in `compiler/counts.py`.
# How long a modifier granted by a played row lasts: `next-card(discount 8)`.
DURATIONS = {"next-card": "until you play your next card, this generation"}
# Modifiers a row may grant for a while, written `WORD N` inside the duration's parentheses.
GRANTABLE = {"discount": "the card costs N M€ less", "flex": "its global requirements are met within N steps"}

COUNT_SUFFIX_TAG = "-tag"
# The wild tag (a module's word): in play, during its owner's own actions, it counts as one tag of
# the kind a requirement or a count of tags asks for (F330, tmars/rules.wild_tags); as no tag elsewhere.
COUNT_SUFFIX_PROD = "-prod"

# What `play-card(…)` may change about the card it plays now.
PLAY_MODS = {"discount": "the card costs N M€ less", "ignore-globals": "its global requirements are ignored"}

MODIFIER_UNITS = ("mc", "plant", "heat")
# What `value +N WORD` makes worth N M€ more: a metal when it pays, an ocean next to a tile placed.
VALUES = {"steel": "each steel you pay with", "titanium": "each titanium you pay with",
          "ocean": "each ocean tile next to a tile you place (its adjacency bonus)"}

# Asterisk overrides: rule primitives the icons cannot say, each implemented once.
OVERRIDES: dict[str, str] = {
    "copy-production": (
        "Apply again the production box of one of your own played cards that carries the "
        "given tag, as if that card had just been played."
    ),
    "production-of-placed-metal": (
        "Raise the production of the metal (steel or titanium) shown as placement bonus on the "
        "area where this card's tile went."
    ),
    "protect-resources": (
        "Opponents cannot remove your plants or the resources on your cards."
    ),
    "raise-lowest-production": (
        "Increase one of your lowest productions (M€ included, ties are your choice) 1 step."
    ),
}

# Words of the printed game that the engine does not run yet, with the module that will bring them.
LATER: dict[str, str] = {"data": "a later expansion"}



def count_words() -> set[str]:
    """Every word a count may use (`compiler/counts.py`)."""
    from .counts import COUNTS
    return set(COUNTS)


def trigger_words() -> set[str]:
    """Every word a trigger may use (`compiler/triggers.py`)."""
    from .triggers import TRIGGERS
    return set(TRIGGERS)
