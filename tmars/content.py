"""Game content: the compiled card library, the board files and the map, ready for the engine."""

from __future__ import annotations

from compiler.names import slug

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from compiler import vocab
from compiler.boards import area_id, area_xy, board_problems, read_board
from compiler.diagnostics import CompileError, Diagnostic
from compiler.gameflow import GameFlow, load_flow, variants_of, without_flow
from compiler.gamerules import GameRules, load_rules
from compiler.modules import ON_FORGET, ModuleError, folder_of, manifests
from compiler.triggers import TRIGGERS
from compiler.ops import walk
from compiler.library import CARDS_ROOT, compile_paths
from compiler.lower import lower_field
from compiler.parser import SourceText
from compiler.solo import played

from .mechanic import Mechanic, switched_on


#: The folder of a module that holds its maps (`<module>/board/NAME.yaml`).
MAP_FOLDER = "board"


class Memo(dict):
    """A content's derived values. `memo[name]` is the table of that name, made empty at first use
    (a look-up in C: the hot paths of the menu ask for their tables at every prompt); `memo.get`
    finds a value that is not a table, or None."""

    def __missing__(self, name: str) -> dict:
        table = self[name] = {}
        return table


@dataclass
class Area:
    id: str
    kind: str  # land | ocean | off
    bonus: list[str]
    name: str = ""
    volcanic: bool = False
    reserved: str = ""
    neighbours: tuple[str, ...] = ()
    row: int = 0
    #: what placing a tile here does beyond its plain bonus (`bonus`), as IR items: a bonus written
    #: as a row of the card language that costs or places something (run as items, checked as any row)
    extra: tuple[dict, ...] = ()


@dataclass
class Map:
    name: str
    areas: dict[str, Area]
    milestones: list[str]
    awards: list[str]
    id: str = ""  # the map file's name: what a save records
    #: areas whose bonus (a row) can fail (a cost, a tile): a tile that may go only there is no
    #: proof for the ledger, and no safe tile for a trial (`trial.TileCheck`)
    risky: frozenset[str] = frozenset()
    #: the map's own goal and bonus steps of global parameters (`globals:` in its file), by word
    tracks: dict = field(default_factory=dict)
    #: how many rows of areas the map has (the bottom row's number)
    rows: int = 0


@dataclass
class Tracks:
    """The global parameters (start, goal, step) and their bonus steps, lowered to IR."""

    start_tr: int
    globals: dict[str, dict]
    bonuses: list[dict]


BOARD_TYPES = ("standard-project", "conversion", "milestone", "award")


