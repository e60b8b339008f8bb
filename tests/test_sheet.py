"""Reference sheets (`tmars sheet`): drawn from the IR, checked in a real browser, rules text.

The browser tests need headless Chromium (Debian package `chromium`; .ci/run installs it). They
never skip: without Chromium they fail with a message saying how to install it.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

import pytest

from compiler import text as rules
from compiler import vocab
from compiler.library import compile_paths
from compiler.sheet import SheetError, geometry, make_sheet, render
from compiler.sheet.pdf import pdf_page_count, probe, write_pdf
from tmars.cli import main

CARDS = compile_paths().cards
BASE = [c for c in CARDS if c["module"] == "base"]


@pytest.fixture(scope="module")
def base_sheet():
    return make_sheet(CARDS, modules=["base"])


def names_in(html: str) -> Counter:
    from html import unescape
    return Counter(unescape(n) for n in re.findall(r'<article\b[^>]*?data-card="([^"]*)"', html))


# ---- the HTML itself ---------------------------------------------------------------------------
def test_every_base_card_is_in_the_html(base_sheet):
    assert names_in(base_sheet.html) == Counter(c["name"] for c in BASE)
    assert base_sheet.cards == len(BASE) == 166


def test_the_html_is_self_contained(base_sheet):
    html = base_sheet.html
    refs = re.findall(r'\b(?:src|href|xlink:href)\s*=\s*"([^"]*)"', html)
    assert refs and all(r.startswith("#") for r in refs), {r for r in refs if not r.startswith("#")}
    assert not re.search(r"https?:", html), "no network address anywhere, not even an xmlns"
    assert "<link" not in html and "@import" not in html and "url(" not in html
    assert "<script" not in html, "the sheet needs no script to lay itself out"
    assert "<style>" in html and 'id="i-plant"' in html


def test_cards_are_sorted_by_number_with_a_header_per_module():
    sheet = make_sheet(CARDS, layout="grid")
    numbers = re.findall(r'data-number="(\d{3})" data-module="base"', sheet.html)
    assert numbers == sorted(numbers) and len(numbers) == 137
    headers = re.findall(r"<h2>([^<]*)</h2>", sheet.html)
    assert headers == ["Key to the icons", "Amazonis &amp; Vastitas Borealis", "Base game", "Colonies", "Corporate Era",
                       "Hellas &amp; Elysium", "Prelude", "Solo game", "Turmoil", "Venus Next"]


def test_cards_are_drawn_from_the_ir():
    html = {c["name"]: render.render_card(c) for c in CARDS if c["type"] != "standard-project"}
    birds = html["Birds"]
    assert re.search(r'class="grp box"><span class="grp"><span class="any">.*?aria-label="plants"', birds), \
        "red-bordered plant production in a brown box"
    assert 'class="ic arrow"' in birds and "p-action" in birds, "red arrow of the action"
    assert 'aria-label="animal"' in birds.split('class="holds"')[1][:400], "held resource"
    assert 'class="vp"' in birds and "13%" in birds
    assert 'class="req max"' in html["Colonizer Training Camp"], "a maximum requirement is marked as such"
    assert 'class="req max"' not in birds
    assert 'class="colon"' in html["Arctic Algae"] and 'class="any"' in html["Arctic Algae"]
    assert 'class="ic star"' in html["Robotic Workforce"] and "starmark" in html["Robotic Workforce"]
    assert 'class="ic star"' in html["Pets"] and "starmark" not in html["Birds"]
    assert html["Research"].count('aria-label="science tag"') == 2, "tags as icons, repeats kept"
    assert "t-event" in html["Comet"] and "t-active" in birds and "t-corporation" in html["Ecoline"]


def test_no_card_is_named_in_the_sheet_code():
    code = "".join(p.read_text() for p in Path(render.__file__).parent.glob("*.py"))
    named = [c["name"] for c in CARDS if f'"{c["name"]}"' in code or f"'{c['name']}'" in code]
    assert not named


def test_paper_sizes_and_greyscale():
    a4 = make_sheet(CARDS, names=["Birds"], paper="a4")
    letter = make_sheet(CARDS, names=["Birds"], paper="letter")
    assert "@page{size:210.0mm 297.0mm" in a4.html
    assert "@page{size:215.9mm 279.4mm" in letter.html
    assert geometry("letter").scale < geometry("a4").scale <= 1
    grey = make_sheet(CARDS, names=["Birds"], grey=True)
    assert '<html lang="en" class="grey">' in grey.html and 'class="grey"' not in a4.html
    block = re.search(r"\.grey\{([^}]*)\}", grey.html).group(1)
    for value in re.findall(r"#([0-9a-fA-F]{3,6})\b", block):
        rgb = value if len(value) == 6 else "".join(ch * 2 for ch in value)
        assert rgb[0:2] == rgb[2:4] == rgb[4:6], f"#{value} in the greyscale palette is not a grey"


def test_selection_errors_and_page_arithmetic():
    with pytest.raises(SheetError, match="did you mean 'Birds'"):
        make_sheet(CARDS, names=["Brids"])
    with pytest.raises(SheetError, match="unknown module"):
        make_sheet(CARDS, modules=["nope"])
    one = make_sheet(CARDS, names=["birds"], legend=False)
    assert one.pages == 1 and one.cards == 1
    both = make_sheet(CARDS, names=["Asteroid"], legend=False)
    assert both.cards == 2, "the event and the standard project share a name"
    assert make_sheet(CARDS, layout="list").pages is None


def test_cli_sheet(tmp_path, capsys):
    out = tmp_path / "promo.html"
    assert main(["sheet", "--module", "base", "--only", "Birds", "Capital", "-o", str(out), "--no-legend"]) == 0
    assert names_in(out.read_text()) == Counter({"Birds": 1, "Capital": 1})
    assert "2 card(s)" in capsys.readouterr().out
    assert main(["sheet", "--only", "Brids", "-o", str(out)]) == 2
    assert "did you mean 'Birds'" in capsys.readouterr().err
    assert main(["sheet", "-o", str(tmp_path / "x.txt")]) == 2
    own = tmp_path / "mypromo"
    own.mkdir()
    (own / "cards.yaml").write_text('- name: Test Promo\n  number: "X01"\n  type: automated\n  cost: 5\n'
                                    '  tags: [plant]\n  play: "[+1 plant]"\n  vp: 1\n')
    assert main(["sheet", str(own), "-o", str(out), "--no-cache"]) == 0
    assert names_in(out.read_text()) == Counter({"Test Promo": 1})


CONSTRUCTS = """
- name: Every Construct A
  number: "P01"
  type: active
  cost: 7
  tags: [jovian, plant]
  requires: oxygen >= 8, city-tile! >= 2
  holds: animal
  play: "[+1 mc per 2 city-tile!(mars)], +1 plant per plant-tag, upto -2 heat, +1 tr"
  action: -1 energy -> +1 plant or -> +1 animal
  effect:
    - city or greenery => +1 animal
    - conversion(heat) => +2 mc
    - card(requirements) => +1 card
  vp: 1 per 3 animal
