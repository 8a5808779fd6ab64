"""README.md's "Python" section: its commands are what this suite runs
(`pip install ./python`, then the one-line `python -c`), and the one-liner
solves the Soma cube."""

import re
import subprocess
import sys

from conftest import REPO


def section(title):
    text = (REPO / "README.md").read_text()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


def test_the_python_section_is_two_commands_that_solve_soma():
    blocks = re.findall(r"```sh\n(.*?)```", section("Python"), re.S)
    assert blocks, "no ```sh block in the Python section"
    commands = [l for l in blocks[0].splitlines() if l.strip()]
    assert len(commands) == 2
    assert commands[0] == "pip install ./python"
    assert commands[1].startswith("python -c ")
    # Run the one-liner as a shell would, with this interpreter.
    line = commands[1].replace("python", f"'{sys.executable}'", 1)
    done = subprocess.run(line, shell=True, cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    drawing = done.stdout
    # The Soma cube's 27 cells, drawn in three layers of three rows.
    letters = [ch for ch in drawing if ch in "VLTZABP"]
    assert len(letters) == 27, drawing
    assert set(letters) == set("VLTZABP"), drawing
