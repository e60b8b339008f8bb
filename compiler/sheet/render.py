"""A compiled card -> HTML, drawn from its IR alone.

Every icon on a card comes from an IR node: production boxes are `box` nodes, red borders are
`"any": true`, red arrows are actions, the colon separates a trigger from its outcome, the
asterisk marks an override. The rules text under the icons comes from `compiler.text`, from the
same IR. No card is known here by name.
"""

from __future__ import annotations

from ..ir import vp_terms

import re
from html import escape
from typing import Any

from .. import text as rules
from .. import vocab
from ..modules import all_words
from ..solo import solo_view
from . import icons

MINUS = "\u2212"
GE, LE = "\u2265", "\u2264"
TYPE_LABEL = {"automated": "Automated", "active": "Active", "event": "Event", "corporation": "Corporation",
              "standard-project": "Standard project", "conversion": "Conversion", "milestone": "Milestone",
              "award": "Award"}


def type_label(kind: str) -> str:
    """The card type as printed: the language's own, or the label its module's manifest gives."""
    return TYPE_LABEL.get(kind) or all_words("card_types").get(kind, {}).get("label", kind)


def type_order() -> list[str]:
    """The card types in sheet order: projects, then the types modules bring, then the rest."""
    brought = [t for t in vocab.CARD_TYPES if t not in vocab.CORE_CARD_TYPES]
    core = list(vocab.CORE_CARD_TYPES)
    return core[:3] + brought + core[3:]
# short captions for placement rules, under the tile they apply to
RULE_CAPTION = {"ocean-area": "ocean area", "land": "on land", "volcanic": "volcanic", "next-own": "next to yours",
                "isolated": "isolated", "next-city": "next to city", "next-greenery": "next to greenery",
                "bonus-metal": "steel/ti bonus", "reserved": "reserved area",
                "off-mars": "off Mars"}
PROJECT_TYPES = set(vocab.PROJECT_TYPES)


def q(text: str, cls: str = "q") -> str:
    return f'<span class="{cls}">{escape(text)}</span>'


def small(text: str) -> str:
    return f'<small class="cap">{escape(text)}</small>'


def _sign(n: int) -> str:
    return MINUS if n < 0 else ""


def amount_icon(name: str, node: dict, show_one: bool = False) -> str:
    """'−2 [plant]', '[M€ 5]', 'X [heat]': an amount and its icon."""
    n = node.get("n", 1)
    k = ((str(abs(n)) if abs(n) != 1 else "") + "X") if node.get("x") else str(abs(n))
    if name == "mc":
        return q(_sign(n)) + icons.icon("mc", label=k) if n < 0 else icons.icon("mc", label=k)
    pre = _sign(n) + (k if (k != "1" or show_one) else "")
    return (q(pre) if pre else "") + icons.icon(name)


def wrap_any(html: str, node: dict) -> str:
    return f'<span class="any">{html}</span>' if node.get("any") else html


def grp(html: str, cls: str = "") -> str:
    return f'<span class="grp{" " + cls if cls else ""}">{html}</span>'


# ---- counts ---------------------------------------------------------------------------------------
def count_html(c: dict, value: int | None = None) -> str:
    """The icon(s) of a count: a tag, a tile, a production, a card resource, a parameter…"""
    word = c["count"]
    args = [a for a in c.get("args", ()) if isinstance(a, str)]
    from ..counts import COUNTS
    ic, caps = COUNTS[word].icon(c, icons, small, grp)  # each kind of count states its icon
    if "mars" in args:
        caps.append("on Mars")
    if "opponents" in args:
        caps.append("opponents")
    out = f'<span class="any">{ic}</span>' if c.get("any") else ic
    for cap in caps:
        out += small(cap)
    for more in c.get("plus", ()):  # counts added up
        out += q("+") + count_html(more)
    div = c.get("div")
    if value is not None:
        return out
    return (q(str(div)) if div else "") + out


def per_html(node: dict) -> str:
    alone = small("less") + count_html(node["less"]) if "less" in node else ""
    if "per" not in node:
        return alone
    most, less, above = node["per"].get("max"), node["per"].get("less"), node["per"].get("above")
    return q("/", "slash") + count_html(node["per"]) + (small(f"above {above}") if above else "") + (
        small(f"max {most}") if most else "") + (small("less") + count_html(less) if less else "") + alone