- name: Every Construct B
  number: "P02"
  type: event
  cost: 3
  tags: [event]
  requires: temperature <= -20, tr >= 15
  play: (+1 plant, +1 mc) or +3 heat, 1 card(of 3), +2 microbe(other), steal upto 2 steel!
  vp: -1
- name: Every Construct C
  number: "P03"
  type: automated
  cost: 12
  tags: [space, space, space]
  requires: oxygen <= 3
  play: 3 greenery, 2 city, +1 oxygen, -1 tr, +X card, 2 card(buy)
  vp: 2 if titanium-prod >= 1
"""


def test_constructs_beyond_the_library_are_drawn_and_read(tmp_path):
    (tmp_path / "promo.yaml").write_text(CONSTRUCTS)
    result = compile_paths([tmp_path], use_cache=False)
    assert result.ok and len(result.cards) == 3
    a, b, c = (rules.card_text(card) for card in result.cards)
    assert "Requires 8% oxygen and 2 city tiles in play." in a
    assert "Increase your M€ production 1 step per 2 city tiles on Mars." in a
    assert "lose up to 2 heat" in a and "1 VP per 3 animals on this card." in a
    assert "Effect: when you place a city tile or place a greenery tile, add 1 animal to this card." in a
    assert "Effect: when you play a card with requirements, draw a card." in a
    assert "Requires -20 °C or colder and a terraform rating of 15." in b
    assert "steal up to 2 steel from another player" in b and "take 1 of them into your hand" in b
    assert "Place 3 greenery tiles, place 2 city tiles, raise oxygen 1 step, lower your terraform rating" in c
    assert "draw X cards" in c and "2 VP if you have titanium production." in c
    sheet = make_sheet(result.cards, legend=False)
    assert names_in(sheet.html) == Counter(card["name"] for card in result.cards)
    assert sheet.html.count('class="req max"') == 2 and sheet.html.count('class="grp choice"') == 1


# ---- in a real browser ---------------------------------------------------------------------------
def test_base_sheet_renders_in_chromium_without_overflow(chromium, base_sheet):
    report = probe(base_sheet.html)
    assert report.cards == len(BASE)
    assert Counter(report.present) == Counter(c["name"] for c in BASE)
    assert report.overflowing == [], "cards whose content overflows their box"
    assert report.pages == [], "pages whose content overflows"


def test_the_colonies_sheet_renders_in_chromium_with_its_tiles_tracks_and_icons(chromium):
    """Issue 33 (MODULE-DONE 8): every Colonies component is drawn, nothing overflows, each colony
    tile shows its track as seven numbered cells, and the key shows the new icons."""
    colonies = [c for c in CARDS if c["module"] == "colonies"]
    sheet = make_sheet(CARDS, modules=["colonies"])
    report = probe(sheet.html)
    assert Counter(report.present) == Counter(c["name"] for c in colonies)
    assert report.overflowing == [] and report.pages == []
    for tile in (c for c in colonies if c["type"] == "colony"):
        html = render.render_card(tile)
        assert html.count('class="stepno"') == 7, tile["name"]
    legend = sheet.html.split('class="legend"')[1]
    for word in ("colony", "trade", "trade fleet", "trade marker"):
        assert word in legend, word


TURMOIL = [c for c in CARDS if c["module"] == "turmoil"]
PANEL = re.compile(r'<div class="panel p-[^"]*"><span class="label">([^<]*)</span><div class="row">(.*?)</div></div>')
#: the global events with a row for the first player alone (cards/turmoil/global-events.yaml)
FIRST_ROWS = {"Aquifer Released by Public Council", "Dry Deserts", "Snow Cover", "Volcanic Eruptions"}


def articles(html: str) -> dict[str, str]:
    """Each drawn card's article, by its printed name."""
    from html import unescape
    return {unescape(m.group(1)): m.group(0)
            for m in re.finditer(r'<article [^>]*data-card="([^"]*)".*?</article>', html)}


