"""Pages: the card grid and the compact list, paper sizes, module headers, print CSS.

The grid is paginated here, not by the browser: each page is a fixed-size `<section>` holding a
header and at most `rows x cols` cards, so the page count is known in advance (`Sheet.pages`)
and no card can be split across pages. The list flows, with `break-inside: avoid` on every
entry. One CSS serves screen and print; `@page` carries the paper size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

from ..modules import all_words
from . import icons
from .render import render_card, render_row

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}   # width, height in mm
PAPER_LABEL = {"a4": "A4", "letter": "US Letter"}
CARD_W, CARD_H = 63.0, 88.0     # design size of a card in mm (poker size); scaled to fit the paper
MARGIN, GAP, HEADER, SLACK = 8.0, 3.0, 10.0, 1.5   # mm; SLACK keeps rounding off the page edge
COLS, ROWS = 3, 3


@dataclass
class Geometry:
    paper: str
    width: float
    height: float
    scale: float
    cols: int = COLS
    rows: int = ROWS

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


def geometry(paper: str) -> Geometry:
    """Card size for a paper: the design size, scaled down if three rows and columns don't fit."""
    w, h = PAPERS[paper]
    fit_w = (w - 2 * MARGIN - (COLS - 1) * GAP) / COLS / CARD_W
    fit_h = (h - 2 * MARGIN - HEADER - (ROWS - 1) * GAP - SLACK) / ROWS / CARD_H
    return Geometry(paper, w, h, round(min(1.0, fit_w, fit_h), 4))


@dataclass
class Sheet:
    html: str
    pages: int | None                    # known for the grid; None for the flowing list
    cards: int
    modules: list[str] = field(default_factory=list)


def module_title(module: str) -> str:
    from ..modules import manifests  # the printed name is the module manifest's
    known = manifests().get(module)
    return known.name if known else module.replace("-", " ").title()


def grid_pages(counts: list[int], per_page: int, legend: bool) -> int:
    """Pages of a grid sheet: one legend page, then each module from a fresh page."""
    return int(legend) + sum(math.ceil(n / per_page) for n in counts if n)


# ---- CSS --------------------------------------------------------------------------------------
PALETTE = """
:root{--ink:#1d1d1d;--dark:#2b2b2b;--mc:#f4c430;--mc-ink:#7a5a00;--steel:#8d5b34;--titanium:#4b4a72;
--plant:#3f9e3f;--energy:#7b3fa0;--heat:#e4572e;--heat-in:#ffd36b;--token:#f4f0e6;--token-edge:#6d6256;
--animal:#6b4a2b;--microbe:#5f8a12;--floater:#4f86b0;--asteroid:#6f6a64;--camp:#8a6d3b;--data:#2f6f7f;
--building:#8d5b34;--space:#1f1f2e;--science:#ffffff;--power:#7b3fa0;--earth:#2f72b8;--jovian:#c9781e;
--venus-tag:#efe3b8;--plant-tag:#3f9e3f;--microbe-tag:#86a82a;--animal-tag:#2c6e3f;--city-tag:#6f7d89;
--event:#b8332a;--wild:#ffffff;--city:#7c8a96;--greenery:#3f9e3f;--ocean:#2f7fc6;--special:#b0794a;
--tile:#ece7dc;--temp:#d8432b;--temp-bg:#fde9e4;--oxygen:#bfe6f0;--venus:#e8cf72;--tr:#e07b24;--card:#2f5f73;
--std:#53697a;--arrow:#c62828;--params:#5a6b78;--flag:#c62828;--prod:#8a5530;--prod-edge:#4f2e14;
--prod-text:#fff;--any:#d41f1f;--req-bg:#fff6d6;--req-edge:#4a4a4a;--panel:#e9f1fb;--panel-edge:#9db8d9;
--start:#f3efe7;--start-edge:#c9bca4;--vp-bg:#fff;--vp-edge:#7a5524;--label:#35506e;--page-bg:#8a8f96;
--automated:#2f7d32;--active:#1f5fa6;--event-t:#b02f26;--corporation:#34383c;
--standard-project:#4a5f6e;--conversion:#4a5f6e;--milestone:#946c00;--award:#5e4390;--delegate:#b3ada1}
.grey{--mc:#e2e2e2;--mc-ink:#333;--steel:#6e6e6e;--titanium:#3c3c3c;--plant:#8f8f8f;--energy:#505050;
--heat:#a8a8a8;--heat-in:#eee;--animal:#444;--microbe:#555;--floater:#666;--asteroid:#555;--camp:#555;
--data:#444;--building:#6e6e6e;--space:#222;--power:#505050;--earth:#7a7a7a;--jovian:#9a9a9a;
--venus-tag:#e4e4e4;--plant-tag:#8f8f8f;--microbe-tag:#a5a5a5;--animal-tag:#585858;--city-tag:#808080;
--event:#383838;--city:#8a8a8a;--greenery:#6b6b6b;--ocean:#454545;--special:#a5a5a5;--tile:#eee;
--temp:#555;--temp-bg:#eee;--oxygen:#e0e0e0;--venus:#cfcfcf;--tr:#6a6a6a;--card:#4a4a4a;--std:#5e5e5e;
--arrow:#111;--params:#5e5e5e;--flag:#111;--prod:#c9c9c9;--prod-edge:#222;--prod-text:#111;--any:#111;
--req-bg:#f4f4f4;--req-edge:#333;--panel:#f1f1f1;--panel-edge:#888;--start:#f7f7f7;--start-edge:#aaa;
--vp-edge:#222;--label:#222;--automated:#4a4a4a;--active:#2a2a2a;--event-t:#6a6a6a;--corporation:#111;
--standard-project:#5a5a5a;--conversion:#5a5a5a;--milestone:#777;--award:#3a3a3a;--delegate:#b0b0b0}
"""

