"""A quick necessary test for the action menu: a ledger of optimistic gains and mandatory losses.

The offer check of record is the trial search (`trial.py`): the interpreter itself, run on a
copy. The ledger only saves work in front of it. It is a relaxation: it sums, per resource,
production and hand, the most the effects could give and the least they must take, so that
the player's choice of order (F075, F076) is allowed for. When it says no, nothing can
complete; when it says yes for items whose outcome cannot depend on order or choices
(`ledger_is_exact`), that is the answer; otherwise the trial decides.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from compiler.ops import (OPS, TR, Box, CardResource, Production, Raise, Resource, Tile, items_cannot_fail,
                          own_resource_loss, walk)
from compiler.tiles import TILE_KINDS
from compiler.vocab import THAT

from . import board, rules
from .content import Content
from .interpreter import bind_that
from .rules import triggered_effects
from .static import card_play_words, cards_answering_a_play, play_events, unsafe_triggers_in_play
from .trial import TileCheck, action_completes, task_items

#: the ops told apart here, by their declared names (string compares on hot paths)
_CARD_RESOURCE, _PRODUCTION, _RESOURCE, _TILE = CardResource.name, Production.name, Resource.name, Tile.name


#: the most an X chosen later may be, for an optimistic ledger (what bounds it is the trial's to find)
UNBOUNDED = 10**6


class Ledger:
    """Optimistic gains and mandatory losses of one player, plus hard failures. Each op adds
    its own part (`Op.bound`); the ledger gives them the engine `g` for its queries."""

    __slots__ = ("card", "failed", "g", "gain", "held_back", "inexact", "loss", "optimistic", "p", "tile_bonus")

    def __init__(self, g: Any, p: int, optimistic: bool = False) -> None:
        self.g = g
        self.p = p
        #: gains whose amount is not known yet (an X not chosen, cards looked at, bought or
        #: revealed) count at their most; otherwise at 0, and `held_back` says one was
        self.optimistic = optimistic
        self.held_back = False
        #: the card whose items were added (the first): still in the hand, it is being played from
        #: it (a menu's row), and leaves it before its effects
        self.card: str | None = None
        self.gain: dict[tuple, int] = defaultdict(int)
        self.loss: dict[tuple, int] = defaultdict(int)
        self.failed = False
        self.inexact = False  # a part could not say for sure (an override's verdict): no proof
        # count what tiles may give (placement bonuses, ocean adjacency): for rows with a loss
        # outside their cost, which that may pay (F320); such rows are never exact (`ledger_is_exact`)
        self.tile_bonus = False

    def sub(self) -> Ledger:
        led = Ledger(self.g, self.p, self.optimistic)
        led.card = self.card
        led.tile_bonus = self.tile_bonus
        return led

    def add(self, items: list, ctx: dict, mandatory: bool = False) -> None:
        if self.card is None:
            self.card = ctx.get("card")
        for node in items:
            OPS[node["op"]].bound(self.g, node, ctx, self, mandatory)

    def amount(self, node: dict, ctx: dict, for_loss: bool) -> int:
        """An item's amount now; an unchosen X counts at its least for a loss, and for a gain at 0
        (or at its most, `optimistic`)."""
        n = abs(node["n"])
        if node.get("x"):
            x = ctx.get("x")
            if x is None:
                x = ctx.get("xmin", 1) if for_loss else self.unknown_gain(UNBOUNDED)
            n *= x
        if "per" in node:
            n *= self.g.count(ctx["p"], node["per"], ctx, node["n"] > 0)  # as amounts.amount_of counts it
        if "less" in node:
            n = max(0, n - self.g.count(ctx["p"], node["less"], ctx))
        return n

    def unknown_gain(self, most: int) -> int:
        """A gain whose amount is not known yet: `most` when optimistic, else 0 (and say so)."""
        if self.optimistic:
            return most
        self.held_back = True
        return 0

    def ok(self) -> bool:
        if self.failed:
            return False
        pl = self.g.state["players"][self.p]
        floor = self.g.content.rules.floor
        for key, lost in self.loss.items():
            have = self.gain.get(key, 0)
            kind = key[0]
            if kind == "res":
                have += pl["res"][key[1]]
            elif kind == "prod":
                have += pl["prod"][key[1]] - floor(key[1])
            elif kind == "hand":
                hand = pl["hand"]
                have += len(hand) - (self.card in hand)
            elif kind == "cres":
                have += key[2]
            if have < lost:
                return False
        return True


def predicted_trigger_gains(g: Any, p: int, card: dict, led: Ledger) -> None:
    """Gains the player's own effects would give while this card resolves: for its tags, its
    tiles, and the events its effects emit (each production step raised, for Manutech: F076),
    which join the order of the card's effects and may pay its losses."""
    state, content = g.state, g.content
    events = [{"kind": "tag", "tag": t, "p": p} for t in card["tags"]]
    for node in card.get("play", ()):
        if node["op"] == _TILE:
            events.append({"kind": "tile-kind", "tile": node["tile"], "p": p})
    emitted = [{**e, "p": p} for e in play_events(card)]
    effects = [eff for _, own in triggered_effects(state, content, p) for eff in own]
    effects += [eff for eff in card.get("effects", ()) if "on" in eff]
    for eff in effects:
        for ev in events:
            if any(_loosely_matches(t, ev) for t in eff.get("on", ())):
                _add_gains(led, eff["do"], p, card)
        for ev in emitted:
            if any(rules.trigger_matches(t, ev, p, content) for t in eff.get("on", ())):
                _add_gains(led, bind_that(eff["do"], ev), p, card)