def printed(card: dict) -> str:
    """The name a card is drawn with (a global event that shares its name with a project card has a title)."""
    return card.get("title", card["name"])


def test_the_politics_sheet_renders_in_chromium_with_its_parties_events_and_delegates(chromium, tmp_path, capsys):
    """Turmoil's parties and global events (issue 34), drawn from the shipped module: every card of
    it is present and fits; a party shows its ruling bonus, then its policy (action, effect or
    project: every one of the six has one); an event shows its revealed party above its name and its
    current party over its footer, each with a delegate; the key shows the delegate."""
    out = tmp_path / "turmoil.html"
    assert main(["sheet", "--module", "turmoil", "--check", "-o", str(out), "--no-cache"]) == 0
    assert f"{len(TURMOIL)} card(s) from turmoil" in capsys.readouterr().out
    html = out.read_text()
    report = probe(html)
    assert Counter(report.present) == Counter(printed(c) for c in TURMOIL)
    assert report.overflowing == [] and report.pages == []
    drawn = articles(html)
    parties = [c for c in TURMOIL if c["type"] == "party"]
    assert sorted(c["name"] for c in parties) == ["Greens", "Kelvinists", "Mars First", "Reds", "Scientists", "Unity"]
    for party in parties:
        panels = PANEL.findall(drawn[party["name"]])
        policy = [render.action_html(a) for a in party.get("action", ())] + [
            render.effect_html(e) for e in party.get("effects", ())] + [
            render.items_html(row) for name, row in party["parts"].items() if name == "project"]
        assert len(policy) == 1, party["name"]
        assert panels[0] == ("Ruling bonus", render.items_html(party["parts"]["bonus"])), party["name"]
        solo = ["Solo"] if "solo" in party else []  # the solo game's ruling bonus, last (the Reds')
        assert [label for label, _ in panels] == ["Ruling bonus", "Policy", *solo], party["name"]
        assert policy[0] in panels[1][1], party["name"]
    agendas = [c for c in TURMOIL if c["type"] == "agenda"]  # Political Agendas: a bonus or a policy each
    policies = [c for c in agendas if "bonus" not in c.get("parts", {})]
    assert len(agendas) == 24 and len(policies) == 18
    assert sum(bool(re.search(r'class="label">Policy<', drawn[printed(c)])) for c in TURMOIL) == 6 + len(policies)
    assert all('class="label">Ruling bonus<' in drawn[printed(c)] for c in agendas if c not in policies)
    events = [c for c in TURMOIL if c["type"] == "global-event"]
    assert len(events) == 36
    for event in events:
        article = drawn[printed(event)]
        top, rest = article.split('<header class="band">')
        body, foot = rest.split('<footer class="foot">')
        revealed, current = event["parts"]["revealed"], event["parts"]["current"]
        assert re.search(rf'data-field="revealed".*aria-label="delegate".*class="named" style="background:var\(--party'
                         rf'[^"]*">{revealed}</span>', top), event["name"]
        assert re.search(rf'data-field="current".*aria-label="delegate".*>{current}</span></div>$', body)
        labels = ["First player", "Resolve"] if event["name"] in FIRST_ROWS else ["Resolve"]
        labels += ["Solo"] if "solo" in event else []  # Election's and Revolution's solo rows
        assert [label for label, _ in PANEL.findall(article)] == labels, event["name"]
        assert top.count('class="strip') == body.count('class="strip') == 1 and "strip" not in foot
    legend = html.split('class="legend"')[1].split("</section>")[0]
    assert '<span class="it"><svg class="ic" viewBox="0 0 24 24" role="img" aria-label="delegate">' in legend
    assert "<span>delegate</span>" in legend and 'data-field="revealed"' in legend, "the icon and the strip"
    listed = make_sheet(TURMOIL, layout="list", grey=True)
    assert listed.html.count('class="strip') == 2 * len(events) + len(agendas) + 1, \
        "two on each event, one on each agenda (its party), one in the key"
    assert probe(listed.html).ok, "the list and greyscale too"


