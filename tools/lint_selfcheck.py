"""Does the linter find what it should? Mutate the card library at random and count the
mutations that the compiler or `tmars lint` reports.

    python tools/lint_selfcheck.py [--count 1000] [--seed 1] [--show-misses] [--module prelude]

Mutation kinds (each applied to the text of one card in one file):
  misspelt-word      one letter of a card-language word, tag, type or holds value changed
  bracket            a '[', ']', '(' or ')' dropped, or an extra one inserted
  field-removed      a frame field the card needs removed (name, type, cost, number (a
                     prelude's too), start, score, requires of a milestone, holds of a card
                     that uses its resource, note of a card with an override)
  field-mistyped     a field name misspelt, or a value of the wrong type
  out-of-range       a cost, requirement, number or amount moved outside what the game allows
  border-on-gain     a red border '!' moved onto a gain
  unholdable         a card made to collect or count a resource it cannot hold
  prelude-frame      a prelude given a cost, a requirement, an action, an effect, 'holds' or VP
                     per a resource
The unmutated library lints clean, so any finding means the mutation was caught.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.library import card_files  # noqa: E402
from compiler.lint import lint_paths  # noqa: E402
from compiler.terminal import safe  # noqa: E402

LANG_FIELDS = ("play", "action", "effect", "requires", "vp", "start", "first-action", "score")
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def card_blocks(text: str) -> list[tuple[int, int]]:
    """(start line, end line) of each card in a file, 0-based, end exclusive."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("- name:")]
    return [(s, starts[k + 1] if k + 1 < len(starts) else len(lines)) for k, s in enumerate(starts)]


def field_lines(lines: list[str], start: int, end: int) -> dict[str, int]:
    out = {}
    for i in range(start, end):
        m = re.match(r"^(?:- |  )([a-z-]+):", lines[i])
        if m:
            out[m.group(1)] = i
    return out


def misspell(word: str, rng: random.Random) -> str:
    i = rng.randrange(len(word))
    choices = [c for c in LETTERS if c != word[i]]
    return word[:i] + rng.choice(choices) + word[i + 1:]