def _add_gains(led: Ledger, items: list, p: int, card: dict) -> None:
    """What these items may give, added to the ledger's gains (their losses are theirs)."""
    sub = led.sub()
    sub.add(items, {"p": p, "card": card["name"]})
    for k, v in sub.gain.items():
        led.gain[k] += v


def _loosely_matches(t: dict, ev: dict) -> bool:
    word = t["event"]
    if ev["kind"] == "tag":
        return word == ev["tag"] + "-tag"
    return word in (ev["tile"], "tile")


def spends_own_resources(content: Content, card: dict) -> bool:
    """Do the card's own effects spend standard resources other than M€ (remembered per card)?"""
    memo = content.memo["spends-own"]
    spends = memo.get(card["name"])
    if spends is None:
        spends = memo[card["name"]] = _spends_own_resources(card.get("play", []))
    return spends


def reserved_resources(g: Any, p: int, card: dict) -> dict:
    """Standard resources the card's own effects must spend, net of its own gains: they cannot
    also pay its cost."""
    if not spends_own_resources(g.content, card):
        return {}
    led = Ledger(g, p)
    led.add(card.get("play", ()), {"p": p, "card": card["name"]})
    return {k[1]: v - led.gain.get(k, 0) for k, v in led.loss.items()
            if k[0] == "res" and k[1] != "mc" and v > led.gain.get(k, 0)}


def _spends_own_resources(items: list) -> bool:
    return any(own_resource_loss(node) and node["res"] != "mc" for node in walk(items))


INEXACT = (False, ((), True))


def ledger_is_exact(cost: list, gain: list) -> tuple[bool, tuple[tuple, bool]]:
    """Is the ledger's yes a proof? It is for own gains and losses with fixed amounts (X counts at
    its least, 1) on keys that no item both gains and loses, with at most one tile or only oceans
    (a placement bonus cannot pay a loss outside the cost), choices whose options lose nothing,
    conditions that cannot fail, and overrides whose feasibility test is exact.

    Red-border production decreases are returned apart, as ((resource, amount)…, exact on self):
    when an opponent can take each of them they touch nothing of the player's; when none can, the
    player takes it, which the ledger counted, exactly so unless the same production is also
    gained (then the order of the two matters, unless the player has enough before the gain:
    `exact_for` asks)."""
    gained: set = set()
    lost: set = set()
    red: list[tuple[str, int]] = []
    tiles: list[str] = []
    loss_outside_cost = False
    dynamic = False
    conditions = False
    payers: set = set()  # the resources an M€ loss may be paid with (steel for a building's cost)
    for part, items in (("cost", cost), ("gain", gain)):
        for node in walk(items):
            kind = OPS[node["op"]].exactness(node)
            if kind == "inexact":
                return INEXACT
            dynamic |= kind == "dynamic"
            conditions |= kind == "condition" and part == "gain"  # a cost's condition is met before anything
            if kind == "tile":
                tiles += [node["tile"]] * node.get("n", 1)
            if kind != "amount" or node.get("n", 0) == 0:
                continue
            op, n = node["op"], node["n"]
            if n < 0 and "per" in node:
                return INEXACT
            if n < 0 and op == _RESOURCE and node["res"] == "mc" and not node.get("any") and part == "gain":
                return INEXACT  # an M€ loss competes with the card's cost: let the trial pay both
            key = (op, node.get("res"))
            payers.update(("resource", r) for r in node.get("with", ()))
            if n > 0:
                gained.add(key)
            elif op == _PRODUCTION and node.get("any"):
                if node.get("x"):
                    return INEXACT
                red.append((node["res"], -n))
            elif not (node.get("any") and op in (_RESOURCE, _CARD_RESOURCE)):
                lost.add(key)
                loss_outside_cost |= part == "gain" and op == _RESOURCE
    one_tile = len(tiles) <= 1 or all(t == "ocean" for t in tiles)
    exact = (one_tile and not (gained & lost) and not (tiles and loss_outside_cost) and not (dynamic and lost)
             and not (conditions and (gained or lost or tiles)) and not (payers & lost))
    # a red-border decrease nobody else can take falls on the player: exact too unless also gained
    red_on_self_exact = not ({("production", res) for res, _ in red} & gained)
    return exact, (tuple(red), red_on_self_exact)


