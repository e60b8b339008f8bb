"""The language server over a raw pipe, as a client that misbehaves would speak to it: absurd or
wrong Content-Lengths, parameters that fit no method, `exit` without `shutdown` (issue 32,
items 14-16). Every request gets a result or a JSON-RPC error, and the server stays in step."""

from __future__ import annotations

import json
import subprocess
import sys


def _frame(message: dict, length_change: int = 0) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % (len(body) + length_change) + body


def _request(i: int, method: str, params: object = None) -> dict:
    out = {"jsonrpc": "2.0", "id": i, "method": method}
    if params is not None:
        out["params"] = params
    return out


INIT = _request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})
INITIALIZED = {"jsonrpc": "2.0", "method": "initialized", "params": {}}
EXIT = {"jsonrpc": "2.0", "method": "exit"}


def _talk(data: bytes) -> tuple[dict, int]:
    """Send the bytes, then read every answer: {id: message}, and the exit status."""
    proc = subprocess.run([sys.executable, "-m", "tmars.entry", "lsp"], input=data, capture_output=True,
                          timeout=60)
    answers, out = {}, proc.stdout
    while out:
        head, _, rest = out.partition(b"\r\n\r\n")
        length = int(head.split(b"Content-Length:")[1].split(b"\r\n")[0])
        message = json.loads(rest[:length])
        out = rest[length:]
        if "id" in message and "method" not in message:
            answers[message["id"]] = message
    return answers, proc.returncode


def test_an_absurd_content_length_is_refused_and_the_server_goes_on():
    data = (_frame(INIT) + _frame(INITIALIZED) + b"Content-Length: 1000000000000\r\n\r\n"
            + b"Content-Length: 9223372036854775808\r\n\r\n" + _frame(_request(2, "shutdown")) + _frame(EXIT))
    answers, status = _talk(data)
    assert 1 in answers and 2 in answers and status == 0


def test_a_length_too_short_or_too_long_puts_it_out_of_step_only_until_the_next_header():
    hover = _request(3, "textDocument/hover", {"textDocument": {"uri": "file:///nowhere.yaml"},
                                                "position": {"line": 0, "character": 0}})
    data = (_frame(INIT) + _frame(INITIALIZED) + _frame(hover, -7) + _frame(_request(4, "shutdown"), +30)
            + _frame(_request(5, "shutdown")) + _frame(EXIT))
    answers, status = _talk(data)
    assert 5 in answers and status == 0


def test_parameters_that_fit_no_method_get_an_invalid_params_error():
    bad = [_request(10, "textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"},
                                                "position": {"line": -1, "character": 0}}),
           _request(11, "textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"},
                                                "position": {"line": 2 ** 31, "character": 0}}),
           _request(12, "textDocument/completion", 5),
           _request(13, "textDocument/hover", {"textDocument": {"uri": "file:///x.yaml"}})]
    data = _frame(INIT) + _frame(INITIALIZED) + b"".join(map(_frame, bad)) + _frame(_request(2, "shutdown")) \
        + _frame(EXIT)
    answers, status = _talk(data)
    for i in (10, 11, 12, 13):
        assert answers[i].get("error", {}).get("code") == -32602, answers.get(i)
    assert status == 0


def test_exit_without_shutdown_is_an_error_exit():
    answers, status = _talk(_frame(INIT) + _frame(INITIALIZED) + _frame(EXIT))
    assert 1 in answers and status == 1


def test_markdown_in_a_card_s_name_is_shown_not_rendered_in_a_hover():
    from pathlib import Path

    from tmars.lsp.catalog import CardEntry
    from tmars.lsp.hover import card_markdown
    card = {"name": "**Big** [click](http://x) `run`", "number": "# 1", "module": "base", "type": "automated",
            "tags": [], "cost": 3, "play": [{"op": "resource", "res": "plant", "n": 1}]}
    text = card_markdown([CardEntry(card, Path("x.yaml"), 1, 1)])
    assert "\\*\\*Big\\*\\* \\[click\\](http://x) \\`run\\`" in text
    assert "[click](http" not in text.replace("\\[click\\](http", "")


def test_a_document_slow_to_diagnose_delays_only_its_own_diagnostics(tmp_path):
    """A megabyte of card language on one line took seconds to diagnose while nothing else was
    answered: the hover asked after it is answered before its diagnostics are published."""
    uri = (tmp_path / "big.yaml").as_uri()
    play = ", ".join(["+1 plant"] * 30_000)
    text = f'- name: Big\n  number: "B01"\n  type: automated\n  cost: 3\n  play: "{play}"\n'
    did_open = {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}}
    hover = _request(7, "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 9}})
    data = _frame(INIT) + _frame(INITIALIZED) + _frame(did_open) + _frame(hover)
    proc = subprocess.Popen([sys.executable, "-m", "tmars.entry", "lsp"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    proc.stdin.write(data)
    proc.stdin.flush()
    order = []
    while "published" not in order:
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += proc.stdout.read(1)
        length = int(head.split(b"Content-Length:")[1].split(b"\r\n")[0])
        message = json.loads(proc.stdout.read(length))
        if message.get("id") == 7:
            order.append("hover")
        elif message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
            order.append("published")
    proc.stdin.write(_frame(_request(2, "shutdown")) + _frame(EXIT))
    proc.stdin.close()
    proc.wait(timeout=60)
    assert order == ["hover", "published"]
