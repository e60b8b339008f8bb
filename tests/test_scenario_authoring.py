"""What a scenario author sees when things go wrong: one card that does not compile leaves the
other scenarios running, failures show option labels and why a card is not offered, and an
unknown `pending.X` path is an error naming the paths there are."""

from __future__ import annotations

from pathlib import Path

from tmars.cli import main
from tmars.scenario import run

MANIFEST = "id: {id}\nname: a module for a test\nrequires: [base]\n"
CARDS = """- name: Good Card {n}
  number: {id}1
  type: automated
  cost: 3
  play: +1 plant
- name: Bad Card {n}
  number: {id}2
  type: automated
  cost: 3
  play: +1 plantz
"""
SCENARIO = """name: {name}
setup:
  cards: [..]
  players:
    - name: Alice
      resources: {{mc: 10}}
      hand: [{card}]
    - name: Bob
steps:
  - play: {card}
    expect: {{Alice.res.plant: 1}}
"""


def module(root: Path, mid: str, n: int) -> Path:
    folder = root / mid
    (folder / "scenarios").mkdir(parents=True)
    (folder / "module.yaml").write_text(MANIFEST.format(id=mid))
    (folder / "cards.yaml").write_text(CARDS.format(id=mid.upper(), n=n))
    (folder / "scenarios" / "good.yaml").write_text(SCENARIO.format(name="good", card=f"Good Card {n}"))
    (folder / "scenarios" / "bad.yaml").write_text(SCENARIO.format(name="bad", card=f"Bad Card {n}"))
    return folder


def test_a_card_that_does_not_compile_is_reported_once_and_the_other_scenarios_run(tmp_path, capsys):
    folder = module(tmp_path, "brokena", 1)
    assert main(["scenario", str(folder / "scenarios")]) == 1
    out, err = capsys.readouterr()
    assert err.count("E201 unknown word 'plantz'") == 1
    assert f"PASS {folder / 'scenarios' / 'good.yaml'}" in out
    assert f"FAIL {folder / 'scenarios' / 'bad.yaml'}" in out
    assert "'Bad Card 1' is not in this game: it does not compile (" in out and "E201)" in out
    assert "1 passed, 1 failed; 1 card error(s)" in out


def test_the_errors_of_cards_left_out_are_on_the_outcome(tmp_path):
    folder = module(tmp_path, "brokenb", 2)
    outcome = run(folder / "scenarios" / "good.yaml")
    assert outcome.ok and [d.code for d in outcome.not_compiled] == ["E201"]


NOT_OFFERED = """name: not offered
setup:
  players:
    - name: Alice
      resources: {mc: 20}
      hand: [Birds, Deep Well Heating]
    - name: Bob
steps:
  - offered: [play:Birds, play:Lichen]
"""


def test_a_card_not_offered_says_why_and_the_options_show_their_labels(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(NOT_OFFERED)
    failures = run(path).failures
    assert "'play:Birds' is not offered (Birds: requires 13% oxygen (now 0))" in failures[0]
    assert "std:sell-patents (standard project: Sell Patents)" in failures[0]
    assert "'play:Lichen' is not offered (Lichen is not in Alice's hand)" in failures[1]


def test_an_unknown_pending_path_is_an_error_naming_the_paths(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(NOT_OFFERED.replace("  - offered: [play:Birds, play:Lichen]",
                                        "  - expect: {pending.zzz: null}"))
    failure = run(path).failures[0]
    assert "S004" in failure and "a pending decision has no 'zzz'" in failure
    assert "pending.kind, pending.player, pending.prompt, pending.options" in failure
    known = "  - expect: {pending.kind: action, pending.prompt: 'Alice: choose an action'}"
    path.write_text(NOT_OFFERED.replace("  - offered: [play:Birds, play:Lichen]", known))
    assert run(path).ok


def test_not_asked_reads_an_order_decision_with_its_article(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("""name: order asked
setup:
  players:
    - name: Alice
      resources: {mc: 30}
      played: [Olympus Conference, Mars University]
      hand: [Research]
    - name: Bob
steps:
  - play: Research
    not_asked: order
""")
    failures = run(path).failures
    assert failures and "Alice is asked an order decision" in failures[0]


INLINE = """name: inline
setup:
  cards:
    - name: Inline Card
      type: event
      cost: 0
      tags: [event]
      play: "{play}"
  modules: [base]
  players:
    - name: Alice
      hand: [Inline Card]
    - name: Bob
steps:
  - play: Inline Card
    expect: {{game.generation: 1}}
"""


def test_an_inline_card_may_use_only_the_words_of_the_modules_in_play(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(INLINE.format(play="+1 venus"))
    failures = run(path).failures
    assert len(failures) == 1 and f"{path}:4:7: error S004" in failures[0]
    assert "Inline Card uses 'venus', a word of module venus, which is not in this game" in failures[0]
    path.write_text(INLINE.format(play="+1 venus").replace("modules: [base]", "modules: [base, corpera, venus]"))
    assert run(path).ok


def test_an_inline_cards_compile_error_is_said_once_at_its_field(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(INLINE.format(play="+1 plant(any)"))
    failure = run(path).failures[0]
    assert f"{path}:8:13: error S002" in failure
    assert failure.count("'plant' cannot take 'any'") == 1