def test_a_first_player_row_is_its_own_panel_and_a_party_s_policy_one_panel(chromium, tmp_path):
    """An event's row for the first player alone (a field of its own, labelled by the manifest) is
    drawn before the row every player resolves, on the four events that have it only; a party with
    an action and an effect (made up, in a module of the test's own that requires Turmoil: no real
    party has both) draws both in its one policy panel; the sheet still fits. A module with no field
    naming a card draws no strip on its cards (the key, which shows the words of every module in the
    library, Turmoil's among them, shows the strip on any sheet)."""
    colonies = make_sheet(CARDS, modules=["colonies"])
    tiles = articles(colonies.html)
    assert len(tiles) == sum(c["module"] == "colonies" for c in CARDS)
    assert not any('class="strip' in a or 'aria-label="delegate"' in a for a in tiles.values())
    folder = tmp_path / "both-kinds"
    folder.mkdir()
    (folder / "module.yaml").write_text("id: both-kinds\nname: A party with both kinds of policy\n"
                                        "requires: [turmoil]\n")
    (folder / "parties.yaml").write_text(
        "- {name: Two-Policy Party, type: party, bonus: +1 mc, effect: tr => -3 mc, action: -5 mc -> +1 tr}\n")
    result = compile_paths([folder], use_cache=False)
    assert result.ok and [c["name"] for c in result.cards] == ["Two-Policy Party"]
    (both,) = result.cards
    assert not any("action" in c and "effects" in c for c in TURMOIL if c["type"] == "party")
    policy = [row for label, row in PANEL.findall(render.render_card(both)) if label == "Policy"]
    assert len(policy) == 1, "one policy panel holds both"
    action, effect = render.action_html(both["action"][0]), render.effect_html(both["effects"][0])
    assert action in policy[0] and effect in policy[0].split('<span class="sep"></span>')[1]
    events = [c for c in TURMOIL if c["type"] == "global-event"]
    firsts = {c["name"]: c for c in events if "first" in c["parts"]}
    assert set(firsts) == FIRST_ROWS
    sheet = make_sheet([*events, both])
    drawn = articles(sheet.html)
    for event in events:
        labels = [label for label, _ in PANEL.findall(drawn[printed(event)])]
        assert labels == (["First player", "Resolve"] if event["name"] in firsts else ["Resolve"]) + (
            ["Solo"] if "solo" in event else []), event["name"]
    for name, event in firsts.items():
        panels = PANEL.findall(drawn[printed(event)])
        assert panels[0] == ("First player", render.items_html(event["parts"]["first"])), name
        assert panels[1] == ("Resolve", render.items_html(event["parts"]["resolve"])), name
    report = probe(sheet.html)
    assert report.overflowing == [] and report.pages == [] and report.cards == len(events) + 1


