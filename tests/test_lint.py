"""tmars lint: every check fires on its documented example, formats, selection, suppression."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.lint import RULES, docs_markdown, lint_paths, sarif
from tmars.cli import main

ROOT = Path(__file__).resolve().parent.parent


def lint_text(tmp_path: Path, text: str, name: str = "cards.yaml"):
    folder = tmp_path / "cards" / "custom"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text)
    return lint_paths([path])


@pytest.mark.parametrize("code", sorted(RULES))
def test_each_rule_fires_on_its_example(tmp_path, code):
    result = lint_text(tmp_path, RULES[code].example + "\n")
    codes = [f.code for f in result.findings]
    assert code in codes, f"{code} did not fire; got {codes}"
    finding = next(f for f in result.findings if f.code == code)
    assert finding.line >= 1 and finding.col >= 1 and finding.source_line


def test_at_least_25_semantic_checks():
    assert len([c for c in RULES if c.startswith("L") and c != "L001"]) >= 25


def test_shipped_library_lints_clean():
    result = lint_paths()
    assert not result.findings, "\n".join(f.render() for f in result.findings)
    assert result.cards > 200


def test_docs_are_generated_from_the_registry():
    assert (ROOT / "docs" / "lint.md").read_text() == docs_markdown() + "\n", "run python tools/lint_docs.py"


def test_finding_points_at_the_offending_word(tmp_path):
    result = lint_text(tmp_path, RULES["L301"].example + "\n")
    f = next(f for f in result.findings if f.code == "L301")
    assert f.source_line[f.col - 1:].startswith("animal")
    assert "holds: animal" in f.suggestion


def test_lint_ignore_with_reason_silences_only_that_code(tmp_path):
    text = RULES["L108"].example + '\n  lint-ignore: {L108: "printed cost is 0"}\n'
    assert not [f for f in lint_text(tmp_path, text).findings if f.code == "L108"]
    text = RULES["L108"].example + '\n  lint-ignore: {L108: ""}\n'
    codes = [f.code for f in lint_text(tmp_path, text, "b.yaml").findings]
    assert "L108" in codes and "L001" in codes


def test_compile_errors_are_findings(tmp_path):
    result = lint_text(tmp_path, "- name: X\n  type: automated\n  cost: 1\n  play: +1 plnat\n")
    assert [f.code for f in result.findings] == ["E201"]
    assert result.errors == 1


def test_select_and_ignore(tmp_path):
    path = tmp_path / "cards" / "custom" / "x.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(RULES["L108"].example + "\n" + RULES["L109"].example.replace("909", "910") + "\n")
    assert {f.code for f in lint_paths([path]).findings} >= {"L108", "L109"}
    assert {f.code for f in lint_paths([path], select={"L108"}).findings} == {"L108"}
    assert "L108" not in {f.code for f in lint_paths([path], ignore={"L10"}).findings}


def test_sarif_and_json_hold_the_same_findings(tmp_path):
    result = lint_text(tmp_path, RULES["L201"].example + "\n")
    doc = sarif(result)
    assert doc["version"] == "2.1.0"
    results = doc["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == [f.code for f in result.findings]
    region = results[0]["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (result.findings[0].line, result.findings[0].col)


def test_cli_exit_codes_and_formats(tmp_path, capsys):
    bad = tmp_path / "cards" / "custom" / "bad.yaml"
    bad.parent.mkdir(parents=True)
    bad.write_text(RULES["L101"].example + "\n")
    warn = tmp_path / "cards" / "custom" / "warn.yaml"
    warn.write_text(RULES["L109"].example + "\n")
    assert main(["lint", str(bad)]) == 1
    assert "L101" in capsys.readouterr().out
    assert main(["lint", str(warn)]) == 0
    capsys.readouterr()
    assert main(["lint", str(bad), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [d["code"] for d in data] == ["E010", "L101"] and data[1]["line"] == 6  # E010: the folder has no manifest
    assert main(["lint", str(bad), "--format", "sarif"]) == 1
    assert json.loads(capsys.readouterr().out)["version"] == "2.1.0"
    assert main(["lint", "--select", "Z999"]) == 2
    assert main(["lint", str(tmp_path / "missing.yaml")]) == 2
    assert main(["lint"]) == 0


def test_list_overrides_names_every_use(capsys):
    assert main(["lint", "--list-overrides"]) == 0
    out = capsys.readouterr().out
    assert "Robotic Workforce: copy-production*" in out
    assert "Mining Area: production-of-placed-metal*" in out
    lines = out.splitlines()
    assert len(lines) >= 6 and all(": " in line and "*" in line for line in lines)  # one use a line, unwrapped


def test_std_filter_must_name_a_standard_project(tmp_path):
    text = ('- name: Grid Corp\n  number: "R99"\n  type: corporation\n  start: +40 mc\n'
            '  effect: discount 3 on std(powir-plant)\n')
    found = [f for f in lint_text(tmp_path, text).findings if f.code == "L406"]
    assert found and "power-plant" in found[0].suggestion


PRELUDE = """
- name: Test Start
  number: "P90"
  module: prelude
  type: prelude
  tags: [earth]
  play: "[+1 mc]"
