"""Where `tmars play` starts when not from a new deal or a save: a scenario file's setup
(`--scenario FILE`), or a new game with chosen cards in the person's hand (`--hand "A, B"`).

A designer play-testing one card wants to reach the position that shows it without editing a
save by hand. Both starts are deterministic functions of their input, so undo (which rebuilds the
game from its start and replays the answers) and saves (plain state) work as in any game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from compiler.diagnostics import CompileError, did_you_mean
from compiler.readfile import resolved
from compiler.strictyaml import diagnostic

from .game import Game
from .scenario import build_game, load_file
from .scenario_check import ScenarioError


class StartError(Exception):
    """The chosen start cannot be set up; the message says where and what, in a sentence."""


def from_scenario(path: Path) -> Callable[[], Game]:
    """A function that builds the game a scenario file's `setup:` describes (its steps are not
    run). A malformed file or setup raises StartError with its `path:line:col` message. Cards
    written inside the file are refused: a save could not bring them back."""
    lines: list[str] = []
    try:
        data, lines = load_file(path)
        setup = data.get("setup")
        if setup is not None and any(not isinstance(c, str) for c in setup.get("cards") or ()):
            raise ScenarioError("setup.cards: cards written in the scenario cannot be played (a save could not "
                                "bring them back); put them in a folder with a module.yaml and name the folder",
                                setup.key_at("cards"))
        folders = [str(resolved(path.parent / f)) for f in (setup or {}).get("cards") or ()]
        build_game(setup, here=path.parent)  # refused here, before any screen opens
    except CompileError as e:
        raise StartError("\n".join(d.render() for d in e.diagnostics)) from None
    except ScenarioError as e:
        raise StartError(diagnostic(str(path), lines, e.pos or (1, 1), e.code, e.message).render()) from None
    except OSError as e:
        raise StartError(f"cannot read {path}: {e.strerror}") from None

    def start() -> Game:
        game = build_game(setup, here=path.parent)
        if folders:  # a save names the card folders, so that `--load` finds their cards
            game.state["options"]["card_folders"] = folders
        game.state["options"]["scenario"] = str(path)  # its players may have no corporation (a save allows it)
        return game
    return start


def hand_names(text: str) -> list[str]:
    """The card names of `--hand "A, B"`: comma-separated, spaces around each ignored."""
    return [n.strip() for n in text.split(",") if n.strip()]


def with_hand(game: Game, names: list[str], p: int = 0) -> Game:
    """The game with these cards moved to player `p`'s hand: out of the deck, or out of a dealt
    selection (which gets the deck's top card in its place, so every deal keeps its size); the
    decision waiting is asked afresh, as a loaded save's is. A name the game does not know, or a
    card the deck does not hold (a corporation), raises StartError."""
    if not names:
        return game
    st, content = game.state, game.content
    for name in names:
        if name not in content.cards:
            why = content.left_out.get(name)
            raise StartError(f"--hand: '{name}' is not in this game: {why}" if why else
                             f"--hand: unknown card '{name}' {did_you_mean(name, content.cards)}".rstrip())
        if name in st["players"][p]["hand"]:
            raise StartError(f"--hand: '{name}' is named twice; the game has one of each card")
        if name in st["deck"]:
            st["deck"].remove(name)
        else:
            holder = next((pl for pl in st["players"] if name in pl.get("dealt", ())), None)
            if holder is None:
                raise StartError(f"--hand: '{name}' is not a card the deck deals (it is a "
                                 f"{content.cards[name]['type']} card)")
            holder["dealt"][holder["dealt"].index(name)] = st["deck"].pop()
        st["players"][p]["hand"].append(name)
    st["pending"] = None
    fresh = Game(st, content)
    fresh.advance()
    return fresh