def test_every_layout_of_the_library_fits(chromium):
    for options in ({"paper": "letter"}, {"layout": "list"}, {"grey": True, "modules": ["corpera"]}):
        sheet = make_sheet(CARDS, **options)
        report = probe(sheet.html)
        assert report.cards == sheet.cards, options
        assert report.ok, (options, report.overflowing, report.pages)


def test_pdf_has_the_expected_page_count(chromium, base_sheet, tmp_path):
    pdf = write_pdf(base_sheet.html, tmp_path / "base.pdf")
    expected = 1 + math.ceil(len(BASE) / 9)          # the key, then 3 x 3 cards a page
    assert base_sheet.pages == expected == 20
    assert pdf_page_count(pdf) == expected
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf.read_bytes())
    assert abs(float(box.group(1)) - 595.3) < 1.5 and abs(float(box.group(2)) - 841.9) < 1.5, "A4"


def test_letter_and_list_pdfs(chromium, tmp_path):
    letter = make_sheet(CARDS, names=["Birds", "Pets", "Capital"], paper="letter", legend=False)
    pdf = write_pdf(letter.html, tmp_path / "letter.pdf")
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf.read_bytes())
    assert abs(float(box.group(1)) - 612) < 1.5 and abs(float(box.group(2)) - 792) < 1.5, "US Letter"
    assert pdf_page_count(pdf) == letter.pages == 1
    grid = make_sheet(CARDS, modules=["base"])
    listed = make_sheet(CARDS, modules=["base"], layout="list")
    pages = pdf_page_count(write_pdf(listed.html, tmp_path / "list.pdf"))
    assert 2 <= pages < grid.pages, "the list is the compact layout"


def test_cli_writes_pdf_and_checks(chromium, tmp_path, capsys):
    out = tmp_path / "birds.pdf"
    assert main(["sheet", "--only", "Birds", "--check", "--no-legend", "-o", str(out)]) == 0
    assert pdf_page_count(out) == 1
    assert "1 page(s)" in capsys.readouterr().out