def requirement_html(reqs: list[dict]) -> str:
    """The requirement box(es); a maximum is drawn as its own box marked 'max'."""
    mins, maxes = [], []
    for r in reqs:
        (maxes if r["cmp"] == "<=" else mins).append(req_part(r))
    out = ""
    if mins:
        out += f'<span class="req">{"".join(mins)}</span>'
    if maxes:
        out += f'<span class="req max">{q("max", "maxlabel")}{"".join(maxes)}</span>'
    return out


def req_part(r: dict) -> str:
    word, v = r["count"], r["value"]
    val = f"{MINUS}{abs(v)}" if v < 0 else str(v)
    shows = all_words("globals").get(word, {}).get("shows")
    if shows:  # how a track's value is printed, from its manifest: '13%', '-12°C'
        return q(shows.format(n=val)) + icons.icon(word)
    if word == "tr":
        return q(val) + icons.icon("tr")
    ic = count_html(r, v)
    if word.endswith("-tag") and 1 <= v <= 3:
        return grp(ic * v)
    return (q(val) if v != 1 else "") + ic


# ---- items ----------------------------------------------------------------------------------------
def items_html(items: list[dict]) -> str:
    return "".join(item_html(i) for i in items)


def item_html(node: dict) -> str:
    """One item as icons; each op states its own drawing (`compiler/ops`)."""
    from ..ops import OPS
    return OPS[node["op"]].html(node)


def override_html(node: dict) -> str:
    """An asterisk override: the star, its name in small words, and its arguments as icons."""
    body = icons.icon("star", "star")
    for a in node.get("args", ()):
        if isinstance(a, str):
            body += icons.tag(a) if a in vocab.TAGS else small(a)
        elif a.get("rule") == "mc":
            body += icons.icon("mc", label=f"{MINUS}{a['n']}")
        else:
            body += small(f"\u00b1{a['n']}" if a.get("rule") == "steps" else f"{a['rule']} {a.get('n', '')}")
    return grp(body + small(node["name"].replace("-", " ")), "ovr")


# ---- effects, actions, VP ------------------------------------------------------------------------
def trigger_html(t: dict) -> str:
    word = t["event"]
    args = t.get("args", [])
    caps = []
    for a in args:
        if isinstance(a, dict) and a.get("rule") == "cost":
            caps.append(f"{GE if a.get('cmp', '>=') == '>=' else LE}{a['n']} M€")
    from ..triggers import TRIGGERS
    ic, more = TRIGGERS[word].icon(t, icons, small)  # each kind of trigger states its icon
    caps += more
    out = f'<span class="any">{ic}</span>' if t.get("any") else ic
    return grp(out + "".join(small(c) for c in caps))


def triggers_html(triggers: list[dict]) -> str:
    return q("/", "slash").join(trigger_html(t) for t in triggers)


def modifier_html(m: dict) -> str:
    kind = m["mod"]
    colon = q(":", "colon")
    if kind == "discount":
        on = triggers_html(m["on"]) if m.get("on") else icons.icon("card")
        unit = m.get("unit", "mc")
        amount = f"{MINUS}{m['n']}" if m["n"] > 0 else f"+{-m['n']}"  # a negative discount costs more
        less = icons.icon("mc", label=amount) if unit == "mc" else q(amount) + icons.icon(unit)
        return grp(on + colon + grp(less))
    if kind == "value":
        return grp(icons.icon(m["res"]) + colon + icons.icon("mc", label=f"+{m['n']}"))
    if kind == "extra":
        from ..counts import COUNTS
        shown, caption = COUNTS[m["res"]].icon({"count": m["res"]}, icons, small, grp)
        return grp(q(f"{'+' if m['n'] > 0 else MINUS}{abs(m['n'])}") + shown + "".join(small(c) for c in caption))
    if kind == "flex" and m.get("param", "").endswith("-tag"):
        return grp(icons.icon("params") + icons.tag(m["param"][:-4]) + colon + q(f"{MINUS}{m['n']}"))
    if kind == "flex":
        return grp(icons.icon(m.get("param", "params")) + colon + q(f"\u00b1{m['n']}"))
    if kind == "pay" and "n" in m:
        on = "".join(icons.tag(t["event"][:-4]) if t["event"].endswith("-tag") else small(t["event"])
                     for t in m.get("on", ()))
        worth = icons.icon(m["as"], label=str(m["n"]))
        return grp((on + q(":", "colon") if on else "") + icons.icon(m["res"]) + q("=", "colon") + worth)
    if kind == "pay":
        return grp(icons.icon(m["res"]) + q("=", "colon") + icons.icon(m["as"]))
    if kind == "override":
        return override_html(m)
    return small(kind)


