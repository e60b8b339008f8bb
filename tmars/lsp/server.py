"""The wiring: pygls features that call the modules of this package.

Every handler goes through `guarded`: whatever a document holds, an exception is logged to the
client (window/logMessage) and the request answered with nothing, so the server never dies of a
file it is shown. The card catalog is built on first need, from the workspace folders the client
names at initialization.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer

from tmars import __version__

from . import complete, diagnose, fixes, hover, navigate, rename, semantic, symbols
from .catalog import Catalog, key
from .documents import Kind, classify, uri_to_path
from .mentions import mention_at, scenario_mentions

log = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])


class TmarsServer(LanguageServer):
    """A pygls server that knows the card catalog of its workspace."""

    def __init__(self) -> None:
        super().__init__("tmars", __version__)
        self._catalog: Catalog | None = None
        # diagnostics are worked out on a thread of their own, the latest text of each document
        # only, so that a document that takes long (a megabyte on one line) delays its own
        # diagnostics, never the answers to hovers, completions or `shutdown`
        self._diagnoser = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tmars-diagnose")
        self._asked: dict[str, int] = {}
        self._asked_lock = threading.Lock()

    def diagnose_later(self, uri: str) -> None:
        """Diagnose the document's text as it will be when the worker comes to it; a change
        asked for after this one makes this one moot."""
        with self._asked_lock:
            n = self._asked[uri] = self._asked.get(uri, 0) + 1
        self._diagnoser.submit(self._diagnose, uri, n)

    def forget_diagnostics(self, uri: str) -> None:
        """A closed document: what is still to be diagnosed of it is moot."""
        with self._asked_lock:
            self._asked[uri] = self._asked.get(uri, 0) + 1

    def _diagnose(self, uri: str, n: int) -> None:
        if self._asked.get(uri) != n:
            return
        guarded(lambda ls, _: publish(ls, uri))(self, None)

    def start_io(self, stdin: Any = None, stdout: Any = None) -> None:
        """Serve over stdio with a message loop that survives whatever the client sends
        (`framing`): pygls's trusts every Content-Length."""
        import asyncio
        import sys
        from threading import Event

        from pygls.io_ import StdinAsyncReader, StdoutWriter

        from .framing import serve
        self._stop_event = Event()
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        reader = StdinAsyncReader(stdin or sys.stdin.buffer, self.thread_pool)
        try:
            asyncio.run(serve(self._stop_event, reader, self.protocol, log))
        except BrokenPipeError:
            log.error("the client went away")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self._diagnoser.shutdown(wait=False, cancel_futures=True)
            self.shutdown()

    @property
    def shut_down_asked(self) -> bool:
        """Did the client send `shutdown` before the stream ended (an `exit` without it is an
        error exit, status 1, as the protocol says)?"""
        return bool(getattr(self.protocol, "_shutdown", False))

    def roots(self) -> list[Path]:
        """The workspace folders (or the root the client named), as paths."""
        out = []
        for folder in (self.workspace.folders or {}).values():
            path = uri_to_path(folder.uri)
            if path is not None:
                out.append(path)
        if not out and self.workspace.root_path:
            out.append(Path(self.workspace.root_path))
        return out

    @property
    def catalog(self) -> Catalog:
        if self._catalog is None:
            self._catalog = Catalog(card_roots(self.roots()))
        return self._catalog

    def document(self, uri: str) -> tuple[str, Path | None, Kind]:
        """An open document's text, path and kind."""
        text = self.workspace.get_text_document(uri).source
        path = uri_to_path(uri)
        return text, path, classify(path, text)

    def opened(self) -> Callable[[Path], str | None]:
        """A look-up of the open documents' texts by (resolved) path, as they are now."""
        texts: dict[Path, str] = {}
        for doc in self.workspace.text_documents.values():
            p = uri_to_path(doc.uri)
            if p is not None:
                texts[key(p)] = doc.source
        return texts.get

    # ---- positions: the client counts in the encoding agreed at initialization (UTF-16 unless it
    # offers another); this package counts characters. Converted here, at the edge.
    def at(self, uri: str, pos: types.Position) -> tuple[int, int]:
        """A client position in a document as 0-based line and character."""
        doc = self.workspace.get_text_document(uri)
        p = self.workspace.position_codec.position_from_client_units(doc.lines, types.Position(pos.line,
                                                                                               pos.character))
        return p.line, p.character

    def out(self, text: str, rng: types.Range) -> types.Range:
        """A range counted in characters of `text`, in the client's units."""
        if self.workspace.position_codec.encoding == types.PositionEncodingKind.Utf32 or text.isascii():
            return rng
        return self.workspace.position_codec.range_to_client_units(text.splitlines(), rng)

    def out_locations(self, found: list[types.Location]) -> list[types.Location]:
        """Locations in other files, their ranges in the client's units."""
        opened = self.opened()
        out = []
        for loc in found:
            path = uri_to_path(loc.uri)
            text = (opened(key(path)) if path else None) or (navigate.file_text(path) if path else "")
            line = text.splitlines()[loc.range.start.line:loc.range.start.line + 1] if text else []
            if not line or line[0].isascii():
                out.append(loc)
                continue
            lines = [""] * loc.range.start.line + line
            out.append(types.Location(loc.uri, self.workspace.position_codec.range_to_client_units(lines, loc.range)))
        return out

    def unsaved(self) -> list[tuple[str, str]]:
        """The open documents no file holds (yet): (uri, text)."""
        out = []
        for doc in list(self.workspace.text_documents.values()):
            path = uri_to_path(doc.uri)
            if path is None or not path.is_file():
                out.append((doc.uri, doc.source))
        return out

    def root_for(self, path: Path | None) -> Path | None:
        return next((r for r in self.roots() if path is not None and r in path.parents), None)


