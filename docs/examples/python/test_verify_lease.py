"""Runs every vector of docs/license-test-vectors.json through verify_lease.py.

    python3 docs/examples/python/test_verify_lease.py

Prints one line per vector and exits 1 if any gives another result than expected. Run by
packages/license-client/src/test-vectors/python-verifier.test.ts, so `npm test` runs it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from verify_lease import verify_lease  # noqa: E402

VECTORS = Path(__file__).resolve().parents[2] / "license-test-vectors.json"


def main() -> int:
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    p = data["parameters"]
    failures = 0
    for vector in data["vectors"]:
        got = verify_lease(
            vector["lease"],
            data["jwks"],
            issuer=p["issuer"],
            device_id=p["device_id"],
            now=p["now"],
            tolerance_seconds=p["clock_tolerance_seconds"],
        )
        # A lease in grace reports when payment became due; any other that verifies reports none.
        passed = got.result == vector["expected"] and (not got.ok or got.due == vector.get("due"))
        failures += 0 if passed else 1
        print(f"{'ok  ' if passed else 'FAIL'} {vector['name']}: expected {vector['expected']}, got {got.result} ({got.reason})")
    print(f"{len(data['vectors']) - failures} of {len(data['vectors'])} vectors give their expected result")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