def effect_html(e: dict) -> str:
    if "mods" in e:
        return "".join(modifier_html(m) for m in e["mods"])
    return triggers_html(e["on"]) + q(":", "colon") + items_html(e["do"])


def action_html(a: dict) -> str:
    return items_html(a["cost"]) + icons.icon("arrow", "arrow") + items_html(a["gain"])


def vp_html(vp: dict) -> str:
    """The VP icon: each term of a sum side by side, with '+' between them."""
    return small("+").join(map(_vp_term_html, vp_terms(vp)))


def _vp_term_html(vp: dict) -> str:
    n = vp["n"]
    num = f"{MINUS}{abs(n)}" if n < 0 else str(n)
    if "per" in vp:
        c = vp["per"]
        div = c.get("div")
        inner = q(num) + q("/", "slash") + (q(str(div)) if div else "") + count_html({**c, "div": None}
                                                                                         if div else c)
    elif "if" in vp:
        inner = q(num) + small("if") + req_part(vp["if"])
    else:
        inner = q(num)
    return f'<span class="vp" title="victory points">{inner}{small("VP")}</span>'


# ---- a whole card -------------------------------------------------------------------------------
def panels(card: dict) -> list[tuple[str, str, str]]:
    """(kind, label, icons html) for each drawn section of a card, in reading order."""
    out: list[tuple[str, str, str]] = []
    kind = card["type"]
    start = items_html(card["start"]) if "start" in card else ""
    first = items_html(card["first_action"]) if "first_action" in card else ""
    if start and first and _row_width(start + first) < 40:
        # one panel for both, to leave room for the effects
        out.append(("start", "Start", grp(start) + '<span class="sep"></span>' + small("first action")
                    + grp(first)))
    else:
        if start:
            out.append(("start", "Start", start))
        if first:
            out.append(("first", "First action", first))
    out.extend(part_panels(card))
    if "action" in card:
        alts = "".join(grp((q("or", "or") if i else "") + action_html(a), "alt")
                       for i, a in enumerate(card["action"]))
        out.append(("action", field_label(kind, "action", "Conversion" if kind == "conversion" else "Action"), alts))
    for e in card.get("effects", ()):
        out.append(("effect", field_label(kind, "effects", "Effect"), effect_html(e)))
    if kind == "milestone" and "requires" in card:
        out.append(("claim", "Claim", "".join(req_part(r) for r in card["requires"])))
    if "score" in card:
        scores = [grp(count_html(c).replace("grp box mini", "grp box")) for c in card["score"]]
        out.append(("score", "Most", q("+", "plus").join(scores)))
    if "play" in card:
        out.append(("play", "", items_html(card["play"])))
    alone = solo_view(card)
    if alone is not None:
        out.append(("solo", "Solo", solo_html(alone)))
    return gathered(kind, out)


def solo_html(alone: dict) -> str:
    """The icons of a card's solo rows (`solo_view`), drawn as the card draws those fields: a
    requirement's box, each panel's icons (captioned with its label when there are several), the VP."""
    bits = [requirement_html(alone["requires"])] if "requires" in alone else []
    drawn = panels(alone)
    bits += [(f'<small class="cap">{label}</small>' if label and len(drawn) > 1 else "") + html
             for _, label, html in drawn]
    if "vp" in alone:
        bits.append(vp_html(alone["vp"]))
    return '<span class="sep"></span>'.join(grp(b, "alt") for b in bits) if len(bits) > 1 else "".join(bits)


def field_label(kind: str, field: str, default: str) -> str:
    """A panel's label: the one the card type's manifest gives the field (`labels`: a party's
    bonus is its ruling bonus), else `default`."""
    declared = (vocab.type_spec(kind).get("labels") or {}).get(field)
    return escape(declared) if declared else default


