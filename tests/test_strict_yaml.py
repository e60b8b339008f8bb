"""The strict loader every YAML and JSON file goes through (compiler/strictyaml.py)."""

from __future__ import annotations

import os
import threading

import pytest

from compiler.diagnostics import CompileError
from compiler.strictyaml import MAX_DEPTH, Map, load_file, load_json_file, load_text, read_text


def _codes(text: str) -> list[str]:
    with pytest.raises(CompileError) as e:
        load_text(text, "f.yaml")
    return [f"{d.position.line}:{d.position.col} {d.code}" for d in e.value.diagnostics]


def test_billion_laughs_is_refused_at_the_first_anchor():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(9))
    assert _codes(bomb) == ["1:4 E004"]


def test_a_key_given_twice_is_refused_where_it_is_repeated():
    assert _codes("expect:\n  Alice.tr: 21\n  Alice.tr: 30\n") == ["3:3 E006"]


def test_deep_nesting_is_a_diagnostic_not_a_recursion_error():
    deep = "name: " + "[" * 50_000 + "]" * 50_000 + "\n"
    assert _codes(deep) == [f"1:{7 + MAX_DEPTH - 1} E003"]


def test_positions_are_kept_for_keys_values_and_list_items():
    data, _ = load_text("setup:\n  players:\n    - name: Alice\n    - {name: Bob}\n", "f.yaml")
    assert isinstance(data, Map)
    assert data["setup"].key_at("players") == (2, 3)
    assert data["setup"]["players"].at(1) == (4, 7)
    assert data["setup"]["players"][0].at("name") == (3, 13)


def test_a_file_over_the_limit_is_refused_without_reading_it_all(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * 5000)
    with pytest.raises(CompileError, match="E005"):
        read_text(big, limit=1000)
    assert read_text(big, limit=10_000).startswith("a: x")


def test_a_fifo_is_refused_and_does_not_hang(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    result: list = []
    reader = threading.Thread(target=lambda: result.append(_refusal(fifo)), daemon=True)
    reader.start()
    reader.join(5)
    assert result == ["E008"], "reading a FIFO hung or was not refused as not a regular file"


def _refusal(path) -> str:
    try:
        load_file(path)
    except CompileError as e:
        return e.diagnostics[0].code
    return "read"


def test_json_too_deep_or_broken_is_a_diagnostic(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CompileError, match="E001"):
        load_json_file(deep)
    broken = tmp_path / "broken.json"
    broken.write_text('{"a": 1,\n "b": }')
    with pytest.raises(CompileError, match=r":2:7: error E001"):
        load_json_file(broken)


def test_manifests_go_through_the_strict_loader(tmp_path):
    from compiler.modules import ModuleError, read_manifest
    (tmp_path / "module.yaml").write_text("id: pack\nname: Pack\nname: Other\n")
    with pytest.raises(ModuleError, match="E006"):
        read_manifest(tmp_path)