def _opponents_take(state: dict, content: Content, p: int, red: tuple) -> bool:
    """Can an opponent take each of these red-border production decreases?"""
    players = state["players"]
    return bool(content.opponent) or all(
        any(q != p and pl["prod"][res] - n >= content.rules.floor(res) for q, pl in enumerate(players))
        for res, n in red)


def exact_for(state: dict, content: Content, p: int, key: str, cost: list, gain: list) -> bool:
    """ledger_is_exact (remembered per named row: a card's play row, an action, a project), with
    its red-border decreases checked against the opponents now."""
    memo = content.memo["ledger-exact"]
    found = memo.get(key)
    if found is None:
        found = memo[key] = ledger_is_exact(cost, gain)
    exact, (red, red_on_self_exact) = found
    return exact and (not red or red_on_self_exact or _opponents_take(state, content, p, red)
                      or _player_takes(state, content, p, red))


def _player_takes(state: dict, content: Content, p: int, red: tuple) -> bool:
    """Can the player take each of these red-border production decreases from what they have now,
    before anything the row gives? Then the order of the row's items does not matter."""
    prod = state["players"][p]["prod"]
    total: dict[str, int] = {}
    for res, n in red:
        total[res] = total.get(res, 0) + n
    return all(prod[res] - n >= content.rules.floor(res) for res, n in total.items())


def safe_for(content: Content, key: str, cost: list, gain: list) -> str | tuple:
    """Can these items never fail (`static.items_cannot_fail`)? 'yes', 'no', or ('tiles', nodes)
    when nothing but its tiles can (whether they have areas decides). Remembered per named row."""
    memo = content.memo["cannot-fail"]
    found = memo.get(key)
    if found is None:
        if items_cannot_fail(cost, True) and items_cannot_fail(gain):
            found = "yes"
        elif items_cannot_fail(cost, True, _ANY_AREA) and items_cannot_fail(gain, False, _ANY_AREA):
            found = ("tiles", tuple(n for n in walk(cost + gain) if n["op"] == _TILE))
        else:
            found = "no"
        memo[key] = found
    return found


def _ANY_AREA(node: dict) -> bool:
    return True


def _tiles_placeable(g: Any, p: int, tiles: tuple) -> bool:
    """Do the tiles of a row that only tiles could stop have their areas (see trial.TileCheck)?"""
    if len(tiles) == 1 and tiles[0].get("n", 1) == 1 and not g.content.map.risky:
        return board.tile_possible(g.state, g.content, p, tiles[0])
    check = TileCheck(g)
    check.p = p
    return all(check.ok(t) for t in tiles)


def card_offerable(g, p: int, card: dict) -> bool:
    """Can playing this card be completed (its cost is affordable: checked before)? As any row,
    except that a loss the ledger cannot cover may be covered by the card's own triggers (F075)."""
    verdict = card_verdict(g, p, card)
    return action_completes(g, p, "play:" + card["name"]) if verdict is None else verdict


