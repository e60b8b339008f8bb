"""`tmars sheet --map NAME`: a map drawn as a board diagram (issue 35).

Every shipped map is drawn from its file: one hexagon per area on Mars, placed so that the areas
the engine calls neighbours touch, each with its bonus, name and reserved tile; the off-map areas
beside the grid; the milestones and awards with their rules text. The browser tests (the
`chromium` fixture, tests/conftest.py) print each map on both papers and find nothing overflowing.
"""

from __future__ import annotations

import math
import re
from html import escape
from pathlib import Path

import pytest

from compiler import text as rules
from compiler.library import compile_paths
from compiler.sheet import icons, render
from compiler.sheet.board import make_board_sheet
from compiler.sheet.pdf import pdf_page_count, probe
from tmars.cli import main
from tmars.content import available_maps, load_map, map_file

CARDS = compile_paths().cards
MAPS = available_maps()
HEX = re.compile(r'<polygon class="([^"]*)" data-(area|off)="([^"]*)" points="([^"]*)"/>')


def board(name: str):
    return load_map(map_file(name), None)


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> dict[str, str]:
    """Each shipped map's sheet as the command line writes it."""
    folder = tmp_path_factory.mktemp("boards")
    out = {}
    for name in MAPS:
        path = folder / f"{name}.html"
        assert main(["sheet", "--map", name, "-o", str(path)]) == 0
        out[name] = path.read_text(encoding="utf-8")
    return out


def boxes(html: str) -> dict[str, str]:
    """What is printed on each area, by area id: the HTML of its box (boxes hold no <div>)."""
    return dict(re.findall(r'<div class="area [^"]*" data-fit="([^"]*)"[^>]*>(.*?)</div>', html))


def hexagons(html: str) -> dict[str, tuple[set[str], str, tuple[float, float]]]:
    """Each hexagon by area id: its classes, whether on Mars ('area') or off it ('off'), its centre."""
    out = {}
    for cls, where, aid, points in HEX.findall(html):
        xy = [tuple(map(float, p.split(","))) for p in points.split()]
        assert len(xy) == 6, aid
        assert aid not in out, f"{aid} drawn twice"
        out[aid] = (set(cls.split()), where, (sum(x for x, _ in xy) / 6, sum(y for _, y in xy) / 6))
    return out


@pytest.mark.parametrize("name", MAPS)
def test_every_area_is_one_hexagon_placed_by_the_engine_s_neighbours(drawn, name):
    m, html = board(name), drawn[name]
    hexes = hexagons(html)
    on_mars = {a for a, area in m.areas.items() if area.kind != "off"}
    assert len(on_mars) == (91 if name == "amazonis-planitia" else 61) and html.count("data-area=") == len(on_mars)
    assert {a for a, (_, where, _) in hexes.items() if where == "area"} == on_mars
    assert {a for a, (_, where, _) in hexes.items() if where == "off"} == set(m.areas) - on_mars
    near = {(a, n) for a in on_mars for n in m.areas[a].neighbours}
    step = {round(math.dist(hexes[a][2], hexes[n][2]), 1) for a, n in near}
    assert len(step) == 1, "neighbours are one hexagon apart"
    (d,) = step
    apart = [(a, b) for a in on_mars for b in on_mars if a < b and (a, b) not in near]
    assert all(math.dist(hexes[a][2], hexes[b][2]) > 1.5 * d for a, b in apart), "others never touch"
    for aid, area in m.areas.items():
        classes = hexes[aid][0]
        assert f"k-{area.kind}" in classes, aid
        assert ("volcanic" in classes) == area.volcanic and ("reserved" in classes) == bool(area.reserved), aid


