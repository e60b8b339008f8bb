"""Plain-English rules text generated from the IR: the same source as behaviour and icons."""

from __future__ import annotations

from typing import Any

RES = {"mc": "M€", "steel": "steel", "titanium": "titanium", "plant": "plant", "energy": "energy", "heat": "heat"}
PLURAL = {"plant": "plants", "animal": "animals", "microbe": "microbes", "fighter": "fighters",
          "floater": "floaters", "asteroid": "asteroids", "camp": "camps", "card": "cards", "held": "resources"}


def noun(word: str, n: int) -> str:
    word = RES.get(word, word)
    return PLURAL.get(word, word) if n != 1 else word


def qty(node: dict) -> str:
    if node.get("x"):
        return "X"
    return str(abs(node["n"]))


def count_text(c: dict) -> str:
    word = c["count"]
    who = "" if c.get("any") else "your "
    if word.endswith("-tag"):
        what = f"{word[:-4]} tag"
    elif word.endswith("-prod"):
        what = f"{RES.get(word[:-5], word[:-5])} production"
    elif word.endswith("-adjacent"):
        return f"{word[:-9]} tile{'s' if c.get('div', 1) > 1 else ''} adjacent"
    elif word.endswith("-tile"):
        what = f"{word[:-5]} tile"
        who = "" if c.get("any") else who
        if c.get("any"):
            what += " in play"
    else:
        what = word
    div = c.get("div")
    return f"{div} {who}{what}s" if div else f"{who}{what}"


def per_text(node: dict) -> str:
    return f" per {count_text(node['per'])}" if "per" in node else ""


def item_text(node: dict) -> str:
    op = node["op"]
    n = node.get("n", 1)
    if op == "resource":
        if n > 0:
            return f"gain {qty(node)} {noun(node['res'], abs(n))}{per_text(node)}"
        if node.get("adjacent"):
            return f"remove up to {qty(node)} {noun(node['res'], abs(n))} from an owner of an adjacent tile"
        if node.get("any"):
            return f"remove up to {qty(node)} {noun(node['res'], abs(n))} from any player"
        return f"lose {qty(node)} {noun(node['res'], abs(n))}"
    if op == "production":
        verb = "increase" if n > 0 else "decrease"
        whose = "any player's" if node.get("any") else "your"
        return f"{verb} {whose} {RES[node['res']]} production {qty(node)} step{'s' if abs(n) != 1 else ''}" \
               + per_text(node)
    if op == "box":
        return ", ".join(item_text(i) for i in node["items"])
    if op == "card_resource":
        res = noun(node["res"], abs(n))
        if n > 0:
            where = {"here": "to this card", "other": "to another card", "any": "to any card",
                     "that": "to that card"}[node["where"]]
            return f"add {qty(node)} {res} {where}{per_text(node)}"
        if node.get("any"):
            return f"remove {qty(node)} {res} from any card"
        return f"remove {qty(node)} {res} from this card"
    if op == "tr":
        return f"raise your terraform rating {qty(node)} step{'s' if abs(n) != 1 else ''}"
    if op == "raise":
        return f"raise {node['param']} {qty(node)} step{'s' if abs(n) != 1 else ''}"
    if op == "tile":
        what = node.get("name", node["tile"]).replace("-", " ")
        k = node.get("n", 1)
        base = f"place {k} {what} tiles" if k > 1 else f"place {'an' if what[0] in 'aeiou' else 'a'} {what} tile"
        rules = [r if isinstance(r, str) else f"{r['rule']} {r['n']}" for r in node.get("rules", ())]
        return base + (f" ({', '.join(r.replace('-', ' ') for r in rules)})" if rules else "")
    if op == "cards":
        if n < 0:
            return f"discard {qty(node)} card{'s' if abs(n) != 1 else ''}"
        if node.get("buy"):
            return f"look at the top {qty(node)} card(s) and buy or discard"
        if "of" in node:
            return f"look at the top {node['of']} cards, keep {qty(node)}"
        return f"draw {qty(node)} card{'s' if n != 1 else ''}"
    if op == "steal":
        return f"steal {'up to ' if node.get('upto') else ''}{n} {noun(node['res'], n)} from any player"
    if op == "claim":
        return "claim an area"
    if op == "choice":
        return " OR ".join(items_text(o) for o in node["options"])
    if op == "pay":
        return f"{items_text(node['cost'])} to {items_text(node['gain'])}" if node["cost"] else items_text(node["gain"])
    if op == "may":
        return f"you may {items_text(node['items'])}"
    if op == "group":
        return items_text(node["items"])
    if op == "if":
        c = node["cond"]
        cond = f"the revealed card has a {c['reveal']} tag" if "reveal" in c else \
            f"you have {c['value']} {count_text(c)}{'s' if c['value'] != 1 else ''}"
        return f"if {cond}, {items_text(node['items'])}"
    if op == "override":
        return f"{node['name'].replace('-', ' ')}*"
    return op


def items_text(items: list[Any]) -> str:
    return ", ".join(item_text(i) for i in items)
