"""The `tmars` command line: cards, lint, sheet, game, play, simulate, report, scenario, schema, lsp."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from compiler.terminal import safe, safe_json

from .botgame import make_agent, play_bot_game, seat_kinds

console = Console(highlight=False, width=None if sys.stdout.isatty() else 140, soft_wrap=True)  # never wraps a line
err = Console(stderr=True, highlight=False, soft_wrap=True)  # messages keep their paths on one line


def say(text: str, to: Console = console, **style) -> None:
    """Print text from data (names, logs, messages): never read as markup, controls shown as escapes."""
    to.print(safe(text), markup=False, **style)


def cell(value: object) -> Text:
    """A table cell holding data: a Text, so that '[/]' in a name is shown rather than parsed."""
    return Text(safe("-" if value is None else str(value)))


# ---- cards -------------------------------------------------------------------------------
def missing_paths(paths: list[str]) -> bool:
    """Say so and answer True when a named file or folder does not exist (a usage error)."""
    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        say(f"error: no such file or folder: {', '.join(missing)}", err)
    return bool(missing)


def cmd_cards(args: argparse.Namespace) -> int:
    from compiler.library import compile_paths, manifestless
    from compiler.modules import manifests

    from .selection import keep_on_map, map_components, selected_paths
    if missing_paths(args.paths):
        return 2
    on_map = map_components(args.map)
    result = compile_paths(selected_paths(args), use_cache=not args.no_cache)
    for d in manifestless(args.paths or None) + result.diagnostics:
        say(d.render(), err)
    known = set(manifests()) | {c["module"] for c in result.cards}
    unknown = sorted(set(args.module or ()) - known)
    if unknown:
        say(f"error: unknown module {unknown[0]!r}; these cards are of {', '.join(sorted(known))}", err)
        return 2
    cards = [c for c in keep_on_map(result.cards, on_map) if not args.module or c["module"] in args.module]
    if args.json:
        from compiler.text import card_text
        keys = ("name", "number", "module", "type", "cost", "tags", "requires", "vp", "holds")
        for c in cards:
            facts = {k: c[k] for k in keys if k in c}
            print(safe_json(json.dumps({**facts, "text": card_text(c), "ir": c}, ensure_ascii=False)))
    else:
        table = Table(title=f"{len(cards)} cards")
        for col in ("number", "name", "module", "type", "cost", "tags"):
            table.add_column(col)
        for c in cards:
            table.add_row(*map(cell, (c.get("number", ""), c["name"], c["module"], c["type"], c.get("cost", ""),
                                      " ".join(c["tags"]))))
        console.print(table)
    return 1 if result.diagnostics else 0


def cmd_lint(args: argparse.Namespace) -> int:
    from compiler.lint import RULES, lint_paths, sarif

    from . import flow  # noqa: F401  (gives lint the engine's names for a module's flow)
    codes = {c.strip() for v in (args.select or []) + (args.ignore or []) for c in v.split(",") if c.strip()}
    known = set(RULES) | {"E"}
    bad = [c for c in codes if not any(k.startswith(c) or c.startswith(k) for k in known)]
    if bad:
        say(f"error: unknown finding code(s): {', '.join(sorted(bad))}", err)
        return 2
    if missing_paths(args.paths):
        return 2
    if args.list_overrides:
        from compiler.lint import override_uses
        for card, name, where, note in override_uses(args.paths or None):
            say(f"{where}: {card}: {name}* — {note or '(no note)'}")
        return 0
    select = {c.strip() for v in args.select or [] for c in v.split(",") if c.strip()} or None
    ignore = {c.strip() for v in args.ignore or [] for c in v.split(",") if c.strip()}
    result = lint_paths(args.paths or None, select, ignore)
    result.findings[:0] = no_manifest_findings(args.paths or None, select, ignore)
    if args.fix:
        from compiler.lint import apply_fixes
        fixed, failed = apply_fixes(result.findings)
        for why in failed:
            say(f"error: {why}", err)
        if fixed:  # what is left, after the fixes
            say(f"fixed {fixed} finding(s)", err)
            result = lint_paths(args.paths or None, select, ignore)
        if failed:
            return 2
    if args.format == "json":
        print(safe_json(json.dumps([f.as_json() for f in result.findings], indent=1, ensure_ascii=False)))
    elif args.format == "sarif":
        print(safe_json(json.dumps(sarif(result), indent=1, ensure_ascii=False)))
    else:
        for f in result.findings:
            say(f.render())
        warnings = len(result.findings) - result.errors
        console.print(f"{result.files} file(s), {result.cards} card(s): {result.errors} error(s), "
                      f"{warnings} warning(s)")
    return 1 if result.errors else 0


def no_manifest_findings(paths: list[str] | None, select: set[str] | None, ignore: set[str]) -> list[Any]:
    """The warning of `tmars cards` for a folder with no module.yaml, as a lint finding: the two
    commands say the same of it."""
    from compiler.library import NO_MANIFEST, manifestless
    from compiler.lint import Finding
    if (select and not any(NO_MANIFEST.startswith(c) for c in select)) or any(NO_MANIFEST.startswith(c)
                                                                            for c in ignore):
        return []
    return [Finding(d.code, d.severity, d.message, d.position.path, d.position.line, d.position.col, d.source_line,
                    d.suggestion) for d in manifestless(paths)]


def cmd_sheet(args: argparse.Namespace) -> int:
    from compiler.sheet.command import run, run_board

    from .selection import map_board, selected_paths
    if args.map:  # the map as a board diagram (issue 35); an unknown name is refused before any work
        return run_board(args, map_board(args.map))
    args.selected = selected_paths(args)
    return run(args)


def cmd_schema(args: argparse.Namespace) -> int:
    from compiler.boards import BOARD_SCHEMA
    from compiler.compile import FRAME_SCHEMA
    from compiler.modules import MANIFEST_SCHEMA
    from compiler.ops.schema import schema
    chosen = (FRAME_SCHEMA if args.frame else MANIFEST_SCHEMA if args.module else BOARD_SCHEMA if args.board
              else schema())
    print(json.dumps(chosen, indent=2, ensure_ascii=False))
    return 0


# ---- games ---------------------------------------------------------------------------------
def game_modules(args: argparse.Namespace) -> tuple[str, ...]:
    """The modules a command plays with: --modules, or --standard (base only), or base + Corporate Era."""
    from compiler.modules import ModuleError, add_folder, parse_list, resolve
    if args.modules and args.standard:
        raise ModuleError("--standard and --modules both name the modules: give one")
    for folder in args.cards or ():  # a folder's module may be named in --modules
        add_folder(folder)
    modules = resolve(parse_list(args.modules)) if args.modules else ("base",) if args.standard else ("base", "corpera")
    from .content import available_maps, for_players, slug, with_map_module
    players = getattr(args, "players", 2)
    if players == 1 and args.standard:
        raise ModuleError("the solo game always plays with Corporate Era (F256): leave out --standard")
    name = getattr(args, "map", None)
    if name and slug(name) in available_maps():  # a game on a map plays with the map's module (an unknown map is
        modules = with_map_module(modules, slug(name))  # refused where the game is made)
    return for_players(modules, players)


def shipped_variants() -> dict[str, str]:
    """The variants the shipped modules offer, id -> meaning (each gets a `--no-ID` flag)."""
    from compiler.gameflow import variants_of
    from compiler.modules import manifests
    return variants_of(tuple(manifests()))


def game_variants(args: argparse.Namespace, modules: tuple[str, ...]) -> tuple[str, ...] | None:
    """The variants a command plays with: the modules' defaults, plus --variant, less --no-variant
    (None when neither is given: the defaults)."""
    if not args.variant and not args.no_variant:
        return None
    from compiler.diagnostics import did_you_mean
    from compiler.gameflow import default_variants, variants_of
    from compiler.modules import ModuleError
    off = {v for v in args.no_variant or ()}
    offered = variants_of(modules)
    for v in sorted(off - set(offered)):  # refused as an unknown --variant is (a typo kept the variant on)
        hint = did_you_mean(v, offered)
        raise ModuleError(f"unknown variant {v!r} for --no-variant; these modules offer "
                          f"{', '.join(sorted(offered)) or 'none'}" + (f" ({hint})" if hint else ""))
    return tuple(v for v in dict.fromkeys([*default_variants(modules), *(args.variant or ())]) if v not in off)


def score_table(scores: list[dict], title: str = "Final scores") -> Table:
    table = Table(title=title)
    rows = [k for k in (scores[0] if scores else {}) if k not in ("place", "player", "corporation", "total", "mc")]
    cols = ("place", "player", "corporation", *rows, "total", "mc")  # the score rows the game's flow counts
    for c in cols:
        table.add_column(c, justify="left" if c in ("player", "corporation") else "right")
    for row in sorted(scores, key=lambda r: r["place"]):
        table.add_row(*(cell(row[c]) for c in cols))
    return table


def cmd_game(args: argparse.Namespace) -> int:
    t = time.perf_counter()
    modules = game_modules(args)
    game, decisions = play_bot_game(args.seed, args.players, args.agent, modules, args.draft, args.max_generations,
                                    args.map, tuple(args.cards or ()), game_variants(args, modules))
    elapsed = time.perf_counter() - t
    if not args.quiet:
        for line in game.state["log"]:
            say(line)
    verdict = game.verdict
    title = (f"Seed {args.seed}: generation {game.state['generation']}"
             + (" (capped)" if game.state.get("capped") else "") + (f": {verdict['why']}" if verdict else ""))
    if game.scores():
        console.print(score_table(game.scores(), title))
    else:  # a game lost is not scored (F257)
        console.print(title)
    console.print(f"{decisions} decisions in {elapsed:.2f} s")
    for failure in game.failures:  # recovered from, but a bug of the engine: reported, and a failure
        say(f"error: {failure}", err)
    return 1 if game.failures else 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Many games, streamed: the summary is kept as results arrive, and a stop (Ctrl-C, SIGTERM)
    prints what was finished at once; output paths and Ray are checked before any game runs."""
    from contextlib import ExitStack

    from compiler.outfile import output_problem

    from .batch import Spec, play_all, ray_problem
    from .tally import JsonList, Tally, median
    problem = output_problem(args.json) if args.json else None
    if problem:
        say(f"error: --json: {problem}", err)
        return 2
    ray = ray_problem(args.ray)
    if ray:
        say(f"error: {ray}", err)
        return 2
    modules = game_modules(args)
    folders = tuple(args.cards or ())
    spec = Spec(args.players, args.agent, modules, args.draft, args.max_generations, args.map, folders,
                game_variants(args, modules))
    tally = Tally()
    t = time.perf_counter()
    with ExitStack() as stack:
        try:
            writer = stack.enter_context(JsonList(args.json)) if args.json else None
        except OSError as e:
            say(f"error: --json: cannot write {args.json}: {e.strerror or e}", err)
            return 2

        def take(r: dict) -> None:
            tally.add(r)
            if writer:
                writer.add(r)
        try:
            stopped = play_all(spec, args.seed, args.games, args.workers, args.ray, args.ray_address, "simulating",
                               err, take)
        except OSError as e:  # writing --json failed mid-run (a full disk)
            say(f"error: --json: cannot write {args.json}: {e.strerror or e}", err)
            return 2
    elapsed = time.perf_counter() - t
    title = f"{args.games} games, {args.players} player{'s' if args.players != 1 else ''}, agent {args.agent}"
    if stopped:
        title = f"stopped ({signal_name(stopped)}) after {tally.games} of {title}"
    table = Table(title=Text(title))
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("completed", str(tally.games - tally.capped))
    table.add_row("capped", str(tally.capped))
    if tally.failures:
        table.add_row("engine failures recovered", str(len(tally.failures)))
    if tally.games:
        table.add_row("generations (median)", f"{median(tally.generations):.0f}")
        table.add_row("decisions per game (median)", f"{median(tally.decisions_per_game):.0f}")
        table.add_row("score (mean)", f"{tally.score_sum / max(tally.scores, 1):.1f}")
    if tally.judged:
        table.add_row("won", f"{tally.won} of {tally.judged} ({100 * tally.won / tally.judged:.1f} %)")
    table.add_row("games per second", f"{tally.games / elapsed:.1f}")
    table.add_row("decisions per second", f"{tally.decisions / elapsed:.0f}")
    console.print(table)
    if args.coverage:
        from compiler.modules import add_folder, resolve

        from .content import load_content
        content = load_content(resolve(modules + tuple(add_folder(f) for f in folders)), args.map)
        seen = tally.played
        projects = [c["name"] for c in content.cards.values() if c["type"] in ("automated", "active", "event")]
        missing = sorted(set(projects) - seen)
        say(f"cards played: {len(set(projects) & seen)}/{len(projects)}"
            + (f"; never played: {', '.join(missing)}" if missing else ""))
        kinds = [(t, f"{t}s") for m in content.mechanics for t in m.card_types] + [("corporation", "corporations")]
        for kind, noun in kinds:
            names = [c["name"] for c in content.cards.values() if c["type"] == kind]
            if names:
                gone = sorted(set(names) - seen)
                say(f"{noun} played: {len(set(names) & seen)}/{len(names)}"
                    + (f"; never played: {', '.join(gone)}" if gone else ""))
        acting = [c["name"] for c in content.cards.values() if c.get("action") or c.get("first_action")]
        used = tally.actions
        unused = sorted(set(acting) - used)
        say(f"actions used: {len(set(acting) & used)}/{len(acting)}"
            + (f"; never used: {', '.join(unused)}" if unused else ""))
        from .batch import BOARD_COVERAGE
        for kind, label in BOARD_COVERAGE.items():  # the map's own
            names = getattr(content.map, f"{kind}s")
            seen = tally.used.get(label, set())
            gone = [n for n in names if n not in seen]
            say(f"{label}: {len(set(names) & seen)}/{len(names)}" + (f"; never: {', '.join(gone)}" if gone else ""))
        for m in content.mechanics:
            for label, (card_type, _) in m.coverage.items():
                names = content.in_printed_order(card_type)
                seen = tally.used.get(label, set())
                gone = [n for n in names if n not in seen]
                say(f"{label}: {len(set(names) & seen)}/{len(names)}" + (f"; never: {', '.join(gone)}" if gone else ""))
    for seed, failure in tally.failures:
        say(f"error: seed {seed}: {failure}", err)
    return 128 + stopped if stopped else (1 if tally.failures else 0)


