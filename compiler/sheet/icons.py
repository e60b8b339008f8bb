"""The project's own icon set, drawn as small SVG symbols (24 x 24 units each).

Every icon is a simple geometric drawing made for tmars: a distinct *shape* and a distinct
*colour* per resource, tag, tile and parameter, plus a glyph or letter, so that the set stays
legible printed in greyscale (the shape and glyph carry the meaning; colour only helps).
Nothing here is traced from game art.

The symbols are emitted once per document (`sprite()`), and each use is a tiny
`<svg><use href="#i-NAME"/></svg>` (`icon()`). Colours come from CSS custom properties
(`var(--plant)`, …) through classes, so the greyscale palette is a matter of CSS only.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from .. import vocab
from ..modules import all_words

# -- shared shapes ---------------------------------------------------------------------------
HEX = "12,1 21.5,6.5 21.5,17.5 12,23 2.5,17.5 2.5,6.5"          # pointy-top hexagon: tiles
HEX_IN = "12,4.5 18.5,8.25 18.5,15.75 12,19.5 5.5,15.75 5.5,8.25"
OCTAGON = "7.5,1.5 16.5,1.5 22.5,7.5 22.5,16.5 16.5,22.5 7.5,22.5 1.5,16.5 1.5,7.5"
DIAMOND = "12,0.8 23.2,12 12,23.2 0.8,12"
TAG = '<circle cx="12" cy="12" r="11" class="{cls} ring"/>'      # tags are discs with a ring
TOKEN = '<rect x="1.5" y="1.5" width="21" height="21" rx="5" class="tok"/>'  # card resources: pale squares

# -- glyphs: drawn in a 24 box, coloured by the class passed in -------------------------------
LEAF = ("M12 2.5C6.5 6 4.5 12.5 7.5 18.5C9 20.8 10.8 21.6 12 21.6C13.2 21.6 15 20.8 16.5 18.5"
        "C19.5 12.5 17.5 6 12 2.5Z")
LEAF_VEIN = "M12 6V21M12 12L15.2 9.2M12 16L8.6 13"
BOLT = "M13.5 2L5.5 13.5H11L9.5 22L18.5 9.5H13Z"
FLAME = ("M12 1.5C13 6 18.5 8.5 19 14.5C19.4 19.3 16 22.5 12 22.5C8 22.5 4.6 19.3 5 14.8"
         "C5.3 11.3 7.6 9.6 8.6 7.2C9.6 9.6 10.2 10.6 11 11.2C11.4 7.6 12.3 4.6 12 1.5Z")
FLAME_IN = ("M12 12.5C13.6 15 15.5 16.2 15.3 18.4C15.1 20.2 13.7 21.1 12 21.1C10.3 21.1 8.9 20.2 8.8 18.6"
            "C8.7 16.3 11.1 15.6 12 12.5Z")
IBEAM = "M7 6.5H17V9H13.4V15H17V17.5H7V15H10.6V9H7Z"
SPARKLE = "M12 5.5L13.6 10.4L18.5 12L13.6 13.6L12 18.5L10.4 13.6L5.5 12L10.4 10.4Z"
STAR4 = "M12 3L14 10L21 12L14 14L12 21L10 14L3 12L10 10Z"
PAW = ('<ellipse cx="12" cy="15.5" rx="4.6" ry="3.9" class="{c}"/>'
       '<ellipse cx="6.3" cy="10.6" rx="1.9" ry="2.4" class="{c}"/>'
       '<ellipse cx="9.6" cy="7" rx="1.9" ry="2.5" class="{c}"/>'
       '<ellipse cx="14.4" cy="7" rx="1.9" ry="2.5" class="{c}"/>'
       '<ellipse cx="17.7" cy="10.6" rx="1.9" ry="2.4" class="{c}"/>')
MICROBE = ('<path d="M12 4.8C16.8 4.8 19.5 7.7 19.3 12C19.1 16.5 16.3 19.2 12 19.2C7.6 19.2 4.7 16.6 4.7 12'
           'C4.7 7.5 7.3 4.8 12 4.8Z" class="{c}"/>'
           '<circle cx="9.6" cy="10" r="1.7" class="{k}"/><circle cx="14.3" cy="13.6" r="2.1" class="{k}"/>'
           '<circle cx="10.2" cy="15" r="1.1" class="{k}"/>'
           '<path d="M19.2 10.5L22.2 9M19 14L22 15.5M5 9.5L2 8M5 14.5L2 16" class="{s}" stroke-width="1.3"/>')
ATOM = ('<ellipse cx="12" cy="12" rx="9.2" ry="3.6" class="{s}" stroke-width="1.4" fill="none"/>'
        '<ellipse cx="12" cy="12" rx="9.2" ry="3.6" transform="rotate(60 12 12)" class="{s}" stroke-width="1.4"'
        ' fill="none"/>'
        '<ellipse cx="12" cy="12" rx="9.2" ry="3.6" transform="rotate(-60 12 12)" class="{s}" stroke-width="1.4"'
        ' fill="none"/><circle cx="12" cy="12" r="2" class="{c}"/>')
SKYLINE = "M4 19V11H7V7H10V13H12V5H15.5V10H18V14H20V19Z"
GLOBE = ('<circle cx="12" cy="12" r="7.2" class="{s}" stroke-width="1.5" fill="none"/>'
         '<ellipse cx="12" cy="12" rx="3.2" ry="7.2" class="{s}" stroke-width="1.3" fill="none"/>'
         '<path d="M4.8 12H19.2M6 8.2H18M6 15.8H18" class="{s}" stroke-width="1.2"/>')
PLANET = ('<circle cx="12" cy="12" r="6.2" class="{c}"/>'
          '<path d="M6.3 10H17.7M5.9 13.2H18.1" class="{k}" stroke-width="1.3" fill="none"/>'
          '<ellipse cx="12" cy="12" rx="10" ry="3" transform="rotate(-18 12 12)" class="{s}" stroke-width="1.3"'
          ' fill="none"/>')
VENUS_SIGN = ('<circle cx="12" cy="9.3" r="5" class="{s}" stroke-width="2" fill="none"/>'
              '<path d="M12 14.3V21M8.8 17.8H15.2" class="{s}" stroke-width="2"/>')
EVENT_ARROW = "M12 20.5L4.5 11.5H9.3V3.5H14.7V11.5H19.5Z"
WAVES = ("M5 10.3Q7 8.3 9 10.3T13 10.3T17 10.3T19.5 10.3M5 14.6Q7 12.6 9 14.6T13 14.6T17 14.6T19.5 14.6")
TREE = "M12 4.5L17.2 12.5H14.6L18.4 18H13.3V20.5H10.7V18H5.6L9.4 12.5H6.8Z"
BRICKS = ("M5 7H19V10H5ZM5 11.5H11V14.5H5ZM12.5 11.5H19V14.5H12.5ZM5 16H8.5V19H5ZM10 16H14V19H10Z"
          "M15.5 16H19V19H15.5Z")
FLAG = "M9 5V20M9 5.5L17 8.5L9 11.5"
TENT = "M12 5L20.5 19H3.5ZM12 11.5L9.3 19H14.7Z"
CLOUD = ("M7 17.5C4.3 17.5 3 15.8 3 14C3 12 4.6 10.6 6.6 10.8C7.1 8 9.3 6.2 12 6.2C15.1 6.2 17.2 8.4 17.5 11"
         "C19.6 11 21 12.5 21 14.3C21 16.2 19.6 17.5 17.4 17.5Z")
ROCK = "M7 5.5L14.5 4L20 8.5L20.5 15L15.5 20L8 19.5L3.5 14L4 8.5Z"
SHIP = "M12 3L19 20L12 16L5 20Z"
DISC = ('<ellipse cx="12" cy="7" rx="7" ry="2.6" class="{c}"/>'
        '<path d="M5 7V17C5 18.5 8 19.6 12 19.6C16 19.6 19 18.5 19 17V7C19 8.5 16 9.6 12 9.6C8 9.6 5 8.5 5 7Z"'
        ' class="{c}"/><path d="M5 11.5C5 13 8 14.1 12 14.1C16 14.1 19 13 19 11.5" class="{k}"'
        ' stroke-width="1.1" fill="none"/>')
CUBE = ('<path d="M12 3.5L19.5 7.5V16.5L12 20.5L4.5 16.5V7.5Z" class="{c}"/>'
        '<path d="M4.5 7.5L12 11.5L19.5 7.5M12 11.5V20.5" class="{k}" stroke-width="1.3" fill="none"/>')
THERMO = ('<path d="M9.6 4.5A2.4 2.4 0 0 1 14.4 4.5V13.4A4.6 4.6 0 1 1 9.6 13.4Z" class="{c}"/>'
          '<circle cx="12" cy="17" r="2.2" class="{k}"/><path d="M12 15V6" class="{k}" stroke-width="1.4"/>'
          '<path d="M15.6 6H18.5M15.6 9H17.8M15.6 12H18.5" class="{s}" stroke-width="1.1"/>')
ASTERISK = "M12 3.5V20.5M4.6 7.75L19.4 16.25M4.6 16.25L19.4 7.75"
ARROW = "M2 9.6H13.5V4.8L22.5 12L13.5 19.2V14.4H2Z"
CUP = "M6.5 3H17.5V9.5A5.5 5.5 0 0 1 6.5 9.5ZM10.6 14.6H13.4V18H16V21H8V18H10.6Z"  # an award's trophy
HANDLES = "M6.5 5H3.5V7.5A3 3 0 0 0 6.8 10.5M17.5 5H20.5V7.5A3 3 0 0 1 17.2 10.5"
LIST_LINES = "M6.5 8H17.5M6.5 12H17.5M6.5 16H14"


def _text(x: float, y: float, s: str, cls: str, size: float = 8.5) -> str:
    return f'<text x="{x}" y="{y}" class="{cls}" font-size="{size}" text-anchor="middle">{escape(s)}</text>'


def _tag(cls: str, body: str) -> str:
    return TAG.format(cls=cls) + body


# name -> inner SVG (24 x 24). Colour classes: f-* fill, s-* stroke (see layout.CSS).
SYMBOLS: dict[str, str] = {
    # standard resources: circle, octagon, diamond, leaf, rounded square, flame
    "mc": '<circle cx="12" cy="12" r="10.8" class="f-mc s-mc-ink" stroke-width="1.4"/>'
          '<circle cx="12" cy="12" r="8.3" fill="none" class="s-mc-ink" stroke-width="0.7"/>',
    "steel": f'<polygon points="{OCTAGON}" class="f-steel s-dark" stroke-width="0.9"/>'
             f'<path d="{IBEAM}" class="f-white"/>',
    "titanium": f'<polygon points="{DIAMOND}" class="f-titanium s-dark" stroke-width="0.9"/>'
                f'<path d="{SPARKLE}" class="f-white"/>',
    "plant": f'<path d="{LEAF}" class="f-plant s-dark" stroke-width="0.9"/>'
             f'<path d="{LEAF_VEIN}" class="s-white" stroke-width="1.3" fill="none"/>',
    "energy": '<rect x="1.5" y="1.5" width="21" height="21" rx="4.5" class="f-energy s-dark" stroke-width="0.9"/>'
              f'<path d="{BOLT}" class="f-white"/>',
    "heat": f'<path d="{FLAME}" class="f-heat s-dark" stroke-width="0.9"/><path d="{FLAME_IN}" class="f-heat-in"/>',
    # card resources: a pale rounded square with a dark glyph
    "animal": TOKEN + PAW.format(c="f-animal"),
    "microbe": TOKEN + MICROBE.format(c="f-microbe", k="f-white", s="s-microbe"),
    "science": TOKEN + ATOM.format(c="f-ink", s="s-ink"),
    "fighter": TOKEN + f'<path d="{SHIP}" class="f-ink"/>',
    "floater": TOKEN + f'<path d="{CLOUD}" class="f-floater"/>',
    "asteroid": TOKEN + f'<path d="{ROCK}" class="f-asteroid"/>'
                        '<circle cx="9" cy="10" r="1.6" class="f-white"/><circle cx="14.5" cy="14.5" r="2"'
                        ' class="f-white"/>',
    "camp": TOKEN + f'<path d="{TENT}" class="f-camp" fill-rule="evenodd"/>',
    "data": TOKEN + DISC.format(c="f-data", k="s-white"),
    "held": TOKEN + CUBE.format(c="f-ink", k="s-white"),
    # tags: discs with a ring and a glyph
    "tag-building": _tag("f-building", f'<path d="{BRICKS}" class="f-white"/>'),
    "tag-space": _tag("f-space", f'<path d="{STAR4}" class="f-white"/>'),
    "tag-science": _tag("f-science", ATOM.format(c="f-ink", s="s-ink")),
    "tag-power": _tag("f-power", f'<path d="{BOLT}" class="f-white" transform="translate(2.4 2.4) scale(0.8)"/>'),
    "tag-earth": _tag("f-earth", GLOBE.format(s="s-white")),
    "tag-jovian": _tag("f-jovian", PLANET.format(c="f-white", k="s-jovian", s="s-white")),
    "tag-venus": _tag("f-venus", VENUS_SIGN.format(s="s-ink")),
    "tag-plant": _tag("f-plant-tag", f'<path d="{LEAF}" class="f-white" transform="translate(3 3) scale(0.75)"/>'),
    "tag-microbe": _tag("f-microbe-tag", MICROBE.format(c="f-white", k="f-microbe-tag", s="s-white")
                        .replace('<path d="M12', '<path transform="translate(2 2) scale(0.833)" d="M12', 1)),
    "tag-animal": _tag("f-animal-tag", PAW.format(c="f-white")),
    "tag-city": _tag("f-city-tag", f'<path d="{SKYLINE}" class="f-white"/>'),
    "tag-event": _tag("f-event", f'<path d="{EVENT_ARROW}" class="f-white"/>'),
    "tag-wild": _tag("f-wild", _text(12, 16.3, "?", "f-ink t-bold", 13)),
    # tiles: pointy-top hexagons
    "city": f'<polygon points="{HEX}" class="f-city s-dark" stroke-width="0.9"/><path d="{SKYLINE}" class="f-white"'
            ' transform="translate(2.4 2.4) scale(0.8)"/>',
    "greenery": f'<polygon points="{HEX}" class="f-greenery s-dark" stroke-width="0.9"/>'
                f'<path d="{TREE}" class="f-white"/>',
    "ocean": f'<polygon points="{HEX}" class="f-ocean s-dark" stroke-width="0.9"/>'
             f'<path d="{WAVES}" class="s-white" stroke-width="1.7" fill="none"/>',
    "special": f'<polygon points="{HEX}" class="f-special s-dark" stroke-width="0.9"/>'
               f'<polygon points="{HEX_IN}" class="s-white" stroke-width="1.4" fill="none"/>'
               '<circle cx="12" cy="12" r="2.2" class="f-white"/>',
    "tile": f'<polygon points="{HEX}" class="f-tile s-dark" stroke-width="1.1"/>'
            f'<polygon points="{HEX_IN}" class="s-dark" stroke-width="0.8" fill="none" stroke-dasharray="1.6 1.2"/>',
    "claim": f'<polygon points="{HEX}" class="f-tile s-dark" stroke-width="1.1"/>'
             f'<path d="{FLAG}" class="s-ink f-flag" stroke-width="1.6" stroke-linejoin="round"/>',
    # colony tiles: a colony (a dome on a moon), a trade fleet (a ship), a track's marker (a chevron)
    "colony": '<circle cx="12" cy="12" r="10.5" class="f-tile s-dark" stroke-width="1.1"/>'
              '<path d="M6 15.5h12M8 15.5v-4.5l4-3.5 4 3.5v4.5" fill="none" class="s-dark" stroke-width="1.6"/>',
    "trade": '<circle cx="12" cy="12" r="10.5" class="f-tile s-dark" stroke-width="1.1"/>'
             '<path d="M5 12h11M13 8l4 4-4 4" fill="none" class="s-dark" stroke-width="1.8"/>',
    "fleet": '<path d="M3 13l4-6h10l4 6-9 6z" class="f-tile s-dark" stroke-width="1.1"/>'
             '<path d="M12 7v12" class="s-dark" stroke-width="1.2"/>',
    "marker": '<rect x="2" y="5" width="20" height="14" rx="2" class="f-tile s-dark" stroke-width="1.1"/>'
              '<path d="M9 8l5 4-5 4" fill="none" class="s-dark" stroke-width="2"/>',
    # a piece of the Terraforming Committee's board: a delegate (a pawn)
    "delegate": '<circle cx="12" cy="6.2" r="3.9" class="f-delegate s-dark" stroke-width="1.1"/>'
                '<path d="M5 21.6Q5 19 7.6 18.6L9.6 11.6Q12 10 14.4 11.6L16.4 18.6Q19 19 19 21.6Z" '
                'class="f-delegate s-dark" stroke-width="1.1" stroke-linejoin="round"/>',
    # global parameters and terraform rating
    "temperature": '<rect x="1.5" y="1.5" width="21" height="21" rx="10.5" class="f-temp-bg s-temp"'
                   ' stroke-width="1.2"/>' + THERMO.format(c="f-temp", k="f-white", s="s-temp"),
    "oxygen": '<circle cx="12" cy="12" r="10.8" class="f-oxygen s-dark" stroke-width="0.9"/>'
              + _text(10.6, 15.6, "O", "f-ink t-bold", 10.5) + _text(17.4, 18.6, "2", "f-ink t-bold", 6.5),
    "venus": f'<polygon points="{DIAMOND}" class="f-venus s-dark" stroke-width="0.9"/>'
             + _text(12, 16, "V", "f-ink t-bold", 11),
    "tr": '<rect x="0.8" y="3.5" width="22.4" height="17" rx="3" class="f-tr s-dark" stroke-width="0.9"/>'
          + _text(12, 15.9, "TR", "f-white t-bold", 10),
    # cards and other marks
    "card": '<rect x="5" y="1.5" width="14" height="21" rx="2" class="f-card s-dark" stroke-width="0.9"/>'
            '<rect x="7.3" y="4" width="9.4" height="16" rx="1" fill="none" class="s-white" stroke-width="1"/>'
            '<path d="M9.5 12H14.5" class="s-white" stroke-width="1.2"/>',
    "std": '<rect x="1.5" y="3" width="21" height="18" rx="3" class="f-std s-dark" stroke-width="0.9"/>'
           f'<path d="{LIST_LINES}" class="s-white" stroke-width="1.8" stroke-linecap="round"/>',
    "arrow": f'<path d="{ARROW}" class="f-arrow"/>',
    "award": f'<path d="{HANDLES}" fill="none" class="s-dark" stroke-width="1.4"/>'
             f'<path d="{CUP}" class="f-award s-dark" stroke-width="0.9"/>',
    "star": f'<path d="{ASTERISK}" class="s-ink" stroke-width="3" stroke-linecap="round"/>',
    "params": '<path d="M3 21L12 3L21 21Z" class="f-params s-dark" stroke-width="0.9" stroke-linejoin="round"/>'
              + _text(12, 18.5, "±", "f-white t-bold", 10),
}

NAMES = {
    "mc": "M€ (megacredits)", "steel": "steel", "titanium": "titanium", "plant": "plants", "energy": "energy",
    "heat": "heat", "animal": "animal", "microbe": "microbe", "science": "science resource",
    "fighter": "fighter", "floater": "floater", "asteroid": "asteroid", "camp": "camp", "data": "data",
    "held": "any resource", "city": "city tile", "greenery": "greenery tile", "ocean": "ocean tile",
    "special": "special tile", "tile": "any tile", "claim": "claimed area", "colony": "colony",
    "trade": "trade", "fleet": "trade fleet", "marker": "trade marker", "delegate": "delegate",
    "temperature": "temperature",
    "oxygen": "oxygen", "venus": "Venus", "tr": "terraform rating", "card": "card", "std": "standard project",
    "arrow": "action: pay, then get",
    "award": "award", "star": "asterisk: see the text", "params": "global parameters",
}


#: The shape a module's new word is drawn in, by vocabulary kind: the shape says what kind of word
#: it is (as the shipped icons do), and a glyph (the word's own, or its initial) says which.
BROUGHT_SHAPES = {
    "tags": lambda g: _tag("f-white", _text(12, 16.2, g, "f-ink t-bold", 11 if len(g) < 2 else 9)),
    "card_resources": lambda g: TOKEN + _text(12, 16.2, g, "f-ink t-bold", 11 if len(g) < 2 else 9),
    "globals": lambda g: f'<polygon points="{OCTAGON}" class="f-white s-dark" stroke-width="0.9"/>'
                         + _text(12, 16.2, g, "f-ink t-bold", 11 if len(g) < 2 else 9),
    "counts": lambda g: f'<polygon points="{DIAMOND}" class="f-white s-dark" stroke-width="0.9"/>'
                        + _text(12, 15.6, g, "f-ink t-bold", 9 if len(g) < 2 else 7.5),
}


def brought_symbols() -> dict[str, str]:
    """Symbols for the words modules bring that the shipped icon set does not draw."""
    return dict(_brought(_brought_key()))


def _brought_key() -> tuple:
    return tuple((kind, word, spec.get("glyph", "")) for kind in BROUGHT_SHAPES
                 for word, spec in all_words(kind).items())


@lru_cache(maxsize=4)
def _brought(key: tuple) -> tuple[tuple[str, str], ...]:
    out = []
    for kind, word, glyph in key:
        name = f"tag-{word}" if kind == "tags" else word
        if name not in SYMBOLS:
            out.append((name, BROUGHT_SHAPES[kind](glyph or word[:1].upper())))
    return tuple(out)


def sprite() -> str:
    """All symbols, once per document, in a hidden SVG."""
    return _sprite(_brought_key())


@lru_cache(maxsize=4)
def _sprite(key: tuple) -> str:
    symbols = {**SYMBOLS, **dict(_brought(key))}
    body = "".join(f'<symbol id="i-{name}" viewBox="0 0 24 24">{svg}</symbol>' for name, svg in symbols.items())
    return f'<svg class="sprite" aria-hidden="true" width="0" height="0">{body}</svg>'


def has(name: str) -> bool:
    return name in SYMBOLS or name in brought_symbols()


def icon(name: str, cls: str = "", label: str | None = None) -> str:
    """One icon as inline SVG referencing the sprite. `label` overlays a number or letter (M€)."""
    return _icon(name, cls, label, has(name))


@lru_cache(maxsize=4096)
def _icon(name: str, cls: str, label: str | None, known: bool) -> str:
    """One icon's markup, remembered by its arguments (a sheet draws the same few thousand)."""
    if not known:
        name = "tile" if name.endswith("-tile") else "held"
    title = NAMES.get(name, name.replace("tag-", "") + (" tag" if name.startswith("tag-") else ""))
    over = ""
    if label is None and name == "mc":
        label = "M€"
    if label is not None:
        size = 12 if len(label) <= 1 else 10.5 if len(label) == 2 else 8.5
        over = _text(12, 12 + size * 0.36, label, "f-ink t-bold", size)
    extra = f" {cls}" if cls else ""
    return (f'<svg class="ic{extra}" viewBox="0 0 24 24" role="img" aria-label="{escape(title)}">'
            f'<use href="#i-{name}"/>{over}</svg>')


