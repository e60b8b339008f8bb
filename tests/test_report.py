"""`tmars report` on a small seeded run: its figures' CSVs hold the numbers recomputed here from
the games themselves, the same options give the same bytes whatever the worker count, a stop
leaves a partial report that says so, and bad options are refused before any game runs."""

from __future__ import annotations

import csv
import math
import signal
import sys

import pytest

from tmars.botgame import play_bot_game
from tmars.cli import main
from tmars.report import real
from tmars.report.stats import Z95, spearman, spearman_interval

RUN = ["report", "--games", "6", "--players", "2", "--agent", "greedy", "--seed", "1", "--modules",
       "base,corpera,prelude", "--max-generations", "5", "--min-plays", "1", "--workers", "1"]
MODULES = ("base", "corpera", "prelude")


def rows(path) -> list[dict]:
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def files(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    assert main([*RUN, "--out", str(out), "--per-game"]) == 0
    return out


@pytest.fixture(scope="module")
def games():
    return [play_bot_game(seed, 2, "greedy", MODULES, False, 5)[0] for seed in range(1, 7)]


def test_the_corporation_win_rates_are_those_of_the_games(report, games):
    plays: dict[str, int] = {}
    wins: dict[str, float] = {}
    for g in games:
        first = [r for r in g.scores() if r["place"] == 1]
        for r in g.scores():
            plays[r["corporation"]] = plays.get(r["corporation"], 0) + 1
            wins[r["corporation"]] = wins.get(r["corporation"], 0) + (1 / len(first) if r["place"] == 1 else 0)
    table = {r["name"]: r for r in rows(report / "win-rate-corporation.csv")}
    assert set(table) == set(plays)
    for name, r in table.items():
        n, rate = plays[name], wins[name] / plays[name]
        assert int(r["plays"]) == n and float(r["win_rate"]) == pytest.approx(rate, abs=1e-4)
        for bound in (float(r["low95"]), float(r["high95"])):  # Wilson's bounds solve (p - b)^2 = z^2 b (1 - b) / n
            assert (rate - bound) ** 2 == pytest.approx(Z95 ** 2 * bound * (1 - bound) / n, abs=1e-3)
    rates = [float(r["win_rate"]) for r in rows(report / "win-rate-corporation.csv")]
    assert rates == sorted(rates, reverse=True)


def test_a_card_counts_the_players_who_played_it(report, games):
    name = "Power Plant"  # the test's data: a project card these seeds play
    played = [(g, i) for g in games for i, pl in enumerate(g.state["players"])
              if name in [e["name"] for e in pl["played"]] + pl["events"]]
    won = sum(g.scores()[i]["place"] == 1 for g, i in played)
    (row,) = [r for r in rows(report / "win-rate-card.csv") if r["name"] == name]
    assert (int(row["plays"]), float(row["wins"])) == (len(played), won) and len(played) >= 2


def test_points_per_source_are_the_means_over_players_and_winners(report, games):
    seats = [r for g in games for r in g.scores()]
    winners = [r for r in seats if r["place"] == 1]  # no tie for first in these seeds
    assert len(winners) == len(games)
    for r in rows(report / "points.csv"):
        source = r["source"]
        assert float(r["mean_all"]) == pytest.approx(sum(s[source] for s in seats) / len(seats), abs=1e-4)
        assert float(r["mean_winners"]) == pytest.approx(sum(s[source] for s in winners) / len(winners), abs=1e-4)
    assert [r["source"] for r in rows(report / "points.csv")] == list(games[0].content.flow.scoring)


def test_generations_and_scores_are_counted(report, games):
    assert {int(r["generations"]): int(r["games"]) for r in rows(report / "generations.csv")} == {
        g.state["generation"]: sum(h.state["generation"] == g.state["generation"] for h in games) for g in games}
    totals = [r["total"] for g in games for r in g.scores()]
    assert {int(r["score"]): int(r["players"]) for r in rows(report / "scores.csv")} == {
        t: totals.count(t) for t in totals}


def test_the_page_holds_every_figure_and_the_per_game_table_every_seat(report, games):
    page = (report / "report.html").read_text()
    figures = ["win-rate-corporation.csv", "win-rate-prelude.csv", "win-rate-card.csv", "win-rate-seat.csv",
               "generations.csv", "scores.csv", "points.csv", "correlation.csv"]
    assert page.count("<svg") == len(figures) and all(f'href="{f}"' in page for f in figures)
    assert "win-rate-bot" not in page  # every seat plays the same bot
    per_game = rows(report / "per-game.csv")
    assert [(int(r["seed"]), r["corporation"]) for r in per_game] == [
        (seed, r["corporation"]) for seed, g in enumerate(games, 1) for r in g.scores()]


def test_the_same_options_give_the_same_bytes_with_any_worker_count(report, tmp_path):
    assert main([*RUN, "--out", str(tmp_path / "again"), "--per-game"]) == 0
    assert main([*RUN, "--out", str(tmp_path / "two"), "--per-game", "--workers", "2"]) == 0
    assert files(report) == files(tmp_path / "again") == files(tmp_path / "two")


def test_seats_of_different_bots_get_a_win_rate_each(tmp_path):
    out = tmp_path / "mixed"
    assert main(["report", "--games", "2", "--agent", "greedy,random", "--max-generations", "3", "--workers", "1",
                 "--out", str(out)]) == 0
    table = {r["name"]: r for r in rows(out / "win-rate-bot.csv")}
    assert set(table) == {"greedy", "random"} and all(int(r["plays"]) == 2 for r in table.values())
    assert sum(float(r["wins"]) for r in table.values()) == 2
    by_seat = {r["name"]: int(r["plays"]) for r in rows(out / "win-rate-bot-seat.csv")}
    assert by_seat == {"greedy in seat 1": 2, "random in seat 2": 2}


def test_a_report_leaves_no_figure_of_an_earlier_one(report, tmp_path):
    out = tmp_path / "out"
    assert main([*RUN, "--out", str(out)]) == 0
    assert (out / "win-rate-prelude.csv").exists()
    assert main([*(a if a != "base,corpera,prelude" else "base,corpera" for a in RUN), "--out", str(out)]) == 0
    assert not (out / "win-rate-prelude.csv").exists()  # no preludes in this game: no figure for them


def test_a_stopped_run_reports_what_finished_and_says_so(tmp_path, monkeypatch, capsys):
    from tmars import batch
    from tmars.batch import Stopped, run_here

    def two_then_stop(spec, first, games, *rest):
        yield from run_here(spec, first, 2)
        raise Stopped(signal.SIGINT)
    monkeypatch.setattr(batch, "start", two_then_stop)
    out = tmp_path / "partial"
    assert main([*RUN, "--out", str(out)]) == 128 + signal.SIGINT
    page = (out / "report.html").read_text()
    assert "Stopped (SIGINT) after 2 of 6 games" in page and "2 (seeds 1 to 2)" in page
    assert sum(int(r["games"]) for r in rows(out / "generations.csv")) == 2
    assert "after 2 of 6 games" in capsys.readouterr().err


def test_an_unknown_bot_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        main(["report", "--agent", "greedy,clever", "--out", str(tmp_path / "r")])
    assert e.value.code == 2 and "unknown bot 'clever'" in capsys.readouterr().err
    assert not (tmp_path / "r").exists()


def test_an_unusable_output_folder_is_refused_before_any_game(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    for out, message in [(blocker, "is a file, not a folder"), (blocker / "inside", "cannot make the folder")]:
        assert main(["report", "--games", "100000", "--out", str(out)]) == 2
        assert message in capsys.readouterr().err


def test_unreadable_real_data_is_refused(tmp_path, capsys):
    bad = tmp_path / "real.yaml"
    bad.write_text("sources: [{id: x, corporations: [{name: Helion}]}]\n")
    assert main(["report", "--games", "100000", "--out", str(tmp_path / "r"), "--real", str(bad)]) == 2
    assert "gives none of win_rate_pct, avg_elo_change" in capsys.readouterr().err


def test_spearman_on_hand_made_tables():
    assert spearman([10, 20, 30, 40, 50], [1, 3, 2, 5, 4]) == pytest.approx(0.8)  # 1 - 6 * 4 / (5 * 24)
    assert spearman([1, 2, 3, 4], [1, 1, 2, 3]) == pytest.approx(4.5 / math.sqrt(5 * 4.5))  # ties share rank 1.5
    low, high = spearman_interval(0.8, 5)  # tanh(atanh(0.8) -/+ 1.96 * sqrt(1.06 / 2))
    assert (low, high) == (pytest.approx(-0.3171, abs=1e-3), pytest.approx(0.9874, abs=1e-3))


def test_the_comparison_ranks_the_corporations_both_tables_have():
    source = real.Source("hand", "win_rate_pct", "made by hand",
                         {"A": 40.0, "B": 35.0, "C": 30.0, "D": 20.0, "E": 25.0, "Z": 50.0})
    run = {"A": 0.9, "B": 0.7, "C": 0.8, "D": 0.1, "E": 0.2, "Y": 0.5}
    (summary,), points = real.compare(run, [source])
    assert (summary["n"], summary["rho"]) == (5, pytest.approx(0.9))  # ranks 1,3,2,5,4 against 1,2,3,5,4
    assert [(p["corporation"], p["run_rank"], p["real_rank"]) for p in points] == [
        ("A", 1, 1), ("B", 3, 2), ("C", 2, 3), ("D", 5, 5), ("E", 4, 4)]


def test_without_the_real_data_the_comparison_is_left_out(tmp_path, monkeypatch):
    monkeypatch.setattr(real, "DEFAULT", tmp_path / "not-here.yaml")  # an installed wheel has no docs/ folder
    out = tmp_path / "r"
    assert main(["report", "--games", "1", "--max-generations", "1", "--workers", "1", "--out", str(out)]) == 0
    assert not (out / "correlation.csv").exists()
    assert "Compared with real games" not in (out / "report.html").read_text()


def test_the_real_data_in_the_repository_loads():
    sources = real.load(real.DEFAULT)
    assert {s.metric for s in sources} == {"win_rate_pct", "avg_elo_change"}
    assert all(len(s.values) >= 12 for s in sources)


def test_simulate_records_are_unchanged(tmp_path):
    import json
    out = tmp_path / "r.json"
    assert main(["simulate", "--games", "1", "--max-generations", "2", "--json", str(out)]) == 0
    (record,) = json.loads(out.read_text())
    assert set(record) == {"seed", "generations", "decisions", "capped", "seconds", "scores", "played", "actions",
                           "failures", "used"}


def test_without_matplotlib_the_report_says_what_to_install(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed: importing it fails
    assert main(["report", "--games", "1", "--max-generations", "1", "--out", str(tmp_path / "r")]) == 2
    assert 'pip install "tmars[report]"' in capsys.readouterr().err
    assert not (tmp_path / "r").exists()  # refused before anything was made
