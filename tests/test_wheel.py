"""A built wheel is a working tmars: installed in a fresh environment and run outside the
repository, it finds its grammar and its cards and plays and lints."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_carries_its_data_and_runs_outside_the_repository(tmp_path):
    source = tmp_path / "source"  # a copy, so that the build leaves nothing in the repository
    for folder in ("tmars", "compiler", "grammar", "cards"):
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"),
                            str(source)], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("tmars-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {str(p.relative_to(ROOT)) for p in (ROOT / "cards").rglob("*.yaml")}
    assert {f"compiler/{p}" for p in shipped} <= names
    assert {"compiler/grammar/cards.lark", "compiler/ops/__init__.py", "compiler/ir.schema.json"} <= names
    code = {str(p.relative_to(ROOT)) for folder in ("tmars", "compiler") for p in (ROOT / folder).rglob("*.py")}
    assert code <= names, f"pyproject.toml's packages lack {sorted(code - names)}"

    # A fresh environment that sees no other packages: the wheel and the dependencies its metadata
    # declares come from the package index (through pip's cache), as a user installs it. A missing
    # dependency in pyproject.toml fails here, whatever this machine has installed elsewhere.
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=False, with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                                "--disable-pip-version-check", str(wheel)], capture_output=True, text=True, timeout=900)
    assert installed.returncode == 0, installed.stderr
    seen = subprocess.run([str(python), "-c", "import sys; print('\\n'.join(p for p in sys.path if 'packages' in p))"],
                          capture_output=True, text=True)
    assert seen.stdout.strip() and all(line.startswith(str(env_dir)) for line in seen.stdout.split()), seen.stdout
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "TMARS_CACHE": str(tmp_path / "cache")}
    for argv, expected in [(["lint"], "0 error(s)"), (["game", "--seed", "1", "--quiet"], "decisions in")]:
        run = subprocess.run([str(python), "-c", "from tmars.cli import main; raise SystemExit(main())", *argv],
                             capture_output=True, text=True, cwd=outside, env=env, timeout=300)
        assert run.returncode == 0 and expected in run.stdout, run.stdout + run.stderr
    where = subprocess.run([str(python), "-c", "import compiler.modules as m; print(m.CARDS_ROOT)"],
                           capture_output=True, text=True, cwd=outside, env=env)
    assert str(ROOT) not in where.stdout and where.stdout.strip().endswith("compiler/cards")