def signal_name(signum: int) -> str:
    import signal
    return signal.Signals(signum).name


def cmd_scenario(args: argparse.Namespace) -> int:
    from .scenario import run
    if missing_paths(args.files):
        return 2
    files: list[Path] = []
    for p in args.files:
        path = Path(p)
        files.extend(sorted(path.rglob("*.yaml")) if path.is_dir() else [path])
    if not files:  # a run that checks nothing must not pass
        err.print(f"error: no scenario files (*.yaml) in {', '.join(args.files)}", markup=False)
        return 2
    failed = 0
    said: set[str] = set()  # a card that does not compile is reported once, before the first scenario it touches
    for f in files:
        outcome = run(f)
        for d in outcome.not_compiled:
            if d.render() not in said:
                said.add(d.render())
                say(d.render(), err)
        if outcome.ok:
            console.print(Text.assemble(("PASS", "green"), f" {safe(str(f))}"))
        else:
            failed += 1
            console.print(Text.assemble(("FAIL", "red"), f" {safe(str(f))}: {safe(outcome.name)}"))
            for line in outcome.failures:
                say(f"    {line}")
    broken = f"; {len(said)} card error(s): the scenarios ran without those cards" if said else ""
    console.print(f"{len(files) - failed} passed, {failed} failed{broken}")
    return 1 if failed or said else 0