# ---- rules text ------------------------------------------------------------------------------------
# Expected sentences, written from what each printed card means.
EXPECTED = {
    "Birds": ["Requires 13% oxygen.", "Decrease any player's plant production 2 steps.",
              "Action: add 1 animal to this card.", "1 VP per animal on this card."],
    "Martian Rails": ["Action: spend 1 energy to gain 1 M€ per city tile on Mars."],
    "Mars University": ["Effect: when you play a science tag, you may discard a card to draw a card.", "1 VP."],
    "Search For Life": ["Requires 6% oxygen or less.", "Action: spend 1 M€ to reveal the top card of the deck",
                        "if it has a microbe tag, add 1 science resource to this card.",
                        "3 VP if this card holds at least 1 science resource."],
    "Capital": ["Requires 4 ocean tiles.",
                "Decrease your energy production 2 steps and increase your M€ production 5 steps.",
                "Place the Capital city tile.", "1 VP per adjacent ocean tile."],
    "Arctic Algae": ["Requires -12 °C or colder.", "Effect: when any ocean tile is placed, gain 2 plants.",
                     "Gain 1 plant."],
    "Predators": ["Requires 11% oxygen.", "Action: remove 1 animal from any card to add 1 animal to this card."],
    "Nitrogen-Rich Asteroid": ["Raise your terraform rating 2 steps and raise the temperature 1 step.",
                               "If you have at least 3 plant tags, increase your plant production 3 steps."],
    "Lake Marineris": ["Requires 0 °C or warmer.", "Place 2 ocean tiles.", "2 VP."],
    "Moss": ["Requires 3 ocean tiles.", "Lose 1 plant.", "Increase your plant production 1 step."],
    "Ecological Zone": ["Requires that you have a greenery tile.",
                        "Effect: when you play a plant tag or an animal tag, add 1 animal to this card.",
                        "next to a greenery tile", "1 VP per 2 animals on this card."],
    "Lava Flows": ["Raise the temperature 2 steps and place the Lava Flows tile on a volcanic area."],
    "Insulation": ["Decrease your heat production X steps and increase your M€ production X steps."],
    "Pets": ["Effect: when any city tile is placed, add 1 animal to this card.",
             "Animals can never be removed from this card.", "1 VP per 2 animals on this card."],
    "Colonizer Training Camp": ["Requires 5% oxygen or less.", "2 VP."],
    "Cloud Seeding": ["Decrease your M€ production 1 step and any player's heat production 1 step",
                      "increase your plant production 2 steps."],
    "Water Import From Europa": ["Action: spend 12 M€ (titanium may be used) to place an ocean tile.",
                                 "1 VP per jovian tag you have."],
    "Equatorial Magnetizer": ["Action: decrease your energy production 1 step to raise your terraform rating "
                              "1 step."],
    "Methane From Titan": ["Requires 2% oxygen.", "Increase your heat and plant production 2 steps each."],
    "Imported Hydrogen": ["Gain 3 plants, or add 3 microbes to another card, or add 2 animals to another card.",
                          "Place an ocean tile."],
    "Research Outpost": ["Effect: when you play a card, you pay 1 M€ less for it.",
                         "Place a city tile next to no other tile."],
    "Optimal Aerobraking": ["Effect: when you play a space event, gain 3 M€ and 3 heat."],
    "Regolith Eaters": ["Action: add 1 microbe to this card, or remove 2 microbes from this card to raise oxygen "
                        "1 step."],
    "Ants": ["Action: remove 1 microbe from any card to add 1 microbe to this card.",
             "1 VP per 2 microbes on this card."],
    "Rover Construction": ["Effect: when any city tile is placed, gain 2 M€.", "1 VP."],
    "Deimos Down": ["Raise the temperature 3 steps and gain 4 steel.", "Remove up to 8 plants from any player."],
    "Mangrove": ["Requires 4 °C or warmer.", "Place a greenery tile on an area reserved for oceans."],
    "Phobos Space Haven": ["Increase your titanium production 1 step.", "off Mars", "3 VP."],
    "Greenhouses": ["Gain 1 plant per city tile in play."],
    "Nuclear Zone": ["raise the temperature 2 steps", "-2 VP."],
    "Ironworks": ["Action: spend 4 energy to gain 1 steel and raise oxygen 1 step."],
    "Power Grid": ["Increase your energy production 1 step per power tag you have."],
    "Artificial Photosynthesis": ["Increase your plant production 1 step or increase your energy production "
                                  "2 steps."],
    "Dust Seals": ["Requires 3 ocean tiles or fewer.", "1 VP."],
    "Zeppelins": ["Requires 5% oxygen.", "Increase your M€ production 1 step per city tile on Mars."],
    "Worms": ["Increase your plant production 1 step per 2 microbe tags you have."],
    "Decomposers": ["Effect: when you play an animal tag, a plant tag or a microbe tag, add 1 microbe to this "
                    "card.", "1 VP per 3 microbes on this card."],
    "Fusion Power": ["Requires 2 power tags.", "Increase your energy production 3 steps."],
    "Extreme-Cold Fungus": ["Action: gain 1 plant, or add 2 microbes to another card.",
                            "Requires -10 °C or colder."],
    "Advanced Ecosystems": ["Requires a plant tag, a microbe tag and an animal tag.", "3 VP."],
    "Large Convoy": ["Place an ocean tile and draw 2 cards.", "Gain 5 plants or add 4 animals to another card."],
    "Herbivores": ["Effect: when you place a greenery tile, add 1 animal to this card.",
                   "Decrease any player's plant production 1 step."],
    "Shuttles": ["Effect: when you play a space tag, you pay 2 M€ less for it."],
    "Heat Trappers": ["Decrease any player's heat production 2 steps and increase your energy production 1 step.",
                      "-1 VP."],
    "Immigration Shuttles": ["Increase your M€ production 5 steps.", "1 VP per 3 city tiles in play."],
    "Flooding": ["Place an ocean tile.", "Remove up to 4 M€ from the owner of an adjacent tile*.",
                 "*The 4 M€ may only be taken"],
    "Special Design": ["The next card you play this generation meets its global requirements"],
    "CrediCor": ["You start with 57 M€.", "Effect: when you play a card costing 20 M€ or more, or use a standard "
                 "project costing 20 M€ or more, gain 4 M€."],
    "Ecoline": ["You start with 36 M€, 3 plants and 2 plant production."],
    "Helion": ["You start with 42 M€ and 3 heat production.", "Effect: you may spend heat as if it were M€."],
    "Inventrix": ["As your first action, draw 3 cards.", "within 2 steps either way"],
    "PhoboLog": ["You start with 23 M€ and 10 titanium.", "Effect: each titanium you spend is worth 1 M€ more."],
    "Tharsis Republic": ["As your first action, place a city tile.",
                         "Effect: when any city tile is placed on Mars, increase your M€ production 1 step.",
                         "Effect: when you place a city tile, gain 3 M€."],
    "Thorgate": ["Effect: when you play a power tag or use the Power Plant standard project, you pay 3 M€ less "
                 "for it."],
    "United Nations Mars Initiative": ["Action: only if your terraform rating has gone up this generation, spend "
                                       "3 M€ to raise your terraform rating 1 step."],
    "Sell Patents": ["Discard X cards and gain X M€."],
    "City": ["Pay 25 M€ to place a city tile and increase your M€ production 1 step."],
    "Plants to Greenery": ["Spend 8 plants to place a greenery tile."],
    "Heat to Temperature": ["Spend 8 heat to raise the temperature 1 step."],
    "Terraformer": ["Claim when you have a terraform rating of 35."],
    "Builder": ["Claim when you have 8 building tags."],
    "Banker": ["Goes to the player with the most M€ production."],
    "Miner": ["Goes to the player with the most steel and titanium."],
    "Saturn Systems": ["Effect: when any player plays a jovian tag, increase your M€ production 1 step."],
    "Viral Enhancers": ["Effect: when you play a plant tag, a microbe tag or an animal tag, gain 1 plant or add "
                        "1 resource to that card."],
    "Robotic Workforce": ["Copy the production box of one of your played building cards"],
    "Research": ["Draw 2 cards.", "1 VP."],
    "Power Infrastructure": ["Action: spend X energy to gain X M€."],
    "Inventors' Guild": ["Action: look at the top card of the deck and either buy it for 3 M€ or discard it."],
    "Virus": ["Remove up to 2 animals from any card or remove up to 5 plants from any player."],
    "Toll Station": ["Increase your M€ production 1 step per space tag your opponents have*.",
                     "*Counts only the space tags"],
    "Media Archives": ["Gain 1 M€ per event played by any player."],
    "Business Contacts": ["Look at the top 4 cards of the deck, take 2 of them into your hand and discard the "
                          "rest."],
    "Hired Raiders": ["Steal up to 2 steel from another player or steal up to 3 M€ from another player."],
    "Sabotage": ["Remove up to 3 titanium from any player, or remove up to 4 steel from any player, or remove up "
                 "to 7 M€ from any player."],
    "CEO's Favorite Project": ["Add 1 resource to a card that already holds at least 1 resource."],
    "Rad-Suits": ["Requires 2 city tiles in play.", "Increase your M€ production 1 step."],
    "Asteroid Mining Consortium": ["Requires that you have titanium production.", "Decrease any player's "
                                   "titanium production 1 step and increase your titanium production 1 step."],
    "Indentured Workers": ["The next card you play this generation costs 8 M€ less.", "-1 VP."],
    "Physics Complex": ["Action: spend 6 energy to add 1 science resource to this card.",
                        "2 VP per science resource on this card."],
    "Medical Lab": ["Increase your M€ production 1 step per 2 building tags you have."],
    "Olympus Conference": ["Effect: when you play a science tag, add 1 science resource to this card, or remove 1 "
                           "science resource from this card and draw a card."],
    "Land Claim": ["Place your marker on a non-reserved land area"],
    "Standard Technology": ["Effect: when you use a standard project costing 1 M€ or more, gain 3 M€."],
    "Electro Catapult": ["Action: spend 1 plant to gain 7 M€, or spend 1 steel to gain 7 M€.",
                         "Requires 8% oxygen or less.", "Decrease your energy production 1 step."],
    "Security Fleet": ["Action: spend 1 titanium to add 1 fighter resource to this card."],
    "Business Network": ["Decrease your M€ production 1 step."],
    "Terraforming Ganymede": ["Raise your terraform rating 1 step per jovian tag you have.", "2 VP."],
}