ICON_CSS = """
.sprite{position:absolute;width:0;height:0;overflow:hidden}
svg.ic{display:inline-block;vertical-align:middle;flex:none;overflow:visible;width:8.4em;height:8.4em}
svg.ic text{font-family:"Liberation Sans",Arial,Helvetica,"DejaVu Sans",sans-serif}
.t-bold{font-weight:700}
.f-mc{fill:var(--mc)}.s-mc-ink{stroke:var(--mc-ink)}.f-steel{fill:var(--steel)}.f-titanium{fill:var(--titanium)}
.f-plant{fill:var(--plant)}.f-energy{fill:var(--energy)}.f-heat{fill:var(--heat)}.f-heat-in{fill:var(--heat-in)}
.f-white{fill:#fff}.s-white{stroke:#fff}.f-ink{fill:var(--ink)}.s-ink{stroke:var(--ink)}.s-dark{stroke:var(--dark)}
.tok{fill:var(--token);stroke:var(--token-edge);stroke-width:.9}.ring{stroke:var(--dark);stroke-width:.9}
.f-animal{fill:var(--animal)}.f-microbe{fill:var(--microbe)}.s-microbe{stroke:var(--microbe)}
.f-floater{fill:var(--floater)}.f-asteroid{fill:var(--asteroid)}.f-camp{fill:var(--camp)}.f-data{fill:var(--data)}
.f-building{fill:var(--building)}.f-space{fill:var(--space)}.f-science{fill:var(--science)}
.f-power{fill:var(--power)}.f-earth{fill:var(--earth)}.f-jovian{fill:var(--jovian)}.s-jovian{stroke:var(--jovian)}
.f-venus{fill:var(--venus-tag)}.f-plant-tag{fill:var(--plant-tag)}.f-microbe-tag{fill:var(--microbe-tag)}
.f-animal-tag{fill:var(--animal-tag)}.f-city-tag{fill:var(--city-tag)}.f-event{fill:var(--event)}
.f-wild{fill:var(--wild)}.f-city{fill:var(--city)}.f-greenery{fill:var(--greenery)}.f-ocean{fill:var(--ocean)}
.f-special{fill:var(--special)}.f-tile{fill:var(--tile)}.f-temp{fill:var(--temp)}.s-temp{stroke:var(--temp)}
.f-temp-bg{fill:var(--temp-bg)}.f-oxygen{fill:var(--oxygen)}.f-tr{fill:var(--tr)}.f-card{fill:var(--card)}
.f-std{fill:var(--std)}.f-arrow{fill:var(--arrow)}.f-params{fill:var(--params)}.f-flag{fill:var(--flag)}.f-award{fill:var(--award)}
.f-delegate{fill:var(--delegate)}
#i-venus polygon{fill:var(--venus)}
"""

