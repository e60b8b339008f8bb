"""HTML -> PDF (and DOM checks) with headless Chromium.

Chromium runs with networking features off and a throw-away profile; the sheet itself never
refers to the network (inline CSS, inline SVG). Set TMARS_CHROMIUM to use another binary.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--mute-audio", "--hide-scrollbars")

# Marks every card whose content does not fit its box (data-overflow="yes"), and counts cards; the
# same for any other box that must hold its content (`data-fit`, named by its value: a map's areas).
OVERFLOW_PROBE = """<script>(function(){
  function over(e){return e.scrollHeight>e.clientHeight+1||e.scrollWidth>e.clientWidth+1;}
  var n=0;
  document.querySelectorAll('[data-card]').forEach(function(card){
    n++;
    var inner=card.querySelectorAll('.band,.name,.meta,.body,.row,.foot,.strip,.named,.c-icons,.c-name,.c-text,.c-vp');
    var parts=[card].concat(Array.prototype.slice.call(inner));
    var bad=parts.filter(over).map(function(e){return e===card?'card':e.className;});
    card.setAttribute('data-overflow', bad.length?'yes':'no');
    if(bad.length){card.setAttribute('data-overflow-parts', bad.join(' '));}
  });
  var pages=[];
  document.querySelectorAll('section.page').forEach(function(p,i){if(over(p)){pages.push(i+1);}});
  document.body.setAttribute('data-probed', String(n));
  document.body.setAttribute('data-page-overflow', pages.join(' '));
  var boxes=document.querySelectorAll('[data-fit]'),spill=[];
  boxes.forEach(function(b){if(over(b)){spill.push(b.getAttribute('data-fit'));}});
  document.body.setAttribute('data-fitted', String(boxes.length));
  document.body.setAttribute('data-spilling', spill.join('|'));
})();</script>"""


class ChromiumMissing(RuntimeError):
    pass


def find_chromium() -> str:
    env = os.environ.get("TMARS_CHROMIUM")
    if env:
        if shutil.which(env) or Path(env).is_file():
            return env
        raise ChromiumMissing(f"TMARS_CHROMIUM={env} is not an executable")
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    raise ChromiumMissing("headless Chromium is needed to print PDF and to check layouts, and none was found "
                          "(tried: " + ", ".join(CANDIDATES) + "). Install it (Debian/Ubuntu: "
                          "`apt-get install chromium`) or set TMARS_CHROMIUM to its path. "
                          "Writing .html needs no browser.")


def _run(args: list[str], timeout: float) -> subprocess.CompletedProcess:
    exe = find_chromium()
    with tempfile.TemporaryDirectory(prefix="tmars-chromium-") as profile:
        cmd = [exe, *FLAGS, f"--user-data-dir={profile}", *args]
        proc = subprocess.run(cmd, capture_output=True, timeout=timeout, check=False,
                              env={**os.environ, "HOME": profile})
    return proc


def html_to_pdf(html_path: str | Path, pdf_path: str | Path, timeout: float = 120) -> Path:
    """Print an HTML file to PDF; the page size comes from the sheet's @page rule."""
    html_path, pdf_path = Path(html_path).resolve(), Path(pdf_path).resolve()
    if pdf_path.exists():
        pdf_path.unlink()
    proc = _run(["--no-pdf-header-footer", f"--print-to-pdf={pdf_path}", "--virtual-time-budget=5000",
                 html_path.as_uri()], timeout)
    if not pdf_path.exists() or pdf_path.stat().st_size == 0:
        raise RuntimeError(f"chromium did not write {pdf_path} (exit {proc.returncode}): "
                           f"{proc.stderr.decode(errors='replace')[-800:]}")
    return pdf_path


def write_pdf(html: str, pdf_path: str | Path, timeout: float = 120) -> Path:
    with tempfile.TemporaryDirectory(prefix="tmars-sheet-") as tmp:
        src = Path(tmp) / "sheet.html"
        src.write_text(html, encoding="utf-8")
        return html_to_pdf(src, pdf_path, timeout)


def dump_dom(html: str, timeout: float = 120, width: int = 1400, height: int = 1000) -> str:
    """The DOM after scripts ran, as serialised by Chromium."""
    with tempfile.TemporaryDirectory(prefix="tmars-sheet-") as tmp:
        src = Path(tmp) / "sheet.html"
        src.write_text(html, encoding="utf-8")
        proc = _run([f"--window-size={width},{height}", "--dump-dom", src.as_uri()], timeout)
    out = proc.stdout.decode("utf-8", errors="replace")
    if "<body" not in out:
        raise RuntimeError(f"chromium --dump-dom failed (exit {proc.returncode}): "
                           f"{proc.stderr.decode(errors='replace')[-800:]}")
    return out


def screenshot(html: str, png_path: str | Path, width: int = 1400, height: int = 1000, timeout: float = 120) -> Path:
    png_path = Path(png_path).resolve()
    with tempfile.TemporaryDirectory(prefix="tmars-sheet-") as tmp:
        src = Path(tmp) / "sheet.html"
        src.write_text(html, encoding="utf-8")
        _run([f"--window-size={width},{height}", f"--screenshot={png_path}", src.as_uri()], timeout)
    return png_path


def with_probe(html: str) -> str:
    return html.replace("</body>", OVERFLOW_PROBE + "</body>", 1)


@dataclass
class Probe:
    cards: int                                       # cards found in the rendered page
    overflowing: list[str] = field(default_factory=list)   # "Name (parts)" of cards that do not fit
    pages: list[int] = field(default_factory=list)   # grid pages whose content does not fit
    present: list[str] = field(default_factory=list)  # data-card of every card, in order
    boxes: int = 0                                   # boxes marked data-fit found in the rendered page
    spilling: list[str] = field(default_factory=list)  # data-fit of every such box whose content does not fit

    @property
    def ok(self) -> bool:
        return not self.overflowing and not self.pages and not self.spilling


def probe(html: str, timeout: float = 120) -> Probe:
    """Render in headless Chromium and report the cards and pages whose content overflows."""
    dom = dump_dom(with_probe(html), timeout)
    m = re.search(r'data-probed="(\d+)"', dom)
    probed = int(m.group(1)) if m else 0
    pm = re.search(r'data-page-overflow="([^"]*)"', dom)
    pages = [int(x) for x in pm.group(1).split()] if pm else []
    present = [unescape(x) for x in re.findall(r'<article\b[^>]*?data-card="([^"]*)"', dom)]
    bad = []
    for tag in re.finditer(r"<article\b[^>]*>", dom):
        t = tag.group(0)
        if 'data-overflow="yes"' in t:
            name = re.search(r'data-card="([^"]*)"', t)
            parts = re.search(r'data-overflow-parts="([^"]*)"', t)
            bad.append(f"{unescape(name.group(1)) if name else '?'} ({parts.group(1) if parts else ''})")
    fm = re.search(r'data-fitted="(\d+)"', dom)
    sm = re.search(r'data-spilling="([^"]*)"', dom)
    spilling = [unescape(x) for x in sm.group(1).split("|")] if sm and sm.group(1) else []
    return Probe(probed, bad, pages, present, int(fm.group(1)) if fm else 0, spilling)


def pdf_page_count(pdf_path: str | Path) -> int:
    """Pages of a PDF, counted from its page objects (Chromium writes them uncompressed)."""
    data = Path(pdf_path).read_bytes()
    pages = len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", data))
    if pages:
        return pages
    counts = [int(x) for x in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", data)]
    return max(counts, default=0)
