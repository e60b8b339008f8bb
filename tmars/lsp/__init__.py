"""`tmars lsp`: a language server for card files, module manifests and scenario files.

Editors speak the Language Server Protocol over stdin/stdout; this package answers with what the
compiler, the linter and the scenario checker already know, so that an author sees in the editor
the same diagnostics `tmars cards`, `tmars lint` and `tmars scenario` print, as they type. Each
module has one job: `documents` (what kind of file, which word is under the cursor), `catalog`
(every card known, where it is written), `mentions` (where a scenario names a card), `words`
(what a word of the card language means and which module brings it), `diagnose`, `fixes`,
`hover`, `complete`, `navigate`, and `server`, which wires them to pygls. Nothing here may let an
exception end the server: every handler catches, logs and answers with nothing.
"""

from __future__ import annotations


def main() -> int:
    """Serve over stdio until the client says exit: status 0 after a `shutdown`, else 1."""
    from .server import build
    server = build()
    server.start_io()
    return 0 if server.shut_down_asked else 1