def gathered(kind: str, sections: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The sections with the panels of one declared label drawn as one panel, where the first of
    them is: a party's printed policy holds whichever of its action, effects and project it has.
    Each is kept whole, so that a row breaks between them only."""
    declared = {escape(label) for label in (vocab.type_spec(kind).get("labels") or {}).values()}
    members: dict[str, list[str]] = {}
    out: list[tuple[str, str, str]] = []
    for sect, label, html in sections:
        if label in declared and label in members:
            members[label].append(html)
            continue
        if label in declared:
            members[label] = [html]
        out.append((sect, label, html))
    return [(sect, label, '<span class="sep"></span>'.join(grp(m, "alt") for m in members[label]))
            if len(members.get(label, ())) > 1 else (sect, label, html) for sect, label, html in out]


def named_fields(kind: str) -> dict[str, dict]:
    """The fields of a card type that name a card (a global event's parties), drawn as strips."""
    return {name: spec for name, spec in vocab.type_fields(kind).items() if spec["kind"] == "name"}


def strips(card: dict) -> list[str]:
    """A strip for each field of the card naming a card, in declared order: the field's label,
    the icon of the piece that joins the named card (its manifest's `icon`), and the named card's
    name on its type's colour."""
    parts = card.get("parts") or {}
    return [strip_html(card["type"], name, parts[name]) for name in named_fields(card["type"]) if name in parts]


def strip_html(kind: str, field: str, named: str) -> str:
    """One strip: what a card of type `kind` says in its field `field` naming the card `named`."""
    spec = named_fields(kind)[field]
    piece = icons.icon(spec["icon"]) if spec.get("icon") else ""
    colour = f"var(--{spec['of']},var(--type))" if spec.get("of") else "var(--type)"
    label = field_label(kind, field, escape(field.replace("-", " ").capitalize()))
    return (f'<div class="strip s-{field}" data-field="{field}"><span class="slabel">{label}</span>{piece}'
            f'<span class="named" style="background:{colour}">{escape(named)}</span></div>')


def part_panels(card: dict) -> list[tuple[str, str, str]]:
    """A panel for each field of its own a card's type declares, labelled with the field's name or
    the label its manifest gives: a row's icons; a list of rows as a track of steps, each numbered;
    a number; a resource's icon. A field naming a card is a strip (`strips`), not a panel."""
    out = []
    parts = card.get("parts") or {}
    for name, spec in vocab.type_fields(card["type"]).items():
        if name not in parts or spec["kind"] == "name":
            continue
        value, kind = parts[name], spec["kind"]
        if kind == "row":
            html = items_html(value) or small("nothing")
        elif kind == "rows":  # a track: one numbered cell per step, in one line
            html = '<span class="track">' + "".join(
                f'<span class="cell"><span class="stepno">{i}</span>{items_html(r) or small("nothing")}</span>'
                for i, r in enumerate(value)) + "</span>"
        elif kind == "number":
            html = q(str(value))
        else:
            html = icons.icon(value)
        out.append((f"part-{name}", field_label(card["type"], name, escape(name.replace("-", " ").capitalize())),
                    html))
    return out


def text_html(sentences: list[str]) -> str:
    parts = []
    for s in sentences:
        s = escape(s)
        for label in ("Action:", "Effect:"):
            if s.startswith(label):
                s = f"<b>{label}</b>{s[len(label):]}"
        if s.startswith("*"):
            s = f'<i class="note">{s}</i>'
        parts.append(s)
    return " ".join(parts)


# ---- fitting: how much a card has to say, in card units (1 unit = 1 mm on an A4 card) ---------
ARIAL = {**dict.fromkeys("abdeghnopqu0123456789€", .556), **dict.fromkeys("ckvxyzsJ", .5), **dict.fromkeys("ftI", .278),
         **dict.fromkeys("ijl'", .222), "r": .333, "m": .833, "w": .722, "W": .944, "M": .833, " ": .278,
         **dict.fromkeys(".,:;!/", .278), **dict.fromkeys("-()", .333), "%": .889, "°": .4, "*": .389,
         **dict.fromkeys("ABEKPSVXY", .667), **dict.fromkeys("CDHNRUw", .722), **dict.fromkeys("GOQ", .778),
         "F": .611, "T": .611, "Z": .611, "L": .556}
TEXT_EM, TEXT_LH, ICON, GAP_ROW, STRIP = 2.9, 1.27, 8.4, .9, 7.4
BORDER = {"active": 1.1, "corporation": 1.1, "milestone": 1.0, "award": 1.0}
ZOOMS = ((1.0, ""), (0.9, " z90"), (0.8, " z80"), (0.72, " z72"), (0.65, " z65"), (0.58, " z58"))
BIGS = ((1.3, " big130"), (1.15, " big115"))


def text_lines(text: str, width: float) -> int:
    """Lines of a paragraph wrapped greedily at `width` (in ems of its font), Arial metrics."""
    lines, used = 1, 0.0
    for word in text.split():
        w = sum(ARIAL.get(ch, .6) for ch in word) * (1.08 if word in ("Action:", "Effect:") else 1.0)
        if used and used + .278 + w > width:
            lines, used = lines + 1, w
        else:
            used += (.278 if used else 0) + w
    return lines


def _row_width(html: str) -> float:
    """Rough width of a row of icons, from what the HTML holds."""
    w = html.count('<svg class="ic"') * (ICON + .5) + html.count('class="ic sub"') * 4.7
    w += html.count('class="ic arrow"') * 8.8 + html.count('class="ic star"') * 6
    for m in re.finditer(r'<span class="q">([^<]*)</span>', html):
        w += len(m.group(1)) * 4.6 * .6 + .5
    for m in re.finditer(r'<small class="cap">([^<]*)</small>', html):
        w += min(len(m.group(1)), 11) * 2.1 * .47 + .5
    w += len(re.findall(r'class="grp box', html)) * 2.6 + html.count('class="any"') * 1.6
    w += html.count('class="or"') * 5.5 + html.count('class="colon"') * 3.6
    w += html.count('class="slash"') * 3 + html.count('class="to"') * 4 + html.count('class="plus"') * 3
    return w


def _row_height(html: str, inner: float) -> float:
    """Height of a row of icons that wraps at `inner` units."""
    width = _row_width(html)
    lines = max(1, -(-width // inner))
    if "grp choice" in html and width > inner * .7:
        lines += 1          # options do not break inside: a wide choice wastes the end of its lines
    line = ICON + (1.8 if 'class="grp box' in html else 0) + (1.2 if 'class="any"' in html else 0) + \
        (2.2 if 'grp group"' in html or 'grp cond"' in html else 0)
    return lines * line + (lines - 1) * GAP_ROW


def needed(card: dict, sections: list, sentences: list[str], zoom: float, big: float = 1.0
           ) -> tuple[float, float]:
    """(units needed by the drawing and text at this zoom, units available) for one card; `big`
    enlarges the drawing only."""
    bw = BORDER.get(card["type"], .8)
    inner = 63 - 2 * bw - 3.6
    dz = zoom * big
    draw = 0.0
    for kind, _, html in sections:
        if kind == "play":
            draw += _row_height(html, inner / dz) + .6
        else:
            draw += _row_height(html, (inner - 2.6) / dz) + 2.6 + .6
    draw += 1.4 * max(0, len(sections) - 1) + 1.2
    text = " ".join(sentences)
    lines = text_lines(text, .96 * inner / (TEXT_EM * zoom)) if text else 0
    need = dz * draw + zoom * lines * TEXT_EM * TEXT_LH
    avail = 88 - 2 * bw - 11.5 - 8.6 - 2.1
    if ("requires" in card and card["type"] != "milestone") or "holds" in card:
        avail -= 1.3 + 7.6
    avail -= STRIP * len(set(named_fields(card["type"])) & set(card.get("parts") or ()))
    return need, avail


def density(card: dict, sections: list, sentences: list[str]) -> str:
    """The largest zoom of the card body at which its drawing and text fit, with a margin. Cards
    with room to spare get larger icons (never larger text)."""
    for big, cls in BIGS:
        need, avail = needed(card, sections, sentences, 1.0, big)
        if need <= avail - 8.0:
            return cls
    for zoom, cls in ZOOMS:
        need, avail = needed(card, sections, sentences, zoom)
        if need <= avail - 2.0:
            return cls
    return ZOOMS[-1][1]


def render_card(card: dict) -> str:
    """One card of the grid: frame, band (cost, name, tags), requirement, icons, text, footer; the
    strips of the cards it names above the band (the first) and over the footer (the others), as
    the printed global event has its parties."""
    kind = card["type"]
    sections = panels(card)
    sentences = rules.card_sentences(card)
    text = text_html(sentences)
    cost = card.get("cost")
    band_cost = f'<span class="cost">{icons.icon("mc", label=str(cost))}</span>' if cost is not None and \
        kind in PROJECT_TYPES | {"standard-project"} else ""
    tags = "".join(icons.tag(t) for t in card["tags"])
    name = escape(card.get("title", card["name"]))
    long_name = " long" if len(name) > 22 else ""
    meta = ""
    if "requires" in card and kind != "milestone":
        meta += requirement_html(card["requires"])
    if "holds" in card:
        meta += f'<span class="holds">{small("holds")}{icons.icon(card["holds"])}</span>'
    body = []
    for sect, label, html in sections:
        lab = f'<span class="label">{label}</span>' if label else ""
        body.append(f'<div class="panel p-{sect}">{lab}<div class="row">{html}</div></div>')
    number = escape(card.get("number") or "")
    vp = vp_html(card["vp"]) if "vp" in card else ""
    star = '<span class="starmark" title="asterisk: see the text">*</span>' if card.get("note") or \
        rules._has_override(card) else ""
    if card.get("not_as_printed"):  # the engine leaves a part out: said on the card's face
        star += '<span class="unprinted" title="not as printed: the game leaves a part of it out">≠</span>'
    top, *bottom = strips(card) or [""]
    return (
        f'<article class="card t-{kind}{density(card, sections, sentences)}" data-card="{name}" '
        f'data-number="{number}" data-module="{escape(card["module"])}" data-type="{kind}">{top}'
        f'<header class="band">{band_cost}<h3 class="name{long_name}">{name}{star}</h3>'
        f'<span class="tags">{tags}</span></header>'
        + (f'<div class="meta">{meta}</div>' if meta else "")
        + f'<div class="body"><div class="draw">{"".join(body)}</div><p class="text">{text}</p></div>'
        f'{"".join(bottom)}<footer class="foot"><span class="num">{number}</span><span class="type">{type_label(kind)}'
        f'</span>{vp}</footer></article>'
    )


def render_row(card: dict) -> str:
    """One entry of the compact list: the same drawing, laid out in a single row."""
    kind = card["type"]
    sections = panels(card)
    cost = card.get("cost")
    cost_html = icons.icon("mc", label=str(cost)) if cost is not None and \
        kind in PROJECT_TYPES | {"standard-project"} else ""
    tags = "".join(icons.tag(t) for t in card["tags"])
    req = requirement_html(card["requires"]) if "requires" in card and kind != "milestone" else ""
    holds = f'<span class="holds">{small("holds")}{icons.icon(card["holds"])}</span>' if "holds" in card else ""
    drawn = "".join(
        f'<div class="panel p-{sect}">' + (f'<span class="label">{label}</span>' if label else "")
        + f'<div class="row">{html}</div></div>' for sect, label, html in sections)
    number = escape(card.get("number") or "")
    name = escape(card.get("title", card["name"]))
    vp = vp_html(card["vp"]) if "vp" in card else ""
    return (
        f'<article class="card entry t-{kind}" data-card="{name}" data-number="{number}" '
        f'data-module="{escape(card["module"])}" data-type="{kind}">'
        f'<div class="c-id"><span class="cost">{cost_html}</span><span class="num">{number}</span></div>'
        f'<div class="c-name"><h3 class="name">{name}</h3><span class="type">{type_label(kind)}</span>'
        f'<span class="tags">{tags}</span></div>'
        f'<div class="c-icons">{req}{holds}{"".join(strips(card))}{drawn}</div>'
        f'<div class="c-text"><p class="text">{text_html(rules.card_sentences(card))}</p></div>'
        f'<div class="c-vp">{vp}</div></article>'
    )


def sort_key(card: dict, index: int) -> tuple[Any, ...]:
    """Numbered project cards first (001…208), then lettered numbers (R00…), then the rest in
    their file order by type."""
    number = card.get("number") or ""
    order = type_order()
    if number.isdigit():
        return (0, int(number), "", index)
    if number:
        digits = "".join(ch for ch in number if ch.isdigit())
        return (1, number.rstrip("0123456789"), int(digits) if digits else 0, index)
    rank = order.index(card["type"]) if card["type"] in order else len(order)
    return (2, rank, "", index)