def new_game_start(args: argparse.Namespace) -> Callable[[], Any]:
    """The function that deals the new game the options of `tmars play` describe (undo calls it again)."""
    from .game import Game
    modules = game_modules(args)

    def start() -> Game:
        return Game.new(args.players, seed=args.seed, modules=modules, map_name=args.map, draft=args.draft,
                        beginners=(0,) if args.beginner else (), card_folders=tuple(args.cards or ()),
                        variants=game_variants(args, modules))
    return start


def cmd_play(args: argparse.Namespace) -> int:
    from compiler.readfile import Unreadable, read_bytes

    from .agents import restore
    from .savefile import MAX_SAVE_BYTES
    from .game import Game, SaveError
    from .human import HumanAgent, autosave_target, session
    if args.load and (args.scenario or args.hand):
        say("error: --load resumes a saved game as it was: leave out --scenario and --hand", err)
        return 2
    if args.load:
        try:
            data = read_bytes(args.load, MAX_SAVE_BYTES)
            game = Game.load(data).keep_going()
        except Unreadable as e:
            say(f"error: cannot load {args.load}: {e.reason}", err)
            return 2
        except ValueError:
            say("error: cannot load that file: its name has characters this system cannot use", err)
            return 2
        except SaveError as e:
            say(f"error: cannot load {args.load}: {e}", err)
            return 2

        def start() -> Game:
            return Game.load(data).keep_going()
    else:
        from .playfrom import StartError, from_scenario, hand_names, with_hand
        names = hand_names(args.hand or "")
        try:
            begin = from_scenario(Path(args.scenario)) if args.scenario else new_game_start(args)

            def start() -> Game:
                return with_hand(begin(), names).keep_going()
            game = start()
        except StartError as e:
            say(f"error: {e}", err)
            return 2
    seats = game.seats or [{"kind": "human"}] * len(game.state["players"])  # a save without seats: bots from --seed
    kinds = seat_kinds(args.bots, len(seats) - 1)  # the bots across the table, seat by seat
    agents = [HumanAgent(console)] + [restore(s) if s["kind"] != "human" and "rng" in s
                                      else make_agent(kinds[i - 1], args.seed + i) for i, s in enumerate(seats) if i]
    target = autosave_target(args.load)  # never an unfinished game this session did not load
    if not args.plain and sys.stdin.isatty() and sys.stdout.isatty():
        from .tui.app import run_app
        from .tui.table import Table
        table = Table(game, agents, start)
        code = run_app(table, target)
        game = table.game  # an undo rebuilds the game
    else:
        code = session(game, agents, console, target)
    print_standing(game)
    return code


