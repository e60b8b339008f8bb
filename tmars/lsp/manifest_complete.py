"""Completion in a module manifest: its fields, the modules it may require, the vocabulary kinds,
card language where a manifest holds some (a track bonus's `do` row, a defined count's `sum`)
and, in its flow, the names of the game's structure an entry may go `after` or `before`.

The fields and their meanings come from the manifest schema, the module ids from the modules
known, the structure's names from the engine (`lint.engine_flow_names`), so nothing is listed
twice.
"""

from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types

from compiler.modules import MANIFEST_SCHEMA, VOCABULARY_KINDS, manifests

from .complete import KEY, Item, _item, enclosing_key, language_items, module_scope, parent_key, value_range, word_range

#: Where a manifest holds card language, and which card field's words it takes.
LANGUAGE_KEYS = {"do": "play", "sum": "score"}


#: A character of a name of the game's structure (`solo_verdict`).
NAME_CHAR = re.compile(r"[a-z0-9_-]")
#: The key of a flow-style mapping's entry the cursor is in the value of: `{at: 4, do: +1 ca|`.
INLINE_KEY = re.compile(r"[{,]\s*([a-z_]+)\s*:\s*[^,{}\[\]]*$")


def in_manifest(lines: list[str], line: int, col: int, path: Path | None) -> list[Item]:
    inline = INLINE_KEY.search((lines[line] if 0 <= line < len(lines) else "")[:col])
    key, at_key = (inline.group(1), False) if inline else enclosing_key(lines, line, col)
    K = types.CompletionItemKind
    if at_key:
        parent = parent_key(lines, line)
        src = lines[line] if 0 <= line < len(lines) else ""
        if not src[:len(src) - len(src.lstrip())] and not src.lstrip().startswith("-"):
            return [_item(name, K.Field, str(spec.get("description", "")))
                    for name, spec in MANIFEST_SCHEMA["properties"].items()]
        if parent == "vocabulary":
            return [_item(kind, K.Field, f"words, each {what}") for kind, what in VOCABULARY_KINDS.items()]
        return []
    if key in ("requires",):
        return [_item(mid, K.Module, m.name, value_range(lines, line, col)) for mid, m in manifests().items()]
    if key in LANGUAGE_KEYS:
        own, scope = module_scope(path, lines, line)
        return language_items(LANGUAGE_KEYS[key], word_range(lines, line, col), own, scope)
    if key in ("after", "before"):
        return flow_names(lines, line, col)
    return []


def flow_names(lines: list[str], line: int, col: int) -> list[Item]:
    """The names of the section of the game's structure the flow entry is in (`generation`: its
    phases, `scoring`: its rows …), as the engine has them."""
    import tmars.flow  # noqa: F401  (fills the engine's names)
    from compiler.lint import engine_flow_names
    known = engine_flow_names() or {}
    own = KEY.match(lines[line] if 0 <= line < len(lines) else "")
    section = next((k for k in [*([own.group(2)] if own else []), *ancestors(lines, line)] if k in known), None)
    if section is None:
        return []
    src = lines[line] if 0 <= line < len(lines) else ""
    start = col
    while start > 0 and NAME_CHAR.match(src[start - 1]):
        start -= 1
    rng = types.Range(types.Position(line, start), types.Position(line, col))
    return [_item(name, types.CompletionItemKind.EnumMember,
                  f"{section}" + (f", with the {what} mechanic" if what else ""), rng)
            for name, what in sorted(known[section].items())]


def ancestors(lines: list[str], line: int) -> list[str]:
    """The keys of the mappings a line is inside, innermost first."""
    src = lines[line] if 0 <= line < len(lines) else ""
    indent = len(src) - len(src.lstrip()) if src.strip() else len(src)
    out = []
    for i in range(line - 1, -1, -1):
        m = KEY.match(lines[i])
        if m and len(m.group(1)) < indent:
            out.append(m.group(2))
            indent = len(m.group(1))
    return out