class Mutator:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def misspelt_word(self, lines, start, end, fields):
        candidates = []
        for f in (*LANG_FIELDS, "tags", "type", "holds"):
            if f in fields:
                i = fields[f]
                value = lines[i].split(":", 1)[1]
                for m in re.finditer(r"[a-z][a-z-]{2,}", value):
                    if m.group(0) not in ("or", "per", "if", "then", "may", "upto", "steal", "on", "as"):
                        candidates.append((i, len(lines[i]) - len(value) + m.start(), m.group(0)))
        if not candidates:
            return None
        i, col, word = self.rng.choice(candidates)
        bad = misspell(word, self.rng)
        lines[i] = lines[i][:col] + bad + lines[i][col + len(word):]
        return f"{word} -> {bad}"

    def bracket(self, lines, start, end, fields):
        spots = [(i, j, ch) for f in LANG_FIELDS if f in fields for i in [fields[f]]
                 for j, ch in enumerate(lines[i]) if ch in "[]()"]
        if not spots:
            return None
        i, j, ch = self.rng.choice(spots)
        if self.rng.random() < 0.5:
            lines[i] = lines[i][:j] + lines[i][j + 1:]
            return f"dropped {ch!r}"
        lines[i] = lines[i][:j] + ch + lines[i][j:]
        return f"doubled {ch!r}"

    def field_removed(self, lines, start, end, fields):
        text = "\n".join(lines[start:end])
        needed = ["name", "type"]
        ctype = re.search(r"type: ([a-z-]+)", text)
        ctype = ctype.group(1) if ctype else ""
        if ctype in ("automated", "active", "event"):
            needed += ["cost", "number"]
        if ctype == "corporation":
            needed += ["start", "number"]
        if ctype == "prelude":
            needed.append("number")
        if ctype == "award":
            needed.append("score")
        if ctype == "milestone":
            needed.append("requires")
        if "holds" in fields and re.search(r"[+-]\d* ?(animal|microbe|science|fighter)\b(?!\()", text):
            needed.append("holds")
        if "note" in fields and "*" in text:
            needed.append("note")
        needed = [f for f in needed if f in fields]
        if not needed:
            return None
        f = self.rng.choice(needed)
        del lines[fields[f]]
        return f"removed {f}"

    def field_mistyped(self, lines, start, end, fields):
        f = self.rng.choice(sorted(fields))
        i = fields[f]
        if self.rng.random() < 0.5 or f not in ("cost", "tags", "vp", "type", "number"):
            lines[i] = lines[i].replace(f + ":", misspell(f, self.rng) + ":", 1)
            return f"field name {f} misspelt"
        wrong = {"cost": "ten", "tags": "science", "vp": "[1]", "type": "42", "number": "7"}[f]
        lines[i] = lines[i].split(":", 1)[0] + ": " + wrong
        return f"{f} given as {wrong!r}"

    def out_of_range(self, lines, start, end, fields):
        options = []
        if "cost" in fields:
            options.append(("cost", lambda v: str(-1 - self.rng.randrange(5)) if self.rng.random() < 0.5
                            else str(100 + self.rng.randrange(900))))
        if "requires" in fields:
            options.append(("requires", None))
        if "number" in fields:
            options.append(("number", lambda v: '"' + self.rng.choice(["000", "209", "999", "1234"]) + '"'))
        if not options:
            return None
        f, fn = self.rng.choice(options)
        i = fields[f]
        head, value = lines[i].split(":", 1)
        if f == "requires":
            m = re.search(r"(oxygen|temperature|oceans) (>=|<=) (-?\d+)", value)
            if not m:
                return None
            far = {"oxygen": ("15", "-1"), "temperature": ("10", "-32"), "oceans": ("10", "-1")}[m.group(1)]
            new = far[0] if m.group(2) == ">=" else far[1]
            lines[i] = head + ":" + value.replace(m.group(0), f"{m.group(1)} {m.group(2)} {new}")
            return f"requirement {m.group(0)} -> {new}"
        lines[i] = head + ": " + fn(value)
        return f"{f} out of range"

    def border_on_gain(self, lines, start, end, fields):
        spots = []
        for f in ("play", "action", "effect", "start"):
            if f in fields:
                i = fields[f]
                for m in re.finditer(r"\+\d*X? ?(mc|steel|titanium|plant|energy|heat|animal|microbe|science)"
                                     r"(\([a-z]+\))?", lines[i]):
                    spots.append((i, m.end()))
        if not spots:
            return None
        i, j = self.rng.choice(spots)
        lines[i] = lines[i][:j] + "!" + lines[i][j:]
        return "red border on a gain"

    def unholdable(self, lines, start, end, fields):
        text = "\n".join(lines[start:end])
        holds = re.search(r"holds: ([a-z]+)", text)
        if holds:
            i = fields["holds"]
            other = self.rng.choice([r for r in ("animal", "microbe", "science", "fighter") if r != holds.group(1)])
            lines[i] = lines[i].replace(holds.group(1), other)
            return f"holds {holds.group(1)} -> {other}"
        for f in ("play", "action"):
            if f in fields:
                i = fields[f]
                res = self.rng.choice(["animal", "microbe", "science"])
                lines[i] = lines[i].rstrip() + (f", +1 {res}" if not lines[i].rstrip().endswith('"')
                                                else "")
                if lines[i].rstrip().endswith(f"+1 {res}"):
                    return f"collects {res} without holding it"
        return None


    def prelude_frame(self, lines, start, end, fields):
        if not re.search(r"^  type: prelude$", "\n".join(lines[start:end]), re.MULTILINE):
            return None
        extra = self.rng.choice(["cost: 4", "requires: oxygen >= 3", "action: -> +1 mc", "effect: city => +1 mc",
                                 "holds: animal", "vp: 1 per 2 animal"])
        lines.insert(start + 1, "  " + extra)
        return f"a prelude given '{extra}'"


KINDS = ("misspelt_word", "bracket", "field_removed", "field_mistyped", "out_of_range", "border_on_gain",
         "unholdable", "prelude_frame")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show-misses", action="store_true")
    ap.add_argument("--module", action="append", help="mutate only this module's card files (repeatable)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    mut = Mutator(rng)
    files = [f for f in card_files() if not args.module or f.parent.name in args.module]
    if not files:
        ap.error(f"no card files for module(s) {', '.join(args.module)}")
    caught: dict[str, list[int]] = {k: [0, 0] for k in KINDS}
    misses = []
    with tempfile.TemporaryDirectory() as tmp:
        done = 0
        while done < args.count:
            src = rng.choice(files)
            module = src.parent.name
            text = src.read_text(encoding="utf-8")
            blocks = card_blocks(text)
            if not blocks:
                continue
            start, end = rng.choice(blocks)
            lines = text.splitlines()
            fields = field_lines(lines, start, end)
            kind = rng.choice(KINDS)
            what = getattr(mut, kind)(lines, start, end, fields)
            if what is None:
                continue
            done += 1
            folder = Path(tmp) / "cards" / module
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / src.name
            target.write_text("\n".join(lines) + "\n", encoding="utf-8")
            found = lint_paths([target]).findings
            caught[kind][1] += 1
            if found:
                caught[kind][0] += 1
            else:
                card = re.sub(r"^- name: ", "", text.splitlines()[start])
                misses.append(f"{kind}: {card}: {what}")
            shutil.rmtree(folder)
    total = sum(v[1] for v in caught.values())
    hit = sum(v[0] for v in caught.values())
    print(f"mutations: {total}, caught: {hit} ({100 * hit / max(total, 1):.1f}%)")
    for k, (h, n) in caught.items():
        print(f"  {k:<16} {h:>5}/{n:<5} {100 * h / max(n, 1):6.1f}%")
    print(f"missed: {len(misses)}")
    for m in misses if args.show_misses else misses[:20]:
        print("  miss:", safe(str(m)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
