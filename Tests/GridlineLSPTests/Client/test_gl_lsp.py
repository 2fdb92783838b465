"""`gl lsp` driven by pygls's LanguageClient: a maintained LSP client written by others.

Run through `make lsp-client` (which makes the virtual environment); GL names the gl binary.
"""

import asyncio
import json
import os
import pathlib
import subprocess

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcMethodNotFound
from pygls.lsp.client import LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[3]
GL = os.environ.get("GL", str(ROOT / ".build/debug/gl"))
EXAMPLE = ROOT / "examples/layout-switching.gl"
TIMEOUT = 20


class Session:
    """A started client with the diagnostics it has been sent, by URI."""

    def __init__(self):
        self.client = LanguageClient("gridline-tests", "1")
        self.published = {}
        self.arrived = asyncio.Event()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(params):
            self.published.setdefault(params.uri, []).append(params)
            self.arrived.set()

    async def start(self):
        await self.client.start_io(GL, "lsp", "--stdio")
        result = await self.client.initialize_async(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(
                    general=types.GeneralClientCapabilities(position_encodings=["utf-16"])
                )
            )
        )
        self.client.initialized(types.InitializedParams())
        return result

    def open(self, uri, text, version=1):
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=uri, language_id="gl", version=version, text=text)
            )
        )

    async def diagnostics(self, uri, version):
        """The diagnostics published for `version` of the document, waiting for them."""

        async def wait():
            while True:
                for params in self.published.get(uri, []):
                    if params.version == version:
                        return params.diagnostics
                self.arrived.clear()
                await self.arrived.wait()

        return await asyncio.wait_for(wait(), TIMEOUT)

    async def stop(self):
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()
        return await asyncio.wait_for(self.client._server.wait(), TIMEOUT)


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def doc(uri):
    return types.TextDocumentIdentifier(uri=uri)


def at(line, character):
    return types.Position(line=line, character=character)


def test_an_example_in_an_editor():
    """Open an example with a misspelt property, then use every feature an editor offers."""

    async def scenario():
        session = Session()
        result = await session.start()
        assert result.server_info.name == "gl lsp"
        assert result.capabilities.position_encoding == "utf-16"
        uri = EXAMPLE.as_uri()
        text = EXAMPLE.read_text().replace("  line spacing 0\n", "  linespacing 0\n", 1)
        assert text != EXAMPLE.read_text()
        session.open(uri, text)
        found = await session.diagnostics(uri, 1)
        assert [d.code for d in found] == ["GL1003"]
        typo = found[0]
        assert "did you mean 'line spacing'" in typo.message
        line = text.split("\n")[typo.range.start.line]
        assert line[typo.range.start.character : typo.range.end.character] == "linespacing"

        client = session.client
        # The quick fix writes the suggestion.
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=doc(uri), range=typo.range, context=types.CodeActionContext(diagnostics=found)
            )
        )
        assert actions[0].title == "Change 'linespacing' to 'line spacing'"
        assert actions[0].edit.changes[uri][0].new_text == "line spacing"

        # Completion inside the layout block offers its clauses, with their help.
        layout = text.split("\n").index("layout flow list {")
        items = await client.text_document_completion_async(
            types.CompletionParams(text_document=doc(uri), position=at(layout + 1, 2))
        )
        labels = [i.label for i in items.items]
        assert "item" in labels and "line" in labels and "viewport" not in labels
        # Hover over a keyword phrase and over a let.
        hover = await client.text_document_hover_async(
            types.HoverParams(text_document=doc(uri), position=at(layout + 1, 4))
        )
        assert "item size" in hover.contents.value
        let_line = text.split("\n").index("let row = 44")
        hover = await client.text_document_hover_async(
            types.HoverParams(text_document=doc(uri), position=at(let_line, 5))
        )
        assert "let row: number = 44" in hover.contents.value

        # Go to definition of `row` where it is used.
        use_line = next(i for i, l in enumerate(text.split("\n")) if "3 * row" in l)
        column = text.split("\n")[use_line].index("3 * row") + 5
        places = await client.text_document_definition_async(
            types.DefinitionParams(text_document=doc(uri), position=at(use_line, column))
        )
        assert [p.range.start.line for p in places] == [let_line]

        # Formatting a messy copy gives gl fmt's text.
        messy_uri = uri.replace("layout-switching.gl", "messy.gl")
        messy = "viewport 375 x 667\nlet a=1+2\nsection items 3\nlayout flow {\nitem size 10 x 10\n}\n"
        session.open(messy_uri, messy)
        edits = await client.text_document_formatting_async(
            types.DocumentFormattingParams(
                text_document=doc(messy_uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)
            )
        )
        expected = subprocess.run([GL, "fmt"], input=messy, capture_output=True, text=True, check=True).stdout
        assert apply(messy, edits) == expected

        # Semantic tokens come in fives, with the legend the server announced.
        tokens = await client.text_document_semantic_tokens_full_async(
            types.SemanticTokensParams(text_document=doc(uri))
        )
        assert len(tokens.data) > 0 and len(tokens.data) % 5 == 0

        # The custom request runs the script (here: with its typo, a script error).
        answer = await client.protocol.send_request_async("gl/run", {"textDocument": {"uri": messy_uri}})
        assert answer.status == 0
        with pytest.raises(JsonRpcMethodNotFound):
            await client.protocol.send_request_async("gl/nothing", {})

        return await session.stop()

    assert run(scenario()) == 0


def test_typing_faster_than_checks():
    """Thirty changes sent at once: the last version's diagnostics arrive, no older ones after."""

    async def scenario():
        session = Session()
        await session.start()
        uri = (ROOT / "typing.gl").as_uri()
        session.open(uri, "let a = nope\n")
        for version in range(2, 32):
            session.client.text_document_did_change(
                types.DidChangeTextDocumentParams(
                    text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                    content_changes=[types.TextDocumentContentChangeWholeDocument(text=f"let a = nope{version}\n")],
                )
            )
        last = await session.diagnostics(uri, 31)
        assert [d.message.split("\n")[0] for d in last] == ["unknown name 'nope31'"]
        versions = [p.version for p in session.published[uri]]
        assert versions == sorted(versions) and len(versions) <= 2
        return await session.stop()

    assert run(scenario()) == 0


def test_bad_messages_do_not_stop_the_server():
    """Raw bytes: a body that is not JSON, then a valid exchange on the same pipe."""
    process = subprocess.Popen([GL, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def frame(body):
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    requests = [
        frame(b"{this is not json"),
        frame(b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'),
        frame(b'{"jsonrpc":"2.0","id":2,"method":"shutdown"}'),
        frame(b'{"jsonrpc":"2.0","method":"exit"}'),
    ]
    out, _ = process.communicate(b"".join(requests), timeout=TIMEOUT)
    assert process.returncode == 0
    answers = []
    while out:
        header, _, rest = out.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        answers.append(json.loads(rest[:length]))
        out = rest[length:]
    assert [a["id"] for a in answers] == [None, 1, 2]
    assert answers[0]["error"]["code"] == -32700
    assert "capabilities" in answers[1]["result"] and answers[2]["result"] is None


def apply(text, edits):
    """LSP text edits (UTF-16 columns; ASCII here) applied to text."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def offset(position):
        if position.line >= len(lines):
            return len(text)
        return min(offsets[position.line] + position.character, offsets[position.line + 1] - 1)

    for edit in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        start, end = offset(edit.range.start), offset(edit.range.end)
        text = text[:start] + edit.new_text + text[end:]
    return text