def card_roots(workspace: list[Path]) -> list[Path]:
    """The card folders of the workspace: a folder that is a module, its `cards/`, and its
    sub-folders that are modules."""
    from compiler.modules import MANIFEST
    out: list[Path] = []
    for root in workspace:
        if (root / MANIFEST).is_file():
            out.append(root)
        if (root / "cards").is_dir():
            out.append(root / "cards")
        with contextlib.suppress(OSError):
            out += [sub for sub in sorted(root.iterdir()) if sub.is_dir() and (sub / MANIFEST).is_file()]
    return out


def guarded(fn: F) -> F:
    """Run a handler; on any exception, log it to the client and answer with nothing."""
    @functools.wraps(fn)
    def run(ls: TmarsServer, params: Any) -> Any:
        try:
            return fn(ls, params)
        except JsonRpcException:  # an answer the handler chose to give as an error (a refused rename)
            raise
        except (Exception, SystemExit) as e:  # SystemExit too: a library call that gives up must not end the server
            log.exception("tmars lsp: %s failed", fn.__name__)
            with contextlib.suppress(Exception):  # the client may be gone; the server still must not die
                ls.window_log_message(types.LogMessageParams(
                    types.MessageType.Error, f"tmars lsp: {fn.__name__} failed: {e!r}\n{traceback.format_exc()}"))
            return None
    return run  # type: ignore[return-value]


def publish(ls: TmarsServer, uri: str) -> None:
    """Diagnose an open document from its text and send the diagnostics."""
    text, path, kind = ls.document(uri)
    if kind is Kind.CARDS:
        found = diagnose.card_file(text, path, ls.catalog)
    elif kind is Kind.SCENARIO:
        found = diagnose.scenario(text, path, ls.catalog)
    elif kind is Kind.MANIFEST:
        found = diagnose.manifest(text, path, ls.catalog)
    else:
        found = []
    for d in found:
        d.range = ls.out(text, d.range)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=found))


