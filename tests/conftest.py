"""Each test starts with only the installed modules known: a card folder one test adds (with its
words) must not change what another test sees."""

from __future__ import annotations

import pytest

from compiler.modules import forget_added


@pytest.fixture(autouse=True)
def only_installed_modules():
    yield
    forget_added()
