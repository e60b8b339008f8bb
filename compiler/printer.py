"""IR back to card language, so that parse(print(ir)) == ir holds for every card."""

from __future__ import annotations

from .ir import vp_terms

from typing import Any

Node = dict[str, Any]


def amount(node: Node, signed: bool = True) -> str:
    n = node["n"]
    sign = "-" if n < 0 else ("+" if signed else "")
    mag = (str(abs(n)) if abs(n) != 1 else "") + "X" if node.get("x") else str(abs(n))
    return f"{sign}{mag}"


def count(c: Node) -> str:
    out = f"{c['div']} " if "div" in c else ""
    out += c["count"]
    if c.get("any"):
        out += "!"
    if c.get("args"):
        out += args(c["args"])
    for more in c.get("plus", ()):
        out += " + " + count(more)
    return out


def arg(a: Any) -> str:
    if isinstance(a, str):
        return a
    if "cmp" in a:
        return f"{a['rule']} {a['cmp']} {a['n']}"
    return f"{a['rule']} {a['n']}"


def args(items: list) -> str:
    return "(" + ", ".join(arg(a) for a in items) + ")"


def per(node: Node) -> str:
    if "per" not in node:
        return f" less {count(node['less'])}" if "less" in node else ""
    p = node["per"]
    most, less, above = p.get("max"), p.get("less"), p.get("above")
    return (f" per {count(p)}" + (f" above {above}" if above else "") + (f" max {most}" if most else "")
            + (f" less {count(less)}" if less else "")) + (f" less {count(node['less'])}" if "less" in node else "")


def item(node: Node) -> str:
    """One item as card language; each op states its own form (`compiler/ops`)."""
    from .ops import OPS
    return OPS[node["op"]].source(node)


def pay(node: Node) -> str:
    cost = items(node["cost"])
    return (cost + " " if cost else "") + "-> " + items(node["gain"])


def items(nodes: list[Node]) -> str:
    return ", ".join(item(n) for n in nodes)


def play_row(nodes: list[Node]) -> str:
    """A play row: a lone top-level choice or payment prints without its parentheses."""
    from .ops import Choice, Pay  # the ops import this module
    if len(nodes) == 1 and nodes[0]["op"] == Choice.name:
        return " or ".join(play_row(o) if len(o) == 1 and o[0]["op"] == Pay.name else items(o)
                           for o in nodes[0]["options"])
    if len(nodes) == 1 and nodes[0]["op"] == Pay.name:
        return pay(nodes[0])
    return items(nodes)


def action(alts: list[Node]) -> str:
    return " or ".join(pay(a) for a in alts)


def cond(c: Node) -> str:
    if "reveal" in c:
        return f"reveal {c['reveal']}-tag"
    if "rank" in c:
        return f"{c['rank']} {count(c)}"
    return comparison(c)


def comparison(c: Node) -> str:
    return f"{count(c)} {c['cmp']} {c['value']}"


def requires(reqs: list[Node]) -> str:
    """A count of 1 or 0 required at 1 is written alone, as its icon is printed (`party(greens)`)."""
    from .counts import COUNTS
    return ", ".join(count(r) if getattr(COUNTS.get(r["count"]), "boolean", False) and r["cmp"] == ">=" and
                     r["value"] == 1 else comparison(r) for r in reqs)


def vp(v: Node) -> str:
    return ", ".join(map(_vp_term, vp_terms(v)))


def _vp_term(v: Node) -> str:
    if "per" in v:
        return f"{v['n']} per {count(v['per'])}"
    if "if" in v:
        return f"{v['n']} if {cond(v['if'])}"
    return str(v["n"])


def trigger(t: Node) -> str:
    return t["event"] + ("!" if t.get("any") else "") + (args(t["args"]) if t.get("args") else "")


def modifier(m: Node) -> str:
    kind = m["mod"]
    if kind == "discount":
        out = f"discount {m['n']}" + (f" {m['unit']}" if "unit" in m else "")
        return out + (" on " + " or ".join(trigger(t) for t in m["on"]) if "on" in m else "")
    if kind == "value":
        return f"value {'-' if m['n'] < 0 else '+'}{abs(m['n'])} {m['res']}"
    if kind == "extra":
        return f"{'-' if m['n'] < 0 else '+'}{abs(m['n'])} {m['res']}"
    if kind == "flex":
        return f"flex {m['n']}" + (f" {m['param']}" if "param" in m else "")
    if kind == "pay":
        rate = f"{m['n']} " if "n" in m else ""
        on = " on " + " or ".join(trigger(t) for t in m["on"]) if "on" in m else ""
        return f"pay {m['res']} as {rate}{m['as']}{on}"
    return m["name"] + "*" + (args(m["args"]) if m["args"] else "")


def effect(e: Node) -> str:
    if "mods" in e:
        return ", ".join(modifier(m) for m in e["mods"])
    return " or ".join(trigger(t) for t in e["on"]) + " => " + play_row(e["do"])


def card_fields(card: Node) -> dict[str, Any]:
    """The card-language fields of a card as they would be written in its YAML frame."""
    out: dict[str, Any] = {}
    if "requires" in card:
        out["requires"] = requires(card["requires"])
    if "vp" in card:
        out["vp"] = vp(card["vp"])
    for key, name in (("start", "start"), ("play", "play"), ("first_action", "first-action")):
        if key in card:
            out[name] = play_row(card[key])
    if "action" in card:
        out["action"] = action(card["action"])
    if "effects" in card:
        out["effect"] = [effect(e) for e in card["effects"]]
    if "score" in card:
        out["score"] = " + ".join(count(c) for c in card["score"])
    for name, value in (card.get("parts") or {}).items():  # the fields of its own its type declares
        if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
            out[name] = [play_row(r) for r in value]
        elif isinstance(value, list):
            out[name] = play_row(value)
        else:
            out[name] = value
    from .solo import KEY, solo_view
    alone = solo_view(card)
    if alone is not None:  # the solo game's rows, each printed as the field it stands in for
        out[KEY] = card_fields(alone)
    return out
