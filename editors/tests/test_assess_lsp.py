"""`assess lsp` driven by a real LSP client (pytest-lsp on pygls), over stdio like an editor."""

import asyncio
import json
import os
import pathlib
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
ASSESS = os.environ.get("ASSESS_BIN", str(ROOT / ".build" / "debug" / "assess"))
EXAMPLE = ROOT / "examples" / "surveys" / "example-survey.json"

SURVEY = """{
  "type": "assessment",
  "identifier": "survey",
  "steps": [
    {"type": "choiceQuestion", "identifier": "mood", "title": "How are you?", "baseType": "integer",
     "choices": [{"value": 1, "text": "bad"}, {"value": 2, "text": "good"}],
     "surveyRules": [{"matchingAnswer": 1, "skipToIdentifier": "sad"}]},
    {"type": "instruction", "identifier": "happy", "title": "Great", "nextStepIdentifier": "dne"},
    {"type": "instruction", "identifier": "sad", "title": "Sorry"},
    {"type": "completion", "identifier": "done"}
  ]
}
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[ASSESS, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=pytest_lsp.client_capabilities("visual-studio-code")))
    yield
    await lsp_client.shutdown_session()


def at(text: str, needle: str, occurrence: int = 1, inside: int = 0) -> types.Position:
    """The LSP position of the n-th `needle` (UTF-16 columns), `inside` units into it."""
    index = -1
    for _ in range(occurrence):
        index = text.index(needle, index + 1)
    before = text[:index]
    line = before.count("\n")
    column = len(before[before.rfind("\n") + 1:].encode("utf-16-le")) // 2
    return types.Position(line=line, character=column + inside)


async def open_document(client: LanguageClient, uri: str, text: str) -> list[types.Diagnostic]:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[uri])


async def test_diagnostics_are_what_lint_reports(client: LanguageClient):
    text = EXAMPLE.read_text()
    diagnostics = await open_document(client, EXAMPLE.as_uri(), text)
    lint = subprocess.run([ASSESS, "lint", "--format", "json", str(EXAMPLE)], capture_output=True, text=True)
    findings = json.loads(lint.stdout)["files"][0]["findings"]
    assert findings, "the example has findings to compare"
    assert [(d.code, d.message, d.range.start.line + 1) for d in diagnostics] == \
        [(f["rule"], f["message"], f["line"]) for f in findings]
    for diagnostic in diagnostics:
        assert diagnostic.source == "assess"
        assert diagnostic.code_description is None, "no rule link until ruleDocsURL is set"
        assert diagnostic.range.end.line > diagnostic.range.start.line or diagnostic.range.end.character > diagnostic.range.start.character
    duplicate = next(d for d in diagnostics if d.code == "duplicate-choice-value")
    assert duplicate.related_information and duplicate.related_information[0].message.startswith("first choice")


async def test_changes_are_diagnosed_after_a_pause(client: LanguageClient):
    uri = "untitled:change.json"
    before = await open_document(client, uri, SURVEY)
    assert [d.code for d in before] == ["unknown-target"]
    fixed = SURVEY.replace('"dne"', '"done"')
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


async def test_definition_references_and_rename(client: LanguageClient):
    uri = "untitled:nav.json"
    await open_document(client, uri, SURVEY)
    document = types.TextDocumentIdentifier(uri=uri)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=at(SURVEY, '"sad"', inside=1)))
    assert found.range.start == at(SURVEY, '"sad"', occurrence=2)
    references = await client.text_document_references_async(types.ReferenceParams(
        text_document=document, position=at(SURVEY, '"sad"', occurrence=2, inside=1), context=types.ReferenceContext(include_declaration=False)))
    assert [r.range.start for r in references] == [at(SURVEY, '"sad"')]
    edit = await client.text_document_rename_async(types.RenameParams(text_document=document, position=at(SURVEY, '"sad"', inside=1), new_name="blue"))
    assert sorted(e.new_text for e in edit.changes[uri]) == ['"blue"', '"blue"']
    with pytest.raises(Exception, match="already the identifier"):
        await client.text_document_rename_async(types.RenameParams(text_document=document, position=at(SURVEY, '"sad"', inside=1), new_name="happy"))


async def test_completion_hover_quick_fix_and_outline(client: LanguageClient):
    uri = "untitled:features.json"
    diagnostics = await open_document(client, uri, SURVEY)
    document = types.TextDocumentIdentifier(uri=uri)
    completion = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=at(SURVEY, '"sad"', inside=1)))
    labels = [item.label for item in completion.items]
    assert labels[:3] == ["happy", "sad", "done"] and "exit" in labels
    # VS Code's client takes an InsertReplaceEdit: inserting up to the cursor, replacing the whole "sad".
    edit = completion.items[0].text_edit
    assert (edit.insert.end, edit.replace.start, edit.replace.end) == (at(SURVEY, '"sad"', inside=1), at(SURVEY, '"sad"'), at(SURVEY, '"sad"', inside=5))
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=at(SURVEY, '"mood"', inside=1)))
    assert "choiceQuestion" in hover.contents.value and "Goes to:" in hover.contents.value
    unknown = next(d for d in diagnostics if d.code == "unknown-target")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document, range=unknown.range, context=types.CodeActionContext(diagnostics=[unknown])))
    assert len(actions) == 1 and actions[0].edit.changes[uri][0].new_text == '"done"'
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
    assert [s.name for s in symbols] == ["mood", "happy", "sad", "done"]


async def test_half_typed_json_and_unopened_documents(client: LanguageClient):
    uri = "untitled:half.json"
    await open_document(client, uri, SURVEY)
    half = SURVEY[:SURVEY.index('"skipToIdentifier": "') + len('"skipToIdentifier": "')]
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=half)]))
    end = at(half + "\n", "\n", occurrence=half.count("\n") + 1)
    completion = await client.text_document_completion_async(types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=end))
    assert [item.label for item in completion.items][:3] == ["happy", "sad", "done"]
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.code for d in client.diagnostics[uri]] == ["json-syntax"]
    nothing = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri="file:///no/such/survey.json"), position=types.Position(line=1, character=1)))
    assert nothing is None


async def test_other_json_and_jsonc_get_nothing(client: LanguageClient):
    for uri, language, text in [("untitled:package.json", "json", '{"name": "x", "type": "module",}'),
                                ("untitled:settings.json", "jsonc", '{\n  // a comment\n  "editor.tabSize": 2,\n}')]:
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)))
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        assert list(client.diagnostics[uri]) == [], uri
        completion = await client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=2)))
        assert list(completion.items) == [], uri


async def test_cancelled_requests_are_answered_and_the_server_goes_on(client: LanguageClient):
    uri = "untitled:cancel.json"
    await open_document(client, uri, SURVEY)
    hover = types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=at(SURVEY, '"mood"', inside=1))
    pending = []
    for number in range(20):
        pending.append(client.protocol.send_request_async(types.TEXT_DOCUMENT_HOVER, hover, msg_id=f"hover-{number}"))
        client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id=f"hover-{number}"))
    # Each is answered: with its result if it was done before the cancel arrived, else with RequestCancelled.
    outcomes = await asyncio.wait_for(asyncio.gather(*pending, return_exceptions=True), timeout=20)
    assert len(outcomes) == 20
    for outcome in outcomes:
        assert isinstance(outcome, types.Hover) or "cancel" in str(outcome).lower(), outcome
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=at(SURVEY, '"sad"', inside=1)))
    assert found.range.start == at(SURVEY, '"sad"', occurrence=2)


def test_exit_status_after_shutdown():
    frame = lambda body: f"Content-Length: {len(body.encode())}\r\n\r\n{body}"
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    run = subprocess.run([ASSESS, "lsp"], input="".join(frame(json.dumps(m)) for m in messages), capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert '"id":2,"result":null' in run.stdout


async def test_a_ten_thousand_step_survey(client: LanguageClient):
    steps = [f'{{"type": "instruction", "identifier": "s{i}", "nextStepIdentifier": "s{i + 1}"}}' for i in range(10_000)]
    steps.append('{"type": "completion", "identifier": "s10000"}')
    text = '{"type": "assessment", "identifier": "big", "steps": [\n' + ",\n".join(steps) + "\n]}"
    uri = "untitled:big.json"
    assert await open_document(client, uri, text) == []
    document = types.TextDocumentIdentifier(uri=uri)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
    assert len(symbols) == 10_001
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=at(text, '"s5000"', inside=1)))
    assert found.range.start.line == 5001


def test_any_bytes_before_a_real_message():
    rng = __import__("random").Random(20)
    junk = bytes(rng.randrange(256) for _ in range(20_000)) + b"\r\n\r\nContent-Length: 3\r\n\r\n{]}" + b"Content-Length: x\r\n\r\n"
    body = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "initialize", "params": {"capabilities": {}}}).encode()
    message = b"Content-Length: %d\r\n\r\n" % len(body) + body
    run = subprocess.run([ASSESS, "lsp"], input=junk + message, capture_output=True, timeout=60)
    assert run.returncode == 1, "input ended without shutdown"
    assert b'"id":7,"result":{"capabilities"' in run.stdout