CARD_CSS = """
.card{box-sizing:border-box;width:63em;height:88em;border:.8em solid var(--type);border-radius:3.2em;
 display:flex;flex-direction:column;overflow:hidden;background:#fff;color:var(--ink);break-inside:avoid;
 page-break-inside:avoid;position:relative}
.t-automated{--type:var(--automated)}.t-active{--type:var(--active);border-style:double;border-width:1.1em}
.t-event{--type:var(--event-t);border-style:dashed}.t-corporation{--type:var(--corporation);border-width:1.1em}
.t-standard-project{--type:var(--standard-project)}
.t-conversion{--type:var(--conversion)}.t-milestone{--type:var(--milestone);border-style:dotted;border-width:1em}
.t-award{--type:var(--award);border-style:dotted;border-width:1em}
.band{flex:none;display:flex;align-items:center;gap:1.1em;height:11.5em;padding:0 1.3em;background:var(--type);
 color:#fff}
.band .cost svg.ic{width:8.6em;height:8.6em}
.name{flex:1;margin:0;font:700 3.55em/1.04 "Liberation Sans Narrow","Arial Narrow","DejaVu Sans Condensed",
 sans-serif;color:#fff;text-align:center;overflow-wrap:break-word}
.name.long{font-size:3.2em}
.starmark{font-size:.9em;margin-left:.15em;vertical-align:super;line-height:0}
.unprinted{font-size:.75em;margin-left:.2em;padding:0 .25em;border:1px solid currentColor;border-radius:.3em;
vertical-align:super;line-height:1}
.tags{display:flex;gap:.35em;flex:none}
.tags svg.ic{width:6.1em;height:6.1em}
.meta{flex:none;display:flex;align-items:center;justify-content:space-between;gap:1em;padding:1.3em 1.8em 0}
.req{display:inline-flex;align-items:center;gap:.5em;padding:.35em 1.1em;border:.4em solid var(--req-edge);
 border-radius:1.5em;background:var(--req-bg)}
.req svg.ic{width:6em;height:6em}.req .q{font-size:3.8em}
.req.max{border-color:var(--any);border-style:dashed}
.maxlabel{font:700 1.9em/1 "Liberation Sans Narrow","Arial Narrow",sans-serif;text-transform:uppercase;
 color:var(--any);letter-spacing:.04em}
.holds{display:inline-flex;align-items:center;gap:.5em;margin-left:auto}
.holds svg.ic{width:6.4em;height:6.4em}
.body{flex:1 1 auto;display:flex;flex-direction:column;padding:1.2em 1.8em .9em;min-height:0}
.draw{flex:1 0 auto;display:flex;flex-direction:column;justify-content:center;gap:1.4em;padding-bottom:1.2em}
.panel{flex:none;border-radius:2em;padding:1.1em 1em .9em;position:relative;margin-top:.6em}
.p-action,.p-effect,.p-claim,.p-score{background:var(--panel);border:.3em solid var(--panel-edge)}
.p-start,.p-first{background:var(--start);border:.3em solid var(--start-edge)}
.p-play{padding:.3em 0;margin-top:0}
.p-solo{background:var(--start);border:.3em dashed var(--start-edge)}
.label{position:absolute;top:-.75em;left:1em;padding:0 .35em;border-radius:.5em;background:#fff;
 font:700 1.9em/1.2 "Liberation Sans",Arial,sans-serif;text-transform:uppercase;letter-spacing:.08em;color:var(--label)}
.row{display:flex;flex-wrap:wrap;justify-content:center;align-items:center;gap:.9em 1.1em}
.grp{display:inline-flex;align-items:center;gap:.35em}
.choice,.alt{flex-wrap:wrap;justify-content:center;row-gap:.6em}
.group{border:.25em solid #999;border-radius:1.5em;padding:.3em .6em}
.q{font:700 4.6em/1 "Liberation Sans",Arial,sans-serif}
.cap{display:inline-block;font:400 2.1em/1.05 "Liberation Sans Narrow","Arial Narrow",sans-serif;color:#333;
 max-width:5.5em;text-align:center}
.or{font:italic 700 2.5em/1 "Liberation Sans",Arial,sans-serif;text-transform:uppercase;color:#555;
 margin:0 .15em}
.colon{font:700 5.6em/.8 "Liberation Sans",Arial,sans-serif;margin:0 .05em}
.slash,.plus,.to{font:400 4.8em/1 "Liberation Sans",Arial,sans-serif;color:#444}
svg.ic.arrow{width:8em;height:8em;margin:0 .2em}
svg.ic.sub{width:4.2em;height:4.2em}
svg.ic.star{width:5.6em;height:5.6em}
.box{display:inline-flex;align-items:center;gap:.45em;background:var(--prod);border:.35em solid var(--prod-edge);
 border-radius:1.5em;padding:.5em .8em;flex-wrap:wrap;justify-content:center}
.box .q,.box .slash{color:var(--prod-text)}
.box .cap{color:var(--prod-text)}
.box.mini{padding:.15em .35em;border-radius:1em}
.box.mini svg.ic{width:5.4em;height:5.4em}
.any{display:inline-flex;align-items:center;gap:.2em;border:.5em solid var(--any);border-radius:1.8em;padding:.1em}
.grey .any{border-style:dashed}
.ovr .cap{font-style:italic}
.cond{border:.25em dashed #777;border-radius:1.2em;padding:.15em .4em}
.text{flex:none;margin:0;font:400 2.9em/1.27 "Liberation Sans",Arial,Helvetica,sans-serif;color:var(--ink)}
.text b{font-weight:700}
.text .note{color:#333}
.foot{flex:none;display:flex;align-items:center;gap:1.3em;height:8.6em;padding:0 1.6em 0 2em;
 border-top:.25em solid #d6d6d6}
.num{font:700 2.4em/1 "Liberation Sans",Arial,sans-serif;color:#444}
.type{flex:1;font:400 2em/1 "Liberation Sans",Arial,sans-serif;text-transform:uppercase;letter-spacing:.07em;color:#555}
.vp{display:inline-flex;align-items:center;gap:.3em;height:6.6em;padding:0 1.2em;border-radius:3.3em;
 background:var(--vp-bg);border:.5em solid var(--vp-edge);box-sizing:border-box}
.vp .q{font-size:3.9em}.vp .slash{font-size:3.4em}.vp svg.ic{width:4.6em;height:4.6em}
.vp .cap{font-weight:700;color:var(--vp-edge)}
.big130 .draw{font-size:1.3em}.big115 .draw{font-size:1.15em}
.z90 .body{font-size:.9em}.z80 .body{font-size:.8em}.z72 .body{font-size:.72em}
.z65 .body{font-size:.65em}.z58 .body{font-size:.58em}
.sep{align-self:stretch;border-left:.3em solid var(--start-edge);margin:0 .6em}
[class*=" p-part-"]{background:var(--panel);border:.3em solid var(--panel-edge)}
.track{display:flex;flex-wrap:nowrap;gap:.35em;justify-content:center}
.cell{display:flex;flex-direction:column;align-items:center;gap:.2em;min-width:5.6em;padding:.25em .2em;
 border:.25em solid var(--panel-edge);border-radius:1em;background:#fff}
.cell svg.ic{width:4.4em;height:4.4em}.cell .q{font-size:2.9em}.cell .cap{display:none}
.cell .box{padding:.2em .3em;border-radius:1em}
.stepno{font:700 1.8em/1 "Liberation Sans",Arial,sans-serif;color:var(--label)}
.strip{flex:none;display:flex;align-items:center;gap:1em;height:7.4em;box-sizing:border-box;padding:0 1.6em;
 background:var(--start);border-bottom:.25em solid var(--start-edge)}
.body~.strip{border-bottom:none;border-top:.25em solid var(--start-edge)}
.slabel{flex:none;font:700 1.9em/1 "Liberation Sans",Arial,sans-serif;text-transform:uppercase;letter-spacing:.08em;
 color:var(--label)}
.strip svg.ic{width:5.6em;height:5.6em;margin-left:auto}
.named{min-width:0;padding:.45em 1.1em;border-radius:1.5em;color:#fff;white-space:nowrap;
 overflow:hidden;text-overflow:ellipsis;font:700 2.8em/1 "Liberation Sans Narrow","Arial Narrow",sans-serif}
"""