def tag(t: str, cls: str = "") -> str:
    return icon(f"tag-{t}", cls)


def legend_groups() -> list[tuple[str, list[str]]]:
    """What the legend page shows, in order."""
    return [
        ("Resources", list(vocab.STANDARD_RESOURCES)),
        ("Card resources", [*vocab.CARD_RESOURCES, vocab.HELD]),
        ("Tags", [f"tag-{t}" for t in vocab.TAGS]),
        ("Tiles", ["city", "greenery", "ocean", "special", "tile", "claim"]),
        ("Global parameters", [*vocab.GLOBALS, "tr", "params"]),
        *([("Counts", list(all_words("counts")))] if all_words("counts") else []),
        ("Other", list(dict.fromkeys(["card", "std", "arrow", "star", *_op_icons_elsewhere(), *_field_icons()]))),
    ]


def _field_icons() -> list[str]:
    """The icons the known card types draw with their fields (a delegate joining the party a
    field names): every icon a card may draw is in the key."""
    out: list[str] = []
    for spec in all_words("card_types").values():
        for field in (spec.get("fields") or {}).values():
            if field.get("icon") in SYMBOLS and field["icon"] not in out:
                out.append(field["icon"])
    return out


def _op_icons_elsewhere() -> list[str]:
    """The icons the ops declare for their words that no group above shows (a colony, a trade, a
    fleet, a marker): every icon a card may draw is in the key."""
    from ..ops import OPS
    shown = {*vocab.STANDARD_RESOURCES, *vocab.CARD_RESOURCES, vocab.HELD, *vocab.GLOBALS, "tr", "params", "card",
             "std", "arrow", "star", "city", "greenery", "ocean", "special", "tile", "claim"}
    out: list[str] = []
    for op in OPS.values():
        for in_box in (False, True):
            for word in op.words(in_box):
                ic = op.icon(word)
                if ic in SYMBOLS and ic not in shown and ic not in out:
                    out.append(ic)
    return out