def card_verdict(g, p: int, card: dict, play: list | None = None, key: str | None = None) -> bool | None:
    """card_offerable's answer when the static test or the ledger decide; None when a trial must.
    `play` (named by `key`) stands for the card's effects less what is tested apart."""
    if play is None:
        play, key = card.get("play", []), "play:" + card["name"]
    ctx = {"p": p, "card": card["name"]}
    verdict = row_verdict(g, p, key, [], play, ctx)
    if verdict:
        return True
    if verdict is False:  # the card's own triggers may pay (F075); this ledger only ever says no
        led = Ledger(g, p, optimistic=True)
        led.tile_bonus = loses_outside_cost(g.content, key, play)
        led.add(play, ctx)
        predicted_trigger_gains(g, p, card, led)
        if not led.ok():
            return False
    return None


def card_plain_losses(content: Content, card: dict) -> tuple[int, ...]:
    """The places in a card's effects of plain losses of a standard resource other than M€ (1
    plant for Moss) that neither the card nor any effect its own tags or tiles may set off gives
    (`predicted_trigger_gains`): such a loss is met exactly when the player has that much, a test
    apart from the rest of its effects. Remembered per card."""
    memo = content.memo["card-plain-losses"]
    found = memo.get(card["name"])
    if found is None:
        play = card.get("play", [])
        found = ()
        if any(_plain_loss(n) and n["res"] != "mc" for n in play):
            words = card_play_words(content, card)
            cards = content.cards
            answers = [eff["do"] for name in cards_answering_a_play(content) for eff in cards[name]["effects"]
                       if any(t["event"] in words for t in eff.get("on", ()))]
            given = {n.get("res") for items in [play, *answers] for n in walk(items) if n.get("n", 0) > 0}
            if THAT in given:  # a trigger's `+1 that`: the resources the card's events name (F076)
                given |= {e.get("res") for e in play_events(card)}
            found = _alone(play, tuple(i for i, n in enumerate(play)
                                       if _plain_loss(n) and n["res"] not in given | {"mc"}))
        memo[card["name"]] = found
    return found


def _alone(items: list, places: tuple[int, ...]) -> tuple[int, ...]:
    """The plain losses that are the only one of their resource among these items: each is met
    exactly when the player has that much. Two of one resource are left to the ledger, which
    adds them up (each alone may be met where both together are not)."""
    losses = [items[i]["res"] for i in places]
    return tuple(i for i in places if losses.count(items[i]["res"]) == 1)


def _plain_loss(node: dict, x_ok: bool = False) -> bool:
    """A loss of a fixed amount of the player's own resource (not per, up to or anyone's, nor X
    unless `x_ok`: a row's X is at least 1, F214, so its cost's X-loss is met exactly when the player
    has the loss for X = 1, and the X chosen is bounded by what the player has)."""
    return (node["op"] == _RESOURCE and node["n"] < 0
            and not (node.get("any") or (node.get("x") and not x_ok) or node.get("per") or node.get("less")
                     or node.get("upto")))


def loses_outside_cost(content: Content, key: str, gain: list) -> bool:
    """Does a row take the player's own resources after its cost (where a tile's bonus may pay)?
    Remembered per named row, as `safe_for` is: the menu asks it of every row at every prompt."""
    found = content.row_losses.get(key)
    if found is None:
        found = content.row_losses[key] = any(own_resource_loss(n) for n in walk(gain))
    return found


def _cost_unpayable(res: dict, cost: list, gain: list) -> bool:
    """A plain loss of a resource in the cost (8 plants, 8 heat) that the player lacks, and that
    nothing in the row gives: the cost is paid first, so nothing can complete (the ledger would say
    so too, at many times the price: conversions are asked at every menu)."""
    for node in cost:
        if node["op"] != _RESOURCE or node["n"] >= 0 or node["res"] == "mc" or res[node["res"]] >= -node["n"]:
            continue
        if node.get("any") or node.get("x") or node.get("per") or node.get("less") or node.get("upto"):
            continue
        if not any(n.get("res") == node["res"] and n.get("n", 0) > 0 for n in walk(cost + gain)):
            return True
    return False


def plain_cost_losses(content: Content, key: str, cost: list, gain: list) -> tuple[int, ...]:
    """The places in a row's cost of plain losses of a standard resource (8 plants, 1 energy, 2 M€,
    X energy at X = 1) that nothing in the row gives. The cost is paid first, so such a loss is met
    exactly when the player has that much (M€ with what may pay it: `rules.spare_payment_value`): a
    test apart from the rest of the row. Remembered per row."""
    found = content.row_plain_losses.get(key)
    if found is None:
        given = {n.get("res") for n in walk(cost + gain) if n["op"] == _RESOURCE and n.get("n", 0) > 0}
        found = content.row_plain_losses[key] = _alone(cost, tuple(
            i for i, n in enumerate(cost) if _plain_loss(n, x_ok=True) and n["res"] not in given))
    return found


