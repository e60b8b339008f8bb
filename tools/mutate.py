"""Mutation check: do the scenarios notice a wrong card?

Changes one fact of a random card (an amount, a sign, a tag, a red border, a requirement,
a cost, a VP value), runs the scenarios that mention that card against the mutated library,
and counts the mutations that make at least one scenario fail ("killed"). A survivor is a
missing assertion.

    python tools/mutate.py [--count 300] [--seed 1] [--module base --module corpera]
"""

from __future__ import annotations

import argparse
import copy
import random
import re
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.terminal import safe  # noqa: E402
from tmars.content import Memo, load_content  # noqa: E402
from tmars.scenario import run  # noqa: E402

SCENARIOS = ROOT / "tests" / "scenarios"
TAGS = ["building", "space", "science", "power", "earth", "jovian", "plant", "microbe", "animal", "city"]


def nodes(tree, path=()):
    """Every dict node in a card's IR with its path, for picking mutation sites."""
    if isinstance(tree, dict):
        yield path, tree
        for k, v in tree.items():
            yield from nodes(v, (*path, k))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from nodes(v, (*path, i))


def _bump(node: dict, key: str, by: int) -> None:
    node[key] += by


def _away_from_zero(node: dict) -> None:
    node["n"] += 1 if node["n"] >= 0 else -1


def _flip(node: dict) -> None:
    node["n"] = -node["n"]


def _tighter(req: dict) -> None:
    step = 2 if req["count"] == "temperature" else 1
    req["value"] += step if req["cmp"] == ">=" else -step


def mutations(card: dict, rng: random.Random) -> list[tuple[str, callable]]:
    """Candidate one-fact mutations of a card, each a (description, function on a copy)."""
    out = []
    if card.get("cost"):
        out.append(("cost +3", lambda c: _bump(c, "cost", 3)))
        out.append(("cost -1", lambda c: _bump(c, "cost", -1)))
    if card["tags"]:
        def swap_tag(c):
            i = rng.randrange(len(c["tags"]))
            c["tags"][i] = rng.choice([t for t in TAGS if t != c["tags"][i]])
        out.append(("tag swapped", swap_tag))
    for i, r in enumerate(card.get("requires", [])):
        label = f"requirement {r['count']} {r['cmp']} {r['value']} moved"
        out.append((label, lambda c, i=i: _tighter(c["requires"][i])))
    if card.get("vp"):
        out.append(("vp +1", lambda c: _bump(c["vp"], "n", 1)))
    for path, node in nodes({k: card[k] for k in ("play", "action", "effects", "start") if k in card}):
        where = "/".join(map(str, path))
        what = f"{node.get('op')} {node.get('res', node.get('param', ''))}"
        if isinstance(node.get("n"), int) and "op" in node:
            out.append((f"amount +1 at {where} ({what})", lambda c, p=path: _away_from_zero(_at(c, p))))
            if node["op"] in ("resource", "production", "tr"):
                out.append((f"sign flipped at {where} ({what})", lambda c, p=path: _flip(_at(c, p))))
        if node.get("any"):
            out.append((f"red border removed at {where}", lambda c, p=path: _at(c, p).pop("any")))
    return out


def _at(card: dict, path: tuple):
    node = card
    for k in path:
        node = node[k]
    return node


def scenarios_for(name: str) -> list[Path]:
    """Scenario files naming the card as a whole YAML value (not inside a longer name)."""
    pattern = re.compile(r"(^|[\[,:]\s*|-\s+)" + re.escape(name) + r"\s*($|[\],])", re.MULTILINE)
    return [f for f in sorted(SCENARIOS.rglob("*.yaml")) if pattern.search(f.read_text(encoding="utf-8"))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--module", action="append", help="mutate only this module's cards (repeatable); the game "
                                                      "then has base, Corporate Era and the modules named")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    from compiler.modules import resolve
    extra = tuple(m for m in args.module or () if m not in ("base", "corpera"))
    content = load_content(resolve(("base", "corpera", *extra)))
    kinds = ("automated", "active", "event", "corporation", "prelude")
    names = sorted(n for n, c in content.cards.items()
                   if c["type"] in kinds and (not args.module or c["module"] in args.module))
    if not names:
        print(f"no card of the kinds mutated ({', '.join(kinds)}) in {', '.join(args.module or ['the library'])}")
        return 2
    index = {n: scenarios_for(n) for n in names}
    killed, survivors, skipped = 0, [], 0
    done = 0
    while done < args.count:
        name = rng.choice(names)
        options = mutations(content.cards[name], rng)
        if not options or not index[name]:
            skipped += 1
            if skipped > 50 * args.count:
                break
            continue
        desc, fn = rng.choice(options)
        card = copy.deepcopy(content.cards[name])
        fn(card)
        mutated = replace(content, cards={**content.cards, name: card}, memo=Memo())
        done += 1
        failed = any(not run(f, mutated).ok for f in index[name])
        if failed:
            killed += 1
        else:
            survivors.append(f"{name}: {desc}")
    print(f"mutations: {done}, killed: {killed} ({100 * killed / max(done, 1):.1f}%), survived: {len(survivors)}")
    no_scenario = [n for n in names if not index[n]]
    if no_scenario:
        print(safe(f"cards without any scenario ({len(no_scenario)}): {', '.join(no_scenario)}"))
    for s in survivors:
        print("  survivor:", safe(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
