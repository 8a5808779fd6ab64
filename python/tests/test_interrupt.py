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


def run_and_interrupt(child_source, args=(), ready="ready"):
    """Runs a child Python, sends it SIGINT a second after it prints
    `ready`, and returns its (stdout, stderr, status); a child that does
    not end is killed, and that is a failure (Ctrl-C was lost)."""
    import time

    child = subprocess.Popen(
        [sys.executable, "-c", child_source, *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == ready
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        try:
            out, err = child.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            raise AssertionError("Ctrl-C was lost: the child never ended")
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    return out, err, child.returncode


SHARED_ITERATOR = f"""
import sys, threading, jigsat
y25 = jigsat.Puzzle.from_file({str(PUZZLES / "y25.toml")!r})
solutions = y25.solutions()
worker = threading.Thread(target=lambda: [None for _ in solutions])
worker.start()
try:
    print("ready", flush=True)
    for _ in solutions:
        pass
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
    worker.join()
    print("the other thread's loop ended", flush=True)
    sys.exit(0)
print("finished without an interruption", flush=True)
sys.exit(1)
"""


def test_ctrl_c_while_two_threads_iterate_one_iterator():
    """Ctrl-C reaches the main thread while another thread waits on the
    same iterator, and stops the search for both."""
    out, err, status = run_and_interrupt(SHARED_ITERATOR)
    assert "KeyboardInterrupt" in out, (out, err)
    assert "the other thread's loop ended" in out, (out, err)
    assert status == 0, (out, err)


FIFO = f"""
import sys, threading, jigsat
fifo = sys.argv[1]
try:
    print("ready", flush=True)
    jigsat.Puzzle.from_file(fifo)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
else:
    print("read without an interruption", flush=True)
    sys.exit(1)
# The reader Ctrl-C left behind must not take what the next one is sent.
text = open({str(PUZZLES / "soma.toml")!r}).read()
def write():
    with open(fifo, "w") as f:
        f.write(text)
writer = threading.Thread(target=write)
writer.start()
print(jigsat.Puzzle.from_file(fifo).name, flush=True)
writer.join()
"""


def test_ctrl_c_while_reading_a_fifo_no_one_writes(tmp_path):
    import os

    fifo = tmp_path / "puzzle.toml"
    os.mkfifo(fifo)
    out, err, status = run_and_interrupt(FIFO, args=[fifo])
    assert "KeyboardInterrupt" in out, (out, err)
    assert "Soma cube" in out, (out, err)
    assert status == 0, (out, err)
