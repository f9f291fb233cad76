#!/usr/bin/env python3
"""Python's zipfile doing the archive benchmark's work: build N archives (result + metadata.json
manifest, deflated) in memory, then reopen each, test CRCs and parse both JSON files.
Usage: archive-peer.py RESULT.json [N]"""
import io, json, sys, time, zipfile

def main():
    result = open(sys.argv[1], "rb").read()
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    best = None
    for _ in range(3):
        start = time.perf_counter()
        for i in range(count):
            manifest = json.dumps({"appName": "assess", "appVersion": "0.1.0", "deviceInfo": "cli", "deviceTypeIdentifier": "cli",
                                   "files": [{"filename": "assessmentResult.json", "timestamp": "2026-01-02T03:04:05.000+00:00",
                                              "contentType": "application/json"}]}, indent=2).encode()
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr(zipfile.ZipInfo("assessmentResult.json", (2026, 1, 2, 3, 4, 4)), result, zipfile.ZIP_DEFLATED)
                z.writestr(zipfile.ZipInfo("metadata.json", (2026, 1, 2, 3, 4, 4)), manifest, zipfile.ZIP_DEFLATED)
            with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as z:
                assert z.testzip() is None
                meta = json.loads(z.read("metadata.json"))
                assert [f["filename"] for f in meta["files"]] == ["assessmentResult.json"]
                json.loads(z.read("assessmentResult.json"))
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    print(f"python zipfile: built and verified {count} archives ({len(result)}-byte result) in {best:.3f} s (best of 3; no schema validation)")

if __name__ == "__main__":
    main()