def row_verdict(g, p: int, key: str, cost: list, gain: list, ctx: dict, charges_apart: bool = False) -> bool | None:
    """True or False when the static test or the ledger decide; None when a trial must.
    `charges_apart`: what effects take on each TR step is judged elsewhere (`charges_verdict`)."""
    st, content = g.state, g.content
    if cost and _cost_unpayable(st["players"][p]["res"], cost, gain):
        return False
    risky_triggers = not charges_apart and unsafe_triggers_in_play(st, content)
    safe = safe_for(content, key, cost, gain)
    if not risky_triggers and (safe == "yes" or (safe != "no" and _tiles_placeable(g, p, safe[1]))):
        return True
    losses = content.row_losses.get(key)  # loses_outside_cost, inlined: asked for every row at every menu
    tile_bonus = loses_outside_cost(content, key, gain) if losses is None else losses
    c = {**ctx, "xmin": 1}
    led = _row_ledger(g, p, cost, gain, c, tile_bonus, False)
    if not led.ok():  # a gain counted at 0 may yet pay: only an optimistic ledger's no is final
        return None if led.held_back and _row_ledger(g, p, cost, gain, c, tile_bonus, True).ok() else False
    if not led.inexact and exact_for(st, content, p, key, cost, gain) and not risky_triggers:
        return True
    return None


def _only_charges(g: Any) -> list | None:
    """When the only effects in play that can fail are charges on each TR step that take a fixed
    amount of M€ (a ruling party's policy), those charges' M€ per step for each player; else None.
    No card's triggered effect raising TR may be in play either (its step would be charged too)."""
    from .rules import standing
    from .static import _any_in_play, cards_with_unsafe_triggers
    st, content = g.state, g.content
    if _any_in_play(st, "unsafe-triggers", cards_with_unsafe_triggers(content)):
        return None
    out = []
    for q in range(len(st["players"])):
        per_step = 0
        for _, eff in standing(st, content, q)[1]:
            if "on" not in eff or items_cannot_fail(eff["do"]):
                continue
            if [t["event"] for t in eff["on"]] != ["tr"] or any(t.get("any") for t in eff["on"]):
                return None
            for node in eff["do"]:
                if node["op"] != Resource.name or node["res"] != "mc" or node["n"] >= 0 or set(node) - {
                        "op", "res", "n"}:
                    return None
                per_step -= node["n"]
        for _, own in triggered_effects(st, content, q):
            if any(n["op"] in (TR.name, Raise.name, Tile.name) for eff in own for n in walk(eff["do"])):
                return None
        out.append(per_step)
    return out


def tr_steps_at_most(g: Any, items: list) -> int | None:
    """The TR steps a row may raise at most, every option counted: a TR gain, each global step
    with the two bonus steps it may set off, a tile that raises a track (with its bonus steps);
    None when an amount is counted or X."""
    steps = 0
    for node in walk(items):
        if node["op"] in (TR.name, Raise.name, Tile.name) and (node.get("x") or node.get("per")):
            return None
        if node["op"] == TR.name and node["n"] > 0:
            steps += node["n"]
        elif node["op"] == Raise.name:
            steps += 3 * node["n"]
        elif node["op"] == Tile.name and _track_of(node["tile"]):
            steps += 3 * node.get("n", 1)
    return steps


def _track_of(tile: str) -> str:
    """The global track placing a tile of this kind raises ('' for none): its kind's traits."""
    kind = TILE_KINDS.get(tile)
    return (kind.counts_as_param or kind.global_param) if kind else ""


def _priced_row(g: Any, p: int, choice: str) -> tuple[int, tuple, list, list, str | None] | None:
    """(price in M€, the metals that may pay it, cost, gain, card) of an action-menu choice whose
    whole row is known: a card (its price, then its effects), a standard project (the same), a
    conversion, a card action with one alternative (its cost in its row); None for any other."""
    from .actions import KINDS
    prefix, _, arg = choice.partition(":")
    if prefix == "play" and arg in g.content.cards:
        card = g.content.cards[arg]
        metals = tuple(m for m, tag in (("steel", "building"), ("titanium", "space")) if tag in card.get("tags", ()))
        return rules.card_cost(g.state, g.content, p, arg), metals, [], card.get("play", []), arg
    if prefix == "std":
        card = g.content.component("standard-project", arg)
        return rules.std_cost(g.state, g.content, p, card), (), [], card.get("play", []), None
    if prefix == "convert" or (prefix == "act" and len(g.content.cards[arg].get("action", ())) == 1):
        cost, gain = KINDS[prefix].rows(g, p, arg)
        return 0, (), cost, gain, arg if prefix == "act" else None
    return None


