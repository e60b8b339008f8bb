"""Each test starts with only the installed modules known: a card folder one test adds (with its
words) must not change what another test sees. The browser tests share one `chromium` fixture."""

from __future__ import annotations

import pytest

from compiler.modules import forget_added
from compiler.sheet.pdf import ChromiumMissing, find_chromium


@pytest.fixture(autouse=True)
def only_installed_modules():
    yield
    forget_added()


@pytest.fixture(scope="session")
def chromium() -> str:
    """Headless Chromium for the tests that render sheets: they never skip, and without it they fail
    saying how to install it."""
    try:
        return find_chromium()
    except ChromiumMissing as e:
        pytest.fail(f"the sheet tests render in a real browser and need headless Chromium: {e}", pytrace=False)
