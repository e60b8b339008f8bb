"""Diagnostics of an open document, from its text in memory, in the Language Server Protocol's
shape.

Card files: the compiler's diagnostics (`compile_text`) and the linter's findings
(`lint_compiled`, with the other files of the module so that duplicate names and numbers are
seen). Scenario files: the strict loader's errors, every problem of shape (S-codes, from
`tmars.scenario_check.shape_errors`) and every card name no card has, or that belongs to a module
the scenario does not play (S004). Manifests: the loader's errors, every problem against the
manifest schema and, once its shape is right, what `tmars lint` finds in it (bonus rows that do
not compile, bonuses off their track, word clashes, milestones no card is, its flow), all from the
buffer's text. Each diagnostic keeps its code; the `help:` and `expected:` lines of the command
line follow the message, and the suggestion travels in `data` for the quick fixes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
from lsprotocol import types

from compiler.wholeschema import Validator

from compiler.diagnostics import CompileError, Diagnostic, did_you_mean
from compiler.lint import Finding, lint_compiled
from compiler.library import compile_text
from compiler.modules import MANIFEST_SCHEMA, ModuleError, closure, manifests, resolve
from compiler.strictyaml import Kind, Map, load_text, locate, where

from .catalog import Catalog
from .documents import word_end
from .mentions import mentions

SOURCE = "tmars"
SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
            "info": types.DiagnosticSeverity.Information, "note": types.DiagnosticSeverity.Information}
MANIFEST_CODE = "manifest"  # a manifest's problems carry no code of their own (ModuleError)
_MANIFEST_VALIDATOR = Validator(MANIFEST_SCHEMA)


def span(lines: list[str], line: int, col: int, length: int | None = None) -> types.Range:
    """The range of a 1-based line and column: `length` characters, or to the end of the word
    there. Line 0 (a problem with the whole file) is the first line."""
    if line <= 0:
        return types.Range(types.Position(0, 0), types.Position(0, len(lines[0]) if lines else 0))
    src = lines[line - 1] if line <= len(lines) else ""
    start = max(col - 1, 0)
    end = start + length if length else word_end(src, start)
    return types.Range(types.Position(line - 1, start), types.Position(line - 1, end))


def _lsp(code: str, severity: str, message: str, rng: types.Range, expected: str = "", suggestion: str = "",
         notes: list[str] | None = None, replace: str = "", remove: tuple[int, int] | None = None) -> types.Diagnostic:
    text = message + "".join(f"\n{label}: {v}" for label, v in (("expected", expected), ("help", suggestion)) if v)
    text += "".join(f"\nnote: {n}" for n in notes or ())
    data: dict = {k: v for k, v in (("suggestion", suggestion), ("replace", replace)) if v}
    if remove:  # 0-based, first and last line
        data["remove"] = [remove[0] - 1, remove[1] - 1]
    return types.Diagnostic(range=rng, message=text, severity=SEVERITY.get(severity, types.DiagnosticSeverity.Error),
                            code=code, source=SOURCE, data=data or None)


def from_compiler(d: Diagnostic, lines: list[str]) -> types.Diagnostic:
    p = d.position
    return _lsp(d.code, d.severity, d.message, span(lines, p.line, p.col), d.expected, d.suggestion, d.notes)


def from_finding(f: Finding, lines: list[str]) -> types.Diagnostic:
    """A lint finding; one with a mechanical fix spans exactly the text the fix replaces."""
    rng = span(lines, f.line, f.col, len(f.old) if f.old else None)
    return _lsp(f.code, f.severity, f.message, rng, f.expected, f.suggestion, replace=f.new if f.old else "",
                remove=f.drop)


# ---- card files ----------------------------------------------------------------------------------
def card_file(text: str, path: Path | None, catalog: Catalog) -> list[types.Diagnostic]:
    """Compile the buffer (it replaces its file in the catalog), then lint it with its module."""
    if path is None:
        result = compile_text(text, "untitled", "custom")
        others = []
    else:
        result = catalog.update(path, text)
        others = catalog.same_module(path)
    lines = text.splitlines()
    out = [from_compiler(d, lines) for d in result.diagnostics]
    if result.sources:
        here = {raw.path for raw, _, _ in result.sources}
        findings = lint_compiled([result, *others]).findings
        out += [from_finding(f, lines) for f in findings if not f.code.startswith("E") and f.path in here]
    return out


# ---- module manifests ----------------------------------------------------------------------------
MANIFESTS = Kind("module manifests", "a module manifest")


def manifest(text: str, path: Path | None, catalog: Catalog | None = None) -> list[types.Diagnostic]:
    """Every problem of a manifest against its schema, and a required module no folder provides;
    with a shape that is right, lint's (`deep_manifest`)."""
    name = str(path or "module.yaml")
    try:
        data, lines = load_text(text, name, MANIFESTS)
    except CompileError as e:
        lines = text.splitlines()
        return [from_compiler(d, lines) for d in e.diagnostics]
    if data is None:
        data = Map()
    out = []
    for error in sorted(_MANIFEST_VALIDATOR.iter_errors(data), key=lambda e: locate(data, e.absolute_path)):
        line, col = _schema_place(data, error)
        at = "/".join(str(p) for p in error.absolute_path)
        out.append(_lsp(MANIFEST_CODE, "error", f"{at + ': ' if at else ''}{error.message}", span(lines, line, col)))
    requires = data.get("requires") if isinstance(data, Map) else None
    if isinstance(requires, list):
        known = manifests()
        for i, mid in enumerate(requires):
            if isinstance(mid, str) and mid not in known:
                line, col = where(requires, i)
                out.append(_lsp(MANIFEST_CODE, "error", f"requires an unknown module '{mid}'",
                                span(lines, line, col, len(mid)), ", ".join(sorted(known)),
                                did_you_mean(mid, known)))
    if not out and path is not None and isinstance(data, Map):
        out += [from_compiler(d, lines) for d in deep_manifest(text, path, catalog)]
    return out


