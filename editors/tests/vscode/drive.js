// Runs editors/vscode/extension.js (as packaged: EXTENSION names its folder) in Node with fake-vscode.js and the
// real `assess lsp` (ASSESS_BIN), as VS Code would: activation, diagnostics, a completion inside a string,
// a quick fix from the start of a line, settings changed while running, assess.path changed. Prints JSON.
"use strict";
const Module = require("module");
const path = require("path");
const fake = require("./fake-vscode.js");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) { return request === "vscode" ? require.resolve("./fake-vscode.js") : resolve.call(this, request, ...rest); };

const { test, Position, Range } = fake;
const until = async (check, ms = 15000) => { const end = Date.now() + ms; while (Date.now() < end) { if (check()) return true; await new Promise((r) => setTimeout(r, 20)); } return false; };
const codes = (uri) => (test.diagnostics.get(uri) || []).map((d) => (typeof d.code === "object" ? d.code.value : d.code));

(async () => {
  const out = {};
  const survey = new test.Document("/tmp/survey.json", process.env.SURVEY_TEXT);
  const other = new test.Document("/tmp/tsconfig.json", '{"compilerOptions": {}, // comment\n}', "jsonc");
  fake.workspace.textDocuments.push(survey, other);
  const extension = require(path.join(process.env.EXTENSION, "extension.js"));
  extension.activate({ subscriptions: [] });
  const uri = survey.uri.toString();
  out.diagnosed = await until(() => codes(uri).includes("unknown-target"));
  out.codes = codes(uri);
  out.jsonc = test.diagnostics.has(other.uri.toString());
  out.link = (test.diagnostics.get(uri) || []).some((d) => typeof d.code === "object");
  // A completion inside "done": the replacing range covers the whole string.
  const line = survey.text.split("\n")[2];
  const column = line.indexOf('"done"') + 3;
  const items = await test.providers.completion.provideCompletionItems(survey, new Position(2, column));
  const intro = items.find((item) => item.label === "intro");
  out.completion = intro && { insertText: intro.insertText, replacing: [intro.range.replacing.start.character, intro.range.replacing.end.character], start: line.indexOf('"done"') };
  // A quick fix asked from the start of the line, with the line's diagnostics as VS Code sends them.
  const atStart = new Range(new Position(1, 0), new Position(1, 0));
  const lineDiagnostics = test.diagnostics.get(uri).filter((d) => d.range.start.line === 1);
  const actions = await test.providers.codeActions.provideCodeActions(survey, atStart, { diagnostics: lineDiagnostics });
  out.fix = actions.map((a) => a.edit.edits.map((e) => e.newText)).flat();
  // Settings applied while running, no reload.
  test.configure("assess.exclude", ["unknown-target"]);
  out.excludedApplied = await until(() => !codes(uri).includes("unknown-target") && codes(uri).length > 0, 10000);
  test.configure("assess.ruleDocsURL", "https://docs.example.org/rules.html");
  out.linkApplied = await until(() => (test.diagnostics.get(uri) || []).some((d) => typeof d.code === "object" && String(d.code.target).startsWith("https://docs.example.org/rules.html#")), 10000);
  // A new assess.path restarts the server (the collection is cleared, then filled by the new server).
  test.diagnostics.clear();
  test.configure("assess.path", process.env.ASSESS_BIN);
  out.restarted = await until(() => codes(uri).length > 0);
  await extension.deactivate();
  process.stdout.write(JSON.stringify(out));
  process.exit(0);
})().catch((error) => { process.stdout.write(JSON.stringify({ error: String(error && error.stack || error) })); process.exit(0); });