@pytest.mark.parametrize("name", MAPS)
def test_each_area_shows_its_id_name_bonus_and_reserved_tile(drawn, name):
    m, html = board(name), drawn[name]
    printed = boxes(html)
    assert set(printed) == set(m.areas)
    assert f"<h2>{escape(m.name)}</h2>" in html
    for aid, area in m.areas.items():
        box = printed[aid]
        assert (f">{aid}</span>" in box) == (area.kind != "off"), aid
        if area.name:
            assert f'<span class="aname">{escape(area.name)}</span>' in box, aid
        for word in set(area.bonus):  # the plain words, each as many times as it is printed
            assert box.count(icons.icon(word)) == area.bonus.count(word) + (
                render.items_html(list(area.extra)).count(icons.icon(word))), (aid, word)
        if not area.bonus and not area.extra:
            assert 'class="bonus' not in box, aid
        if area.reserved:
            assert 'class="kept"' in box and icons.icon("city") in box, aid
    off = [a for a in m.areas.values() if a.kind == "off"]
    assert off and all(a.name and escape(a.name) in printed[a.id] for a in off)


def test_reserved_and_paid_areas_say_what_they_do(drawn):
    """Tharsis keeps r5c3 for its city (named after it: 'reserved'); Hellas's south pole and the
    Vastitas north pole draw their rows (a cost in M€, then an ocean or a temperature step)."""
    tharsis = boxes(drawn["tharsis"])
    assert "<span>reserved</span>" in tharsis["r5c3"] and 'class="kept"' not in tharsis["r5c4"]
    for name, aid, icon in (("hellas", "r9c3", "ocean"), ("vastitas-borealis", "r5c5", "temperature")):
        area = board(name).areas[aid]
        assert area.extra, (name, aid)
        box = boxes(drawn[name])[aid]
        assert f'<span class="bonus extra">{render.items_html(list(area.extra))}</span>' in box
        assert icons.icon(icon) in box and "mc" in box and render.MINUS in box
    viking = board("vastitas-borealis").areas["r9c1"]
    assert viking.name == "Viking 1" and icons.icon("delegate") in boxes(drawn["vastitas-borealis"])["r9c1"]


@pytest.mark.parametrize("name", MAPS)
def test_the_milestones_and_awards_are_listed_with_their_rules(drawn, name):
    m, html = board(name), drawn[name]
    assert len(m.milestones) == len(m.awards) == 5
    milestones, awards = html.split('data-fit="Milestones"')[1].split('data-fit="Awards"')
    for kind, names, part in (("milestone", m.milestones, milestones), ("award", m.awards, awards)):
        shown = re.findall(r'<b class="gname">([^<]*)</b>', part)
        assert shown == [escape(n) for n in names], kind
        for n in names:
            card = next(c for c in CARDS if c["type"] == kind and c["name"] == n and "replaces" not in c)
            assert f'<span class="gtext">{escape(rules.card_text(card))}</span>' in part, n


def test_a_module_s_own_printing_of_a_milestone_is_noted():
    """Turmoil reprints Terraformer (26 TR, not 35): the Tharsis sheet gives the base rule, then
    Turmoil's, said as Turmoil's."""
    html = make_board_sheet(board("tharsis"), CARDS).html
    terraformer = [c for c in CARDS if c["name"] == "Terraformer"]
    assert len(terraformer) == 2
    base, other = sorted(terraformer, key=lambda c: "replaces" in c)
    entry = html.split('data-fit="Terraformer"')[1].split("</div>")[0]
    assert escape(rules.card_text(base)) in entry and escape(rules.card_text(other)) in entry
    assert entry.index("35") < entry.index("26") and 'class="gnote">With ' in entry