@dataclass
class Content:
    """Everything the engine reads. Player cards (projects, corporations) by name; board
    components (standard projects, conversions, milestones, awards) by type and then name,
    since a standard project may share its printed name with a project card."""

    cards: dict[str, dict]
    map: Map
    tracks: Tracks
    modules: tuple[str, ...]
    rules: GameRules
    board: dict[str, dict[str, dict]] = field(default_factory=dict)
    flow: GameFlow | None = None  # the game's structure, from the modules' manifests and the variants on
    variants: dict[str, str] = field(default_factory=dict)  # the variants the modules offer, id -> meaning
    #: cards of the modules in play that this game leaves out, each with why (F002: they depend on a
    #: subsystem a variant leaves out)
    left_out: dict[str, str] = field(default_factory=dict)
    #: the errors of the cards that did not compile, when the content was asked to go on without
    #: them (`load_content(..., skip_broken=True)`: a scenario run); those cards are in `left_out`
    not_compiled: tuple[Diagnostic, ...] = ()
    slugs: dict[str, dict[str, str]] = field(default_factory=dict)
    # values derived from the content alone, keyed by value (names, board signatures), bounded
    # where the keys are not (tmars/memo.py); nothing here is keyed on an object's id
    memo: Memo = field(default_factory=Memo, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.slugs = {t: {slug(n): n for n in cards} for t, cards in self.board.items()}
        # the wild tags the cards carry (tags a manifest says stand for any): requirements and counts
        # during their owner's actions count them (F330); read at every menu, so said once; a game
        # without them skips the work
        self.wild = tuple(t for t in vocab.WILD_TAGS if any(t in c.get("tags", ()) for c in self.cards.values()))
        self.row_losses: dict[str, bool] = {}  # named row -> loses resources after its cost (feasible.py)
        self.row_plain_losses: dict[str, tuple] = {}  # named row -> its cost's plain losses (feasible.py)
        self.row_split: dict[str, bool] = {}  # named row -> its plain losses are tested apart (offers.py)
        # whether any card lets the resources it holds pay for cards (rules.card_payments)
        self.card_pay = any(m["mod"] == "pay" and "n" in m for c in self.cards.values()
                            for e in c.get("effects", ()) for m in e.get("mods", ()))
        # whether any card changes the price of buying a card (`discount N on buy`, rules.buy_price)
        self.buy_discounts = any(m["mod"] == "discount" and any(t["event"] == "buy" for t in m.get("on", ()))
                                 for c in self.cards.values() for e in c.get("effects", ()) for m in e.get("mods", ()))
        # the events that count a tag of their own while they resolve (F105): a tag
        # count looks at the event being played only in a game that has one
        self.own_tag_events = frozenset(
            c["name"] for c in self.cards.values() if c["type"] == "event" and any(
                n.get("per", {}).get("count", "")[:-4] in c["tags"] for n in walk(c.get("play", ()))))
        # the kinds of event some card's trigger matches: an event of another kind fires nothing
        # (one is emitted for every production step, tag and tile), so the engine need not look
        self.listened = frozenset(TRIGGERS[t["event"]].listens for c in self.cards.values()
                                  for e in c.get("effects", ()) if "on" in e for t in e["on"])
        # the sources of the standing effects no card gives (a mechanic's `standing`: a ruling
        # party's policy, `rules.standing`); what they listen to may change, so with any the
        # engine looks at every event
        self.standing_hooks = tuple(m.standing for m in self.mechanics if m.standing)
        self.mechanic_names = frozenset(m.name for m in self.mechanics)  # those switched on
        if self.standing_hooks:
            self.listened = frozenset(kind.listens for kind in TRIGGERS.values())

    def of_type(self, *types: str) -> list[dict]:
        found = self.memo.get(("of-type", types))
        if found is None:
            board = [c for t in types for c in self.board.get(t, {}).values()]
            found = self.memo[("of-type", types)] = board + [c for c in self.cards.values() if c["type"] in types]
        return found

    def shows(self, name: str, res: str) -> bool:
        """Does the card show this card resource's icon anywhere (held, in a cost, a requirement, a
        count; F298)? A fact of its IR (`compiler.compile.words_used`), remembered per card."""
        found = self.memo.get(("shows", name))
        if found is None:
            from compiler.compile import words_used
            found = self.memo[("shows", name)] = frozenset(w for w, kind in words_used(self.cards[name])
                                                           if kind == "card_resources")
        return res in found

    def slug(self, name: str) -> str:
        """slug(name), memoised: option ids are built from names at every decision."""
        found = self.memo.get(("slug", name))
        if found is None:
            found = self.memo[("slug", name)] = slug(name)
        return found

    def component(self, kind: str, key: str) -> dict:
        """A board component by type and slug ('standard-project', 'power-plant') or by name."""
        names = self.board[kind]
        return names[key] if key in names else names[self.slugs[kind][key]]

    def in_game(self, card: dict) -> bool:
        """Is every module (or variant) the card needs in play? (A card that needs another is left out.)"""
        return all(m in self.modules or m in self.flow.variants for m in card.get("needs", ()))

    def project_deck(self) -> list[str]:
        """The project cards in the game, in printed order (a new list: the caller shuffles it)."""
        deck = self.memo.get("project-deck")
        if deck is None:
            cards = [c for c in self.cards.values()
                     if c["type"] in ("automated", "active", "event") and self.in_game(c)]
            deck = self.memo["project-deck"] = tuple(sorted((c["name"] for c in cards),
                                                            key=lambda n: (self.cards[n].get("number", ""), n)))
        return list(deck)

    @property
    def mechanics(self) -> tuple[Mechanic, ...]:
        """The engine's mechanics this game's modules and variants switch on (tmars/mechanic.py)."""
        found = self.memo.get("mechanics")
        if found is None:
            found = self.memo["mechanics"] = switched_on(self.flow.mechanics if self.flow else ())
        return found

    @property
    def one_player(self) -> bool:
        """Is this the game of one player? Its module (a manifest's `one_player`) is in play."""
        found = self.memo.get("one-player")
        if found is None:
            found = self.memo["one-player"] = one_player(self.modules)
        return found

    @property
    def opponent(self) -> str:
        """The neutral opponent red-bordered effects may target, as the log names it ('' when the
        game has none): a mechanic brings it (the solo game's, F259)."""
        found = self.memo.get("opponent")
        if found is None:
            found = self.memo["opponent"] = next((m.opponent for m in self.mechanics if m.opponent), "")
        return found

    @property
    def neutral_actor(self) -> str:
        """Who raises a track or places a tile for no player (a mechanic names them), as the log says it."""
        return next((m.neutral_actor for m in self.mechanics if m.neutral_actor), "no player")

    def in_printed_order(self, card_type: str) -> list[str]:
        """The cards of a type in this game, in printed order (by number, then name)."""
        cards = [c for c in self.of_type(card_type) if self.in_game(c)]
        return sorted((c["name"] for c in cards), key=lambda n: (self.cards[n].get("number", ""), n))

    def corporations(self) -> list[str]:
        """The corporation deck: every corporation but the beginner variant's (rules.yaml)."""
        return [c["name"] for c in self.of_type("corporation")
                if c["name"] not in self.rules.beginner_corporations and self.in_game(c)]

    def beginner_corporations(self) -> list[str]:
        return [c["name"] for c in self.of_type("corporation") if c["name"] in self.rules.beginner_corporations]


def one_player(modules: tuple[str, ...]) -> bool:
    """Is a game of these modules the game of one player? Its module (a manifest's `one_player`) is one."""
    known = manifests()
    return any(known[m].one_player for m in modules if m in known)


class ContentError(ModuleError):
    """Modules that cannot make one game together: two cards of one name, say."""


class CardsDoNotCompile(SystemExit):
    """Cards of the modules asked do not compile. A SystemExit with their messages, so that a
    command which needs every card stops with them; a caller that can go on without those cards
    (a scenario run) catches it, or asks `load_content` with `skip_broken`."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__("\n".join(d.render() for d in diagnostics))
        self.diagnostics = diagnostics


def broken_cards(diagnostics: list[Diagnostic], compiled: set[str]) -> dict[str, Diagnostic] | None:
    """The cards each error stops from compiling, by name (from the files the errors are in: the
    cards written there that did not compile), with the first error of their file; None when an
    error is not in a card file's card (a manifest's, say) and so cannot be left out by name."""
    import yaml
    out: dict[str, Diagnostic] = {}
    for d in diagnostics:
        if d.severity != "error":
            continue
        try:
            data = yaml.safe_load(Path(d.position.path).read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError, UnicodeDecodeError):
            return None
        names = [c["name"] for c in data if isinstance(c, dict) and isinstance(c.get("name"), str)] \
            if isinstance(data, list) else []
        missing = [n for n in names if n not in compiled]
        if not missing:
            return None
        for name in missing:
            out.setdefault(name, d)
    return out


def _by_name(cards: list[dict], modules: tuple[str, ...]) -> dict[str, dict]:
    """Cards by name. A name is one card: a card of a later module takes the place of an earlier
    one only if it says it reprints it (`replaces:`); any other clash is an error."""
    order = {m: i for i, m in enumerate(modules)}
    out: dict[str, dict] = {}
    for card in sorted(cards, key=lambda c: order.get(c["module"], len(order))):
        name = card["name"]
        first = out.get(name)
        if first is not None and card.get("replaces") != name:
            raise ContentError(f"two cards named {name!r}, in modules {first['module']} and {card['module']}; "
                               f"a reprint says so with 'replaces: {name}'")
        out[name] = card
    return out


def load_map(path: Path, components: dict[str, set[str]] | None = None) -> Map:
    """A map file, checked before it is used (compiler/boards.py): a map with any problem makes no
    game, and every problem is said at once, each at its place. `components` (the names of the
    game's cards by type) checks its milestones and awards too."""
    try:
        data, lines = read_board(path)
    except CompileError as e:
        raise ContentError(str(e)) from None
    problems = board_problems(data, str(path), lines, components)
    if problems:
        raise ContentError(str(CompileError(problems)))
    areas: dict[str, Area] = {}
    coords: dict[tuple[int, int], str] = {}
    rows = data["rows"]
    for r, row in enumerate(rows, start=1):
        for c, spec in enumerate(row, start=1):
            aid = area_id(r, c)
            bonus, extra = _area_bonus(spec, str(path), lines)
            areas[aid] = Area(aid, spec["type"], bonus, spec.get("name", ""), bool(spec.get("volcanic")),
                              spec.get("reserved", ""), row=r, extra=extra)
            coords[area_xy(r, c, len(rows))] = aid
    for (x, y), aid in coords.items():
        near = [coords.get(p) for p in ((x - 2, y), (x + 2, y), (x - 1, y - 1), (x + 1, y - 1),
                                        (x - 1, y + 1), (x + 1, y + 1))]
        areas[aid].neighbours = tuple(n for n in near if n)
    for spec in data.get("off_map", []):
        areas[spec["id"]] = Area(spec["id"], "off", [], spec.get("name", ""), False, spec.get("reserved", ""))
    from compiler.strictyaml import where
    tracks = {word: {**spec, "bonuses": [{**b, "source": (str(path), *where(b, "do"))} for b in spec["bonuses"]]}
              if "bonuses" in spec else dict(spec) for word, spec in (data.get("globals") or {}).items()}
    return Map(data["name"], areas, data.get("milestones", []), data.get("awards", []), path.stem,
               risky_areas(areas), tracks, len(rows))


def risky_areas(areas: dict[str, Area]) -> frozenset[str]:
    """The areas whose bonus row can fail (a cost, a tile): `Map.risky`."""
    from compiler.ops import items_cannot_fail
    return frozenset(a for a, area in areas.items()
                     if area.extra and not items_cannot_fail(list(area.extra), True, None))


def _area_bonus(spec: dict, path: str, lines: list[str]) -> tuple[list[str], tuple[dict, ...]]:
    """An area's bonus as (its plain words: resources gained and cards drawn, which placing the
    tile gives at once; the rest of its row, run as items after them)."""
    from compiler.boards import bonus_row
    from compiler.ops import Cards, Resource
    from compiler.strictyaml import where
    bonus = spec.get("bonus", [])
    if isinstance(bonus, list):
        return list(bonus), ()
    words, extra = [], []
    for node in bonus_row(bonus, path, *where(spec, "bonus"), lines):
        plain = {k for k in node if k not in ("op", "n")} <= ({"res"} if node["op"] == Resource.name else set())
        if plain and node["n"] > 0 and node["op"] == Resource.name and node["res"] in vocab.PLACEMENT_BONUSES:
            words += [node["res"]] * node["n"]
        elif plain and node["n"] > 0 and node["op"] == Cards.name:
            words += ["card"] * node["n"]
        else:
            extra.append(node)
    return words, tuple(extra)


def load_tracks(rules: GameRules) -> Tracks:
    bonuses = []
    for b in rules.bonuses:
        source = b.get("source", ("module.yaml", 1, 1))
        try:
            alts = lower_field(SourceText(b["do"], *source), "row")
        except CompileError as e:  # a track's bonus in a manifest, said at its place in the file
            try:
                lines = Path(source[0]).read_text(encoding="utf-8").splitlines()
                lower_field(SourceText(b["do"], *source, file_lines=lines), "row")
            except (OSError, CompileError) as placed:
                e = placed if isinstance(placed, CompileError) else e
            raise ContentError(str(e)) from None
        bonuses.append({"param": b["param"], "at": b["at"], "do": alts[0]})
    return Tracks(rules.start_tr, rules.globals, bonuses)


@lru_cache(maxsize=1)
def _map_files() -> dict[str, Path]:
    """The shipped maps, looked for once per process as the content is compiled once: a new game
    asks for them, and searching the folders took half the time of setting one up."""
    return {p.stem: p for p in sorted(CARDS_ROOT.glob(f"*/{MAP_FOLDER}/*.yaml"))}


def available_maps() -> list[str]:
    return sorted(_map_files())


def map_file(name: str) -> Path:
    return _map_files()[slug(name)]


def with_map_module(modules: tuple[str, ...], map_name: str) -> tuple[str, ...]:
    """The modules of a game on this map: the map's own module (`module:` in its file, which holds
    its milestones and awards) joins them when it is not there, with what it requires."""
    from compiler.modules import resolve
    mid = _map_module(map_name)
    return modules if not mid or mid in modules else resolve(modules + (mid,))


def for_players(modules: tuple[str, ...], players: int) -> tuple[str, ...]:
    """The modules of a game of this many players: the solo game's module (a manifest's
    `one_player`) joins a game of one player, with what it requires (the solo game always plays
    with Corporate Era, F256); a game of more players is refused with it."""
    from compiler.modules import resolve
    known = manifests()
    solo = sorted(m for m, module in known.items() if module.one_player)
    mine = [m for m in modules if m in solo]
    if players != 1:
        if mine:
            raise ModuleError(f"module {mine[0]!r} is the game of one player: play it with --players 1")
        return modules
    if mine or not solo:
        return modules
    wanted = [*modules, *(r for r in known[solo[0]].requires if r not in modules), solo[0]]
    return resolve(tuple(dict.fromkeys(wanted)))


@lru_cache(maxsize=32)
def _map_module(map_name: str) -> str | None:
    """The module a map file names, read once a process (a new game asks for it)."""
    from compiler.boards import read_board
    data, _ = read_board(map_file(map_name))
    return data.get("module") if isinstance(data, dict) else None


@lru_cache(maxsize=8)
def load_content(modules: tuple[str, ...] = ("base", "corpera"), map_name: str = "tharsis",
                 variants: tuple[str, ...] = (), skip_broken: bool = False) -> Content:
    """Compile (from cache when unchanged) the given modules and load the map. A card that does
    not compile raises CardsDoNotCompile; with `skip_broken`, the game is made without such cards
    (each in `left_out`, saying why) when every error is a card's own."""
    known = manifests()
    result = compile_paths([folder_of(m) if m in known else CARDS_ROOT / m for m in modules
                            if m in known or (CARDS_ROOT / m).exists()])
    broken: dict[str, Diagnostic] = {}
    if not result.ok:
        found = broken_cards(result.diagnostics, {c["name"] for c in result.cards}) if skip_broken else None
        if found is None:
            raise CardsDoNotCompile(result.diagnostics)
        broken = found
    flowless = without_flow(modules, tuple(variants))
    # a game of one player reads each card's solo rows in the place of its own fields, any other
    # game its own: said once here, so that nothing the engine does asks which game it is
    one = one_player(modules)
    compiled = [played(c, one) for c in result.cards if not (c.get("replaces") and c["module"] in flowless)]
    cards = _by_name([c for c in compiled if c["type"] not in BOARD_TYPES], modules)
    components: dict[str, dict[str, dict]] = {t: {} for t in BOARD_TYPES}
    for c in compiled:
        if c["type"] in BOARD_TYPES and all(m in modules or m in variants for m in c.get("needs", ())):
            components[c["type"]][c["name"]] = c
    from .flow import checked_flow
    names = {t: set(cards) for t, cards in components.items()}
    board = with_module_components(load_map(map_file(map_name), names), modules, components)
    game_rules = on_this_map(load_rules(modules), board)
    if not game_rules.milestones_awards:  # not used in this game (the solo game's, F238)
        board.milestones, board.awards = [], []
        components["milestone"], components["award"] = {}, {}
    flow = checked_flow(load_flow(modules, tuple(sorted(variants))))
    kept = unplugged(cards, flow.mechanics)
    board = unplugged_map(board, flow.mechanics)
    left_out = {name: f"it needs a part of module {cards[name]['module']} that this game's variants leave out (F002)"
                for name in cards if name not in kept}
    left_out |= {name: f"it does not compile ({d.position.path}:{d.position.line}:{d.position.col} {d.code})"
                 for name, d in broken.items()}
    content = Content(kept, board, unplugged_tracks(load_tracks(game_rules), flow.mechanics), modules, game_rules,
                      components, flow, variants_of(modules), left_out,
                      not_compiled=tuple(d for d in result.diagnostics if broken))
    _settle()
    return content


def on_this_map(game_rules: GameRules, board: Map) -> GameRules:
    """The rules with the map's own goals and bonus steps of the global parameters in play (a map
    with longer tracks); a track the map names that no module in play brings is
    left alone."""
    changed = {w: spec for w, spec in board.tracks.items() if w in game_rules.globals}
    if not changed:
        return game_rules
    from dataclasses import replace
    globals_ = {w: {**spec, **({"goal": changed[w]["goal"]} if "goal" in changed.get(w, {}) else {})}
                for w, spec in game_rules.globals.items()}
    redone = {w for w, spec in changed.items() if "bonuses" in spec}
    bonuses = [b for b in game_rules.bonuses if b["param"] not in redone]
    bonuses += [{"param": w, "at": b["at"], "do": b["do"], "source": b["source"]}
                for w in sorted(redone) for b in changed[w]["bonuses"]]
    return replace(game_rules, globals=globals_, bonuses=tuple(bonuses))


def unplugged_tracks(tracks: Tracks, on: tuple[str, ...]) -> Tracks:
    """The tracks' bonus steps without what needs a mechanic the game does not switch on (a colony
    at a Venus step, without Colonies)."""
    from compiler.unplug import items_without, mechanics_named
    off = frozenset(mechanics_named() - set(on))
    tracks.bonuses = [{**b, "do": items_without(b["do"], off)} for b in tracks.bonuses]
    return tracks


def unplugged_map(board: Map, on: tuple[str, ...]) -> Map:
    """The map's bonus rows without what needs a mechanic this game does not switch on (a delegate
    an area sends, in a game without the committee: F035, that bonus is ignored)."""
    from compiler.unplug import items_without, mechanics_named
    off = mechanics_named() - set(on)
    for area in board.areas.values():
        if area.extra:
            area.extra = tuple(items_without(list(area.extra), frozenset(off)))
    board.risky = risky_areas(board.areas)
    return board


def unplugged(cards: dict[str, dict], on: tuple[str, ...]) -> dict[str, dict]:
    """The game's cards with what refers to a mechanic this game does not switch on left out, and
    those that depend on one left out of the game (F002: Turmoil's or Colonies' cards without the
    rest of the expansion, `compiler/unplug.py`). In a game with every subsystem its cards need,
    the cards as compiled."""
    from compiler.unplug import mechanics_named, without
    off = mechanics_named() - set(on)
    out = {}
    for name, card in cards.items():
        kept = without(card, off)
        if kept is not None:
            out[name] = kept
    return out


_settled = False
#: the allocations between two looks of the collector at its youngest generation, at least (Python's
#: default is 700): play allocates many small containers (tasks, options, events), nearly all freed
#: by their counts at once and none in a cycle, so that a look every 700 finds nothing and costs
#: about 1 % of the engine's instructions; a look every 7,000 costs a tenth of that
YOUNG_COLLECTION_EVERY = 7_000


def _settle() -> None:
    """Once a process has its first content, what it has built (the compiled cards, the parser, the
    registries) lives as long as the process: frozen out of the collector's sight, so that each
    collection during play scans only what play allocates, however large the library grows. Once
    only, and after a collection: what is frozen is never freed. The collector then looks at what
    play allocates less often (`YOUNG_COLLECTION_EVERY`), unless the host asked for rarer looks."""
    global _settled
    if not _settled:
        _settled = True
        import gc
        gc.collect()
        gc.freeze()
        young, *older = gc.get_threshold()
        if 0 < young < YOUNG_COLLECTION_EVERY:
            gc.set_threshold(YOUNG_COLLECTION_EVERY, *older)


def with_module_components(board: Map, modules: tuple[str, ...], components: dict[str, dict[str, dict]]) -> Map:
    """The map's milestones and awards, plus those the modules in play add to any map (Venus Next's,
    say; a name no module's cards define is refused), and the off-map areas they add."""
    known = manifests()
    for m in modules:
        adds = known[m].adds_to_map if m in known else {}
        for spec in adds.get("off_map", ()):
            if spec["id"] in board.areas:
                raise ContentError(f"module {m} adds the area {spec['id']!r}, which the map already has")
            board.areas[spec["id"]] = Area(spec["id"], "off", [], spec["name"], False, spec["reserved"])
        for kind, names in (("milestone", board.milestones), ("award", board.awards)):
            for name in adds.get(f"{kind}s", ()):
                if name not in components[kind]:
                    raise ContentError(f"module {m} adds the {kind} {name!r} to the map, but no card of the game "
                                       f"is that {kind}")
                if name not in names:
                    names.append(name)
    return board


ON_FORGET.extend([load_content.cache_clear, _map_module.cache_clear])