PAGE_CSS = """
html,body{margin:0;padding:0}
body{font-family:"Liberation Sans",Arial,Helvetica,sans-serif;color:var(--ink);-webkit-print-color-adjust:exact;
 print-color-adjust:exact}
@media screen{body{background:var(--page-bg)}.page,.flow{margin:6mm auto;box-shadow:0 1mm 4mm rgba(0,0,0,.35)}}
.page{box-sizing:border-box;background:#fff;overflow:hidden;break-after:page;page-break-after:always;
 position:relative}
.page:last-child{break-after:auto;page-break-after:auto}
.phead{display:flex;align-items:baseline;justify-content:space-between;gap:4mm;border-bottom:.4mm solid #333;
 margin-bottom:2mm}
.phead h2{margin:0;font:700 6mm/1.1 "Liberation Sans",Arial,sans-serif}
.phead h2.cont{font-size:4.2mm;font-weight:400}
.phead .sub{font-size:3mm;color:#444;white-space:nowrap}
.grid{display:grid;justify-content:center;align-content:start}
.legend h3{font:700 3.6mm/1.2 "Liberation Sans",Arial,sans-serif;margin:2.2mm 0 1.2mm;border-bottom:.2mm solid #aaa}
.legend .items{display:flex;flex-wrap:wrap;gap:1mm 4mm;font-size:.8mm}
.legend .it{display:inline-flex;align-items:center;gap:1.5mm;font-size:2.8mm;min-width:34mm}
.legend .it svg.ic{width:6.4mm;height:6.4mm}
.legend .ex{display:inline-flex;align-items:center;gap:1.2mm;font-size:.8mm}
.legend .marks{display:grid;grid-template-columns:44mm 1fr;gap:1.2mm 5mm;align-items:center;font-size:2.8mm}
.legend .frames{display:flex;flex-wrap:wrap;gap:2.5mm}
.legend .frame{font-size:1mm;width:28mm;height:11mm;border-radius:1.6mm;display:flex;align-items:center;
 justify-content:center;box-sizing:border-box;border-width:.8mm}
.legend .frame span{font:700 2.8mm/1 "Liberation Sans",Arial,sans-serif;color:var(--type)}
.legend p{font-size:2.8mm;line-height:1.35;margin:1.5mm 0}
/* list layout */
.flow{box-sizing:border-box;background:#fff}
.flow section+section{break-before:page;page-break-before:always}
.flow .phead{break-after:avoid;page-break-after:avoid;margin-top:0}
.entry{width:auto;height:auto;display:grid;grid-template-columns:10em 36em 60em 1fr 15em;align-items:center;
 gap:0 1.6em;border:none;border-left:1.4em solid var(--type);border-bottom:.25em solid #bbb;border-radius:0;
 padding:1em 1em 1em 1.4em;overflow:visible}
.entry .c-id{display:flex;flex-direction:column;align-items:center;gap:.4em}
.entry .c-id svg.ic{width:6.6em;height:6.6em}
.entry .num{font-size:2.2em}
.entry .c-name .name{color:var(--ink);text-align:left;font-size:3.1em}
.entry .c-name .type{display:block;font-size:1.7em;margin:.3em 0}
.entry .tags svg.ic{width:4.4em;height:4.4em}
.entry .c-icons{display:flex;flex-wrap:wrap;align-items:center;gap:.8em;font-size:.8em;min-width:0}
.entry .c-icons .panel{max-width:100%;box-sizing:border-box;min-width:0}
.entry .c-icons .row{justify-content:flex-start}
.entry .panel{padding:.3em .7em .5em}.entry .label{font-size:1.6em}
.entry .c-text .text{font-size:2.3em;line-height:1.25}
.entry .c-vp{display:flex;justify-content:flex-end;min-width:0}
.entry .holds{margin-left:0}
.entry .vp{font-size:.8em}
.entry .strip{height:auto;padding:.3em .7em;border:.3em solid var(--start-edge);border-radius:2em}
.entry .strip svg.ic{width:4.4em;height:4.4em}.entry .named{font-size:2.2em}.entry .slabel{font-size:1.6em}
"""


