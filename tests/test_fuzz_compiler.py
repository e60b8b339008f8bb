"""The compiler and the linter never raise on any input: grammar-shaped noise, mutated real
card files, garbage. Each input gets cards or diagnostics."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler import vocab
from compiler.library import card_files, compile_text
from compiler.lint import lint_paths

WORDS = sorted(vocab.ALL_ATOM_WORDS | set(vocab.OVERRIDES) | vocab.count_words() | vocab.trigger_words()
               | set(vocab.PLACEMENT_RULES))
PUNCT = ["[", "]", "(", ")", ",", "!", "*", "->", "=>", "+", "-", "X", ">=", "<=", ":", "or", "per", "if",
         "then", "may", "upto", "steal", "reveal", "discount", "value", "flex", "pay", "as", "on"]
token = st.one_of(st.sampled_from(WORDS), st.sampled_from(PUNCT), st.integers(0, 30).map(str))
row = st.lists(token, min_size=0, max_size=14).map(" ".join)
FIELDS = ["play", "action", "effect", "requires", "vp", "start", "first-action", "score"]

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                    derandomize=True)


def quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@SETTINGS
@given(rows=st.lists(st.tuples(st.sampled_from(FIELDS), row), min_size=1, max_size=4),
       ctype=st.sampled_from(list(vocab.CARD_TYPES) + ["weird"]), cost=st.integers(-3, 99))
def test_grammar_shaped_cards_never_raise(rows, ctype, cost):
    lines = ["- name: Fuzz", '  number: "900"', f"  type: {ctype}", f"  cost: {cost}"]
    lines += [f"  {f}: {quoted(r)}" for f, r in dict(rows).items()]
    result = compile_text("\n".join(lines) + "\n", "fuzz.yaml", "custom")
    assert result.cards or result.diagnostics
    for d in result.diagnostics:
        assert d.render().startswith("fuzz.yaml:")


def mutate(text: str, rng: random.Random) -> str:
    ops = [
        lambda t, i: t[:i] + t[i + 1:],
        lambda t, i: t[:i] + rng.choice("[](){}:!*-,'\"\n\t #&") + t[i:],
        lambda t, i: t[:i] + t[i:i + rng.randrange(1, 40)] * rng.randrange(2, 4) + t[i:],
        lambda t, i: t[:i] + chr(rng.randrange(0, 0x3000)) + t[i + 1:],
    ]
    for _ in range(rng.randrange(1, 6)):
        i = rng.randrange(max(len(text), 1))
        text = rng.choice(ops)(text, i)
    return text


@settings(max_examples=60, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6))
def test_mutated_library_files_never_raise_through_lint(seed, tmp_path_factory):
    rng = random.Random(seed)
    src = rng.choice(card_files())
    folder = tmp_path_factory.mktemp("fuzz") / "cards" / src.parent.name
    folder.mkdir(parents=True)
    target = folder / src.name
    target.write_text(mutate(src.read_text(encoding="utf-8"), rng), encoding="utf-8")
    result = lint_paths([target])
    for f in result.findings:
        assert f.line >= 1 and f.col >= 1 and f.code


def test_binary_file_through_lint(tmp_path):
    bad = tmp_path / "cards" / "x" / "bin.yaml"
    bad.parent.mkdir(parents=True)
    bad.write_bytes(bytes(range(256)) * 40)
    result = lint_paths([bad])
    assert result.errors == 1 and result.findings[0].code == "E007"


def test_directory_named_like_a_card_file(tmp_path):
    weird = tmp_path / "cards" / "x" / "dir.yaml"
    weird.mkdir(parents=True)
    card = '- name: R\n  number: "901"\n  type: automated\n  cost: 1\n  play: +1 plant\n'
    (weird.parent / "real.yaml").write_text(card)
    result = lint_paths([Path(tmp_path / "cards")])
    assert (result.files, result.cards, result.findings) == (1, 1, [])


scalar = st.one_of(st.none(), st.booleans(), st.integers(-10, 100), st.text(max_size=12),
                   st.sampled_from(["Birds", "Alice", "r3c3", "play:Birds", "pass", "ocean", "mc"]))
value = st.recursive(scalar, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                      st.dictionaries(st.text(max_size=10), inner, max_size=4)),
                     max_leaves=12)
scenario = st.fixed_dictionaries({}, optional={
    "setup": st.one_of(value, st.fixed_dictionaries({}, optional={
        "players": st.lists(st.dictionaries(st.sampled_from(["name", "resources", "production", "hand", "played",
                                                             "tr", "corporation", "events"]), value, max_size=4),
                            max_size=3),
        "globals": st.dictionaries(st.sampled_from(["oxygen", "temperature", "oceans", "x"]), value, max_size=2),
        "board": st.dictionaries(st.sampled_from(["r3c3", "r1c2", "zz"]), value, max_size=2),
        "deck": value, "generation": value, "current": value})),
    "steps": st.one_of(value, st.lists(st.dictionaries(st.sampled_from(["answer", "expect", "offered", "illegal",
                                                                       "play", "as", "log"]), value, max_size=3),
                                       max_size=4)),
})


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=scenario)
def test_malformed_scenarios_fail_cleanly(data, tmp_path_factory):
    import yaml

    from tmars.scenario import run
    path = tmp_path_factory.mktemp("scen") / "s.yaml"
    path.write_text(yaml.safe_dump(data))
    outcome = run(path)
    assert outcome.ok or all(isinstance(f, str) and f for f in outcome.failures)