def deep_manifest(text: str, path: Path, catalog: Catalog | None) -> list[Diagnostic]:
    """What `tmars lint` finds in a manifest of the right shape, from the buffer's text: its
    bonuses and words (`manifest_diagnostics`, with the cards the catalog knows as the game's
    milestones and awards) and its flow, checked against the engine's names."""
    import tmars.flow  # noqa: F401  (fills gameflow.ENGINE_NAMES, which the flow is checked against)
    from compiler.gameflow import flow_diagnostics
    from compiler.lint import engine_flow_names
    from compiler.modules import manifest_diagnostics
    components: dict[str, set[str]] | None = None
    if catalog is not None:
        components = {}
        for e in catalog.entries():
            components.setdefault(str(e.ir.get("type")), set()).add(e.name)
    folder = path.parent
    found = manifest_diagnostics(folder, components, text) + flow_diagnostics(folder, engine_flow_names(), text)
    found.sort(key=lambda d: (d.position.line, d.position.col, d.code))
    seen: set[tuple] = set()
    out = []
    for d in found:
        key = (d.code, d.position.line, d.position.col, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def _schema_place(data: Any, error: jsonschema.ValidationError) -> tuple[int, int]:
    """An unknown key is shown at the key, anything else at the value at fault."""
    node = error.instance
    if error.validator == "additionalProperties" and isinstance(node, Map):
        extra = next((k for k in node if k not in error.schema.get("properties", {})), None)
        if extra is not None:
            return node.key_at(extra)
    return locate(data, error.absolute_path)


# ---- scenario files ------------------------------------------------------------------------------
def scenario(text: str, path: Path | None, catalog: Catalog) -> list[types.Diagnostic]:
    """The scenario's shape, then its card names, checked statically (nothing is run)."""
    from tmars.scenario import SCENARIO_FILES
    from tmars.scenario_check import UNKNOWN_NAME, shape_errors
    name = str(path or "scenario.yaml")
    try:
        data, lines = load_text(text, name, SCENARIO_FILES)
    except CompileError as e:
        lines = text.splitlines()
        return [from_compiler(d, lines) for d in e.diagnostics]
    out = []
    for problem in shape_errors(data):
        line, col = problem.pos or (1, 1)
        out.append(_lsp(problem.code, "error", problem.message, span(lines, line, col)))
    if not isinstance(data, Map):
        return out
    setup = data.get("setup") if isinstance(data.get("setup"), Map) else Map()
    folders = card_folders(setup, path)
    catalog.add_roots(folders)
    inline = {c.get("name") for c in setup.get("cards") or () if isinstance(c, dict)}
    modules, modules_known = scenario_modules(setup, folders)
    for m in mentions(data, lines):
        if not m.sure or m.name in inline:
            continue
        rng = types.Range(types.Position(m.line, m.start), types.Position(m.line, m.end))
        entries = catalog.named(m.name)
        if not entries:
            hint = did_you_mean(m.name, catalog.by_name)
            out.append(_lsp(UNKNOWN_NAME, "error", f"unknown card '{m.name}'", rng, "", hint))
        elif modules_known and not any(e.module in modules for e in entries):
            out.append(_lsp(UNKNOWN_NAME, "error", f"'{m.name}' is a card of module {entries[0].module}, which this "
                            f"scenario does not play", rng, "",
                            f"add {entries[0].module} to setup.modules"))
    return out


def card_folders(setup: Map, path: Path | None) -> list[Path]:
    """The card folders a scenario's `setup.cards` names, found from the scenario's folder."""
    here = path.parent if path is not None else Path.cwd()
    return [(here / c).resolve() for c in setup.get("cards") or () if isinstance(c, str) and (here / c).is_dir()]


def scenario_modules(setup: Map, folders: list[Path]) -> tuple[set[str], bool]:
    """The modules the scenario plays (with their requirements), and whether they could be told:
    a module list that does not resolve is reported when the scenario runs, not guessed at here."""
    from compiler.modules import add_folder
    names = setup.get("modules")
    if not isinstance(names, list):
        names = ["base", "corpera"] if setup.get("corporate_era", True) else ["base"]
    try:
        added = [add_folder(f) for f in folders]
        chosen = resolve([str(n) for n in names] + added)
    except (ModuleError, TypeError):
        return set(), False
    return set().union(*(closure(m) for m in chosen)), True