"""


@pytest.mark.parametrize("change, code", [
    ("  vp: 1 per 2 animal\n", "L303"),                       # VP per a resource a prelude cannot hold
    ("  holds: animal\n  vp: 1 per 2 animal\n", "L117"),      # a prelude holds nothing
    ("  requires: oxygen >= 3\n", "L117"),
    ("  effect: earth-tag => +1 mc\n", "L117"),
    ("  cost: 3\n", "L116"),
])
def test_prelude_slips(tmp_path, change, code):
    codes = [f.code for f in lint_text(tmp_path, PRELUDE.lstrip("\n") + change).findings]
    assert code in codes, codes


def test_prelude_numbers(tmp_path):
    assert "L503" in [f.code for f in lint_text(tmp_path, PRELUDE.replace('"P90"', '"209"')).findings]
    unnumbered = PRELUDE.replace('  number: "P90"\n', "")
    assert "L112" in [f.code for f in lint_text(tmp_path, unnumbered).findings]
    assert not lint_text(tmp_path, PRELUDE).findings


@pytest.mark.parametrize("row, code", [
    ('first-action: play-card(prelude, of 3)', None),          # Valley Trust: a one-off, allowed
    ('start: "+40 mc, play-card(discount 5)"', "L420"),
    ('effect: card(vp) => play-card(discount 5)', "L420"),
    ('first-action: award(free)', None),                       # Vitor
    ('action: -> award(free)', "L421"),
    ('effect: city => award(free)', "L421"),
])
def test_corporation_one_offs(tmp_path, row, code):
    corp = f'- name: Test Corp\n  number: "R90"\n  module: prelude\n  type: corporation\n  start: +40 mc\n  {row}\n'
    if row.startswith("start"):
        corp = corp.replace("  start: +40 mc\n", "")
    codes = [f.code for f in lint_text(tmp_path, corp).findings]
    assert (code in codes) if code else not codes, codes


@pytest.mark.parametrize("text, code", [
    ("play: +2 card(plant-tag)", None),
    ("play: +2 card(event-tag)", "L422"),
    ('play: "[-1 energy, +2 mc], city(volcanic, any-neighbours)"', None),
    ("play: ocean(any-neighbours)", "L423"),
    ("requires: wild-tag >= 1\n  play: +1 card", "L424"),
    ("play: +1 mc per wild-tag", "L424"),
])
def test_prelude_words_on_projects(tmp_path, text, code):
    card = f'- name: Test Card\n  number: "P91"\n  module: prelude\n  type: automated\n  cost: 5\n  {text}\n'
    codes = [f.code for f in lint_text(tmp_path, card).findings]
    assert (code in codes) if code else not codes, codes


@pytest.mark.parametrize("effect, code", [
    ("pay microbe as 2 mc on plant-tag", None),                # Psychrophiles
    ("pay animal as 2 mc on plant-tag", "L311"),
    ("pay microbe as 2 mc on greenery", "L419"),
])
def test_pay_with_held_resources(tmp_path, effect, code):
    card = ('- name: Test Purse\n  number: "P92"\n  module: prelude\n  type: active\n  cost: 2\n  tags: [microbe]\n'
            f'  holds: microbe\n  action: -> +1 microbe\n  effect: {effect}\n')
    codes = [f.code for f in lint_text(tmp_path, card).findings]
    assert (code in codes) if code else not codes, codes


def test_fix_applies_the_mechanical_fixes_in_place(tmp_path, capsys):
    """`tmars lint --fix` rewrites what has one right answer (a value off its track's steps,
    event-tag for event-card) and reports what is left; other findings are untouched."""
    path = tmp_path / "cards.yaml"
    path.write_text('- name: Odd Heat\n  number: "922"\n  type: automated\n  cost: 5\n  tags: [science]\n'
                    '  requires: temperature >= -13\n  play: +1 plant\n'
                    '- name: Event Planner\n  number: "925"\n  type: automated\n  cost: 0\n  tags: [science]\n'
                    '  requires: event-tag >= 2\n  play: +1 plant\n')
    assert main(["lint", str(path), "--format", "json"]) == 1
    fixes = [f["fix"] for f in json.loads(capsys.readouterr().out) if "fix" in f]
    assert fixes == [{"old": "-13", "new": "-12"}, {"old": "event-tag", "new": "event-card"}]
    assert main(["lint", str(path), "--fix"]) == 0
    out = capsys.readouterr()
    assert "fixed 2 finding(s)" in out.err and "L108" in out.out  # a 0-cost card is for the author to decide
    text = path.read_text()
    assert "temperature >= -12" in text and "event-card >= 2" in text and text.endswith("play: +1 plant\n")


def test_fix_reports_a_file_it_cannot_touch(tmp_path):
    """A fix that cannot be written is said, not raised (the file moved or cannot be written)."""
    from compiler.lint import Finding, apply_fixes
    blocker = tmp_path / "plain-file"
    blocker.write_text("x")
    done, failed = apply_fixes([Finding("L202", "error", "m", str(blocker / "cards.yaml"), 1, 1, old="a", new="b")])
    assert done == 0 and failed and "cannot read it to fix it" in failed[0]


@pytest.mark.parametrize("text, code", [
    ('play: "[+1 mc per city-tile!(mars)]"', None),
    ("play: -4 mc per tile(ocean-adjacent) max 5", None),
    ("play: +1 mc per city-tile(mars, ocean-adjacent)", None),
    ("play: +1 mc per space-tag!(opponents)", None),
    ("play: +1 mc per science-tag(ocean-adjacent)", "L407"),
    ("play: +1 mc per tag-type(mars)", "L407"),
    ("play: +1 mc per science-tag + tile(moon)", "L407"),
    ("play: -1 tr less tile(moon)", "L407"),
])
def test_count_arguments_are_those_the_count_takes(tmp_path, text, code):
    card = f'- name: Test Count\n  number: "993"\n  type: automated\n  cost: 5\n  {text}\n'
    codes = [f.code for f in lint_text(tmp_path, card).findings]
    assert (code in codes) if code else "L407" not in codes, codes
