"""The decision protocol's small pieces, shared by the interpreter, the flow and the IR ops:
options, decisions, asking only when there is a choice, and the signal that a mandatory part
cannot be carried out."""

from __future__ import annotations

from typing import Any

Decision = dict[str, Any]


class CannotComplete(Exception):
    """A mandatory part of an effect cannot be carried out. A trial run treats it as a dead end;
    in a real game it means an option was offered that could not be completed: an engine error."""


def option(oid: str, label: str) -> dict:
    return {"id": oid, "label": label}


#: Every kind of decision the engine asks; scenario files name them (`pending.kind`, `not_asked`),
#: so a kind not listed here is refused where the decision is made.
DECISION_KINDS = ("action", "area", "amount", "card", "choice", "confirm", "corporation", "draft", "order", "pay",
                  "select", "target")


def decision(p: int, kind: str, prompt: str, options: list[dict], **extra: Any) -> Decision:
    if kind not in DECISION_KINDS:
        raise ValueError(f"decision kind {kind!r} is not in DECISION_KINDS")
    return {"player": p, "kind": kind, "prompt": prompt, "options": options, **extra}


def ask_one(answer: Any, p: int, kind: str, prompt: str, options: list[dict]) -> tuple[Any, Decision | None]:
    """(answer, None) when the answer is known — given, or the only option — else (None, decision).
    The decision is marked so that the offer check answers it alone when only one option of it
    can be completed."""
    if answer is not None:
        return answer, None
    if not options:
        raise CannotComplete(prompt)
    if len(options) == 1:
        return options[0]["id"], None
    return None, decision(p, kind, prompt, options, auto="single")