def _page_css(geo: Geometry, layout: str) -> str:
    w, h = geo.width, geo.height
    if layout == "list":
        return (f"@page{{size:{w}mm {h}mm;margin:{MARGIN}mm}}\n"
                f".flow{{width:{w - 2 * MARGIN:.2f}mm}}\n@media screen{{.flow{{padding:{MARGIN}mm;"
                f"width:{w:.2f}mm}}}}\n.entry{{font-size:{min(1.0, (w - 2 * MARGIN) / 194) * 0.95:.4f}mm}}\n"
                f".legendpage{{width:{w - 2 * MARGIN:.2f}mm;break-after:page;page-break-after:always}}")
    s = geo.scale
    cw, ch = CARD_W * s, CARD_H * s
    # a hair under the paper height, so that rounding never spills a page onto a blank one
    return (f"@page{{size:{w}mm {h}mm;margin:0}}\n"
            f".page{{width:{w}mm;height:{h - 0.3:.2f}mm;padding:{MARGIN}mm}}\n"
            f".phead{{height:{HEADER - 2:.2f}mm}}\n"
            f".grid{{grid-template-columns:repeat({geo.cols},{cw:.3f}mm);grid-auto-rows:{ch:.3f}mm;gap:{GAP}mm}}\n"
            f".card{{font-size:{s:.4f}mm}}\n"
            f".legend{{zoom:{min(1.0, (h - 2 * MARGIN - HEADER) / (297 - 2 * MARGIN - HEADER)):.4f}}}")