def test_any_shape_of_map_is_drawn(tmp_path):
    """A map of three rows, the middle one longest, with no off-map area: every area once, rows
    stepped half a hexagon in, and nothing listed that the map does not name."""
    path = tmp_path / "tiny.yaml"
    path.write_text("name: Tiny\nrows:\n  - [{type: land, bonus: [plant]}, {type: ocean}]\n"
                    "  - [{type: land}, {type: land, volcanic: true, name: Little Mons}, {type: land}]\n"
                    "  - [{type: land}, {type: land, bonus: [card, card]}]\n"
                    "milestones: [Mayor]\nawards: [Banker, Miner]\n")
    m = load_map(path, None)
    html = make_board_sheet(m, CARDS).html
    hexes = hexagons(html)
    assert set(hexes) == {"r1c1", "r1c2", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2"}
    (x11, y11), (x21, y21), (x31, y31) = (hexes[a][2] for a in ("r1c1", "r2c1", "r3c1"))
    d = math.dist(hexes["r2c1"][2], hexes["r2c2"][2])
    assert x11 == pytest.approx(x21 + d / 2) and x31 == pytest.approx(x11) and y31 > y21 > y11
    assert "data-off=" not in html and "Off Mars" not in html
    assert re.findall(r'<b class="gname">([^<]*)</b>', html) == ["Mayor", "Banker", "Miner"]
    assert boxes(html)["r3c2"].count(icons.icon("card")) == 2


def test_greyscale_and_paper(drawn):
    grey = make_board_sheet(board("elysium"), CARDS, paper="letter", grey=True).html
    assert '<html lang="en" class="grey">' in grey and "@page{size:215.9mm 279.4mm" in grey
    assert '<html lang="en">' in drawn["elysium"] and "@page{size:210.0mm 297.0mm" in drawn["elysium"]
    blocks = re.findall(r"\.grey\{([^}]*)\}", grey)
    assert len(blocks) >= 2 and any("--sea:" in b for b in blocks), "the map's own colours have greys too"
    for value in (v for b in blocks for v in re.findall(r"#([0-9a-fA-F]{3,6})\b", b)):
        rgb = value if len(value) == 6 else "".join(ch * 2 for ch in value)
        assert rgb[0:2] == rgb[2:4] == rgb[4:6], f"#{value} in the greyscale palette is not a grey"


def test_an_unknown_map_and_card_choices_are_refused(tmp_path, capsys):
    out = tmp_path / "map.html"
    assert main(["sheet", "--map", "utopia", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "unknown map 'utopia'; this tmars has amazonis-planitia, elysium, hellas, tharsis, vastitas-borealis" in err
    assert "Traceback" not in err and not out.exists()
    for extra, said in ((["--module", "base"], "--module"), (["--only", "Birds"], "--only"),
                        (["cards/base"], "PATH"), (["--modules", "base"], "--modules")):
        assert main(["sheet", "--map", "tharsis", *extra, "-o", str(out)]) == 2
        err = capsys.readouterr().err
        assert "--map draws the map, not cards" in err and said in err, extra
    assert not out.exists()
    assert main(["sheet", "--map", "Tharsis", "-o", str(tmp_path / "map.txt")]) == 2
    assert "-o must name a .html or .pdf file" in capsys.readouterr().err


# ---- in a real browser -------------------------------------------------------------------------
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_map_fits_its_page_in_chromium(chromium, paper):
    for name in MAPS:
        m = board(name)
        for grey in (False, True):
            sheet = make_board_sheet(m, CARDS, paper=paper, grey=grey)
            report = probe(sheet.html)
            assert report.boxes == sheet.cards == len(m.areas) + 2 + 10, (name, paper)
            assert report.spilling == [] and report.pages == [] and report.ok, (name, paper, grey)


def test_check_and_pdf_from_the_command_line(chromium, tmp_path, capsys):
    pdf = tmp_path / "hellas.pdf"
    assert main(["sheet", "--map", "hellas", "--check", "--paper", "letter", "-o", str(pdf)]) == 0
    assert "wrote" in capsys.readouterr().out and pdf_page_count(pdf) == 1


def test_check_finds_what_does_not_fit(chromium, tmp_path, capsys):
    """An area's name too long for its hexagon is reported by --check, by area id, and nothing is
    written: the probe measures the boxes, it does not merely count them."""
    path = tmp_path / "long.yaml"
    long = "Extraordinarily Long Volcano Name " * 15
    path.write_text("name: Long Names\nrows:\n  - [{type: land}, {type: land}]\n"
                    f"  - [{{type: land}}, {{type: land, name: {long.strip()}}}, {{type: land}}]\n"
                    "  - [{type: land}, {type: land}]\n")
    m = load_map(path, None)
    assert probe(make_board_sheet(m, CARDS).html).spilling == ["r2c2"]
    from argparse import Namespace

    from compiler.sheet.command import run_board
    out = tmp_path / "long.html"
    args = Namespace(output=str(out), paper="a4", grey=False, check=True, no_cache=False, paths=[], module=None,
                     only=None, modules=None, folders=None)
    assert run_board(args, lambda cards: m) == 1
    err = capsys.readouterr().err
    assert "overflow: r2c2" in err and "check failed" in err and not Path(out).exists()