def _card(name: str) -> dict:
    hits = [c for c in CARDS if c["name"] == name and c["type"] != "standard-project"] or \
        [c for c in CARDS if c["name"] == name]
    assert hits, name
    return hits[0]


def test_at_least_forty_cards_have_expected_sentences():
    assert len(EXPECTED) >= 40


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_rules_text(name):
    text = rules.card_text(_card(name))
    for expected in EXPECTED[name]:
        assert expected in text, f"{name}: {expected!r} not in {text!r}"


def test_the_asteroid_event_and_standard_project_read_differently():
    event, project = sorted((c for c in CARDS if c["name"] == "Asteroid"), key=lambda c: c["type"])
    assert rules.card_text(event) == ("Raise the temperature 1 step and gain 2 titanium. "
                                      "Remove up to 3 plants from any player.")
    assert rules.card_text(project) == "Pay 14 M€ to raise the temperature 1 step."


HYPHENATED = sorted(w for w in vocab.count_words() | vocab.trigger_words() | set(vocab.OVERRIDES)
                    | set(vocab.PLACEMENT_RULES) if "-" in w)


@pytest.mark.parametrize("card", CARDS, ids=lambda c: f"{c['module']}-{c['type']}-{c['name']}")
def test_every_card_reads_as_sentences(card):
    sentences = rules.card_sentences(card)
    assert sentences, "every card says something"
    for s in sentences:
        assert re.match(r"^\*?[A-Z0-9-]", s) and s.endswith((".", ".*", "*.")), s
        assert "  " not in s and "None" not in s and "{" not in s
        assert not re.search(r"\b1 (steps|plants|animals|microbes|cards|tiles|tags)\b", s), s
        plural = r"\b([2-9]|\d\d+|X) (step|plant|animal|microbe|card|tag|tile)\b(?! (production|tags?|tiles?|types?)\b)"
        assert not re.search(plural, s), s
        assert not [w for w in HYPHENATED if re.search(rf"\b{re.escape(w)}\b", s)], f"card-language word in {s!r}"


