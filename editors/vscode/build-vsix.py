#!/usr/bin/env python3
"""Packages editors/vscode as a .vsix (what `code --install-extension FILE` takes), with Python's zipfile:
extension.vsixmanifest and [Content_Types].xml at the top, the extension's files under extension/.
Usage: editors/vscode/build-vsix.py [OUTPUT] (default editors/vscode/assess-survey-lint-VERSION.vsix)."""

import json
import pathlib
import sys
import zipfile
from xml.sax.saxutils import escape, quoteattr

HERE = pathlib.Path(__file__).resolve().parent
FILES = ["package.json", "extension.js", "README.md"]


def manifest(package: dict) -> str:
    """The VSIX manifest (PackageManifest 2.0.0) VS Code reads: identity, engine, the manifest and readme assets."""
    properties = {
        "Microsoft.VisualStudio.Code.Engine": package["engines"]["vscode"],
        "Microsoft.VisualStudio.Code.ExtensionKind": "workspace",
        "Microsoft.VisualStudio.Services.GitHubFlavoredMarkdown": "true",
    }
    props = "\n".join(f"      <Property Id={quoteattr(key)} Value={quoteattr(value)} />" for key, value in properties.items())
    return f"""<?xml version="1.0" encoding="utf-8"?>
<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011" xmlns:d="http://schemas.microsoft.com/developer/vsx-schema-design/2011">
  <Metadata>
    <Identity Language="en-US" Id={quoteattr(package["name"])} Version={quoteattr(package["version"])} Publisher={quoteattr(package["publisher"])} />
    <DisplayName>{escape(package["displayName"])}</DisplayName>
    <Description xml:space="preserve">{escape(package["description"])}</Description>
    <Tags>{escape(",".join(package.get("keywords", [])))}</Tags>
    <Categories>{escape(",".join(package.get("categories", [])))}</Categories>
    <GalleryFlags>Public</GalleryFlags>
    <Properties>
{props}
    </Properties>
  </Metadata>
  <Installation>
    <InstallationTarget Id="Microsoft.VisualStudio.Code" />
  </Installation>
  <Dependencies />
  <Assets>
    <Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json" Addressable="true" />
    <Asset Type="Microsoft.VisualStudio.Services.Content.Details" Path="extension/README.md" Addressable="true" />
  </Assets>
</PackageManifest>
"""


CONTENT_TYPES = """<?xml version="1.0" encoding="utf-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension=".json" ContentType="application/json" />
  <Default Extension=".js" ContentType="application/javascript" />
  <Default Extension=".md" ContentType="text/markdown" />
  <Default Extension=".vsixmanifest" ContentType="text/xml" />
</Types>
"""


def build(output: pathlib.Path) -> pathlib.Path:
    package = json.loads((HERE / "package.json").read_text())
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("extension.vsixmanifest", manifest(package))
        archive.writestr("[Content_Types].xml", CONTENT_TYPES)
        for name in FILES:
            archive.write(HERE / name, f"extension/{name}")
    return output


if __name__ == "__main__":
    package = json.loads((HERE / "package.json").read_text())
    target = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / f"{package['name']}-{package['version']}.vsix"
    print(build(target))
