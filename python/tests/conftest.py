"""Shared fixtures: the repository's puzzles and the command line, whose
answers are the oracle the Python package is held to."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PUZZLES = REPO / "puzzles"


def require_tool(name, found):
    """Skips with one line when a program is missing, or fails under
    JIGSAT_REQUIRE_TOOLS=1 (as in CI), like tests/common/tools.rs."""
    if found:
        return
    if os.environ.get("JIGSAT_REQUIRE_TOOLS") == "1":
        pytest.fail(f"{name} is required (JIGSAT_REQUIRE_TOOLS=1) but was not found")
    pytest.skip(f"{name} not found")


@pytest.fixture(scope="session")
def cli():
    """The jigsat binary: $JIGSAT_BIN, or the repository's release or debug
    build."""
    candidates = [os.environ.get("JIGSAT_BIN")] + [
        str(REPO / "target" / profile / "jigsat") for profile in ("release", "debug")
    ]
    binary = next((c for c in candidates if c and os.access(c, os.X_OK)), None)
    require_tool("the jigsat binary (cargo build --release)", binary)

    def run(*args, check=True):
        done = subprocess.run(
            [binary, *map(str, args)], capture_output=True, text=True, cwd=REPO
        )
        if check and done.returncode != 0:
            raise AssertionError(f"jigsat {args} exited {done.returncode}: {done.stderr}")
        return done

    run.json = lambda *args: json.loads(run(*args, "--format", "json").stdout)
    return run


@pytest.fixture(scope="session")
def chromium():
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    require_tool("chromium", found)
    return found