def test_engine_clauses_stay_lower_case_phrases():
    birds = _card("Birds")
    assert rules.items_text(birds["play"]) == "decrease any player's plant production 2 steps"
    rails = _card("Martian Rails")["action"][0]
    assert rules.items_text(rails["cost"], cost=True) == "spend 1 energy"
    workforce = _card("Robotic Workforce")
    assert rules.items_text(workforce["play"]).startswith("apply again the production box of one of your own "
                                                          "played cards that has a building tag")


def test_every_card_type_has_a_frame_label_and_a_legend_entry():
    from compiler import vocab
    from compiler.sheet.layout import legend_html
    from compiler.sheet.layout import brought_type_css
    from compiler.sheet.render import type_label
    assert all(type_label(kind) != kind for kind in vocab.CARD_TYPES)
    key = legend_html()
    assert all(f't-{kind}"' in key for kind in vocab.CARD_TYPES if kind != "conversion")
    assert ".t-prelude{--type:var(--prelude)}" in brought_type_css(), "a module's type has its frame colour"


def test_a_card_picture_is_the_sheet_drawing_as_an_svg_image(chromium):
    """The picture the language server shows in a hover: well-formed SVG whose nested SVG says its
    namespace (else icons vanish when read as XML), and an image Chromium loads at card size."""
    import xml.dom.minidom

    from compiler.sheet.pdf import dump_dom
    from compiler.sheet.picture import card_data_uri, card_svg
    card = next(c for c in CARDS if c["name"] == "Birds")
    svg = card_svg(card)
    doc = xml.dom.minidom.parseString(svg)
    assert all(e.namespaceURI == "http://www.w3.org/2000/svg" for e in doc.getElementsByTagName("svg"))
    assert "Birds" in svg and 'class="card t-active' in svg
    page = (f'<html><body><img id="i" src="{card_data_uri(card)}">'
            '<script>i.decode().then(() => document.body.dataset.size = i.naturalWidth + "x" + i.naturalHeight)'
            '</script></body></html>')
    dom = dump_dom(page)
    size = re.search(r'data-size="(\d+)x(\d+)"', dom)
    assert size and int(size.group(1)) > 200 and int(size.group(2)) > 300
