"""The shape of a game: setup, generations, phases and turns, and the legal actions of a turn.

Phases push tasks onto the stack; the interpreter runs them. Everything legal is computed
from the content, so a standard project, conversion, milestone or award is just a card.
"""

from __future__ import annotations

from typing import Any

from compiler.text import items_text

from . import feasible, rules, scoring
from .content import Content, slug
from .interpreter import HANDLERS, Interp, ask_one, decision, option
from .rng import shuffle


# ---- setup ----------------------------------------------------------------------
def start_mc(content: Content, corp: str) -> int:
    return sum(n["n"] for n in content.cards[corp].get("start", ()) if n["op"] == "resource" and n["res"] == "mc")


def hand_is_free(content: Content, corp: str) -> bool:
    return any(m.get("name") == "starting-hand-free" for e in content.cards[corp].get("effects", ())
               for m in e.get("mods", ()))


def h_setup_choose(g: Interp, task: dict, answer: Any) -> dict | None:
    """Choose a corporation, then which dealt cards to keep (F178), privately."""
    p = task["p"]
    pl = g.state["players"][p]
    if "corp" not in task:
        if len(pl["dealt_corps"]) == 1:
            task["corp"] = pl["dealt_corps"][0]
        elif answer is None:
            return decision(p, "corporation", "Choose your corporation",
                            [option(c, c) for c in pl["dealt_corps"]])
        else:
            task["corp"] = answer
            answer = None
    corp = task["corp"]
    if hand_is_free(g.content, corp) or not pl["dealt"]:
        keep = list(pl["dealt"])
    else:
        most = min(len(pl["dealt"]), start_mc(g.content, corp) // g.content.rules.card_price)
        if answer is None:
            return decision(p, "select", f"Keep cards at {g.content.rules.card_price} M€ each (as {corp})",
                            [option(c, c) for c in pl["dealt"]], min=0, max=most)
        keep = list(answer)
    pl["setup_corp"] = corp
    pl["setup_keep"] = keep
    return None


def h_reveal(g: Interp, task: dict, answer: Any) -> dict | None:
    """Reveal in player order: corporation, its start, then pay for the kept cards (F180, F195)."""
    p = task["p"]
    st = g.state
    pl = st["players"][p]
    corp = pl.pop("setup_corp")
    keep = pl.pop("setup_keep")
    pl["corp"] = corp
    pl["played"].insert(0, {"name": corp, "res": 0, "used": False, "area": None})
    card = g.content.cards[corp]
    if card.get("first_action"):
        pl["first_action"] = True
    st["discard"].extend(c for c in pl.pop("dealt") if c not in keep)
    pl.pop("dealt_corps", None)
    g.log(f"{pl['name']} reveals {corp} and keeps {len(keep)} card(s)")
    g.push({"t": "buy_start", "p": p, "cards": keep, "free": hand_is_free(g.content, corp)})
    g.push({"t": "batch", "p": p, "entries": [{"items": [n], "ctx": {"p": p, "card": corp}}
                                              for n in card.get("start", ())]})
    for t in card["tags"]:
        g.emit({"kind": "tag", "tag": t, "p": p, "card": corp})
    return None


def h_buy_start(g: Interp, task: dict, answer: Any) -> dict | None:
    pl = g.state["players"][task["p"]]
    if not task["free"]:
        pl["res"]["mc"] -= g.content.rules.card_price * len(task["cards"])
    pl["hand"].extend(task["cards"])
    return None


# ---- the action phase --------------------------------------------------------------
def playable_cards(g: Interp, p: int) -> list[str]:
    st, content = g.state, g.content
    out = []
    for name in dict.fromkeys(st["players"][p]["hand"]):
        card = content.cards[name]
        if not rules.requirements_met(st, content, p, card):
            continue
        cost = rules.card_cost(st, content, p, name)
        reserve = feasible.reserved_resources(g, p, card)
        if not rules.can_pay(st, content, p, cost, "building" in card["tags"], "space" in card["tags"], reserve):
            continue
        if not feasible.card_offerable(g, p, card):
            continue
        out.append(name)
    return out


def usable_actions(g: Interp, p: int) -> list[str]:
    """Played cards whose action (one of its alternatives) can be carried out now."""
    out = []
    for e in g.state["players"][p]["played"]:
        alts = g.content.cards[e["name"]].get("action")
        if not alts or e.get("used"):
            continue
        name = e["name"]
        if any(feasible.row_offerable(g, p, f"act:{name}", f"act:{name}:{i}", a["cost"], a["gain"],
                                      {"p": p, "card": name}) for i, a in enumerate(alts)):
            out.append(name)
    return out


def std_usable(g: Interp, p: int, card: dict) -> bool:
    cost = rules.std_cost(g.state, g.content, p, card)
    if not rules.can_pay(g.state, g.content, p, cost):
        return False
    slug_ = g.content.slug(card["name"])
    # the cost is paid first and nothing of the project can pay it: checked above
    return feasible.row_offerable(g, p, f"std:{slug_}", f"std:{slug_}", [], card.get("play", []), {"p": p})


def conversion_cost(g: Interp, p: int, card: dict) -> list[dict]:
    """The conversion's cost items, less any discount given in the spent resource."""
    alt = card["action"][0]
    out = []
    for node in alt["cost"]:
        if node["op"] == "resource" and node["n"] < 0:
            subject = {"kind": "conversion", "res": node["res"], "name": card["name"], "cost": 0}
            off = rules.discount(g.state, g.content, p, subject, unit=node["res"])
            node = {**node, "n": min(0, node["n"] + off)}
        out.append(node)
    return out


def conversion_usable(g: Interp, p: int, card: dict, counts: bool = True) -> bool:
    slug_ = g.content.slug(card["name"])
    return feasible.row_offerable(g, p, f"convert:{slug_}", f"convert:{slug_}", conversion_cost(g, p, card),
                                  card["action"][0]["gain"], {"p": p}, counts)


def milestone_open(g: Interp, p: int, name: str) -> bool:
    st = g.state
    game_rules = g.content.rules
    if len(st["milestones"]) >= game_rules.milestones_most or any(m["name"] == name for m in st["milestones"]):
        return False
    if not rules.can_pay(st, g.content, p, game_rules.milestone_cost):
        return False
    return all(rules.requirement_met(st, g.content, p, r)
               for r in g.content.component("milestone", name)["requires"])


def award_open(g: Interp, p: int, name: str) -> bool:
    st = g.state
    n = len(st["awards"])
    costs = g.content.rules.award_costs
    if n >= len(costs) or any(a["name"] == name for a in st["awards"]):
        return False
    return rules.can_pay(st, g.content, p, costs[n])


def action_options(g: Interp, p: int) -> list[dict]:
    st, content = g.state, g.content
    pl = st["players"][p]
    opts: list[dict] = []
    if pl.get("first_action"):
        return [option("first-action", f"{pl['corp']}: first action"), option("pass", "pass")]
    for name in playable_cards(g, p):
        opts.append(option(f"play:{name}", f"play {name} ({rules.card_cost(st, content, p, name)} M€)"))
    for name in usable_actions(g, p):
        opts.append(option(f"act:{name}", f"use the action of {name}"))
    for card in content.of_type("standard-project"):
        if std_usable(g, p, card):
            opts.append(option(f"std:{content.slug(card['name'])}", f"standard project: {card['name']}"))
    for card in content.of_type("conversion"):
        if conversion_usable(g, p, card):
            opts.append(option(f"convert:{content.slug(card['name'])}", card["name"]))
    for name in content.map.milestones:
        if milestone_open(g, p, name):
            opts.append(option(f"milestone:{content.slug(name)}", f"claim milestone {name}"))
    for name in content.map.awards:
        if award_open(g, p, name):
            opts.append(option(f"award:{content.slug(name)}",
                               f"fund award {name} ({content.rules.award_costs[len(st['awards'])]} M€)"))
    if st["actions"] >= 1:
        opts.append(option("done", "end turn"))  # passing is taking no action on a turn (F200)
    else:
        opts.append(option("pass", "pass"))
    return opts


def h_turn(g: Interp, task: dict, answer: Any) -> dict | None:
    p = task["p"]
    st = g.state
    if answer is None:
        return decision(p, "action", f"{st['players'][p]['name']}: choose an action", action_options(g, p))
    start_action(g, p, answer)
    return None


def start_action(g: Interp, p: int, choice: str, counts: bool = True) -> None:
    """Carry out a chosen action; `counts` is False for the final greenery round, which has no turns."""
    st, content = g.state, g.content
    pl = st["players"][p]
    kind, _, arg = choice.partition(":")
    if kind == "pass":
        pl["passed"] = True
        st["actions"] = 0
        g.log(f"{pl['name']} passes")
        next_player(st)
        return
    if kind == "done":
        st["actions"] = 0
        next_player(st)
        return
    if counts:
        g.push({"t": "end_action", "p": p})
    if kind == "first-action":
        pl["first_action"] = False
        card = content.cards[pl["corp"]]
        g.log(f"{pl['name']} takes {pl['corp']}'s first action")
        g.push({"t": "batch", "p": p, "entries": [{"items": [n], "ctx": {"p": p, "card": pl["corp"]}}
                                                  for n in card["first_action"]]})
    elif kind == "play":
        card = content.cards[arg]
        g.push({"t": "resolve_card", "p": p, "card": arg})
        g.push({"t": "pay", "p": p, "amount": rules.card_cost(st, content, p, arg),
                "steel": "building" in card["tags"], "titanium": "space" in card["tags"], "why": arg,
                "reserve": feasible.reserved_resources(g, p, card)})
    elif kind == "act":
        g.push({"t": "use_action", "p": p, "card": arg})
    elif kind == "std":
        card = content.component("standard-project", arg)
        cost = rules.std_cost(st, content, p, card)
        g.log(f"{pl['name']} uses the standard project {card['name']}")
        g.push({"t": "std_effects", "p": p, "card": card["name"]})
        if cost:
            g.push({"t": "pay", "p": p, "amount": cost, "why": card["name"]})
    elif kind == "convert":
        card = content.component("conversion", arg)
        g.log(f"{pl['name']} converts: {card['name']}")
        cost = conversion_cost(g, p, card)
        res = next((n["res"] for n in cost if n["op"] == "resource"), "")
        g.push({"t": "batch", "p": p, "entries": []})
        g.push_items([{"op": "pay", "cost": cost, "gain": card["action"][0]["gain"]}], {"p": p})
        g.emit({"kind": "conversion", "res": res, "p": p})
    elif kind == "milestone":
        name = content.component("milestone", arg)["name"]
        st["milestones"].append({"name": name, "player": p})
        g.log(f"{pl['name']} claims {name}")
        g.push({"t": "pay", "p": p, "amount": content.rules.milestone_cost, "why": name})
    elif kind == "award":
        name = content.component("award", arg)["name"]
        cost = content.rules.award_costs[len(st["awards"])]
        st["awards"].append({"name": name, "player": p})
        g.log(f"{pl['name']} funds {name}")
        g.push({"t": "pay", "p": p, "amount": cost, "why": name})


def h_resolve_card(g: Interp, task: dict, answer: Any) -> dict | None:
    """The card leaves the hand and enters play before its effects, so its own tags and
    effects count (F105); the effects and every trigger form one batch in the player's order."""
    p, name = task["p"], task["card"]
    st = g.state
    pl = st["players"][p]
    card = g.content.cards[name]
    pl["hand"].remove(name)
    st.get("last_tile", {}).pop(str(p), None)
    pl["flags"].pop("discount", None)
    pl["flags"].pop("flex", None)
    if card["type"] == "event":
        pl["events"].append(name)
    else:
        pl["played"].append({"name": name, "res": 0, "used": False, "area": None})
    g.log(f"{pl['name']} plays {name}")
    ctx = {"p": p, "card": name}
    g.push({"t": "batch", "p": p, "entries": [{"items": [n], "ctx": ctx} for n in card.get("play", ())]})
    for t in card["tags"]:
        g.emit({"kind": "tag", "tag": t, "p": p, "card": name})
    g.emit({"kind": "card", "p": p, "card": name})
    return None


def h_use_action(g: Interp, task: dict, answer: Any) -> dict | None:
    p, name = task["p"], task["card"]
    alts = g.content.cards[name]["action"]
    ctx = {"p": p, "card": name, "xmin": 1}
    answer, ask = ask_one(answer, p, "choice", f"Which action of {name}?",
                          [option(str(i), f"{items_text(a['cost']) or 'free'} -> {items_text(a['gain'])}")
                           for i, a in enumerate(alts)])
    if ask:
        return ask
    alt = alts[int(answer)]
    entry = rules.find_played(g.state, p, name)
    entry["used"] = True
    used = g.state.setdefault("actions_used", [])
    if name not in used:
        used.append(name)
    g.log(f"{g.pname(p)} uses {name}")
    g.push({"t": "batch", "p": p, "entries": []})
    g.push_items([{"op": "pay", "cost": alt["cost"], "gain": alt["gain"]}], ctx)
    return None


def h_std_effects(g: Interp, task: dict, answer: Any) -> dict | None:
    p = task["p"]
    card = g.content.component("standard-project", task["card"])
    g.push({"t": "batch", "p": p, "entries": [{"items": card.get("play", []), "ctx": {"p": p, "xmin": 1}}]})
    g.emit({"kind": "std", "p": p, "name": card["name"], "cost": card.get("cost", 0)})
    return None


def h_end_action(g: Interp, task: dict, answer: Any) -> dict | None:
    st = g.state
    st["actions"] += 1
    if st["actions"] >= g.content.rules.actions_per_turn:
        st["actions"] = 0
        next_player(st)
    return None


def next_player(st: dict) -> None:
    n = len(st["players"])
    for k in range(1, n + 1):
        q = (st["current"] + k) % n
        if not st["players"][q]["passed"]:
            st["current"] = q
            return


# ---- research, production, end ----------------------------------------------------
def h_research(g: Interp, task: dict, answer: Any) -> dict | None:
    p = task["p"]
    cards = task["cards"]
    most = buyable(g, p, len(cards))
    if answer is None:
        if most == 0:
            answer = []
        else:
            return decision(p, "select", f"Research: buy cards at {g.content.rules.card_price} M€ each",
                            [option(c, c) for c in cards], min=0, max=most)
    buy_cards(g, p, cards, answer)
    return None


def buyable(g: Interp, p: int, offered: int) -> int:
    """How many cards the player can afford at the card price, counting resources usable as M€ (F170)."""
    spend = g.state["players"][p]["res"]["mc"] + rules.spare_payment_value(g.state, g.content, p, ())
    return min(offered, spend // g.content.rules.card_price)


def buy_cards(g: Interp, p: int, cards: list[str], chosen: list[str]) -> None:
    """Chosen cards go to the hand and are paid through the payment step; the rest are discarded."""
    pl = g.state["players"][p]
    for c in cards:
        (pl["hand"] if c in chosen else g.state["discard"]).append(c)
    if chosen:
        g.push({"t": "pay", "p": p, "amount": g.content.rules.card_price * len(chosen), "why": "cards"})


def h_draft(g: Interp, task: dict, answer: Any) -> dict | None:
    """Draft variant: pick one card from the pack in front of you; packs then pass on."""
    p = task["p"]
    draft = g.state["draft"]
    pack = draft["packs"][p]
    if not pack:
        return None
    answer, ask = ask_one(answer, p, "draft", "Draft: keep one card, pass the rest", [option(c, c) for c in pack])
    if ask:
        return ask
    pack.remove(answer)
    draft["picked"][p].append(answer)
    return None


def production(g: Interp) -> None:
    for pl in g.state["players"]:
        res, prod = pl["res"], pl["prod"]
        res["heat"] += res["energy"]
        res["energy"] = 0
        res["mc"] += pl["tr"] + prod["mc"]
        for r in ("steel", "titanium", "plant", "energy", "heat"):
            res[r] += prod[r]
        for e in pl["played"]:
            e["used"] = False
    g.log(f"production phase of generation {g.state['generation']}")


def globals_maxed(g: Interp) -> bool:
    spec = g.content.tracks.globals
    return all(g.state["globals"][k] >= spec[k]["goal"] for k in ("temperature", "oxygen", "oceans"))


def h_final_greenery(g: Interp, task: dict, answer: Any) -> dict | None:
    p = task["p"]
    convs = [c for c in g.content.of_type("conversion")
             if any(n["op"] == "tile" and n["tile"] == "greenery" for n in c["action"][0]["gain"])]
    usable = [c for c in convs if conversion_usable(g, p, c, counts=False)]
    if not usable:
        return None
    if answer is None:
        opts = [option(f"convert:{slug(c['name'])}", c["name"]) for c in usable] + [option("done", "done")]
        return decision(p, "action", "Final greenery: convert plants?", opts)
    if answer == "done":
        return None
    g.push(dict(task))  # asked again after this conversion
    start_action(g, p, answer, counts=False)
    return None


def advance_flow(g: Interp) -> None:
    """Nothing on the stack: move the game on to its next step."""
    st = g.state
    phase = st["phase"]
    n = len(st["players"])
    if phase == "setup":
        s = st["setup"]
        if s["stage"] == "choose":
            if s["i"] < n:
                g.push({"t": "setup_choose", "p": s["i"]})
                s["i"] += 1
                return
            s.update(stage="reveal", i=0)
        if s["i"] < n:
            g.push({"t": "reveal", "p": (st["first"] + s["i"]) % n})
            s["i"] += 1
            return
        st["phase"] = "action"
        st["current"] = st["first"]
        st["actions"] = 0
        return
    if phase == "action":
        if all(pl["passed"] for pl in st["players"]):
            st["phase"] = "production"
            return
        if st["players"][st["current"]]["passed"]:
            next_player(st)
        g.push({"t": "turn", "p": st["current"]})
        return
    if phase == "production":
        production(g)
        cap = st["options"].get("max_generations")
        if globals_maxed(g):
            st["phase"] = "final"
            st["final"] = 0
        elif cap and st["generation"] >= cap:
            st["capped"] = True
            finish(g)
        else:
            new_generation(g)
        return
    if phase == "research":
        r = st["research"]
        if st["options"].get("draft") and r.get("draft_rounds", 0) < g.content.rules.research_draw:
            draft_step(g)
            return
        if r["i"] < n:
            p = (st["first"] + r["i"]) % n
            r["i"] += 1
            g.push({"t": "research", "p": p, "cards": r["cards"][p]})
            return
        st.pop("research")
        st.pop("draft", None)
        st["phase"] = "action"
        st["current"] = st["first"]
        st["actions"] = 0
        return
    if phase == "final":
        if st["final"] < n:
            g.push({"t": "final_greenery", "p": (st["first"] + st["final"]) % n})
            st["final"] += 1
            return
        finish(g)


def new_generation(g: Interp) -> None:
    st = g.state
    n = len(st["players"])
    st["generation"] += 1
    st["first"] = (st["first"] + 1) % n
    for pl in st["players"]:
        pl["passed"] = False
        pl["tr_gen"] = False
        pl["flags"] = {}  # one-generation effects (next card discount or flex) expire
    st["phase"] = "research"
    cards = [[] for _ in range(n)]
    # one card at a time in player order, so a short deck is shared (F085)
    for _ in range(g.content.rules.research_draw):
        for k in range(n):
            p = (st["first"] + k) % n
            cards[p] += g.take_from_deck(1)
    st["research"] = {"i": 0, "cards": cards}
    if st["options"].get("draft"):
        st["draft"] = {"packs": cards, "picked": [[] for _ in range(n)], "turn": 0}
        st["research"]["draft_rounds"] = 0


def draft_step(g: Interp) -> None:
    st = g.state
    n = len(st["players"])
    d, r = st["draft"], st["research"]
    if d["turn"] < n:
        g.push({"t": "draft", "p": d["turn"]})
        d["turn"] += 1
        return
    d["turn"] = 0
    r["draft_rounds"] += 1
    # clockwise in even generations, counter-clockwise in odd (F032)
    shift = 1 if st["generation"] % 2 == 0 else -1
    d["packs"] = [d["packs"][(p - shift) % n] for p in range(n)]
    if r["draft_rounds"] >= g.content.rules.research_draw:
        r["cards"] = d["picked"]


def finish(g: Interp) -> None:
    st = g.state
    st["phase"] = "over"
    st["over"] = True
    st["scores"] = scoring.score(st, g.content)
    g.log("game over")


HANDLERS.update({
    "setup_choose": h_setup_choose, "reveal": h_reveal, "buy_start": h_buy_start, "turn": h_turn,
    "resolve_card": h_resolve_card, "use_action": h_use_action, "std_effects": h_std_effects,
    "end_action": h_end_action, "research": h_research, "draft": h_draft, "final_greenery": h_final_greenery,
})


def new_state(content: Content, players: list[str], seed: int, corporate_era: bool, draft: bool,
              beginners: tuple[int, ...] = (), max_generations: int | None = None) -> dict:
    start_prod = 0 if corporate_era else 1
    st: dict = {
        "version": 1, "seed": seed, "rng": seed & ((1 << 64) - 1),
        "options": {"corporate_era": corporate_era, "draft": draft, "map": content.map.name,
                    "modules": list(content.modules), "max_generations": max_generations},
        "generation": 1, "phase": "setup", "first": 0, "current": 0, "actions": 0,
        "globals": {k: v["start"] for k, v in content.tracks.globals.items()},
        "board": {}, "claims": {}, "deck": content.project_deck(), "discard": [],
        "players": [], "milestones": [], "awards": [], "stack": [], "pending": None,
        "setup": {"stage": "choose", "i": 0}, "log": [], "over": False,
    }
    for name in players:
        st["players"].append({
            "name": name, "corp": None, "tr": content.tracks.start_tr,
            "res": {r: 0 for r in rules.STANDARD}, "prod": {r: start_prod for r in rules.STANDARD},
            "hand": [], "played": [], "events": [], "passed": False, "tr_gen": False, "flags": {},
            "dealt": [], "dealt_corps": [],
        })
    shuffle(st, st["deck"])
    corps = sorted(content.corporations())
    shuffle(st, corps)
    beginner = sorted(content.beginner_corporations())
    g = Interp(st, content)
    for p, pl in enumerate(st["players"]):
        if p in beginners and beginner:
            pl["dealt_corps"] = [beginner[0]]
        else:
            k = content.rules.setup_corporations
            pl["dealt_corps"] = [corps.pop() for _ in range(k)] if len(corps) >= k else corps[:]
    for pl in st["players"]:
        pl["dealt"] = g.take_from_deck(content.rules.setup_cards)
    return st