def build() -> TmarsServer:
    server = TmarsServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @guarded
    def did_open(ls: TmarsServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.diagnose_later(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @guarded
    def did_change(ls: TmarsServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.diagnose_later(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    @guarded
    def did_save(ls: TmarsServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.diagnose_later(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @guarded
    def did_close(ls: TmarsServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.forget_diagnostics(params.text_document.uri)
        path = uri_to_path(params.text_document.uri)
        if path is not None and ls._catalog is not None:
            ls.catalog.close(path)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(params.text_document.uri, []))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    @guarded
    def code_action(ls: TmarsServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        uri = params.text_document.uri
        text, _, _ = ls.document(uri)
        inside = []
        for d in params.context.diagnostics:  # the fix reads the text in characters, answers in client units
            start, end = ls.at(uri, d.range.start), ls.at(uri, d.range.end)
            inside.append((d, types.Range(types.Position(*start), types.Position(*end))))
        return fixes.quick_fixes(uri, text, inside)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @guarded
    def on_hover(ls: TmarsServer, params: types.HoverParams) -> types.Hover | None:
        text, path, kind = ls.document(params.text_document.uri)
        line, col = ls.at(params.text_document.uri, params.position)
        mention = mention_at(scenario_mentions(text), line, col) if kind is Kind.SCENARIO else None
        found = hover.hover(kind, text, line, col, ls.catalog, mention, ls.root_for(path))
        if not found:
            return None
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, found))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[":", "[", " ", "("]))
    @guarded
    def on_completion(ls: TmarsServer, params: types.CompletionParams) -> types.CompletionList:
        text, path, kind = ls.document(params.text_document.uri)
        line, col = ls.at(params.text_document.uri, params.position)
        items = complete.complete(kind, text, line, col, ls.catalog, path)
        for item in items:
            if isinstance(item.text_edit, types.TextEdit):
                item.text_edit.range = ls.out(text, item.text_edit.range)
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    @guarded
    def on_definition(ls: TmarsServer, params: types.DefinitionParams) -> list[types.Location]:
        text, _, kind = ls.document(params.text_document.uri)
        line, col = ls.at(params.text_document.uri, params.position)
        return ls.out_locations(navigate.definition(kind, text, line, col, ls.catalog))

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    @guarded
    def on_references(ls: TmarsServer, params: types.ReferenceParams) -> list[types.Location]:
        text, _, kind = ls.document(params.text_document.uri)
        line, col = ls.at(params.text_document.uri, params.position)
        name = navigate.name_at(kind, text, line, col)
        if not name:
            return []
        found = navigate.references(name, ls.roots(), ls.opened(), ls.unsaved())
        if params.context.include_declaration:
            found = [navigate.location(e) for e in ls.catalog.named(name)] + found
        return ls.out_locations(found)

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @guarded
    def on_document_symbol(ls: TmarsServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        text, _, kind = ls.document(params.text_document.uri)
        found = symbols.outline(kind, text)
        if not text.isascii():
            _symbols_out(ls, text, found)
        return found

    @server.feature(types.WORKSPACE_SYMBOL)
    @guarded
    def on_workspace_symbol(ls: TmarsServer, params: types.WorkspaceSymbolParams) -> list[types.WorkspaceSymbol]:
        found = symbols.workspace_symbols(params.query, ls.catalog)
        located = ls.out_locations([s.location for s in found if isinstance(s.location, types.Location)])
        for s, loc in zip(found, located, strict=True):
            s.location = loc
        return found

    @server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, types.SemanticTokensLegend(
        token_types=list(semantic.TOKEN_TYPES), token_modifiers=[]))
    @guarded
    def on_semantic_tokens(ls: TmarsServer, params: types.SemanticTokensParams) -> types.SemanticTokens:
        text, _, kind = ls.document(params.text_document.uri)
        if kind is not Kind.CARDS:
            return types.SemanticTokens(data=[])
        return types.SemanticTokens(data=semantic.tokens(text) if text.isascii() else _tokens_out(ls, text))

    @server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
    @guarded
    def on_prepare_rename(ls: TmarsServer, params: types.PrepareRenameParams) -> types.PrepareRenamePlaceholder:
        text, _, kind = ls.document(params.text_document.uri)
        line, col = ls.at(params.text_document.uri, params.position)
        try:
            name, rng = rename.prepare(kind, text, line, col, ls.catalog)
        except rename.Refused as e:
            raise JsonRpcException(str(e), code=types.LSPErrorCodes.RequestFailed) from None
        return types.PrepareRenamePlaceholder(range=ls.out(text, rng), placeholder=name)

    @server.feature(types.TEXT_DOCUMENT_RENAME)
    @guarded
    def on_rename(ls: TmarsServer, params: types.RenameParams) -> types.WorkspaceEdit:
        text, _, kind = ls.document(params.text_document.uri)
        line, col = ls.at(params.text_document.uri, params.position)
        try:
            old, _ = rename.prepare(kind, text, line, col, ls.catalog)
            edit = rename.rename(old, params.new_name, ls.catalog, ls.roots(), ls.opened(), ls.unsaved())
        except rename.Refused as e:
            raise JsonRpcException(str(e), code=types.LSPErrorCodes.RequestFailed) from None
        for uri, edits in (edit.changes or {}).items():
            located = ls.out_locations([types.Location(uri, e.range) for e in edits])
            for e, loc in zip(edits, located, strict=True):
                e.range = loc.range
        return edit

    return server


def _tokens_out(ls: TmarsServer, text: str) -> list[int]:
    """A text's tokens with their columns in the client's units (a non-ASCII text)."""
    data = semantic.tokens(text)
    out: list[int] = []
    line = start = 0
    prev_line = prev_start = 0
    for i in range(0, len(data), 5):
        line += data[i]
        start = start + data[i + 1] if data[i] == 0 else data[i + 1]
        rng = ls.out(text, types.Range(types.Position(line, start), types.Position(line, start + data[i + 2])))
        s0 = rng.start.character
        out += [line - prev_line, s0 - prev_start if line == prev_line else s0, rng.end.character - s0,
                data[i + 3], 0]
        prev_line, prev_start = line, s0
    return out


def _symbols_out(ls: TmarsServer, text: str, found: list[types.DocumentSymbol]) -> None:
    """An outline's ranges in the client's units."""
    for s in found:
        s.range, s.selection_range = ls.out(text, s.range), ls.out(text, s.selection_range)
        _symbols_out(ls, text, s.children or [])
