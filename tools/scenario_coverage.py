"""Which cards lack a scenario that plays them, uses their action, or has their effect in play?

    python tools/scenario_coverage.py [--module base --module corpera]

Exits 1 when some card lacks coverage, listing each with what is missing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler import vocab  # noqa: E402
from compiler.terminal import safe  # noqa: E402
from compiler.modules import manifests, resolve  # noqa: E402
from tmars.content import load_content, slug  # noqa: E402

SCENARIOS = ROOT / "tests" / "scenarios"


def scan() -> dict[str, set[str]]:
    """For each card name: what the scenarios do with it ('play', 'act', 'in-play', 'corp')."""
    from tmars.mechanic import load_plugins
    seen: dict[str, set[str]] = {}
    keys = [(name, m.scenario) for name, m in load_plugins().items()]

    def mark(name: str, what: str) -> None:
        seen.setdefault(name, set()).add(what)

    for f in sorted(SCENARIOS.rglob("*.yaml")):
        try:
            data = yaml.safe_load(f.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError:
            continue
        setup = data.get("setup") or {}
        for pl in setup.get("players") or []:
            if not isinstance(pl, dict):
                continue
            if pl.get("corporation"):
                mark(pl["corporation"], "corp")
            for c in pl.get("played") or []:
                mark(c["name"] if isinstance(c, dict) else c, "in-play")
            for c in pl.get("dealt_corporations") or []:
                mark(c, "corp")
        named: dict[str, str] = {}  # a mechanic's setup key -> the component it names
        for name, sk in keys:
            section = setup.get(name) if isinstance(setup.get(name), dict) else {}
            for key in sk.chosen:
                for value in _at(section, key.split(".")):
                    named[key] = value
                    mark(value, "named")
                    mark(value, "in-play")
        for step in _steps(data.get("steps") or []):
            answers = [step.get("answer")] if "answer" in step else []
            if "play" in step:
                answers.append(f"play:{step['play']}")
            for a in answers:
                for one in a if isinstance(a, list) else [a]:
                    kind, _, name = str(one).partition(":")
                    if not name:  # a bare name: a component chosen (a colony tile traded with, an agenda)
                        mark(kind, "named")
                        mark(kind, "in-play")
                    if kind == "play":
                        mark(name, "play")
                        mark(name, "in-play")
                    elif kind == "act":
                        mark(name, "act")
                    elif kind == "std":  # a standard project used, by its slug
                        mark("std:" + name, "play")
                    for _, sk in keys:  # an action kind that uses a named component's action
                        if kind in sk.acts and named.get(sk.acts[kind]):
                            mark(named[sk.acts[kind]], "act")
    return seen


def _standard_projects(modules: list[str] | None) -> list[dict]:
    """The standard projects of the modules asked (of all), those a variant brings included (they
    are in no one game of every module)."""
    from compiler.library import compile_paths
    from compiler.modules import folder_of
    result = compile_paths([folder_of(m) for m in manifests() if not modules or m in modules])
    return [c for c in result.cards if c["type"] == "standard-project"]


def _steps(steps: list):
    """Every step of a scenario, those of its branches included."""
    for step in steps:
        if isinstance(step, dict):
            yield step
            for branch in step.get("branches") or ():
                yield from _steps(branch if isinstance(branch, list) else [])


def _at(node, path: list[str]) -> list[str]:
    """The names at a dotted path of a setup section ('*' any key): `agendas.*.policy`."""
    if not path:
        return [node] if isinstance(node, str) else []
    if not isinstance(node, dict):
        return []
    head, rest = path[0], path[1:]
    values = node.values() if head == "*" else [node.get(head)]
    return [v for value in values for v in _at(value, rest)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--module", action="append")
    args = ap.parse_args()
    content = load_content(resolve(tuple(manifests())))  # every shipped module
    seen = scan()
    missing = []
    cards = [c for c in content.cards.values() if not args.module or c["module"] in args.module]
    played_types = {*vocab.PROJECT_TYPES, "corporation", *(t for m in content.mechanics for t in m.card_types)}
    for card in sorted(cards, key=lambda c: (c["type"] == "corporation", c.get("number", ""))):
        got = seen.get(card["name"], set())
        need = []
        if card["type"] not in played_types:  # a component no one plays (a colony tile): chosen by name
            if "named" not in got:
                need.append("a scenario that chooses it")
        elif card["type"] == "corporation":
            if "corp" not in got:
                need.append("a scenario with it as corporation")
        elif "play" not in got:
            need.append("play")
        if card.get("action") and "act" not in got:
            need.append("its action")
        if card.get("effects") and not got & {"in-play", "corp"}:
            need.append("its effect in play")
        if need:
            missing.append(f"{card.get('number', '')} {card['name']}: {', '.join(need)}")
    cards += _standard_projects(args.module)
    for card in _standard_projects(args.module):
        if "play" not in seen.get("std:" + slug(card["name"]), set()):
            missing.append(f"{card['name']}: a scenario that uses it")
    print(f"{len(cards) - len(missing)}/{len(cards)} cards covered")
    for line in missing:
        print("  missing:", safe(line))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