def print_standing(game: Any) -> None:
    """After `tmars play`, however it stopped: a finished game's verdict (a solo game's won or lost)
    and its final scores, or the score of a game left unfinished, as if it ended now."""
    from .scoring import score
    if game.over:
        verdict = game.verdict
        if verdict:
            console.print(verdict["why"])
        if game.scores():  # a lost solo game is not scored: its verdict says it all
            console.print(score_table(game.scores()))
    else:
        console.print(score_table(score(game.state, game.content), title="Scores if the game ended now"))


def cmd_lsp(args: argparse.Namespace) -> int:
    """Serve the Language Server Protocol on stdin/stdout (docs/editors.md); pygls is needed."""
    import importlib.util
    if importlib.util.find_spec("pygls") is None:
        say("error: tmars lsp needs pygls: pip install 'pygls>=2'", err)
        return 2
    from .lsp import main as serve
    return serve()


def agent_kinds(text: str) -> str:
    """argparse type: a kind of bot (`agents.BOTS`), or one per seat separated by commas."""
    from .agents import BOTS
    for kind in (k.strip() for k in text.split(",")):
        if kind not in BOTS:
            from compiler.diagnostics import did_you_mean
            hint = did_you_mean(kind, BOTS)
            raise argparse.ArgumentTypeError(f"unknown bot {kind!r}{'; ' + hint if hint else ''}; "
                                             f"the bots are {', '.join(BOTS)}")
    return text


