"""What a user types or points at is measured before it is read and shown as data, never as markup
or terminal control: FIFOs, devices, huge files, megabyte lines, names with '[/]' or escapes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.library import compile_text
from compiler.readfile import Unreadable, read_bytes
from tmars.cli import main

ROOT = Path(__file__).resolve().parent.parent


def tmars(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """The command in its own process, so that a hang or a memory blow-up fails the test instead of the run."""
    return subprocess.run([sys.executable, "-m", "tmars.cli", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "TMARS_CACHE": os.environ.get("TMARS_CACHE", "")})


def test_a_fifo_and_a_device_are_refused_without_reading(tmp_path):
    fifo = tmp_path / "cards.yaml"
    os.mkfifo(fifo)
    linted = tmars("lint", str(fifo))
    assert linted.returncode == 1
    assert f"{fifo}: error E008 not a regular file" in linted.stdout
    listed = tmars("cards", "/dev/zero")
    assert listed.returncode == 1
    assert "/dev/zero: error E008 not a regular file" in listed.stderr


def test_a_huge_file_is_refused_by_its_size(tmp_path, capsys):
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as f:
        f.truncate(50_000_000)  # sparse: 50 MB of NUL on one line, written in no time
    assert main(["lint", str(huge)]) == 1
    out = capsys.readouterr().out
    assert "error E005 too large (50000000 bytes; limit 2000000)" in out
    assert len(out) < 300


def test_read_bytes_reads_up_to_its_limit(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 10)
    assert read_bytes(path, 10) == b"x" * 10
    with pytest.raises(Unreadable) as e:
        read_bytes(path, 9)
    assert (e.value.code, e.value.reason) == ("E005", "too large (10 bytes; limit 9)")
    with pytest.raises(Unreadable) as e:
        read_bytes(tmp_path, 100)
    assert e.value.code == "E008"


def test_a_megabyte_line_is_quoted_shortened():
    word = "q" * 1_000_000
    text = f'- name: X\n  type: automated\n  cost: 3\n  play: "{"+1 plant, " * 10_000}+1 {word}"\n'
    (d,) = compile_text(text, "long.yaml", "base").diagnostics
    lines = d.render().splitlines()
    assert d.code == "E201" and all(len(line) <= 200 for line in lines), [len(x) for x in lines]
    source, caret = lines[1], lines[2]
    assert source.startswith("    …") and source.endswith("…")
    assert source[caret.index("^"):].startswith("q")  # the caret still points at the unknown word


NAMES = ["Closing [/] Card", "[link=https://example.com]Click[/link]", "Alarm\x1b[5m Card"]


def card_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "fancy"
    folder.mkdir()
    quoted = [name.replace("\x1b", "\\e") for name in NAMES]
    folder.joinpath("cards.yaml").write_text("".join(
        f'- name: "{name}"\n  number: "{100 + i}"\n  type: automated\n  cost: 5\n  play: +1 plant\n'
        for i, name in enumerate(quoted)))
    return folder


def test_card_names_are_shown_as_written(tmp_path, capsys):
    assert main(["cards", str(card_folder(tmp_path)), "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert "Closing [/] Card" in out and "[link=https://example.com]Click[/link]" in out
    assert "\x1b" not in out and "Alarm\\x1b[5m Card" in out


def test_lint_refuses_control_characters_in_names(tmp_path, capsys):
    folder = card_folder(tmp_path)
    assert main(["lint", str(folder), "--format", "json"]) == 1
    (finding,) = [f for f in json.loads(capsys.readouterr().out) if f["code"] == "L115"]
    assert finding["line"] == 11 and "Alarm\\x1b[5m Card" in finding["message"]
    assert main(["lint", str(folder)]) == 1
    assert "\x1b" not in capsys.readouterr().out


def test_a_scenario_name_is_shown_as_written(tmp_path, capsys):
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text('name: "[/] x \\e]0;owned\\a"\nsetup:\n  players: [{name: A, resources: {mc: 11}}, {name: B}]\n'
                     "steps:\n  - answer: std:power-plant\n    expect: {A.prod.energy: 2}\n")
    assert main(["scenario", str(wrong)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "[/] x \\x1b]0;owned\\x07" in out and "\x1b" not in out


def test_what_the_user_types_is_not_markup_either(capsys):
    assert main(["lint", "--select", "[/]"]) == 2
    assert "unknown finding code(s): [/]" in capsys.readouterr().err


def test_json_output_escapes_what_a_terminal_would_obey(tmp_path, capsys):
    folder = tmp_path / "c1"
    folder.mkdir()
    folder.joinpath("cards.yaml").write_text('- name: "CSI \\x9b31m \\u202e Card"\n  number: "101"\n'
                                             "  type: automated\n  cost: 5\n  play: +1 plant\n")
    assert main(["cards", str(folder), "--json", "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert "\x9b" not in out and "\u202e" not in out and "\\u009b" in out
    assert json.loads(out)["name"] == "CSI \x9b31m \u202e Card"  # the same data, written safely


def test_scenario_and_play_load_refuse_a_fifo_without_reading(tmp_path):
    fifo = tmp_path / "x.yaml"
    os.mkfifo(fifo)
    ran = tmars("scenario", str(fifo))
    assert ran.returncode == 1
    assert f"{fifo}: error E008 malformed scenario: not a regular file" in ran.stdout
    loaded = tmars("play", "--load", str(fifo))
    assert loaded.returncode == 2
    assert f"error: cannot load {fifo}: not a regular file" in loaded.stderr


def test_the_in_game_save_and_the_autosave_never_write_into_a_fifo(tmp_path):
    """'save FIFO' says why it cannot, and an autosave file that is a FIFO is left alone (the game
    is kept under the next free name); neither hangs."""
    fifo = tmp_path / "g.json"
    os.mkfifo(fifo)
    os.mkfifo(tmp_path / "tmars-autosave.json")
    played = subprocess.run([sys.executable, "-m", "tmars.cli", "play", "--seed", "3"], cwd=tmp_path,
                            input=f"save {fifo}\nsave {tmp_path}\nsave {tmp_path}/no/such/g.json\nsave ok.json\n",
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert played.returncode == 1  # the input ended
    out = played.stdout + played.stderr
    assert f"cannot save to {fifo}: it is not a regular file" in out
    assert f"{tmp_path} is a folder: give the name of a file" in out
    assert "no/such/g.json: No such file or directory" in out
    assert "saved to ok.json" in out and (tmp_path / "ok.json").stat().st_size > 1000
    # the autosave file is a FIFO: not a game to overwrite, so the game goes to the next free name
    assert f"the game is saved to {tmp_path / 'tmars-autosave-2.json'}" in out
    assert json.loads((tmp_path / "tmars-autosave-2.json").read_text())["over"] is False
