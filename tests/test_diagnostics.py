"""Golden messages for malformed card files, and no traceback from any input.

Each tests/diagnostics/NAME.yaml is a broken card file; NAME.expected is every diagnostic
it gives, rendered (``path:line:col: error CODE: message``, source line, caret, ``expected:``,
``help:``). Regenerate with ``python tools/golden.py`` and read the diff before committing.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.library import compile_file, compile_text

ROOT = Path(__file__).resolve().parent.parent
CASES_DIR = ROOT / "tests" / "diagnostics"
CASES = sorted(CASES_DIR.glob("*.yaml"))
HEADER = re.compile(r"^(?P<path>[^\n:]+):(?P<line>\d+):(?P<col>\d+): error (?P<code>E\d{3}) \S", re.M)


def _diagnose(case: Path, monkeypatch) -> list:
    monkeypatch.chdir(ROOT)
    return compile_file(case.relative_to(ROOT)).diagnostics


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_golden_message(case, monkeypatch):
    rendered = "\n".join(d.render() for d in _diagnose(case, monkeypatch))
    expected = case.with_suffix(".expected").read_text(encoding="utf-8")
    assert rendered + "\n" == expected, f"run `python tools/golden.py {case.stem}` and check the diff"


def test_every_case_has_an_expected_file_and_the_reverse():
    assert len(CASES) >= 25
    stems = {p.stem for p in CASES}
    assert stems == {p.stem for p in CASES_DIR.glob("*.expected")}


def test_cases_diagnose_with_the_documented_shape(monkeypatch):
    codes = set()
    for case in CASES:
        diags = _diagnose(case, monkeypatch)
        assert diags, f"{case.name} gives no diagnostic"
        for d in diags:
            text = d.render()
            m = HEADER.match(text)
            assert m, text
            assert m["path"] == f"tests/diagnostics/{case.name}"
            lines = text.splitlines()
            # the source line, then a caret under the column
            assert lines[1].startswith("    ") and lines[2] == "    " + " " * (d.position.col - 1) + "^", text
            codes.add(d.code)
    assert len(codes) >= 20, sorted(codes)


def test_a_misspelt_word_gets_a_suggestion(monkeypatch):
    for name, word in [("misspelt-word", "plant"), ("unknown-tag", "science"), ("unknown-type", "automated"),
                       ("unknown-field", "play"), ("unknown-override", "copy-production"),
                       ("count-misspelt", "animal"), ("unknown-trigger", "science-tag"),
                       ("solo-unknown-field", "resolve")]:
        (d,) = _diagnose(CASES_DIR / f"{name}.yaml", monkeypatch)
        assert d.suggestion == f"did you mean '{word}'?", name
        assert d.expected, name


# ---- robustness: nothing raises, nothing hangs -------------------------------------------

CARD = """- name: Birds
  number: "072"
  type: active
  cost: 10
  tags: [animal]
  requires: oxygen >= 13
  holds: animal
  action: -> +1 animal
  play: "[-2 plant!]"
  vp: 1 per animal