def css(geo: Geometry, layout: str) -> str:
    return PALETTE + brought_type_css() + ICON_CSS + CARD_CSS + PAGE_CSS + _page_css(geo, layout)


def brought_type_css() -> str:
    """The frames of the card types modules bring, in the colours their manifests give."""
    out = []
    for kind, spec in all_words("card_types").items():
        grey = spec.get("grey", spec["colour"])
        out.append(f":root{{--{kind}:{spec['colour']}}}.grey{{--{kind}:{grey}}}.t-{kind}{{--type:var(--{kind})}}")
    return "\n".join(out) + "\n" if out else ""


# ---- legend -----------------------------------------------------------------------------------
def legend_html() -> str:
    """One page explaining the icons and marks: the sheet's key."""
    from .render import MINUS, count_html, q, small, vp_html
    parts = ['<div class="legend">']
    for title, names in icons.legend_groups():
        items = "".join(
            f'<span class="it">{icons.icon(n)}<span>{escape(_legend_name(n))}</span></span>' for n in names)
        parts.append(f"<h3>{escape(title)}</h3><div class=\"items\">{items}</div>")
    box = f'<span class="ex"><span class="box">{q(MINUS)}{icons.icon("energy")}{icons.icon("mc", label="3")}' \
          f'</span></span>'
    marks = [
        (box, "Brown box: production. Decrease your energy production 1 step, increase your M€ production 3 steps."),
        (f'<span class="ex"><span class="any">{icons.icon("plant")}</span></span>',
         "Red border: any player's (their plants, production, tags…), not only yours."),
        (f'<span class="ex">{icons.icon("energy")}{icons.icon("arrow", "arrow")}{icons.icon("mc", label="2")}</span>',
         "Red arrow: an action, once per generation: pay the left side, get the right side."),
        (f'<span class="ex">{icons.tag("science")}{q(":", "colon")}{icons.icon("card")}</span>',
         "Colon: an effect. When the left side happens, you get the right side."),
        (f'<span class="ex"><span class="req">{q("13%")}{icons.icon("oxygen")}</span></span>',
         "Requirement box: the card may be played only when it holds."),
        (f'<span class="ex"><span class="req max">{q("max", "maxlabel")}{q("5%")}{icons.icon("oxygen")}'
         '</span></span>', "Dashed red box marked MAX: a maximum requirement."),
        (f'<span class="ex">{q("1")}{q("/", "slash")}{count_html({"count": "jovian-tag"})}</span>',
         "Slash: per. Here: one per jovian tag you have."),
        (f'<span class="ex">{vp_html({"n": 1, "per": {"count": "animal", "div": 2}})}</span>',
         "Victory points; here 1 VP per 2 animals on the card."),
        (f'<span class="ex">{icons.icon("star", "star")}{small("see text")}</span>',
         "Asterisk: the icons cannot say it all; the text under them does."),
    ]
    marks.extend(_strip_marks())
    parts.append("<h3>Marks</h3><div class=\"marks\">")
    for ex, words in marks:
        parts.append(f'{ex}<span>{escape(words)}</span>')
    parts.append("</div><h3>Card frames</h3><div class=\"frames\">")
    from .render import type_label, type_order
    for kind in (k for k in type_order() if k != "conversion"):
        parts.append(f'<div class="card frame t-{kind}"><span>{type_label(kind)}</span></div>')
    brought = "".join(f"; {spec['meaning']}" for spec in all_words("card_types").values())
    parts.append("</div><p>Green cards (solid frame) act once when played; blue cards (double frame) stay "
                 f"active; red events (dashed frame) are played once and turned face down{brought}. The rules "
                 "text under the icons is generated from the same data as the icons and the game engine.</p></div>")
    return "".join(parts)


