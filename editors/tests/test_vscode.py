"""The VS Code extension: its package.json against VS Code's manifest conventions, the .vsix that
editors/vscode/build-vsix.py makes, and the packaged extension run in Node against the real `assess lsp`
through a stand-in for the `vscode` module (vscode/fake-vscode.js): VS Code itself cannot run headless here."""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
import zipfile

import pytest

from test_neovim import ASSESS, SURVEY

HERE = pathlib.Path(__file__).resolve().parent
EXTENSION = HERE.parents[0] / "vscode"
PACKAGE = json.loads((EXTENSION / "package.json").read_text())
SEMVER = re.compile(r"^\d+\.\d+\.\d+$")


def test_package_json_follows_the_manifest_conventions():
    assert re.fullmatch(r"[a-z0-9][a-z0-9-]*", PACKAGE["name"]), "name: lowercase, no spaces"
    assert re.fullmatch(r"[a-zA-Z0-9][a-zA-Z0-9-]*", PACKAGE["publisher"]), "publisher: an id"
    assert SEMVER.match(PACKAGE["version"])
    assert re.fullmatch(r"\^\d+\.\d+\.\d+", PACKAGE["engines"]["vscode"]), "engines.vscode: ^MAJOR.MINOR.PATCH"
    assert (EXTENSION / PACKAGE["main"]).is_file(), "main names a file of the extension"
    assert PACKAGE["activationEvents"] == ["onLanguage:json"], "JSON only: JSONC (settings.json, tsconfig.json) is not claimed"
    assert "dependencies" not in PACKAGE, "nothing to bundle: the .vsix is the folder itself"
    required = set(re.findall(r"require\(\"([^\"]+)\"\)", (EXTENSION / "extension.js").read_text()))
    assert required <= {"vscode", "child_process"}, f"only VS Code's API and Node's own modules: {required}"
    properties = PACKAGE["contributes"]["configuration"]["properties"]
    kinds = {"string": str, "array": list, "boolean": bool}
    for key, spec in properties.items():
        assert key.startswith("assess."), key
        assert spec.get("description") or spec.get("markdownDescription"), f"{key} has no description"
        assert isinstance(spec["default"], kinds[spec["type"]]), f"{key}: the default is not a {spec['type']}"
        assert spec.get("scope") in {"application", "machine", "machine-overridable", "window", "resource", "language-overridable"}, key
    assert properties["assess.path"]["scope"] == "machine-overridable", "an executable path: not from a workspace's own settings alone"
    assert "example.invalid" not in json.dumps(PACKAGE)


def test_the_vsix_has_the_layout_vs_code_installs(tmp_path):
    vsix = tmp_path / "assess.vsix"
    subprocess.run([sys.executable, str(EXTENSION / "build-vsix.py"), str(vsix)], check=True)
    with zipfile.ZipFile(vsix) as archive:
        names = set(archive.namelist())
        assert {"extension.vsixmanifest", "[Content_Types].xml", "extension/package.json", "extension/extension.js"} <= names
        root = ElementTree.fromstring(archive.read("extension.vsixmanifest"))
        types = ElementTree.fromstring(archive.read("[Content_Types].xml"))
        assert json.loads(archive.read("extension/package.json")) == PACKAGE
    ns = {"v": "http://schemas.microsoft.com/developer/vsx-schema/2011"}
    identity = root.find("v:Metadata/v:Identity", ns)
    assert (identity.get("Id"), identity.get("Version"), identity.get("Publisher")) == (PACKAGE["name"], PACKAGE["version"], PACKAGE["publisher"])
    engine = {p.get("Id"): p.get("Value") for p in root.iterfind("v:Metadata/v:Properties/v:Property", ns)}
    assert engine["Microsoft.VisualStudio.Code.Engine"] == PACKAGE["engines"]["vscode"]
    assert root.find("v:Assets/v:Asset[@Type='Microsoft.VisualStudio.Code.Manifest']", ns).get("Path") == "extension/package.json"
    extensions = {d.get("Extension") for d in types}
    assert {".json", ".js", ".vsixmanifest"} <= extensions


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")
def test_the_packaged_extension_against_assess_lsp(tmp_path):
    vsix = tmp_path / "assess.vsix"
    subprocess.run([sys.executable, str(EXTENSION / "build-vsix.py"), str(vsix)], check=True)
    with zipfile.ZipFile(vsix) as archive:
        archive.extractall(tmp_path / "installed")
    env = dict(os.environ, SURVEY_TEXT=SURVEY, EXTENSION=str(tmp_path / "installed" / "extension"), ASSESS_BIN=str(ASSESS))
    run = subprocess.run(["node", str(HERE / "vscode" / "drive.js")], env=env, capture_output=True, text=True, timeout=120)
    out = json.loads(run.stdout or "{}")
    assert "error" not in out, out.get("error")
    assert out["diagnosed"] and "unknown-target" in out["codes"], out
    assert out["jsonc"] is False, "a JSONC document was sent to assess"
    assert out["link"] is False, "a rule link before a URL is set"
    start = out["completion"]["start"]
    assert out["completion"] == {"insertText": '"intro"', "replacing": [start, start + len('"done"')], "start": start}
    assert out["fix"] == ['"followupQ"'], "no quick fix from the start of the line"
    assert out["excludedApplied"], "assess.exclude needed a reload"
    assert out["linkApplied"], "assess.ruleDocsURL needed a reload"
    assert out["restarted"], "a new assess.path did not restart the server"