def charges_verdict(g: Any, p: int, choice: str) -> bool | None:
    """What the player's effects take on each TR step (a ruling party's charge, F372) says of an
    action-menu choice before a trial: False when they surely stop it (its price paid as cheaply in
    M€ as may be), True when they are surely paid and nothing else can fail, None when a trial must
    decide. Asked afresh each time (it reads M€, metals and the tracks' room): without it a trial
    of an action that cannot pay its charges searches every order of its effects."""
    if not unsafe_triggers_in_play(g.state, g.content):
        return None
    row = _priced_row(g, p, choice)
    if row is None:
        return None
    price, metals, cost, gain, card = row
    if not _charges_payable(g, p, (price, metals), cost, gain, {"p": p, "card": card, "xmin": 1}):
        return False
    return True if _surely_paid(g, p, choice, row) else None


def _surely_paid(g: Any, p: int, choice: str, row: tuple) -> bool:
    """Is the row completable with the charges on each TR step paid whatever it raises: the
    charges are the only effects that can fail, the player's M€ cover the price (all in M€), the
    row's own M€ losses and a charge on the most TR steps it may raise, and the row is completable
    with the charges left apart?"""
    charges = _only_charges(g)
    if charges is None:
        return False
    price, _, cost, gain, card = row
    steps = tr_steps_at_most(g, cost + gain)
    if steps is None:
        return False
    need = price + steps * charges[p]
    for node in walk(cost + gain):
        if node["op"] == Resource.name and node["res"] == "mc" and node["n"] < 0 and not node.get("any"):
            if node.get("x") or node.get("per") or node.get("less"):
                return False
            need -= node["n"]
    if g.state["players"][p]["res"]["mc"] < need:
        return False
    key = f"charges:{choice}:{cost!r}"  # a row's own key: a conversion's cost may change
    return row_verdict(g, p, key, cost, gain, {"p": p, "card": card}, charges_apart=True) is True


