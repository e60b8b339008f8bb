"""The option lists of the play screen, safe to page in any terminal.

Textual's paging (PageUp, PageDown) looks the highlighted option up in the lines it laid out;
in a terminal of 12 rows or fewer, or one shrunk mid-game, a list may have no lines laid out yet,
and paging raised `KeyError: 0`, which ended the program. Here a page that cannot be measured
moves to the first or the last option instead.
"""

from __future__ import annotations

from textual.widgets import OptionList, SelectionList


class _SafePaging:
    def _move_page(self, direction: int) -> None:
        try:
            super()._move_page(direction)  # type: ignore[misc]
        except (KeyError, IndexError):
            if direction < 0:
                self.action_first()  # type: ignore[attr-defined]
            else:
                self.action_last()  # type: ignore[attr-defined]


class PagedOptionList(_SafePaging, OptionList):
    """An `OptionList` whose paging never fails."""


class PagedSelectionList(_SafePaging, SelectionList[str]):
    """A `SelectionList` whose paging never fails."""
