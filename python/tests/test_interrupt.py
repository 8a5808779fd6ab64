"""Ctrl-C during a long count raises KeyboardInterrupt (and the search
stops): a child Python counts Y25, which takes minutes, and gets SIGINT."""

import signal
import subprocess
import sys

from conftest import PUZZLES

CHILD = f"""
import sys, time, jigsat
y25 = jigsat.Puzzle.from_file({str(PUZZLES / "y25.toml")!r})
print("counting", flush=True)
started = time.monotonic()
try:
    y25.count()
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
    sys.exit(0)
print("finished without an interruption", flush=True)
sys.exit(1)
"""


def test_ctrl_c_raises_keyboard_interrupt_during_a_count():
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "counting"
        # Let the search start (a signal before it would be seen as well).
        import time

        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
    assert "KeyboardInterrupt" in out, (out, err)
    assert child.returncode == 0, (out, err)