def tr_steps_at_least(g: Any, items: list) -> int:
    """The TR steps a row surely raises, each a `tr` event: its TR gains and its global raises
    (tiles that raise a track included) as far as each track has room, in its own items and
    production boxes only (not in choices, conditions or 'may')."""
    globals_, spec = g.state["globals"], g.content.tracks.globals
    room = {k: max(0, (v["goal"] - globals_[k]) // v["step"]) for k, v in spec.items()}
    steps = 0
    for node in [i for n in items for i in (n["items"] if n["op"] == Box.name else [n])]:
        if node.get("x") or node.get("per") or node.get("n", 1) <= 0:
            continue
        if node["op"] == TR.name:
            steps += node["n"]
        elif node["op"] == Raise.name or (node["op"] == Tile.name and _track_of(node["tile"]) in room):
            track = node["param"] if node["op"] == Raise.name else _track_of(node["tile"])
            k = min(node.get("n", 1), room[track])
            room[track] -= k
            steps += k
    return steps


def _charges_payable(g: Any, p: int, price: tuple[int, tuple], cost: list, gain: list, ctx: dict) -> bool:
    """Can the player pay the row, its `price` (M€, and the metals that may pay it) and what their
    effects take on each TR step for the steps the row surely raises (a ruling party's charge,
    F372)? An optimistic ledger: its no is a proof. The M€ of price and charges are one loss, so
    what may pay M€ (metals, resources as M€) is counted once."""
    charges = [eff for _, own in triggered_effects(g.state, g.content, p) for eff in own if _is_charge(eff)]
    if any(n.get("per") or n.get("x") for n in walk(cost + gain)):
        return True  # a gain counted now may be more once the card is in play (its own tags): a trial decides
    due = charges_due(g, charges, cost + gain)
    if not due:
        return True  # no step surely charged, or a charge of another kind: a trial decides
    mc, metals = price
    extra = []
    for node in due:
        if node["res"] == "mc":
            mc -= node["n"]
        else:
            extra.append(node)
    loss = [{"op": Resource.name, "res": "mc", "n": -mc} | ({"with": list(metals)} if metals else {})] if mc else []
    led = _row_ledger(g, p, loss + extra + cost, gain, ctx, True, True)  # what tiles may give counts
    return led.ok()


def _is_charge(eff: dict) -> bool:
    """Does this triggered effect take something on each step of its own player's TR?"""
    return any(t["event"] == "tr" and not t.get("any") for t in eff["on"])


def charges_due(g: Any, charges: list[dict], items: list) -> list[dict]:
    """What these charges (effects on each TR step) surely take for the steps these items surely
    raise, as resource losses: empty when no step is sure, or when a charge is not a fixed loss of
    the player's own resources (no proof can be made of it)."""
    steps = tr_steps_at_least(g, items) if charges else 0
    due = []
    for eff in charges if steps else ():
        for node in eff["do"]:
            if node["op"] != Resource.name or node["n"] >= 0 or node.get("x") or node.get("per") or node.get("any"):
                return []
            due.append({**node, "n": node["n"] * steps})
    return due


def unit_charges_unpayable(g: Any, stop: int) -> bool:
    """Is it proved that the rest of a unit of play (the tasks above depth `stop`: items, batches
    and raises, one player's) cannot pay what the player's effects take on each TR step it surely
    raises (a ruling party's charge, F372)? An optimistic ledger of those items, the charges
    already queued among them, and the charge on each step to come, with what tiles may give
    counted: its no is a proof. Asked at each decision of a search, so that a search under such a
    charge stops at the first choice after which nothing can pay (which areas, which order)."""
    st = g.state
    if not unsafe_triggers_in_play(st, g.content):
        return False
    parts: list[tuple[list, dict]] = []
    played: list[dict] = []
    for task in st["stack"][stop:]:
        t = task["t"]
        if t == "item":
            parts.append(([task["node"]], task["ctx"]))
        elif t == "batch":
            parts.extend((e["items"], e["ctx"]) for e in task["entries"])
        elif t == "raise" and not task.get("world"):
            parts.append(([{"op": Raise.name, "param": task["param"], "n": task["n"]}], {"p": task["p"]}))
        elif t == "pay":  # a price in M€, which the metals it names may pay
            metals = [m for m in ("steel", "titanium") if task.get(m)]
            price = {"op": Resource.name, "res": "mc", "n": -task["amount"]}
            parts.append(([price | ({"with": metals} if metals else {})], {"p": task["p"]}))
        elif t == "resolve_card":
            card = g.content.cards[task["card"]]
            played.append(card)
            parts.append((card.get("play", []), {"p": task["p"], "card": card["name"]}))
        elif t not in UNIT_BOOKKEEPING:
            return False  # a task this proof cannot read: no proof
    players = {ctx["p"] for _, ctx in parts}
    if len(players) != 1:
        return False
    p = players.pop()
    own = [eff for _, effects in triggered_effects(st, g.content, p) for eff in effects]
    charges = [eff for eff in own if _is_charge(eff)]
    others = [eff for eff in own if not _is_charge(eff)]
    others += [eff for card in played for eff in card.get("effects", ()) if "on" in eff]
    items = [n for row, _ in parts for n in row]
    if _may_give_mc(g, p, _may_fire(g, others, items, played)):
        return False  # how often another effect fires is not counted here: no proof
    if any(n.get("per") or n.get("x") for n in walk(items)):
        return False
    due = charges_due(g, charges, items)
    if not due:
        return False
    led = Ledger(g, p, optimistic=True)
    led.tile_bonus = True
    for items, ctx in parts:
        led.add(items, ctx)
    led.add(due, {"p": p}, mandatory=True)
    return not led.ok()


def _may_fire(g: Any, effects: list[dict], items: list, played: list[dict]) -> list[dict]:
    """The effects that may fire while these items are carried out and these cards resolve: those
    with a trigger word among the events the items may set off (a tile's kind, a track raised and
    what its bonus steps do, a TR or production step, a card's tags), and, in turn, among those
    the effects that fire set off. Filters are not read: a word is enough (an upper bound)."""
    words: set[str] = {"card", "new-tag-type"} if played else set()
    for card in played:
        words |= {f"{t}-tag" for t in card.get("tags", ())}
    fired: list[dict] = []
    frontier, raised = list(items), set()
    while frontier:
        more = []
        for node in walk(frontier):
            op = OPS[node["op"]]
            if op.answer_leads_elsewhere or op.reads_hand_cards:
                return effects  # it may play or reuse anything: every effect may fire
            param = ""
            if node["op"] == Tile.name:
                words |= {node["tile"], "tile"}
                param = _track_of(node["tile"])
            elif node["op"] == Raise.name:
                param = node["param"]
            elif node["op"] == TR.name:
                words.add("tr")
            else:
                words.update(op.emits)
            if param:
                words |= {param, "global", "tr"}
                if param not in raised:
                    raised.add(param)
                    more += [n for b in g.content.tracks.bonuses if b["param"] == param for n in b["do"]]
        newly = [e for e in effects if e not in fired and any(t["event"] in words for t in e["on"])]
        fired += newly
        frontier = more + [n for e in newly for n in e["do"]]
    return fired


def _may_give_mc(g: Any, p: int, effects: list[dict]) -> bool:
    """May one of these triggered effects give the player M€ (which would pay a charge)?"""
    for eff in effects:
        led = Ledger(g, p, optimistic=True)
        led.add(eff["do"], {"p": p})
        if led.gain.get(("res", "mc"), 0) > 0 or led.inexact:
            return True
    return False


def only_mc_ahead(g: Any, stop: int, p: int) -> bool:
    """Does the rest of a unit of play (the tasks between depth `stop` and the decision on top)
    touch none of the player's resources but M€: no other resource, no count, no other payment,
    and none in the player's triggered effects? Then of the ways to pay a price now, the one that
    spends the least M€ leaves the player at least as able to finish (what else it spends is never
    asked for again), and a search tries that way alone."""
    parts: list[list] = [eff["do"] for _, own in triggered_effects(g.state, g.content, p) for eff in own]
    for task in g.state["stack"][stop:-1]:
        if task["t"] in UNIT_BOOKKEEPING:
            continue
        items = task_items(g, task)
        if items is None:
            return False
        parts.append(items)
        if task["t"] == "resolve_card":  # and its own effects, which its tags may set off
            parts += [e["do"] for e in g.content.cards[task["card"]].get("effects", ()) if "on" in e]
    risky = g.content.map.risky  # a tile may go where its bonus asks for something
    for items in parts:
        for node in walk(items):
            if risky and node["op"] == Tile.name:
                return False
            if node.get("any"):
                continue  # a removal from any player (a red border): it asks nothing of the player
            if node.get("res", "mc") != "mc" or "per" in node or "less" in node or "cond" in node:
                return False
    return True


#: tasks of a unit of play with nothing of their own to carry out for the ledger (the turn and the
#: action's end, which the proof of `unit_charges_unpayable` may pass over)
UNIT_BOOKKEEPING = frozenset({"turn", "end_action"})


def _parts_ledger(g: Any, p: int, parts: list[tuple[list, dict]], optimistic: bool) -> Ledger:
    led = Ledger(g, p, optimistic)
    for items, ctx in parts:
        led.add(items, ctx, ctx.get("mandatory", False))
    return led


def _row_ledger(g: Any, p: int, cost: list, gain: list, ctx: dict, tile_bonus: bool, optimistic: bool) -> Ledger:
    led = Ledger(g, p, optimistic)
    led.tile_bonus = tile_bonus
    led.add(cost, ctx, mandatory=True)
    led.add(gain, ctx)
    return led


def items_verdict(g: Any, parts: list[tuple[list, dict]]) -> bool | None:
    """Can these items (with their contexts, one player's) be completed, as far as the ledger can
    say? False when even the relaxation fails; True when the ledger is exact for them; None when
    only a trial can tell."""
    players = {ctx["p"] for _, ctx in parts}
    if len(players) != 1:
        return None
    p = players.pop()
    led = _parts_ledger(g, p, parts, False)
    if not led.ok():  # as in row_verdict: only an optimistic ledger's no is final
        return None if led.held_back and _parts_ledger(g, p, parts, True).ok() else False
    cost = [n for items, ctx in parts if ctx.get("mandatory", False) for n in items]
    gain = [n for items, ctx in parts if not ctx.get("mandatory", False) for n in items]
    exact, (red, red_on_self_exact) = ledger_is_exact(cost, gain)
    if exact and not led.inexact and (not red or red_on_self_exact or _opponents_take(g.state, g.content, p, red)
                                      or _player_takes(g.state, g.content, p, red)):
        return True
    return None