def _strip_marks() -> list[tuple[str, str]]:
    """The strip in the key, drawn from the first known card type with a field naming a card (one
    with the piece that joins the named card first: the key shows the piece)."""
    from .render import named_fields, strip_html, type_label
    fields = [(kind, name, spec) for kind in all_words("card_types") for name, spec in named_fields(kind).items()]
    for kind, name, spec in sorted(fields, key=lambda f: not f[2].get("icon")):
        named = type_label(spec["of"]) if spec.get("of") else "a card"
        return [(f'<span class="ex">{strip_html(kind, name, named)}</span>',
                 "Strip: the card a field names, in its type's colour, with the piece that joins it; the "
                 "first above the card's name, the others over its footer.")]
    return []


def _legend_name(name: str) -> str:
    if name.startswith("tag-"):
        return f"{name[4:]} tag"
    if name in icons.NAMES:
        return icons.NAMES[name]
    from ..modules import all_words
    for kind in ("card_resources", "globals", "counts"):
        spec = all_words(kind).get(name)
        if spec:
            return spec.get("plural", spec["meaning"]) if kind != "globals" else name
    return name


# ---- documents --------------------------------------------------------------------------------
def _head(title: str, geo: Geometry, layout: str, grey: bool) -> str:
    cls = ' class="grey"' if grey else ""
    return (f'<!DOCTYPE html><html lang="en"{cls}><head><meta charset="utf-8">'
            f'<meta name="generator" content="tmars sheet"><title>{escape(title)}</title>'
            f"<style>{css(geo, layout)}</style></head><body data-layout=\"{layout}\" data-paper=\"{geo.paper}\">"
            + icons.sprite())


def build(groups: list[tuple[str, list[dict]]], paper: str = "a4", layout: str = "grid", grey: bool = False,
          legend: bool = True, title: str | None = None) -> Sheet:
    """The whole document. `groups` is [(module, cards sorted for print)]."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: use {', '.join(PAPERS)}")
    if layout not in ("grid", "list"):
        raise ValueError(f"unknown layout {layout!r}: use grid or list")
    geo = geometry(paper)
    groups = [(m, cs) for m, cs in groups if cs]
    total_cards = sum(len(cs) for _, cs in groups)
    title = title or "tmars reference sheet: " + ", ".join(module_title(m) for m, _ in groups)
    out = [_head(title, geo, layout, grey)]
    if layout == "grid":
        pages = grid_pages([len(cs) for _, cs in groups], geo.per_page, legend)
        page_no = 0

        def header(text: str, cont: bool, sub: str) -> str:
            return (f'<div class="phead"><h2{" class=cont" if cont else ""}>{escape(text)}</h2>'
                    f'<span class="sub">{escape(sub)}</span></div>')

        if legend:
            page_no += 1
            head = header("Key to the icons", False, _sub(page_no, pages, paper))
            out.append(f'<section class="page legendpage">{head}{legend_html()}</section>')
        for module, cards in groups:
            chunks = [cards[i:i + geo.per_page] for i in range(0, len(cards), geo.per_page)]
            for k, chunk in enumerate(chunks):
                page_no += 1
                name = module_title(module)
                head = header(name if k == 0 else f"{name} (continued)", k > 0,
                              (f"{_cards(len(cards))} \u00b7 " if k == 0 else "") + _sub(page_no, pages, paper))
                body = "".join(render_card(c) for c in chunk)
                out.append(f'<section class="page" data-module="{escape(module)}">{head}'
                           f'<div class="grid">{body}</div></section>')
    else:
        pages = None
        out.append('<div class="flow">')
        if legend:
            out.append('<section class="legendpage"><div class="phead"><h2>Key to the icons</h2></div>'
                       f"{legend_html()}</section>")
        for module, cards in groups:
            rows = "".join(render_row(c) for c in cards)
            out.append(f'<section data-module="{escape(module)}"><div class="phead"><h2>{escape(module_title(module))}'
                       f'</h2><span class="sub">{_cards(len(cards))} \u00b7 {PAPER_LABEL[paper]}</span></div>'
                       f"{rows}</section>")
        out.append("</div>")
    out.append("</body></html>")
    return Sheet("".join(out), pages, total_cards, [m for m, _ in groups])


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _sub(page: int, pages: int, paper: str) -> str:
    return f"tmars reference sheet \u00b7 {PAPER_LABEL[paper]} \u00b7 page {page} of {pages}"