def positive(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not 1 or more")
    return value


def parser() -> argparse.ArgumentParser:
    from .selection import add_selection_arguments
    ap = argparse.ArgumentParser(prog="tmars", description="Terraforming Mars rules engine: every component is data.")
    sub = ap.add_subparsers(dest="command", required=True)

    c = sub.add_parser("cards", help="compile card files (default: the shipped library) and list them")
    c.add_argument("paths", nargs="*")
    c.add_argument("--module", action="append", help="list only the cards of this module (repeatable)")
    add_selection_arguments(c)
    c.add_argument("--json", action="store_true", help="one JSON object per card: frame facts and IR")
    c.add_argument("--no-cache", action="store_true")
    c.set_defaults(func=cmd_cards)

    li = sub.add_parser("lint", help="check card files for mistakes the compiler cannot see (docs/lint.md)")
    li.add_argument("paths", nargs="*")
    li.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    li.add_argument("--select", action="append", help="only these codes or prefixes, comma-separated")
    li.add_argument("--ignore", action="append", help="drop these codes or prefixes, comma-separated")
    li.add_argument("--list-overrides", action="store_true", help="list every asterisk override use and its note")
    li.add_argument("--fix", action="store_true", help="apply the fixes that are mechanical (a value off its "
                    "track's steps, a word that has one right spelling, a field the card cannot have) in place, "
                    "then report what is left")
    li.set_defaults(func=cmd_lint)

    sh = sub.add_parser("sheet", help="print reference sheets drawn from the IR: HTML, or PDF (docs/sheets.md)")
    from compiler.sheet.command import add_arguments as sheet_arguments
    sheet_arguments(sh)
    add_selection_arguments(sh, map_help="draw this map as a board diagram (its areas, bonuses, milestones "
                            "and awards) instead of cards")
    sh.set_defaults(func=cmd_sheet)

    s = sub.add_parser("schema", help="print the JSON Schema of the IR (or of card files with --frame, a manifest with "
                       "--module, a map file with --board)")
    s.add_argument("--frame", action="store_true")
    s.add_argument("--module", action="store_true", help="the JSON Schema of a module manifest (module.yaml)")
    s.add_argument("--board", action="store_true", help="the JSON Schema of a map file (board/*.yaml)")
    s.set_defaults(func=cmd_schema)

    def game_opts(p: argparse.ArgumentParser) -> None:
        p.add_argument("--players", type=int, default=2)
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--standard", action="store_true", help="standard game (no Corporate Era, production 1)")
        p.add_argument("--modules", help="the modules to play with, comma-separated (default: base,corpera)")
        p.add_argument("--map", default="tharsis", help="the map (default: tharsis)")
        p.add_argument("--cards", action="append", metavar="FOLDER",
                       help="add a folder of cards with its own module.yaml to the game (repeatable)")
        p.add_argument("--draft", action="store_true", help="draft variant in research")
        p.add_argument("--variant", action="append", metavar="NAME",
                       help="turn on a variant the modules offer (tmars COMMAND --help lists each below)")
        p.add_argument("--no-variant", action="append", metavar="NAME",
                       help="turn off a variant the modules turn on by default")
        for vid, meaning in shipped_variants().items():  # --no-ID: a short form for each variant offered
            p.add_argument(f"--no-{vid}", action="append_const", const=vid, dest="no_variant",
                           help=f"the same as --no-variant {vid} ({meaning})")

    g = sub.add_parser("game", help="play one seeded bot game and print its log and scores")
    game_opts(g)
    g.add_argument("--agent", type=agent_kinds, default="strong", metavar="BOT[,BOT…]",
                   help="the bot in every seat, or one per seat separated by commas (random, greedy, strong)")
    g.add_argument("--max-generations", type=positive, default=60,
                   help="stop a game that has not ended by then (reported as capped)")
    g.add_argument("--quiet", action="store_true")
    g.set_defaults(func=cmd_game)

    sm = sub.add_parser("simulate", help="play many seeded bot games and summarise")
    game_opts(sm)
    sm.add_argument("--games", type=positive, default=100)
    sm.add_argument("--agent", type=agent_kinds, default="random", metavar="BOT[,BOT…]",
                    help="the bot in every seat, or one per seat separated by commas (random, greedy, strong)")
    sm.add_argument("--workers", type=positive, default=1)
    sm.add_argument("--max-generations", type=positive, default=100)
    sm.add_argument("--ray", action="store_true", help="run the games on a Ray cluster (pip install '.[cluster]')")
    sm.add_argument("--ray-address", default=None, help="address of a running Ray cluster (default: start one)")
    sm.add_argument("--coverage", action="store_true", help="print which cards were played")
    sm.add_argument("--json", help="write per-game results to this file")
    sm.set_defaults(func=cmd_simulate)

    rp = sub.add_parser("report", help="play many seeded bot games and write an HTML report with figures and CSVs "
                        "(docs/report.md)")
    game_opts(rp)
    from .report.command import add_arguments as report_arguments
    from .report.command import run as cmd_report
    report_arguments(rp, agent_kinds, positive)
    rp.set_defaults(func=cmd_report)

    sc = sub.add_parser("scenario", help="run scenario files (rulings as data); exit 0 only if all pass")
    sc.add_argument("files", nargs="+")
    sc.set_defaults(func=cmd_scenario)

    pl = sub.add_parser("play", help="play against bots in the terminal")
    game_opts(pl)
    pl.add_argument("--bots", "--agent", type=agent_kinds, default="strong", metavar="BOT[,BOT…]",
                    help="the bots you play against, one for every seat or one per seat (random, greedy, strong)")
    pl.add_argument("--load", help="resume a game saved with 'save FILE' (you are the first player)")
    pl.add_argument("--scenario", metavar="FILE", help="start from a scenario file's setup (its steps are not "
                          "run): you are its first player, bots the others (docs/play.md)")
    pl.add_argument("--hand", metavar="CARDS", help="a new game with these cards in your hand, comma-separated: "
                          "--hand \"Birds, Lichen\"")
    pl.add_argument("--plain", action="store_true",
                    help="the line-by-line prompt instead of the full-screen app (the default off a terminal)")
    pl.add_argument("--beginner", action="store_true",
                    help="play the beginner variant: its corporation, all dealt cards kept free, instead of choosing")
    pl.set_defaults(func=cmd_play)

    ls = sub.add_parser("lsp", help="language server for card files, manifests and scenarios, on stdio "
                                    "(docs/editors.md)")
    ls.add_argument("--stdio", action="store_true", help="talk over stdin/stdout (the default and only way)")
    ls.set_defaults(func=cmd_lsp)
    return ap


def main(argv: list[str] | None = None) -> int:
    """Run one command. Exit status, the same for every command (README, "Exit status"): 0 done,
    1 findings or failures, 2 usage or input errors, 128+N stopped by signal N."""
    from compiler.modules import ModuleError

    from .game import EngineError
    args = parser().parse_args(argv)
    from compiler.gamerules import load_rules

    from .setup import players_range
    seats = players_range(load_rules(("base",)))
    players = getattr(args, "players", seats.start)
    if players not in seats:
        say(f"error: --players must be between {seats.start} and {seats.stop - 1}", err)
        return 2
    try:
        return args.func(args)
    except ModuleError as e:  # a module set or map that cannot be played
        say(f"error: {e}", err)
        return 2
    except EngineError as e:  # cards that ask for what cannot be done: a failure, not a crash
        say(f"error: the engine could not go on: {e}", err)
        return 1
    except KeyboardInterrupt:
        return 130
    except (BrokenPipeError, EOFError):
        return 0


if __name__ == "__main__":
    sys.exit(main())
