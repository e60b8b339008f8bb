"""Quick fixes (code actions): "did you mean 'X'?", and the linter's mechanical fixes.

The compiler, the linter and the scenario checker all suggest a close word the same way
(`compiler.diagnostics.did_you_mean`); the fix puts that word in place of the one the diagnostic
points at. It is offered only when the text under the diagnostic's range is the word the message
quotes, so a diagnostic that points at a whole field never gets a wrong edit. A lint finding with a
mechanical fix (`compiler.lint.Replace`: a value off its track's steps, `event-tag` for
`event-card`) carries its replacement in `data.replace` and spans exactly the text it replaces;
a finding whose fix is to remove a field (`compiler.lint.RemoveField`: a corporation's cost, VP of
0) carries the field's lines in `data.remove` and its fix deletes them. The linter's other help
texts ask the author to decide, and get no fix.
"""

from __future__ import annotations

import re

from lsprotocol import types

DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'\?")


def suggestion_of(d: types.Diagnostic) -> str:
    """The close word a diagnostic suggests, from its data or else from its `help:` line."""
    data = d.data if isinstance(d.data, dict) else {}
    m = DID_YOU_MEAN.search(str(data.get("suggestion", ""))) or DID_YOU_MEAN.search(d.message or "")
    return m.group(1) if m else ""


def text_in(lines: list[str], rng: types.Range) -> str:
    if rng.start.line != rng.end.line or not 0 <= rng.start.line < len(lines):
        return ""
    return lines[rng.start.line][rng.start.character: rng.end.character]


def quick_fixes(uri: str, text: str, diagnostics: list[tuple[types.Diagnostic, types.Range]]) -> list[types.CodeAction]:
    """A fix for each diagnostic (as the client sent it, with its range counted in characters)."""
    lines = text.splitlines()
    out = []
    for d, rng in diagnostics:
        data = d.data if isinstance(d.data, dict) else {}
        old = text_in(lines, rng)
        remove = data.get("remove")
        if isinstance(remove, list) and len(remove) == 2 and 0 <= remove[0] <= remove[1] < len(lines):
            out.append(_remove(uri, d, lines, remove[0], remove[1]))
            continue
        if data.get("replace") and old:
            edit = types.WorkspaceEdit(changes={uri: [types.TextEdit(d.range, str(data["replace"]))]})
            out.append(types.CodeAction(title=f"Replace '{old}' with '{data['replace']}'",
                                        kind=types.CodeActionKind.QuickFix, diagnostics=[d], edit=edit,
                                        is_preferred=True))
            continue
        word = suggestion_of(d)
        if not word or not old or f"'{old}'" not in (d.message or ""):
            continue
        edit = types.WorkspaceEdit(changes={uri: [types.TextEdit(d.range, word)]})
        out.append(types.CodeAction(title=f"Replace '{old}' with '{word}'", kind=types.CodeActionKind.QuickFix,
                                    diagnostics=[d], edit=edit, is_preferred=True))
    return out


def _remove(uri: str, d: types.Diagnostic, lines: list[str], first: int, last: int) -> types.CodeAction:
    """Delete whole lines (a field, its key and its value)."""
    key = lines[first].split(":", 1)[0].strip().removeprefix("- ")
    rng = types.Range(types.Position(first, 0), types.Position(last + 1, 0))
    edit = types.WorkspaceEdit(changes={uri: [types.TextEdit(rng, "")]})
    return types.CodeAction(title=f"Remove '{key}'", kind=types.CodeActionKind.QuickFix, diagnostics=[d],
                            edit=edit, is_preferred=True)
