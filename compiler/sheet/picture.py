"""One card as a picture: the sheet's own drawing of it, as a standalone SVG image.

Editors show images in hovers (the language server's card hover, `tmars/lsp/hover.py`) but not
HTML with a stylesheet. An SVG image can carry HTML in a `foreignObject`, and a browser engine
draws it, CSS and icon sprite included, with nothing fetched. So the picture is the sheet's card
(`render.render_card`) with the sheet's CSS and sprite, not a second drawing of the card that
could drift from it. Inside an SVG image the markup is read as XML: every nested `<svg>` must say
its namespace, which the HTML sheet leaves to the HTML parser.
"""

from __future__ import annotations

import base64
import re

from . import icons, layout
from .render import render_card

#: CSS pixels per millimetre, and how much bigger than a real card the picture is drawn
PX_PER_MM = 96 / 25.4
ZOOM = 1.2
_NO_NAMESPACE = re.compile(r"<svg(?![^>]*\bxmlns=)")


def card_svg(card: dict, zoom: float = ZOOM) -> str:
    """The card drawn as on the sheet, as a standalone SVG document."""
    w_mm, h_mm = layout.CARD_W * zoom, layout.CARD_H * zoom
    css = layout.PALETTE + layout.brought_type_css() + layout.ICON_CSS + layout.CARD_CSS + \
        f".card{{font-size:{zoom:.3f}mm;width:{w_mm:.2f}mm;height:{h_mm:.2f}mm}}"
    inner = _NO_NAMESPACE.sub('<svg xmlns="http://www.w3.org/2000/svg"', icons.sprite() + render_card(card))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w_mm * PX_PER_MM:.0f}" '
            f'height="{h_mm * PX_PER_MM:.0f}"><foreignObject x="0" y="0" width="100%" height="100%">'
            f'<div xmlns="http://www.w3.org/1999/xhtml"><style>{css}</style>{inner}</div></foreignObject></svg>')


def card_data_uri(card: dict) -> str:
    """The picture as a `data:` URI, for Markdown (`![name](data:…)`)."""
    return "data:image/svg+xml;base64," + base64.b64encode(card_svg(card).encode("utf-8")).decode("ascii")