"""


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(
    st.binary(max_size=400),
    st.text(max_size=400),
    # garbage that looks like a card file, so that the deeper stages are reached too
    st.lists(st.sampled_from(["- ", "name: ", "type: ", "cost: ", "play: ", "effect: ", "vp: ", "tags: ",
                              "requires: ", "\n  ", "\n", "[", "]", "(", ")", "\"", "'", ", ", "+1 ", "-2 ",
                              "plant", "animal!", " -> ", " => ", "may ", "per ", "3", "X ", "*", "&a ",
                              "*a", "#", "\t", ": ", "automated", "science-tag", "oxygen >= ", "city(",
                              "upto ", "if ", " then ", "{", "}", "|", ">", "!!int ", "~", "\x00"]),
             max_size=60).map("".join),
))
def test_no_input_raises(data):
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    else:
        text = data
    result = compile_text(text, "fuzz.yaml", "fuzz")
    for d in result.diagnostics:
        assert HEADER.match(d.render()), d.render()


def test_undecodable_bytes_through_compile_file(tmp_path):
    path = tmp_path / "bytes.yaml"
    path.write_bytes(b"- name: A\n  type: \xff\xfe\x00automated\n")
    (d,) = compile_file(path).diagnostics
    assert d.code == "E007" and d.position.line == 2 and d.position.col == 9


def test_a_large_file_compiles():
    text = CARD
    while len(text) < 1_500_000:
        text += "\n" + CARD
    start = time.monotonic()
    result = compile_text(text, "big.yaml", "base")
    assert time.monotonic() - start < 60  # generous: this guards against a hang, not a slow machine
    assert not result.diagnostics
    assert len(result.cards) == text.count("- name:")


def test_a_large_broken_file_diagnoses_every_card():
    text = CARD.replace("+1 animal", "+1 aminal")
    text = "\n".join([text] * 3000)
    result = compile_text(text, "big.yaml", "base")
    assert not result.cards and len(result.diagnostics) == 3000
    assert {d.code for d in result.diagnostics} == {"E201"}


def test_a_file_over_the_size_limit_is_refused():
    text = "# " + "x" * 2_100_000 + "\n"
    (d,) = compile_text(text, "huge.yaml", "base").diagnostics
    assert d.code == "E005"


def test_billion_laughs_is_refused_quickly():
    lol = ['- &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        lol.append(f"- &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    start = time.monotonic()
    result = compile_text("\n".join(lol) + "\n", "lol.yaml", "base")
    assert time.monotonic() - start < 2
    assert [d.code for d in result.diagnostics] == ["E004"]
    assert result.diagnostics[0].position.line == 1


@pytest.mark.parametrize("text", [
    "[" * 10000 + "]" * 10000,
    "[" * 10000,
    "{a: " * 10000 + "}" * 10000,
    "- " * 10000 + "x",
    "- name: A\n  type: automated\n  cost: 1\n  play: \"" + "(" * 10000 + "+1 plant" + ")" * 10000 + "\"\n",
    "- name: A\n  type: automated\n  cost: 1\n  play: \"" + "may " * 5000 + "+1 plant\"\n",
    "- name: A\n  type: automated\n  cost: 1\n  play: \"" + "if oxygen >= 1 then " * 3000 + "+1 plant\"\n",
], ids=["flow-lists", "unclosed-lists", "flow-maps", "block-lists", "row-groups", "row-may", "row-if"])
def test_deep_nesting_gives_a_diagnostic_not_a_recursion_error(text):
    result = compile_text(text, "deep.yaml", "base")
    assert result.diagnostics and not result.cards
    assert result.diagnostics[0].code in {"E001", "E003", "E105"}


def test_an_unknown_trigger_lists_every_kind_of_trigger():
    """E240's expected list is made from the trigger registry, so no kind is left out."""
    from compiler.library import compile_text
    from compiler.triggers import KINDS
    text = '- name: X\n  number: "900"\n  type: active\n  cost: 1\n  tags: [science]\n  effect: plantz => +1 mc\n'
    (d,) = compile_text(text, "x.yaml", "base").diagnostics
    assert d.code == "E240"
    for kind in KINDS:
        assert kind.written() in d.expected, type(kind).__name__


def test_a_card_resource_spent_as_mc_says_what_is_wrong_there():
    from compiler.library import compile_text
    text = '- name: X\n  number: "900"\n  type: active\n  cost: 1\n  tags: [science]\n  effect: pay microbe as mc\n'
    (d,) = compile_text(text, "x.yaml", "base").diagnostics
    assert d.code == "E201" and "'microbe' is a card resource" in d.message
    assert "pay microbe as N mc on TRIGGER" in d.suggestion


def test_piped_diagnostics_are_never_wrapped(tmp_path, capsys):
    """A diagnostic's lines reach a file whole, however long (tools parse them)."""
    from tmars.cli import main
    bad = tmp_path / "b.yaml"
    bad.write_text('- name: X\n  number: "900"\n  type: active\n  cost: 1\n  tags: [science]\n'
                   '  effect: plantz => +1 mc\n')
    assert main(["lint", str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    first = next(line for line in out if "E240" in line)
    assert first.endswith("unknown trigger 'plantz'")
    expected = next(line for line in out if line.startswith("  expected:"))
    assert expected.endswith("; tr") and "production(...)" in expected and len(expected) > 140
